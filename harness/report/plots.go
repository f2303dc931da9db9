package report

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/solvers"
)

// timeLabel names the time axis after the clock read.
func timeLabel(m Measure) string { return m.Label() + " time per puzzle" }

// Placer places a grouping's groups on a number line. Such groups (hint
// counts) are drawn as lines across it; groups without a place (corpora)
// are categories, drawn as points side by side.
type Placer interface {
	Place(g Group) float64
	// PlaceLabel names the number line.
	PlaceLabel() string
}

// Place implements Placer: a bucket's middle.
func (bs HintBuckets) Place(g Group) float64 {
	for _, b := range bs {
		if b.Lo == g.Order {
			return float64(b.Lo+b.Hi) / 2
		}
	}
	return float64(g.Order)
}

// PlaceLabel implements Placer.
func (bs HintBuckets) PlaceLabel() string {
	for _, b := range bs {
		if b.Hi > b.Lo {
			return "hints (bucket middles)"
		}
	}
	return "hints"
}

// Joiner is a Placer whose groups may leave gaps on the number line: a
// line joins two neighbouring groups only where Joins says that nothing
// lies between them, so that no line crosses a stretch without puzzles.
// A Placer that is no Joiner joins every neighbouring pair.
type Joiner interface {
	Joins(a, b Group) bool
}

// Joins implements Joiner: b's bucket starts right after a's ends.
func (bs HintBuckets) Joins(a, b Group) bool {
	hi := a.Order
	for _, bk := range bs {
		if bk.Lo == a.Order {
			hi = bk.Hi
		}
	}
	return b.Order == hi+1
}

// noun names a grouping in prose: "hint count", "corpus".
func noun(g Grouper) string {
	if g.Name() == "hints" {
		return "hint count"
	}
	return g.Name()
}

// Cactus draws, for each solver, how many puzzles it solved within a time
// (log axis): the further right and lower a line, the slower. Panels
// share their axes.
func Cactus(obs []Obs, m Measure, st figure.Styles) (figure.Figure, error) {
	lo, hi := figure.LogRange(solvedTimes(obs, ""))
	top := 1.05 * float64(max(instances(obs), 1))
	newPlot := func() *plot.Plot {
		p := figure.NewPlot(timeLabel(m), "puzzles solved", plotter.NewGrid())
		figure.LogValueAxis(&p.X, lo, hi, figure.TimeTicks{})
		// Up to the number of instances, so a line that reaches the top
		// has solved them all; 5% headroom keeps it off the frame.
		p.Y.Min, p.Y.Max = 0, top
		p.Y.Tick.Marker = figure.LinearTicks{}
		return p
	}
	panels, err := st.Panels(solverNames(obs), newPlot, func(p *plot.Plot, f figure.Facet) ([]figure.LegendEntry, error) {
		var legend []figure.LegendEntry
		for _, solver := range f.Solvers {
			times := stats.Sorted(solvedTimes(obs, solver))
			pts := plotter.XYs{{X: math.Log10(lo), Y: 0}}
			for i, t := range times {
				pts = append(pts, plotter.XY{X: math.Log10(math.Max(t, lo)), Y: float64(i + 1)})
			}
			if err := addStep(p, st, solver, pts); err != nil {
				return nil, err
			}
			legend = append(legend, figure.LegendEntry{Label: st.Label(solver), Thumb: st.Thumb(solver, true, false, false, false)})
		}
		return legend, nil
	})
	return figure.Figure{Title: "How many puzzles does each pipeline solve within a time?", Panels: panels}, err
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

// addStep draws a solver's step line.
func addStep(p *plot.Plot, st figure.Styles, solver string, pts plotter.XYs) error {
	l, err := plotter.NewLine(pts)
	if err != nil {
		return fmt.Errorf("plot %s: %w", solver, err)
	}
	l.StepStyle = plotter.PostStep
	l.Color, l.Dashes, l.Width = st.Color(solver), st.Dashes(solver), figure.LineWidth
	p.Add(l)
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

// point is a series' value in a group with its interval, and the number
// of puzzles it is drawn from; NaN y: none.
type point struct {
	group     Group
	y, lo, hi float64
	n         int
}

// few says that a point is drawn from too few puzzles to be read alone:
// it is drawn hollow.
func (pt point) few() bool { return pt.n < figure.FewN }

// series draws each solver's points on a grouping's axis: over a number
// line (a Placer) as a line through the points with the interval as a
// band, broken where a group has no value; over categories as points
// side by side with the interval as an error bar.
type series struct {
	grouper Grouper
	groups  []Group // every group of the figure, sorted
}

// x is where a group goes on the x axis; for categories, slot si of n in
// the group's place.
func (s series) x(g Group, si, n int) float64 {
	if pl, ok := s.grouper.(Placer); ok {
		return pl.Place(g)
	}
	gi := slices.IndexFunc(s.groups, func(o Group) bool { return o.Compare(g) == 0 })
	return offset(gi, si, n)
}

// axis sets up the x axis: a number line with headroom of half a bucket,
// or the categories.
func (s series) axis(p *plot.Plot) {
	pl, ok := s.grouper.(Placer)
	if !ok {
		figure.Nominal(&p.X, labels(s.groups))
		return
	}
	p.X.Label.Text = pl.PlaceLabel()
	var xs []float64
	for _, g := range s.groups {
		xs = append(xs, pl.Place(g))
	}
	if len(xs) == 0 {
		return
	}
	lo, hi := slices.Min(xs), slices.Max(xs)
	pad := math.Max((hi-lo)/float64(max(len(xs)-1, 1))/2, 1)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.X.Tick.Marker = figure.LinearTicks{}
}

// add draws one solver's points, the si-th of n in its panel.
func (s series) add(p *plot.Plot, st figure.Styles, solver string, si, n int, pts []point) error {
	if _, line := s.grouper.(Placer); line {
		return s.addLine(p, st, solver, n, pts)
	}
	var rs []point
	for _, pt := range pts {
		if !math.IsNaN(pt.y) {
			rs = append(rs, pt)
		}
	}
	return addRates(p, st, solver, rs, func(pt point) float64 { return s.x(pt.group, si, n) })
}

// joins says whether a line may join two neighbouring groups.
func (s series) joins(a, b Group) bool {
	if j, ok := s.grouper.(Joiner); ok {
		return j.Joins(a, b)
	}
	return true
}

// addLine draws a line through the points over the number line, broken
// where a group has no value and where nothing lies between two groups
// (Joiner), with the interval as a band beneath, the band as faint as the
// panel's n series need; a point alone between breaks shows its interval
// as a bar. Points drawn from few puzzles are hollow.
func (s series) addLine(p *plot.Plot, st figure.Styles, solver string, n int, pts []point) error {
	slices.SortFunc(pts, func(a, b point) int { return a.group.Compare(b.group) })
	x := func(pt point) float64 { return s.x(pt.group, 0, 1) }
	var run, alone []point
	flush := func() error {
		defer func() { run = nil }()
		switch len(run) {
		case 0:
			return nil
		case 1:
			alone = append(alone, run[0])
			return nil
		}
		if err := addBand(p, st, solver, n, run, x); err != nil {
			return err
		}
		return addMarks(p, st, solver, run, x)
	}
	for i, pt := range pts {
		if i > 0 && !s.joins(pts[i-1].group, pt.group) {
			if err := flush(); err != nil {
				return err
			}
		}
		if math.IsNaN(pt.y) {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		run = append(run, pt)
	}
	if err := flush(); err != nil {
		return err
	}
	return addRates(p, st, solver, alone, x)
}

// addBand draws a run of points' interval as a band and their values as
// a line.
func addBand(p *plot.Plot, st figure.Styles, solver string, n int, run []point, x func(point) float64) error {
	var line, band plotter.XYs
	for _, pt := range run {
		line = append(line, plotter.XY{X: x(pt), Y: pt.y})
		band = append(band, plotter.XY{X: x(pt), Y: pt.hi})
	}
	for i := len(run) - 1; i >= 0; i-- {
		band = append(band, plotter.XY{X: x(run[i]), Y: run[i].lo})
	}
	poly, err := plotter.NewPolygon(band)
	if err != nil {
		return fmt.Errorf("plot %s: %w", solver, err)
	}
	poly.Color, poly.LineStyle.Width = figure.Translucent(st.Color(solver), n), 0
	l, err := plotter.NewLine(line)
	if err != nil {
		return fmt.Errorf("plot %s: %w", solver, err)
	}
	l.Color, l.Dashes, l.Width = st.Color(solver), st.Dashes(solver), figure.LineWidth
	p.Add(poly, l)
	return nil
}

// addMarks draws a solver's glyph at each point, hollow where the point
// is drawn from few puzzles.
func addMarks(p *plot.Plot, st figure.Styles, solver string, pts []point, x func(point) float64) error {
	for _, hollow := range []bool{false, true} {
		var xys plotter.XYs
		for _, pt := range pts {
			if pt.few() == hollow {
				xys = append(xys, plotter.XY{X: x(pt), Y: pt.y})
			}
		}
		if len(xys) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return fmt.Errorf("plot %s: %w", solver, err)
		}
		sc.Color, sc.Shape, sc.Radius = st.Color(solver), st.Glyph(solver), figure.GlyphRadius
		if hollow {
			sc.Shape = st.Hollow(solver)
		}
		p.Add(sc)
	}
	return nil
}

// thumb is the legend thumbnail of a solver's series.
func (s series) thumb(st figure.Styles, solver string) figure.Thumb {
	if _, line := s.grouper.(Placer); line {
		return st.Thumb(solver, true, true, false, true)
	}
	return st.Thumb(solver, false, false, true, true)
}

// Grouped plots give each solver of a panel a slot of a group, two slots
// apart from the next group.
func offset(gi, si, n int) float64 {
	return float64(gi) + (float64(si)-float64(n-1)/2)/float64(n+2)
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

// summariesOf picks a solver's summaries.
func summariesOf(sums []Summary, solver string) []Summary {
	var out []Summary
	for _, s := range sums {
		if s.Solver == solver {
			out = append(out, s)
		}
	}
	return out
}

// fewSeries is the most pipelines a time figure draws as box plots; more
// get their medians and quartiles, which stay legible side by side.
const fewSeries = 3

// TimeByGroup draws each solver's time over its solved puzzles per group
// (hint-count bucket or corpus), on a log axis: the median as a line with
// the interquartile range as a band over hint counts, as a point with the
// range as a bar per corpus, and with few solvers as box plots. sums must
// come from Summarize with the same Grouper.
func TimeByGroup(obs []Obs, sums []Summary, g Grouper, m Measure, st figure.Styles) (figure.Figure, error) {
	groups, solvers := groupsAndSolvers(sums)
	s := series{grouper: g, groups: groups}
	lo, hi := figure.LogRange(solvedTimes(obs, ""))
	boxes := len(solvers) <= fewSeries
	ylabel := m.Label() + " time (median, IQR)"
	if boxes {
		ylabel = timeLabel(m)
	}
	newPlot := func() *plot.Plot {
		p := figure.NewPlot(g.Name(), ylabel, figure.ValueGrid(false))
		s.axis(p)
		figure.LogValueAxis(&p.Y, lo, hi, figure.TimeTicks{})
		return p
	}
	panels, err := st.Panels(solvers, newPlot, func(p *plot.Plot, f figure.Facet) ([]figure.LegendEntry, error) {
		var legend []figure.LegendEntry
		for si, solver := range f.Solvers {
			if boxes {
				if err := addTimeBoxes(p, s, obs, g, st, solver, si, len(f.Solvers), lo); err != nil {
					return nil, err
				}
				legend = append(legend, figure.LegendEntry{Label: st.Label(solver), Thumb: figure.Thumb{Color: st.Color(solver), Fill: true}})
				continue
			}
			var pts []point
			for _, sum := range summariesOf(sums, solver) {
				pts = append(pts, point{group: sum.Group, y: logSeconds(sum.Median, lo), lo: logSeconds(sum.Q1, lo), hi: logSeconds(sum.Q3, lo), n: sum.Solved})
			}
			if err := s.add(p, st, solver, si, len(f.Solvers), pts); err != nil {
				return nil, err
			}
			legend = append(legend, figure.LegendEntry{Label: st.Label(solver), Thumb: s.thumb(st, solver)})
		}
		return legend, nil
	})
	title := "How long does each pipeline take, by " + noun(g) + "?"
	return figure.Figure{Title: title, Panels: panels}, err
}

// logSeconds is log10 of nanoseconds in seconds, at least lo; NaN stays.
func logSeconds(ns, lo float64) float64 {
	if math.IsNaN(ns) {
		return ns
	}
	return math.Log10(math.Max(ns/1e9, lo))
}

// addTimeBoxes draws a solver's box per group of its solved times, or
// where it solved fewer than FewN there, the times as hollow points. The
// boxes are gonum's (its own quartile rule, whiskers at 1.5 IQR; the
// tables' figures are type 7), computed on log10 of the times: on a log
// axis, whiskers and outliers measured in linear seconds would flag only
// slow runs.
func addTimeBoxes(p *plot.Plot, s series, obs []Obs, g Grouper, st figure.Styles, solver string, si, n int, lo float64) error {
	for _, grp := range s.groups {
		var ts plotter.Values
		for i := range obs {
			if obs[i].Solver == solver && obs[i].Solved && g.Group(&obs[i]).Compare(grp) == 0 {
				ts = append(ts, math.Log10(math.Max(obs[i].TimeNS/1e9, lo)))
			}
		}
		if len(ts) == 0 {
			continue
		}
		slot := 1 / float64(n+2)
		if _, ok := g.(Placer); ok {
			slot = (p.X.Max - p.X.Min) / float64(len(s.groups)) / float64(n+2)
		}
		x := s.x(grp, si, n)
		if _, ok := g.(Placer); ok {
			x += (float64(si) - float64(n-1)/2) * slot
		}
		if len(ts) < figure.FewN {
			// Too few for quartiles: the times themselves, hollow.
			pts := make([]point, len(ts))
			for i, t := range ts {
				pts[i] = point{y: t, n: len(ts)}
			}
			if err := addMarks(p, st, solver, pts, func(point) float64 { return x }); err != nil {
				return err
			}
			continue
		}
		if err := addBox(p, st.Color(solver), x, slot, ts, false); err != nil {
			return fmt.Errorf("box plot %s: %w", solver, err)
		}
	}
	return nil
}

// addBox adds a box plot of vs at loc, slot wide in the axis's units
// (70% of it filled), filled in a colour, vertical or horizontal.
func addBox(p *plot.Plot, fill color.Color, loc, slot float64, vs plotter.Values, horizontal bool) error {
	b, err := plotter.NewBoxPlot(1, loc, vs)
	if err != nil {
		return err
	}
	b.Horizontal = horizontal
	b.FillColor = fill
	// Thin strokes and small outliers keep narrow boxes legible.
	b.BoxStyle.Width, b.WhiskerStyle.Width = vg.Points(0.5), vg.Points(0.5)
	b.MedianStyle.Width = vg.Points(1)
	b.GlyphStyle.Radius = vg.Points(1.2)
	p.Add(scaledBox{BoxPlot: b, share: 0.7 * slot, horizontal: horizontal})
	return nil
}

// scaledBox sizes a box plot in axis units when it is drawn, the data
// area's size being known only then.
type scaledBox struct {
	*plotter.BoxPlot
	share      float64 // of the axis's unit
	horizontal bool
}

// Plot implements plot.Plotter.
func (b scaledBox) Plot(c draw.Canvas, p *plot.Plot) {
	box := *b.BoxPlot
	if b.horizontal {
		box.Width = vg.Length(b.share) * (c.Max.Y - c.Min.Y) / vg.Length(p.Y.Max-p.Y.Min)
	} else {
		box.Width = vg.Length(b.share) * (c.Max.X - c.Min.X) / vg.Length(p.X.Max-p.X.Min)
	}
	box.Plot(c, p)
}

// GlyphBoxes implements plot.GlyphBoxer: the outliers only, so that the
// box's width, unknown before drawing, pads nothing.
func (b scaledBox) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	box := *b.BoxPlot
	box.Width = 0
	return box.GlyphBoxes(p)
}

// SuccessByGroup draws each solver's success rate per group with its
// Wilson 95% interval: over hint counts a line with the interval as a
// band, per corpus a point with the interval as a bar. sums must come
// from Summarize with g.
func SuccessByGroup(sums []Summary, g Grouper, st figure.Styles) (figure.Figure, error) {
	groups, solvers := groupsAndSolvers(sums)
	s := series{grouper: g, groups: groups}
	newPlot := func() *plot.Plot {
		p := figure.NewPlot(g.Name(), "solved (%)", figure.ValueGrid(false))
		s.axis(p)
		percentAxis(&p.Y)
		return p
	}
	panels, err := st.Panels(solvers, newPlot, func(p *plot.Plot, f figure.Facet) ([]figure.LegendEntry, error) {
		var legend []figure.LegendEntry
		for si, solver := range f.Solvers {
			var pts []point
			for _, sum := range summariesOf(sums, solver) {
				pts = append(pts, point{group: sum.Group, y: 100 * sum.Rate, lo: 100 * sum.RateLo, hi: 100 * sum.RateHi, n: sum.N})
			}
			if err := s.add(p, st, solver, si, len(f.Solvers), pts); err != nil {
				return nil, err
			}
			legend = append(legend, figure.LegendEntry{Label: st.Label(solver), Thumb: s.thumb(st, solver)})
		}
		return legend, nil
	})
	title := "Where does each pipeline stop solving puzzles, by " + noun(g) + "?"
	if _, ok := g.(Placer); !ok {
		title = "Which puzzles does each pipeline solve, by " + noun(g) + "?"
	}
	return figure.Figure{Title: title, Panels: panels}, err
}

// percentAxis makes ax a percentage axis from 0 to 100, ticks every 25,
// with room for the glyphs at both ends.
func percentAxis(ax *plot.Axis) {
	ax.Min, ax.Max = -5, 105
	ax.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "0"}, {Value: 25, Label: "25"},
		{Value: 50, Label: "50"}, {Value: 75, Label: "75"}, {Value: 100, Label: "100"}}
}

// rates implements plotter.XYer and plotter.YErrorer: points with their
// intervals, at x.
type rates struct {
	pts []point
	x   func(point) float64
}

func (r rates) Len() int                    { return len(r.pts) }
func (r rates) XY(i int) (float64, float64) { return r.x(r.pts[i]), r.pts[i].y }
func (r rates) YError(i int) (float64, float64) {
	return r.pts[i].y - r.pts[i].lo, r.pts[i].hi - r.pts[i].y
}

// addRates draws points with error bars in a solver's colour and glyph,
// hollow where a point is drawn from few puzzles.
func addRates(p *plot.Plot, st figure.Styles, solver string, pts []point, x func(point) float64) error {
	if len(pts) == 0 {
		return nil
	}
	e, err := plotter.NewYErrorBars(rates{pts: pts, x: x})
	if err != nil {
		return fmt.Errorf("plot %s: %w", solver, err)
	}
	e.Color, e.CapWidth, e.Width = st.Color(solver), vg.Points(2), vg.Points(0.6)
	p.Add(e)
	return addMarks(p, st, solver, pts, x)
}

// memoryRow is the height of a solver's row in MemoryBySolver.
const memoryRow = vg.Length(10)

// Fills of the memory figure's boxes: in-process solvers and outside
// programs, whose own memory is measured differently.
var (
	inProcessFill = color.Gray{Y: 200}
	outsideFill   = color.Gray{Y: 120}
)

// MemoryBySolver draws horizontal box plots of each pipeline's own peak
// memory (Obs.OwnMem: above the idle worker for an in-process solver, the
// programs' process tree's for an outside one), the two kinds filled
// apart and named in the legend, solver names down the y axis in sorted
// order. The axis is linear over the data when the peaks span less than a
// factor of ten, and logarithmic (boxes computed on log10, as in
// TimeByGroup) when they span more, a peak of 0 (at or below the idle
// worker's) drawn at its left end. Observations without a measured peak
// are left out.
func MemoryBySolver(obs []Obs, st figure.Styles) (figure.Figure, error) {
	p := figure.NewPlot(memoryLabel, "", figure.ValueGrid(true))
	solvers := solverNames(obs)
	mems := make([][]float64, len(solvers))
	outside := make([]bool, len(solvers))
	var all []float64
	for i, solver := range solvers {
		for _, o := range obs {
			if o.Solver == solver && !math.IsNaN(o.OwnMem) {
				mems[i] = append(mems[i], o.OwnMem/(1<<20))
				outside[i] = outside[i] || o.External
			}
		}
		all = append(all, mems[i]...)
	}
	floor, wide := memoryScale(all)
	names := make([]string, len(solvers))
	kinds := make(map[bool]bool)
	for i, solver := range solvers {
		// The first solver at the top, as in the tables.
		loc := len(solvers) - 1 - i
		names[loc] = st.Name(solver)
		if len(mems[i]) == 0 {
			continue
		}
		fill := inProcessFill
		if outside[i] {
			fill = outsideFill
		}
		kinds[outside[i]] = true
		if err := addBox(p, fill, float64(loc), 1, memoryValues(mems[i], wide, floor), true); err != nil {
			return figure.Figure{}, fmt.Errorf("box plot %s: %w", solver, err)
		}
	}
	memoryAxis(&p.X, all, wide, floor)
	figure.Nominal(&p.Y, names)
	var legend []figure.LegendEntry
	if kinds[false] {
		legend = append(legend, figure.LegendEntry{Label: "in process: peak above the idle worker", Thumb: figure.Thumb{Color: inProcessFill, Fill: true}})
	}
	if kinds[true] {
		legend = append(legend, figure.LegendEntry{Label: "outside: the programs' process tree at its peak", Thumb: figure.Thumb{Color: outsideFill, Fill: true}})
	}
	return figure.Figure{Title: "How much memory does each pipeline hold itself at its peak?", Panels: []figure.Panel{{Plot: p, Legend: legend}},
		DataHeight: vg.Length(max(len(solvers), 3)) * memoryRow}, nil
}

// memoryLabel names the memory figure's axis: one memory for every
// pipeline, its own.
const memoryLabel = "own peak memory (MiB)"

// memoryScale decides the memory axis: logarithmic when the positive
// peaks span more than a factor of ten, from floor, the least positive
// peak (half of it where some peak is 0, which is drawn there).
func memoryScale(all []float64) (floor float64, wide bool) {
	var positive []float64
	zero := false
	for _, v := range all {
		if v > 0 {
			positive = append(positive, v)
		} else {
			zero = true
		}
	}
	if len(positive) == 0 {
		return 0, false
	}
	lo, hi := slices.Min(positive), slices.Max(positive)
	wide = hi > 10*lo
	if zero {
		lo /= 2
	}
	return lo, wide
}

func memoryValues(ms []float64, wide bool, floor float64) plotter.Values {
	vs := slices.Clone(ms)
	if wide {
		for i := range vs {
			vs[i] = math.Log10(math.Max(vs[i], floor))
		}
	}
	return vs
}

func memoryAxis(ax *plot.Axis, all []float64, wide bool, floor float64) {
	if wide {
		figure.LogValueAxis(ax, floor/1.2, slices.Max(all), figure.NumberTicks{})
		return
	}
	ax.Tick.Marker = figure.LinearTicks{}
}

// Scatter plots solver a's time (x) against solver b's (y) on the puzzles
// both ran, log-log, with the diagonal. The axes fit the solved times; a
// puzzle that either did not solve is drawn as a cross on a dashed border
// just beyond the slowest solved time.
func Scatter(obs []Obs, a, b string, m Measure, st figure.Styles) (figure.Figure, error) {
	p := figure.NewPlot(st.Name(a), st.Name(b), plotter.NewGrid())
	pairs := pairUp(obs, a, b)
	var all []float64
	for _, pr := range pairs {
		for _, o := range pr {
			if o.Solved {
				all = append(all, o.TimeNS/1e9)
			}
		}
	}
	lo, hi := figure.LogRange(all)
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
	if err := addGuides(p, lo, border); err != nil {
		return figure.Figure{}, err
	}
	var legend []figure.LegendEntry
	for _, set := range []struct {
		pts   plotter.XYs
		glyph draw.GlyphDrawer
		color color.Color
		label string
	}{
		{solved, draw.RingGlyph{}, color.Black, "both solved"},
		{unsolved, draw.CrossGlyph{}, figure.SlotColor(1), "unsolved by one (on the border)"},
	} {
		if len(set.pts) == 0 {
			continue
		}
		s, err := plotter.NewScatter(set.pts)
		if err != nil {
			return figure.Figure{}, fmt.Errorf("scatter: %w", err)
		}
		s.GlyphStyle.Shape, s.GlyphStyle.Color, s.GlyphStyle.Radius = set.glyph, set.color, figure.GlyphRadius
		p.Add(s)
		legend = append(legend, figure.LegendEntry{Label: set.label, Thumb: figure.Thumb{Color: set.color, Glyph: set.glyph}})
	}
	figure.LogValueAxis(&p.X, lo, border, figure.TimeTicks{})
	figure.LogValueAxis(&p.Y, lo, border, figure.TimeTicks{})
	title := fmt.Sprintf("Which takes less %s time on each puzzle, %s or %s?", m.Label(), a, b)
	return figure.Figure{Title: title, Panels: []figure.Panel{{Plot: p, Legend: legend}}, Aspect: 1, MaxWidth: figure.ColumnWidth.Length()}, nil
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

// addGuides draws the diagonal and the border, in log10 of seconds.
func addGuides(p *plot.Plot, lo, border float64) error {
	lo, border = math.Log10(lo), math.Log10(border)
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: border, Y: border}})
	if err != nil {
		return err
	}
	diag.Color, diag.Width = color.Gray{Y: 128}, vg.Points(0.5)
	edge, err := plotter.NewLine(plotter.XYs{{X: lo, Y: border}, {X: border, Y: border}, {X: border, Y: lo}})
	if err != nil {
		return err
	}
	edge.Color, edge.Width, edge.Dashes = color.Gray{Y: 160}, vg.Points(0.5), []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(diag, edge)
	return nil
}

// newStyles lays out the pipelines of obs for every figure of a report,
// their families' panels in the suite's order of families. With mixed
// set, pipelines that ran in first mode carry FirstModeMark.
func newStyles(obs []Obs, mixed bool) figure.Styles {
	var pipelines []figure.Pipeline
	for _, o := range obs {
		p := figure.Pipeline{Name: o.Solver, Family: o.Family}
		if mixed && o.Mode == "first" {
			p.Mark = FirstModeMark
		}
		// One for each run of equal ones (the observations are sorted
		// by solver): the styles are the same, and a study has as many
		// observations as runs.
		if n := len(pipelines); n == 0 || pipelines[n-1] != p {
			pipelines = append(pipelines, p)
		}
	}
	return figure.NewStyles(pipelines, solvers.Families())
}

// solverNames are the pipelines of obs, sorted, each once.
func solverNames(obs []Obs) []string {
	var names []string
	for _, o := range obs {
		names = append(names, o.Solver)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
