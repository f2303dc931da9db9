package report

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// timeLabel names the time axis after the clock read.
func timeLabel(m Measure) string { return m.Label() + " time per puzzle" }

// Cactus plots, for each solver, how many observations were solved within
// a time (log axis): the further right and lower a line, the slower.
func Cactus(obs []Obs, m Measure, st Styles) (*plot.Plot, error) {
	p := newPlot("Puzzles solved within a time", timeLabel(m), "puzzles solved", plotter.NewGrid())
	lo, hi := logRange(solvedTimes(obs, ""))
	for _, solver := range solverNames(obs) {
		times := sorted(solvedTimes(obs, solver))
		if len(times) == 0 {
			continue
		}
		pts := plotter.XYs{{X: math.Log10(lo), Y: 0}}
		for i, t := range times {
			pts = append(pts, plotter.XY{X: math.Log10(math.Max(t, lo)), Y: float64(i + 1)})
		}
		if err := addLine(p, st, solver, pts); err != nil {
			return nil, err
		}
	}
	logValueAxis(&p.X, lo, hi, timeTicks{})
	// Up to the number of instances, so a line that reaches the top has
	// solved them all; 5% headroom keeps it off the frame.
	p.Y.Min, p.Y.Max = 0, 1.05*float64(max(instances(obs), 1))
	p.Y.Tick.Marker = linearTicks{}
	return p, nil
}

// instances is the most puzzles any solver has.
func instances(obs []Obs) int {
	n := make(map[string]int)
	most := 0
	for _, o := range obs {
		n[o.Solver]++
		most = max(most, n[o.Solver])
	}
	return most
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
	p.Legend.Add(st.Label(solver), l)
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
// quartile rule, whiskers at 1.5 IQR; the tables' figures are type 7),
// computed on log10 of the times: on a log axis, whiskers and outliers
// measured in linear seconds would flag only slow runs.
func TimeByGroup(obs []Obs, g Grouper, m Measure, st Styles) (*plot.Plot, error) {
	p := newPlot("Time by "+g.Name()+" (solved runs)", g.Name(), timeLabel(m), valueGrid(false))
	groups := groupsOf(obs, g)
	solvers := solverNames(obs)
	width := boxWidth(len(groups), len(solvers))
	lo, hi := logRange(solvedTimes(obs, ""))
	drawn := make(map[string]bool)
	for gi, grp := range groups {
		for si, solver := range solvers {
			var ts plotter.Values
			for i := range obs {
				if obs[i].Solver == solver && obs[i].Solved && g.Group(&obs[i]) == grp {
					ts = append(ts, math.Log10(math.Max(obs[i].TimeNS/1e9, lo)))
				}
			}
			if len(ts) == 0 {
				continue
			}
			if err := addBox(p, st, solver, offset(gi, si, len(solvers)), width, ts, false); err != nil {
				return nil, err
			}
			drawn[solver] = true
		}
	}
	for _, solver := range solvers {
		if drawn[solver] {
			p.Legend.Add(st.Label(solver), swatch{st.Color(solver)})
		}
	}
	logValueAxis(&p.Y, lo, hi, timeTicks{})
	nominal(&p.X, labels(groups))
	return p, nil
}

// Grouped plots (boxes, success rates) give each solver a slot of
// slotWidth in each group, and leave two slots between groups; the plot
// widens as needed, and axisRoom is what its y axis takes.
const (
	slotWidth = vg.Length(5)
	axisRoom  = vg.Length(60)
)

// GroupedWidth is the plot width that fits groups × solvers slots.
func GroupedWidth(groups, solvers int) vg.Length {
	return max(PlotWidth, axisRoom+vg.Length(groups*(solvers+2))*slotWidth)
}

// boxWidth fills 70% of a slot at GroupedWidth, at most 24 points.
func boxWidth(groups, solvers int) vg.Length {
	slot := (GroupedWidth(groups, solvers) - axisRoom) / vg.Length(max(groups*(solvers+2), 1))
	return min(0.7*slot, vg.Points(24))
}

// offset is the x of solver si of n in group gi: slots of 1/(n+2) of a
// group, centred on the group.
func offset(gi, si, n int) float64 {
	return float64(gi) + (float64(si)-float64(n-1)/2)/float64(n+2)
}

// addBox adds a box plot of vs filled in the solver's colour, vertical at
// x = loc or horizontal at y = loc.
func addBox(p *plot.Plot, st Styles, solver string, loc float64, w vg.Length, vs plotter.Values, horizontal bool) error {
	b, err := plotter.NewBoxPlot(w, loc, vs)
	if err != nil {
		return fmt.Errorf("box plot %s: %w", solver, err)
	}
	b.Horizontal = horizontal
	b.FillColor = st.Color(solver)
	// Thin strokes and small outliers keep narrow boxes legible.
	b.BoxStyle.Width, b.WhiskerStyle.Width = vg.Points(0.5), vg.Points(0.5)
	b.MedianStyle.Width = vg.Points(1)
	b.GlyphStyle.Radius = vg.Points(1.2)
	p.Add(b)
	return nil
}

// swatch is a legend entry: a filled square of a colour.
type swatch struct{ color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	side := min(c.Max.Y-c.Min.Y, c.Max.X-c.Min.X)
	c.FillPolygon(s.Color, []vg.Point{
		{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X + side, Y: c.Min.Y},
		{X: c.Min.X + side, Y: c.Min.Y + side}, {X: c.Min.X, Y: c.Min.Y + side},
	})
}

func groupsOf(obs []Obs, g Grouper) []Group {
	var gs []Group
	for i := range obs {
		gs = append(gs, g.Group(&obs[i]))
	}
	return sortGroups(gs)
}

func sortGroups(gs []Group) []Group {
	slices.SortFunc(gs, Group.Compare)
	return slices.Compact(gs)
}

func labels(gs []Group) []string {
	ls := make([]string, len(gs))
	for i, g := range gs {
		ls[i] = g.Label
	}
	return ls
}

// nominal makes ax a category axis: label i at value i.
func nominal(ax *plot.Axis, labels []string) {
	ticks := make(plot.ConstantTicks, len(labels))
	for i, l := range labels {
		ticks[i] = plot.Tick{Value: float64(i), Label: l}
	}
	ax.Tick.Marker = ticks
	ax.Min, ax.Max = -0.5, float64(len(labels))-0.5
}

// SuccessByGroup plots each solver's success rate per group with its
// Wilson 95% interval. sums must come from Summarize with the same Grouper.
// Points are not joined: corpora have no order to draw a trend along.
func SuccessByGroup(sums []Summary, groupName string, st Styles) (*plot.Plot, error) {
	p := newPlot("Success rate by "+groupName+" (Wilson 95% intervals)", groupName, "success rate (%)", valueGrid(false))
	groups, solvers := groupsAndSolvers(sums)
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
	percentAxis(&p.Y, 100)
	nominal(&p.X, labels(groups))
	return p, nil
}

// SuccessByFamily is SuccessByGroup for one pipeline of each family, the
// family's best (FamilyBest): how each way of posing Sudoku fares by group.
func SuccessByFamily(sums []Summary, best []string, groupName string, st Styles) (*plot.Plot, error) {
	kept := slices.DeleteFunc(slices.Clone(sums), func(s Summary) bool { return !slices.Contains(best, s.Solver) })
	p, err := SuccessByGroup(kept, groupName, st)
	if err != nil {
		return nil, err
	}
	p.Title.Text = "Success rate by " + groupName + ", best pipeline of each family (Wilson 95% intervals)"
	return p, nil
}

// FamilyBest returns the pipeline of each family (exact cover, SAT, MILP,
// QUBO, direct, neural…) with the lowest PAR-2 over every observation,
// which weighs success and time together; ties go to the first name. The
// result is sorted by family.
func FamilyBest(obs []Obs) []string {
	family := make(map[string]string)
	for _, o := range obs {
		family[o.Solver] = o.Family
	}
	best := make(map[string]Summary)
	for _, s := range Summarize(obs, All{}, 0) {
		f := family[s.Solver]
		if b, ok := best[f]; !ok || s.PAR2 < b.PAR2 {
			best[f] = s
		}
	}
	var out []string
	for _, f := range slices.Sorted(maps.Keys(best)) {
		out = append(out, best[f].Solver)
	}
	return out
}

// groupsAndSolvers are the sorted groups and solver names of summaries.
func groupsAndSolvers(sums []Summary) ([]Group, []string) {
	var groups []Group
	var solvers []string
	for _, s := range sums {
		groups, solvers = append(groups, s.Group), append(solvers, s.Solver)
	}
	slices.Sort(solvers)
	return sortGroups(groups), slices.Compact(solvers)
}

// percentAxis makes ax a percentage axis from 0 to top, ticks every 25.
func percentAxis(ax *plot.Axis, top float64) {
	ax.Min, ax.Max = 0, top
	ax.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "0"}, {Value: 25, Label: "25"},
		{Value: 50, Label: "50"}, {Value: 75, Label: "75"}, {Value: 100, Label: "100"}}
}

type rate struct{ x, y, lo, hi float64 }

// rates implements plotter.XYer and plotter.YErrorer.
type rates []rate

func (r rates) Len() int                        { return len(r) }
func (r rates) XY(i int) (float64, float64)     { return r[i].x, r[i].y }
func (r rates) YError(i int) (float64, float64) { return r[i].y - r[i].lo, r[i].hi - r[i].y }

func addRates(p *plot.Plot, st Styles, solver string, pts rates) error {
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return fmt.Errorf("success plot %s: %w", solver, err)
	}
	e, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return fmt.Errorf("success plot %s: %w", solver, err)
	}
	s.GlyphStyle.Color, s.GlyphStyle.Shape, s.GlyphStyle.Radius = st.Color(solver), st.Glyph(solver), vg.Points(2)
	e.Color, e.CapWidth = st.Color(solver), vg.Points(3)
	p.Add(e, s)
	p.Legend.Add(st.Label(solver), s)
	return nil
}

// MemoryBySolver draws horizontal box plots of each solver's peak memory,
// solver names down the y axis in sorted order. The axis is linear over
// the data when the peaks span less than a factor of ten, and logarithmic
// (boxes computed on log10, as in TimeByGroup) when they span more.
// Observations without a measured peak are left out.
func MemoryBySolver(obs []Obs, st Styles) (*plot.Plot, error) {
	p := newPlot("Peak memory by solver", "peak RSS (MiB)", "", valueGrid(true))
	solvers := solverNames(obs)
	mems := make([][]float64, len(solvers))
	var all []float64
	for i, solver := range solvers {
		for _, o := range obs {
			if o.Solver == solver && o.PeakRSS > 0 { // false for NaN: not measured
				mems[i] = append(mems[i], o.PeakRSS/(1<<20))
			}
		}
		all = append(all, mems[i]...)
	}
	wide := len(all) > 0 && slices.Max(all) > 10*slices.Min(all)
	names := make([]string, len(solvers))
	for i, solver := range solvers {
		// The first solver at the top, as in the tables.
		loc := len(solvers) - 1 - i
		names[loc] = st.Label(solver)
		if len(mems[i]) == 0 {
			continue
		}
		if err := addBox(p, st, solver, float64(loc), memoryBox, memoryValues(mems[i], wide), true); err != nil {
			return nil, err
		}
	}
	memoryAxis(&p.X, all, wide)
	nominal(&p.Y, names)
	return p, nil
}

// memoryBox is the thickness of a memory box; MemoryHeight gives each
// solver a row of memoryRow.
const (
	memoryBox = vg.Length(9)
	memoryRow = vg.Length(15)
)

// MemoryHeight is the plot height that gives each solver a row.
func MemoryHeight(solvers int) vg.Length {
	return max(PlotHeight, vg.Length(solvers)*memoryRow+vg.Inch)
}

func memoryValues(ms []float64, wide bool) plotter.Values {
	vs := slices.Clone(ms)
	if wide {
		for i := range vs {
			vs[i] = math.Log10(vs[i])
		}
	}
	return vs
}

func memoryAxis(ax *plot.Axis, all []float64, wide bool) {
	if wide {
		lo, hi := slices.Min(all), slices.Max(all)
		logValueAxis(ax, lo/1.2, hi, mibTicks{})
		return
	}
	ax.Tick.Marker = linearTicks{}
}

// Scatter plots solver a's time (x) against solver b's (y) on the puzzles
// both ran, log-log, with the diagonal. The axes fit the solved times; a
// puzzle that either did not solve is drawn as a cross on a dashed border
// just beyond the slowest solved time.
func Scatter(obs []Obs, a, b string, m Measure, st Styles) (*plot.Plot, error) {
	p := newPlot(timeLabel(m), st.Label(a), st.Label(b), plotter.NewGrid())
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
	border := hi * borderGap
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
	logValueAxis(&p.X, lo, border, timeTicks{})
	logValueAxis(&p.Y, lo, border, timeTicks{})
	return p, nil
}

// borderGap places a scatter plot's border for unsolved puzzles this far
// beyond the slowest solved time (a factor).
const borderGap = 1.5

// onBorder is log10 of o's time, or of the border when o was not solved.
func onBorder(o Obs, lo, border float64) float64 {
	if !o.Solved {
		return math.Log10(border)
	}
	return math.Log10(math.Max(o.TimeNS/1e9, lo))
}

// pairUp joins the observations of two solvers on the puzzle, in sorted
// order. Modes may differ (a first-mode solver beside a unique-mode one);
// the labels say so.
func pairUp(obs []Obs, a, b string) [][2]Obs {
	bs := make(map[string]Obs)
	for _, o := range obs {
		if o.Solver == b {
			bs[o.PuzzleID] = o
		}
	}
	var out [][2]Obs
	for _, o := range obs {
		if ob, ok := bs[o.PuzzleID]; ok && o.Solver == a {
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
	s.GlyphStyle.Shape, s.GlyphStyle.Color, s.GlyphStyle.Radius = g, c, vg.Points(2)
	p.Add(s)
	p.Legend.Add(label, s)
	return nil
}

// addGuides draws the diagonal and the border, in log10 of seconds.
func addGuides(p *plot.Plot, lo, border float64) error {
	lo, border = math.Log10(lo), math.Log10(border)
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

// newPlot makes a plot with a grid and a legend style that fits many
// entries in the legend column WriteFigure gives it.
func newPlot(title, x, y string, grid *plotter.Grid) *plot.Plot {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, x, y
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.ThumbnailWidth = vg.Points(24)
	p.Legend.Padding = vg.Points(2)
	p.Add(grid)
	return p
}

// valueGrid draws grid lines across the value axis only: on a category
// axis they would run through the middle of a group.
func valueGrid(horizontal bool) *plotter.Grid {
	g := plotter.NewGrid()
	if horizontal {
		g.Horizontal.Color = nil
	} else {
		g.Vertical.Color = nil
	}
	return g
}
