package report

import (
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/sudokubench/sudokubench/harness/record"
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
		return countTicks{}
	}
	return timeTicks{}
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
func RunCosts(recs []record.Record, stochastic map[string]bool, c Cost, m Measure) []RunCost {
	var out []RunCost
	for i := range recs {
		r := &recs[i]
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

// SuccessByBudget plots, for each stochastic solver, the share of its runs
// solved within a budget of time or of updates (log axis): against
// updates the curve does not move with the machine's load.
func SuccessByBudget(runs []RunCost, c Cost, m Measure, st Styles) (*plot.Plot, error) {
	p := newPlot("Runs solved within a budget", c.label(m)+" per run", "runs solved (%)", plotter.NewGrid())
	var all []float64
	solvers := make([]string, len(runs))
	for i, r := range runs {
		if r.Solved {
			all = append(all, r.Cost)
		}
		solvers[i] = r.Solver
	}
	slices.Sort(solvers)
	lo, hi := logRange(all)
	for _, solver := range slices.Compact(solvers) {
		if err := addLine(p, st, solver, budgetCurve(runs, solver, lo)); err != nil {
			return nil, err
		}
	}
	logValueAxis(&p.X, lo, hi, c.ticks())
	percentAxis(&p.Y, 105)
	return p, nil
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

// TTS99ByGroup plots each stochastic solver's time (or updates) to 99%
// confidence per group with its interval, on a log axis; sums must come
// from Summarize with the same Grouper. A group where no read succeeded
// has no finite value and no point; an interval without a finite upper
// end runs to the top of the plot.
func TTS99ByGroup(sums []Summary, groupName string, c Cost, m Measure, st Styles) (*plot.Plot, error) {
	name := map[Cost]string{Time: "TTS99", Updates: "UTS99"}[c]
	p := newPlot(name+" by "+groupName+" (95% intervals)", groupName, c.label(m)+" to 99%", valueGrid(false))
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
	lo, hi := logRange(finite)
	top := hi * 1.2
	for si, solver := range solvers {
		pts := toSolutionPoints(sums, c, groups, solvers, si, top)
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

// toSolutionPoints are solver si's points in TTS99ByGroup: x its slot in
// each group, y log10 of its figure with the interval, the interval's
// upper end cut at top.
func toSolutionPoints(sums []Summary, c Cost, groups []Group, solvers []string, si int, top float64) rates {
	var pts rates
	for i := range sums {
		v, lo, hi, _ := c.toSolution(&sums[i])
		if sums[i].Solver != solvers[si] || math.IsInf(v, 1) {
			continue
		}
		x := offset(slices.Index(groups, sums[i].Group), si, len(solvers))
		pts = append(pts, rate{x: x, y: math.Log10(v), lo: math.Log10(lo), hi: math.Log10(math.Min(hi, top))})
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
func (r *Report) stochasticFigures() ([]Figure, error) {
	m := r.Config.Measure
	var figs []Figure
	for _, c := range []Cost{Time, Updates} {
		runs := RunCosts(r.Data.Records, r.Kinds.Stochastic, c, m)
		if len(runs) == 0 {
			continue
		}
		p, err := SuccessByBudget(runs, c, m, r.Styles)
		if err != nil {
			return nil, err
		}
		unit := map[Cost]string{Time: "time", Updates: "updates"}[c]
		figs = append(figs, Figure{Name: "success-by-" + unit, Plot: p,
			Caption: "Share of each stochastic solver's runs solved within a budget of " + c.label(m) + "."})
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
func (r *Report) toSolutionFigure(sec Section, c Cost) (Figure, error) {
	name := sec.Grouper.Name()
	p, err := TTS99ByGroup(sec.Summaries, name, c, r.Config.Measure, r.Styles)
	if err != nil {
		return Figure{}, err
	}
	groups, solvers := groupsAndSolvers(withCost(sec.Summaries, c))
	f := Figure{Name: "tts99-by-" + name, Plot: p, Width: GroupedWidth(len(groups), len(solvers)),
		Caption: "Time to a solution with 99% confidence (TTS99) by " + name + ", intervals from the Wilson interval of the success per read."}
	if c == Updates {
		f.Name = "uts99-by-" + name
		f.Caption = "Attempted updates to a solution with 99% confidence (UTS99) by " + name + ", intervals from the Wilson interval of the success per read."
	}
	return f, nil
}
