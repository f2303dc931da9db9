package report

import (
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/sudokubench/sudokubench/harness/report/figure"
)

// Cost chooses what a stochastic plot measures a solver's effort in.
type Cost int

const (
	// Time is the report's Measure of time.
	Time Cost = iota
	// Updates is attempted updates (CounterUpdates).
	Updates
)

func (c Cost) label(m Measure) string {
	if c == Updates {
		return "attempted updates"
	}
	return m.Label() + " time"
}

func (c Cost) ticks() plot.Ticker {
	if c == Updates {
		return figure.CountTicks{}
	}
	return figure.TimeTicks{}
}

// toSolution is a summary's TTS99 in seconds or its UTS99, with the
// interval; ok is false for a summary without it (a deterministic solver,
// updates not counted) or whose figure is 0.
func (c Cost) toSolution(s *Summary) (v, lo, hi float64, ok bool) {
	if c == Updates {
		v, lo, hi, ok = s.UTS99, s.UTS99Lo, s.UTS99Hi, s.CountsUpdates
	} else {
		v, lo, hi, ok = s.TTS99/1e9, s.TTS99Lo/1e9, s.TTS99Hi/1e9, s.Stochastic
	}
	// A group solved at no cost (singles settled every puzzle before any
	// sampling) has nothing to draw on a log axis.
	return v, lo, hi, ok && v > 0 && lo > 0
}

// RunCost is one run of a stochastic solver as SuccessByBudget sees it:
// whether it solved its puzzle, and what it cost.
type RunCost struct {
	Solver string
	Solved bool
	Cost   float64 // seconds of the report's Measure, or attempted updates
}

// RunCosts extracts the runs of the stochastic solvers with their cost in
// c; for Updates, only the runs that counted their updates.
func RunCosts(runs *Runs, stochastic map[string]bool, c Cost, m Measure) []RunCost {
	var out []RunCost
	for r := range runs.All() {
		updates, counted := r.Counters[CounterUpdates]
		if !stochastic[r.Solver] || c == Updates && !counted {
			continue
		}
		cost := m.of(r) / 1e9
		if c == Updates {
			cost = updates
		}
		out = append(out, RunCost{Solver: r.Solver, Solved: r.Solved(), Cost: cost})
	}
	return out
}

// SuccessByBudget draws, for each stochastic solver, the share of its runs
// solved within a budget of time or of updates (log axis): against
// updates the curve does not move with the machine's load.
func SuccessByBudget(runs []RunCost, c Cost, m Measure, st figure.Styles) (figure.Figure, error) {
	var all []float64
	solvers := make([]string, len(runs))
	for i, r := range runs {
		if r.Solved {
			all = append(all, r.Cost)
		}
		solvers[i] = r.Solver
	}
	slices.Sort(solvers)
	lo, hi := figure.LogRange(all)
	newPlot := func() *plot.Plot {
		p := figure.NewPlot(c.label(m)+" per run", "runs solved (%)", plotter.NewGrid())
		figure.LogValueAxis(&p.X, lo, hi, c.ticks())
		percentAxis(&p.Y)
		return p
	}
	panels, err := st.Panels(slices.Compact(solvers), newPlot, func(p *plot.Plot, f figure.Facet) ([]figure.LegendEntry, error) {
		var legend []figure.LegendEntry
		for _, solver := range f.Solvers {
			if err := addStep(p, st, solver, budgetCurve(runs, solver, lo)); err != nil {
				return nil, err
			}
			legend = append(legend, figure.LegendEntry{Label: st.Label(solver), Thumb: st.Thumb(solver, true, false, false, false)})
		}
		return legend, nil
	})
	return figure.Figure{Title: "How many runs of each stochastic pipeline succeed within a budget of " + c.label(m) + "?", Panels: panels}, err
}

// budgetCurve is a solver's step line for SuccessByBudget: x log10 of a
// budget from lo, y the percentage of its runs solved within it.
func budgetCurve(runs []RunCost, solver string, lo float64) plotter.XYs {
	var costs []float64
	n := 0
	for _, r := range runs {
		if r.Solver == solver {
			n++
			if r.Solved {
				costs = append(costs, r.Cost)
			}
		}
	}
	slices.Sort(costs)
	pts := plotter.XYs{{X: math.Log10(lo), Y: 0}}
	for i, v := range costs {
		pts = append(pts, plotter.XY{X: math.Log10(math.Max(v, lo)), Y: 100 * float64(i+1) / float64(n)})
	}
	return pts
}

// TTS99ByGroup draws each stochastic solver's time (or updates) to 99%
// confidence per group with its interval, on a log axis: over hint counts
// a line with the interval as a band, per corpus a point with a bar. sums
// must come from Summarize with g. A group where no read succeeded has no
// finite value and no point; an interval without a finite upper end runs
// to the top of the plot.
func TTS99ByGroup(sums []Summary, g Grouper, c Cost, m Measure, st figure.Styles) (figure.Figure, error) {
	name := map[Cost]string{Time: "TTS99", Updates: "UTS99"}[c]
	sums = withCost(sums, c)
	var finite []float64
	for i := range sums {
		v, vlo, vhi, _ := c.toSolution(&sums[i])
		for _, x := range []float64{v, vlo, vhi} {
			if !math.IsInf(x, 0) {
				finite = append(finite, x)
			}
		}
	}
	groups, solvers := groupsAndSolvers(sums)
	s := series{grouper: g, groups: groups}
	lo, hi := figure.LogRange(finite)
	top := hi * 1.2
	newPlot := func() *plot.Plot {
		p := figure.NewPlot(g.Name(), c.label(m)+" to 99% ("+name+")", figure.ValueGrid(false))
		s.axis(p)
		figure.LogValueAxis(&p.Y, lo, hi, c.ticks())
		return p
	}
	panels, err := st.Panels(solvers, newPlot, func(p *plot.Plot, f figure.Facet) ([]figure.LegendEntry, error) {
		var legend []figure.LegendEntry
		for si, solver := range f.Solvers {
			if err := s.add(p, st, solver, si, len(f.Solvers), toSolutionPoints(summariesOf(sums, solver), c, top)); err != nil {
				return nil, err
			}
			legend = append(legend, figure.LegendEntry{Label: st.Label(solver), Thumb: s.thumb(st, solver)})
		}
		return legend, nil
	})
	what := map[Cost]string{Time: "How long does each stochastic pipeline take", Updates: "How many updates does each stochastic pipeline take"}[c]
	return figure.Figure{Title: what + " to solve a puzzle with 99% confidence, by " + noun(g) + "?", Panels: panels}, err
}

// toSolutionPoints are a solver's points in TTS99ByGroup: log10 of its
// figure in each group with the interval, the interval's upper end cut at
// top; NaN where no read succeeded.
func toSolutionPoints(sums []Summary, c Cost, top float64) []point {
	var pts []point
	for i := range sums {
		v, lo, hi, _ := c.toSolution(&sums[i])
		y := math.Log10(v)
		if math.IsInf(v, 1) {
			y = math.NaN()
		}
		pts = append(pts, point{group: sums[i].Group, y: y, lo: math.Log10(lo), hi: math.Log10(math.Min(hi, top)), n: sums[i].N})
	}
	return pts
}

// withCost returns the summaries that have a figure to a solution in c.
func withCost(sums []Summary, c Cost) []Summary {
	var out []Summary
	for i := range sums {
		if _, _, _, ok := c.toSolution(&sums[i]); ok {
			out = append(out, sums[i])
		}
	}
	return out
}

// stochasticFigures draws, for the report's stochastic solvers, the share
// of runs solved within a budget and TTS99 by each section's grouping, in
// time and, for those that count them, in attempted updates; nothing when
// no solver is stochastic.
func (r *Report) stochasticFigures() ([]figure.Figure, error) {
	m := r.FigureMeasure
	var figs []figure.Figure
	for _, c := range []Cost{Time, Updates} {
		runs := RunCosts(r.Data.Runs, r.Kinds.Stochastic, c, m)
		if len(runs) == 0 {
			continue
		}
		f, err := SuccessByBudget(runs, c, m, r.Styles)
		if err != nil {
			return nil, err
		}
		f.Name = "success-by-" + map[Cost]string{Time: "time", Updates: "updates"}[c]
		f.Caption = "Share of each stochastic solver's runs solved within a budget of " + c.label(m) + "."
		figs = append(figs, f)
		for _, sec := range r.Sections {
			f, err := r.toSolutionFigure(sec, c)
			if err != nil {
				return nil, err
			}
			figs = append(figs, f)
		}
	}
	return figs, nil
}

// toSolutionFigure is TTS99ByGroup for a section, named and captioned.
func (r *Report) toSolutionFigure(sec Section, c Cost) (figure.Figure, error) {
	name := sec.Grouper.Name()
	f, err := TTS99ByGroup(sec.FigureSummaries, sec.Grouper, c, r.FigureMeasure, r.Styles)
	f.Name = "tts99-by-" + name
	f.Caption = "Time to a solution with 99% confidence (TTS99) by " + name + ", intervals from the Wilson interval of the success per read."
	if c == Updates {
		f.Name = "uts99-by-" + name
		f.Caption = "Attempted updates to a solution with 99% confidence (UTS99) by " + name + ", intervals from the Wilson interval of the success per read."
	}
	return f, err
}
