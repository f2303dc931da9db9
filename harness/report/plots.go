package report

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot size for every saved format.
const (
	PlotWidth  = 6 * vg.Inch
	PlotHeight = 4 * vg.Inch
)

// Styles gives each solver the same colour and dash in every plot: by its
// index among the sorted solver names.
type Styles struct{ solvers []string }

// NewStyles indexes the solvers of obs.
func NewStyles(obs []Obs) Styles { return Styles{solvers: solverNames(obs)} }

func (s Styles) index(solver string) int {
	i, _ := slices.BinarySearch(s.solvers, solver)
	return i
}

// Color is the solver's colour.
func (s Styles) Color(solver string) color.Color { return plotutil.Color(s.index(solver)) }

// Dashes is the solver's dash pattern.
func (s Styles) Dashes(solver string) []vg.Length { return plotutil.Dashes(s.index(solver)) }

func solverNames(obs []Obs) []string {
	var names []string
	for _, o := range obs {
		names = append(names, o.Solver)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Cactus plots, for each solver, how many observations were solved within
// a time (log axis): the further right and lower a line, the slower.
func Cactus(obs []Obs, st Styles) (*plot.Plot, error) {
	p := newPlot("Solved within time", "time per puzzle", "solved")
	lo, hi := logRange(solvedTimes(obs, ""))
	most := 0
	solvers := solverNames(obs)
	for _, solver := range solvers {
		times := sorted(solvedTimes(obs, solver))
		if len(times) == 0 {
			continue
		}
		pts := plotter.XYs{{X: lo, Y: 0}}
		for i, t := range times {
			pts = append(pts, plotter.XY{X: math.Max(t, lo), Y: float64(i + 1)})
		}
		most = max(most, len(times))
		if err := addLine(p, st, solver, pts); err != nil {
			return nil, err
		}
	}
	timeAxis(&p.X, lo, hi)
	p.Y.Min, p.Y.Max = 0, float64(max(most, 1))*legendRoom(len(solvers))
	return p, nil
}

func addLine(p *plot.Plot, st Styles, solver string, pts plotter.XYs) error {
	l, err := plotter.NewLine(pts)
	if err != nil {
		return fmt.Errorf("plot %s: %w", solver, err)
	}
	l.StepStyle = plotter.PostStep
	l.Color, l.Dashes = st.Color(solver), st.Dashes(solver)
	l.Width = vg.Points(1.5)
	p.Add(l)
	p.Legend.Add(solver, l)
	return nil
}

// solvedTimes returns the times in seconds of a solver's solved
// observations, or of every solver's for "".
func solvedTimes(obs []Obs, solver string) []float64 {
	var ts []float64
	for _, o := range obs {
		if (solver == "" || o.Solver == solver) && o.Solved {
			ts = append(ts, o.TimeNS/1e9)
		}
	}
	return ts
}

// TimeByGroup draws box plots of solved times per group (hint-count bucket
// or corpus) and solver, on a log axis. The boxes are gonum's (its own
// quartile rule, whiskers at 1.5 IQR); the tables' figures are type 7.
func TimeByGroup(obs []Obs, g Grouper, st Styles) (*plot.Plot, error) {
	p := newPlot("Time by "+g.Name()+" (solved runs)", g.Name(), "time per puzzle")
	groups := groupsOf(obs, g)
	solvers := solverNames(obs)
	width := boxWidth(len(solvers))
	lo, hi := logRange(solvedTimes(obs, ""))
	inLegend := make(map[string]bool)
	for gi, grp := range groups {
		for si, solver := range solvers {
			var ts plotter.Values
			for i := range obs {
				if obs[i].Solver == solver && obs[i].Solved && g.Group(&obs[i]) == grp {
					ts = append(ts, math.Max(obs[i].TimeNS/1e9, lo))
				}
			}
			if len(ts) == 0 {
				continue
			}
			if err := addBox(p, st, solver, offset(gi, si, len(solvers)), width, ts, !inLegend[solver]); err != nil {
				return nil, err
			}
			inLegend[solver] = true
		}
	}
	timeAxis(&p.Y, lo, hi)
	p.Y.Max = lo * math.Pow(p.Y.Max/lo, legendRoom(len(solvers)))
	nominal(p, groups)
	return p, nil
}

// legendRoom is the factor by which an axis grows so that a legend of n
// entries at the top does not cover the data.
func legendRoom(n int) float64 { return 1 + 0.1*float64(n) }

func addBox(p *plot.Plot, st Styles, solver string, loc float64, w vg.Length, vs plotter.Values, legend bool) error {
	b, err := plotter.NewBoxPlot(w, loc, vs)
	if err != nil {
		return fmt.Errorf("box plot %s: %w", solver, err)
	}
	b.FillColor = st.Color(solver)
	p.Add(b)
	if legend {
		p.Legend.Add(solver, swatch{st.Color(solver)})
	}
	return nil
}

// swatch is a legend entry: a filled square of a colour.
type swatch struct{ color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.Color, c.ClipPolygonY([]vg.Point{
		{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y},
	}))
}

func boxWidth(n int) vg.Length { return vg.Points(math.Max(4, 48/float64(max(n, 1)))) }

// offset spreads n solvers around group position gi.
func offset(gi, si, n int) float64 {
	if n <= 1 {
		return float64(gi)
	}
	return float64(gi) - 0.3 + 0.6*float64(si)/float64(n-1)
}

func groupsOf(obs []Obs, g Grouper) []Group {
	var gs []Group
	for i := range obs {
		gs = append(gs, g.Group(&obs[i]))
	}
	slices.SortFunc(gs, func(a, b Group) int { return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.Label, b.Label)) })
	return slices.Compact(gs)
}

func nominal(p *plot.Plot, groups []Group) {
	ticks := make(plot.ConstantTicks, len(groups))
	for i, g := range groups {
		ticks[i] = plot.Tick{Value: float64(i), Label: g.Label}
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.5, float64(len(groups))-0.5
}

// SuccessByGroup plots each solver's success rate per group with its
// Wilson 95% interval. sums must come from Summarize with the same Grouper.
func SuccessByGroup(sums []Summary, groupName string, st Styles) (*plot.Plot, error) {
	p := newPlot("Success rate by "+groupName+" (Wilson 95%)", groupName, "solved (%)")
	var groups []Group
	var solvers []string
	for _, s := range sums {
		groups, solvers = append(groups, s.Group), append(solvers, s.Solver)
	}
	slices.SortFunc(groups, func(a, b Group) int { return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.Label, b.Label)) })
	groups = slices.Compact(groups)
	slices.Sort(solvers)
	solvers = slices.Compact(solvers)
	for si, solver := range solvers {
		var pts rates
		for _, s := range sums {
			if s.Solver == solver {
				gi := slices.Index(groups, s.Group)
				pts = append(pts, rate{x: offset(gi, si, len(solvers)), y: 100 * s.Rate, lo: 100 * s.RateLo, hi: 100 * s.RateHi})
			}
		}
		if err := addRates(p, st, solver, pts); err != nil {
			return nil, err
		}
	}
	p.Y.Min, p.Y.Max = 0, 100*legendRoom(len(solvers))
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "0"}, {Value: 25, Label: "25"},
		{Value: 50, Label: "50"}, {Value: 75, Label: "75"}, {Value: 100, Label: "100"}}
	nominal(p, groups)
	return p, nil
}

type rate struct{ x, y, lo, hi float64 }

// rates implements plotter.XYer and plotter.YErrorer.
type rates []rate

func (r rates) Len() int                        { return len(r) }
func (r rates) XY(i int) (float64, float64)     { return r[i].x, r[i].y }
func (r rates) YError(i int) (float64, float64) { return r[i].y - r[i].lo, r[i].hi - r[i].y }

func addRates(p *plot.Plot, st Styles, solver string, pts rates) error {
	l, s, err := plotter.NewLinePoints(pts)
	if err != nil {
		return fmt.Errorf("success plot %s: %w", solver, err)
	}
	e, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return fmt.Errorf("success plot %s: %w", solver, err)
	}
	l.Color, l.Dashes, s.Color, e.Color = st.Color(solver), st.Dashes(solver), st.Color(solver), st.Color(solver)
	p.Add(l, s, e)
	p.Legend.Add(solver, l, s)
	return nil
}

// MemoryBySolver draws box plots of each solver's peak memory (log axis).
// Observations without a measured peak are left out.
func MemoryBySolver(obs []Obs, st Styles) (*plot.Plot, error) {
	p := newPlot("Peak memory by solver", "", "peak RSS")
	solvers := solverNames(obs)
	var groups []Group
	var all []float64
	for _, solver := range solvers {
		var ms plotter.Values
		for _, o := range obs {
			if o.Solver == solver && o.PeakRSS > 0 {
				ms = append(ms, o.PeakRSS/(1<<20))
			}
		}
		groups = append(groups, Group{Label: solver})
		if len(ms) == 0 {
			continue
		}
		all = append(all, ms...)
		if err := addBox(p, st, solver, float64(len(groups)-1), vg.Points(24), ms, false); err != nil {
			return nil, err
		}
	}
	lo, hi := logRange(all)
	logAxis(&p.Y, lo, hi, mibTicks{})
	nominal(p, groups)
	return p, nil
}

// Scatter plots solver a's time (x) against solver b's (y) on the
// instances both ran, log-log, with the diagonal. A run that either did not
// solve is drawn as a cross on the border at twice the limit (limitNS, or
// the largest solved time when no limit is known).
func Scatter(obs []Obs, a, b string, limitNS float64) (*plot.Plot, error) {
	p := newPlot(fmt.Sprintf("%s vs %s", a, b), a, b)
	pairs := pairUp(obs, a, b)
	var all []float64
	for _, pr := range pairs {
		for _, o := range pr {
			if o.Solved {
				all = append(all, o.TimeNS/1e9)
			}
		}
	}
	lo, hi := logRange(all)
	border := 2 * math.Max(limitNS/1e9, hi)
	var solved, unsolved plotter.XYs
	for _, pr := range pairs {
		x, y := onBorder(pr[0], lo, border), onBorder(pr[1], lo, border)
		if pr[0].Solved && pr[1].Solved {
			solved = append(solved, plotter.XY{X: x, Y: y})
		} else {
			unsolved = append(unsolved, plotter.XY{X: x, Y: y})
		}
	}
	if err := addScatter(p, solved, draw.CircleGlyph{}, color.Black, "both solved"); err != nil {
		return nil, err
	}
	if err := addScatter(p, unsolved, draw.CrossGlyph{}, color.RGBA{R: 214, G: 39, B: 40, A: 255}, "unsolved (on border)"); err != nil {
		return nil, err
	}
	if err := addGuides(p, lo, border); err != nil {
		return nil, err
	}
	timeAxis(&p.X, lo, border)
	timeAxis(&p.Y, lo, border)
	p.Legend.Top = false
	return p, nil
}

func onBorder(o Obs, lo, border float64) float64 {
	if !o.Solved {
		return border
	}
	return math.Max(o.TimeNS/1e9, lo)
}

// pairUp joins the observations of two solvers on puzzle, mode, seed and
// repetition, in sorted order.
func pairUp(obs []Obs, a, b string) [][2]Obs {
	key := func(o Obs) string { return fmt.Sprintf("%s|%s|%d|%d", o.PuzzleID, o.Mode, o.Seed, o.Rep) }
	bs := make(map[string]Obs)
	for _, o := range obs {
		if o.Solver == b {
			bs[key(o)] = o
		}
	}
	var out [][2]Obs
	for _, o := range obs {
		if ob, ok := bs[key(o)]; ok && o.Solver == a {
			out = append(out, [2]Obs{o, ob})
		}
	}
	return out
}

func addScatter(p *plot.Plot, pts plotter.XYs, g draw.GlyphDrawer, c color.Color, label string) error {
	if len(pts) == 0 {
		return nil
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return fmt.Errorf("scatter: %w", err)
	}
	s.GlyphStyle.Shape, s.GlyphStyle.Color, s.GlyphStyle.Radius = g, c, vg.Points(3)
	p.Add(s)
	p.Legend.Add(label, s)
	return nil
}

func addGuides(p *plot.Plot, lo, border float64) error {
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: border, Y: border}})
	if err != nil {
		return err
	}
	diag.Color = color.Gray{Y: 128}
	edge, err := plotter.NewLine(plotter.XYs{{X: lo, Y: border}, {X: border, Y: border}, {X: border, Y: lo}})
	if err != nil {
		return err
	}
	edge.Color, edge.Dashes = color.Gray{Y: 160}, []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(diag, edge)
	return nil
}

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, x, y
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p
}

// logRange returns a positive range covering the positive values of vs;
// zeros and missing values are drawn at the lower end, half the smallest
// positive value (1 µs when there is none).
func logRange(vs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), 0.0
	for _, v := range vs {
		if v > 0 {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if hi == 0 {
		return 1e-6, 1e-5
	}
	lo /= 2
	if hi <= lo*2 {
		hi = lo * 10
	}
	return lo, hi
}

func timeAxis(ax *plot.Axis, lo, hi float64) { logAxis(ax, lo, hi, timeTicks{}) }

func logAxis(ax *plot.Axis, lo, hi float64, t plot.Ticker) {
	ax.Scale = plot.LogScale{}
	ax.Min, ax.Max = lo, hi*1.2
	ax.Tick.Marker = t
}

// decades returns the powers of ten in [lo, hi], widened to at least one.
func decades(lo, hi float64) []float64 {
	var ds []float64
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		if d := math.Pow(10, e); d >= lo*0.999 && d <= hi*1.001 {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		ds = append(ds, math.Pow(10, math.Round(math.Log10(math.Sqrt(lo*hi)))))
	}
	return ds
}

// timeTicks labels decades of seconds in adaptive units.
type timeTicks struct{}

// Ticks implements plot.Ticker.
func (timeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for _, d := range decades(lo, hi) {
		ts = append(ts, plot.Tick{Value: d, Label: decadeLabel(d * 1e9)})
	}
	return ts
}

// mibTicks labels decades of MiB.
type mibTicks struct{}

// Ticks implements plot.Ticker.
func (mibTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for _, d := range decades(lo, hi) {
		ts = append(ts, plot.Tick{Value: d, Label: strconv.FormatFloat(d, 'g', -1, 64) + " MiB"})
	}
	return ts
}

// decadeLabel writes a power of ten of nanoseconds in the largest unit
// that keeps it at least 1: "100 µs", "1 s".
func decadeLabel(v float64) string {
	units := []string{"ns", "µs", "ms", "s"}
	i := 0
	for v >= 999.5 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return fmt.Sprintf("%g %s", math.Round(v*1000)/1000, units[i])
}

// pdfDate matches the creation and modification dates fpdf stamps with the
// current time.
var pdfDate = regexp.MustCompile(`/(CreationDate|ModDate) \(D:\d{14}\)`)

// WritePlot writes p in a format: svg, png or pdf (or any other format
// gonum/plot knows). PDF dates are fixed to the epoch so that the same
// input gives the same bytes.
func WritePlot(w io.Writer, p *plot.Plot, format string) error {
	wt, err := p.WriterTo(PlotWidth, PlotHeight, strings.ToLower(format))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return err
	}
	out := buf.Bytes()
	if strings.EqualFold(format, "pdf") {
		out = pdfDate.ReplaceAll(out, []byte("/$1 (D:19700101000000)"))
	}
	_, err = w.Write(out)
	return err
}
