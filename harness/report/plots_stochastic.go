package report

import (
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// Cost chooses what a stochastic plot measures a solver's effort in.
type Cost int

const (
	// Time is the report's Measure of time.
	Time Cost = iota
	// Updates is attempted updates (CounterUpdates).
	Updates
)

func (c Cost) of(e Effort) float64 {
	if c == Updates {
		return e.Updates
	}
	return e.TimeNS / 1e9
}

func (c Cost) label(m Measure) string {
	if c == Updates {
		return "attempted updates"
	}
	return m.Label() + " time"
}

func (c Cost) ticks() plot.Ticker {
	if c == Updates {
		return countTicks{}
	}
	return timeTicks{}
}

// SuccessByBudget plots, for each stochastic solver, the share of its runs
// solved within a budget of time or of updates (log axis): against
// updates the curve does not move with the machine's load.
func SuccessByBudget(es []Effort, c Cost, m Measure, st Styles) (*plot.Plot, error) {
	p := newPlot("Runs solved within a budget", c.label(m)+" per run", "runs solved (%)", plotter.NewGrid())
	var all []float64
	for _, e := range es {
		if e.Solved {
			all = append(all, c.of(e))
		}
	}
	lo, hi := logRange(all)
	for _, solver := range effortSolvers(es) {
		if err := addLine(p, st, solver, budgetCurve(es, solver, c, lo)); err != nil {
			return nil, err
		}
	}
	logValueAxis(&p.X, lo, hi, c.ticks())
	p.Y.Min, p.Y.Max = 0, 105
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "0"}, {Value: 25, Label: "25"},
		{Value: 50, Label: "50"}, {Value: 75, Label: "75"}, {Value: 100, Label: "100"}}
	return p, nil
}

// budgetCurve is a solver's step line for SuccessByBudget: x log10 of a
// budget from lo, y the percentage of its runs solved within it.
func budgetCurve(es []Effort, solver string, c Cost, lo float64) plotter.XYs {
	var costs []float64
	runs := 0
	for _, e := range es {
		if e.Solver == solver {
			runs++
			if e.Solved {
				costs = append(costs, c.of(e))
			}
		}
	}
	slices.Sort(costs)
	pts := plotter.XYs{{X: math.Log10(lo), Y: 0}}
	for i, v := range costs {
		pts = append(pts, plotter.XY{X: math.Log10(math.Max(v, lo)), Y: 100 * float64(i+1) / float64(runs)})
	}
	return pts
}

// TTS99ByGroup plots each solver's time (or updates) to 99% confidence per
// group with its interval, on a log axis. A group where no read succeeded
// has no finite value and no point; an interval without a finite upper
// end runs to the top of the plot.
func TTS99ByGroup(sums []EffortSummary, groupName string, c Cost, m Measure, st Styles) (*plot.Plot, error) {
	name := "TTS99"
	if c == Updates {
		name = "UTS99"
	}
	p := newPlot(name+" by "+groupName+" (95% intervals)", groupName, c.label(m)+" to 99%", valueGrid(false))
	value := func(s EffortSummary) (v, lo, hi float64) {
		if c == Updates {
			return s.UTS99, s.UTS99Lo, s.UTS99Hi
		}
		return s.TTS99 / 1e9, s.TTS99Lo / 1e9, s.TTS99Hi / 1e9
	}
	var finite []float64
	var groups []Group
	for _, s := range sums {
		groups = append(groups, s.Group)
		v, vlo, vhi := value(s)
		for _, x := range []float64{v, vlo, vhi} {
			if !math.IsInf(x, 0) {
				finite = append(finite, x)
			}
		}
	}
	groups = sortGroups(groups)
	lo, hi := logRange(finite)
	top := hi * 1.2
	solvers := effortSummarySolvers(sums)
	for si, solver := range solvers {
		var pts rates
		for _, s := range sums {
			v, vlo, vhi := value(s)
			if s.Solver != solver || math.IsInf(v, 1) {
				continue
			}
			x := offset(slices.Index(groups, s.Group), si, len(solvers))
			pts = append(pts, rate{x: x, y: math.Log10(v), lo: math.Log10(vlo), hi: math.Log10(math.Min(vhi, top))})
		}
		if len(pts) == 0 {
			continue
		}
		if err := addRates(p, st, solver, pts); err != nil {
			return nil, err
		}
	}
	logValueAxis(&p.Y, lo, hi, c.ticks())
	nominal(&p.X, labels(groups))
	return p, nil
}

func effortSolvers(es []Effort) []string {
	var names []string
	for _, e := range es {
		names = append(names, e.Solver)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

func effortSummarySolvers(sums []EffortSummary) []string {
	es := make([]Effort, len(sums))
	for i, s := range sums {
		es[i].Solver = s.Solver
	}
	return effortSolvers(es)
}

// countTicks labels counts with metric suffixes: "1 k", "10 M".
type countTicks struct{}

// Ticks implements plot.Ticker.
func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, countLabel)
}

// countLabel writes a count in the largest metric unit that keeps the
// number at least 1: "500", "2 k", "10 M".
func countLabel(v float64) string {
	units := []string{"", " k", " M", " G", " T"}
	i := 0
	for v >= 999.5 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) + units[i]
}

// stochasticFigures draws the effort plots of a report's sections, or
// nothing when no stochastic solver counted its updates.
func (r *Report) stochasticFigures() ([]Figure, error) {
	es := Efforts(r.Data.Records, ByCorpus{}, r.Config.Measure)
	if len(es) == 0 {
		return nil, nil
	}
	var figs []Figure
	for _, c := range []Cost{Time, Updates} {
		p, err := SuccessByBudget(es, c, r.Config.Measure, r.Styles)
		if err != nil {
			return nil, err
		}
		unit := map[Cost]string{Time: "time", Updates: "updates"}[c]
		figs = append(figs, Figure{Name: "success-by-" + unit, Plot: p,
			Caption: "Share of each stochastic solver's runs solved within a budget of " + c.label(r.Config.Measure) + "."})
	}
	for _, sec := range r.Sections {
		name := sec.Grouper.Name()
		sums := SummarizeEfforts(Efforts(r.Data.Records, sec.Grouper, r.Config.Measure))
		width := GroupedWidth(len(effortGroups(sums)), len(effortSummarySolvers(sums)))
		for _, c := range []Cost{Time, Updates} {
			p, err := TTS99ByGroup(sums, name, c, r.Config.Measure, r.Styles)
			if err != nil {
				return nil, err
			}
			stem := map[Cost]string{Time: "tts99-by-", Updates: "uts99-by-"}[c]
			figs = append(figs, Figure{Name: stem + name, Plot: p, Width: width,
				Caption: "Time (TTS99) or updates (UTS99) to a solution with 99% confidence by " + name + ", intervals from the Wilson interval of the success per read."})
		}
	}
	return figs, nil
}

func effortGroups(sums []EffortSummary) []Group {
	var gs []Group
	for _, s := range sums {
		gs = append(gs, s.Group)
	}
	return sortGroups(gs)
}
