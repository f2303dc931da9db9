package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers"
)

// TimePart says which part of an outside program's time a report shows:
// the whole solve, its process start-up included, or its own time, the
// solve less the measured start-up (Measure). For an in-process solver
// the two are the same.
type TimePart int

const (
	// PartDefault shows both where the report holds outside programs:
	// tables on the whole time with an own median column beside it,
	// figures and the portfolio on own time (the start-up, alike for
	// every puzzle, would crowd the programs' curves together at its own
	// level, and decide the fastest pipeline on every easy puzzle), each
	// table note and figure caption saying which. Where some outside run holds
	// no measured CPU start-up (records written before it was measured),
	// everything is on the whole time and the setup says why.
	PartDefault TimePart = iota
	// PartTotal shows the whole time everywhere.
	PartTotal
	// PartOwn shows own time everywhere; New refuses it where some
	// outside run holds no measured start-up.
	PartOwn
)

// timeParts decides a report's measures, the one rule of whose time it
// shows: the tables', the figures' (the portfolio's too, NewPortfolios),
// whether tables add an own median column, and the reason own time is
// not shown where it was meant to be ("" where it is, or was not meant).
func timeParts(c Config, runs *Runs, kinds Kinds) (tables, figures Measure, ownColumn bool, why string, err error) {
	return decideTimeParts(c, kinds, func() []string { return withoutStartup(runs, kinds.External) })
}

// decideTimeParts is timeParts given the outside pipelines whose runs
// hold no measured start-up, sorted (withoutStartup), asked for where
// needed.
func decideTimeParts(c Config, kinds Kinds, withoutStartup func() []string) (tables, figures Measure, ownColumn bool, why string, err error) {
	part := c.Part
	if c.Measure.Own() {
		part = PartOwn
	}
	clock := c.Measure.Clock()
	if part == PartTotal || len(kinds.External) == 0 {
		return clock, clock, false, "", nil
	}
	missing := withoutStartup()
	switch {
	case part == PartOwn && len(missing) > 0:
		return 0, 0, false, "", ownRefused(missing)
	case part == PartOwn:
		return clock.WithOwn(), clock.WithOwn(), false, "", nil
	case len(missing) > 0:
		return clock, clock, false, missingStartup(missing), nil
	}
	return clock, clock.WithOwn(), true, "", nil
}

// withoutStartup lists the outside pipelines with a run that called
// programs but holds no measured CPU start-up. (An in-process solver's
// own count of solves, gophersat's, is no call of a program.)
func withoutStartup(runs *Runs, outside map[string]bool) []string {
	var out []string
	for r := range runs.All() {
		if _, _, ok := r.Own(); !ok && outside[r.Solver] {
			out = append(out, r.Solver)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// CheckOwnTime refuses own time where some outside pipeline's run holds
// no measured CPU start-up, naming the pipelines, as a report refuses
// PartOwn, so that compare --own means what report --own does. outside
// says which solvers run outside programs where records do not (nil:
// only the records' word, as Config.Outside).
func CheckOwnTime(runs *Runs, outside func(solver string) bool) error {
	kinds := DetectKinds(runs)
	if outside != nil {
		kinds.MarkOutside(runs, outside)
	}
	if missing := withoutStartup(runs, kinds.External); len(missing) > 0 {
		return ownRefused(missing)
	}
	return nil
}

func ownRefused(missing []string) error {
	return fmt.Errorf("own time asked for, but %s", missingStartup(missing))
}

// missingStartup says why own time cannot be shown.
func missingStartup(solvers []string) string {
	return fmt.Sprintf("the records of %s were written before outside programs' start-up was measured by the CPU clock (startup_cpu_ns): their own time is unknown", namesList(solvers, 3))
}

// namesList names up to n names, and counts the rest.
func namesList(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// timesCaption is what a figure of times says about them where the
// report holds outside programs: whether their start-up is in, and what
// own time still holds.
func (r *Report) timesCaption() string {
	if len(r.Kinds.External) == 0 {
		return ""
	}
	m := r.FigureMeasure
	if m.Own() {
		return fmt.Sprintf(" Times are %s time: outside programs' process start-up, measured per worker on a trivial puzzle (per call in the setup), is taken out of each call, never below zero; %s", m.Label(), lower(ownHolds))
	}
	s := fmt.Sprintf(" Times are %s time, outside programs' process start-up included, once per call (twice per puzzle in unique mode where the first solution is blocked).", m.Label())
	if r.OwnUnavailable != "" {
		s += " Own time is not shown: " + r.OwnUnavailable + "."
	}
	return s
}

func lower(s string) string { return strings.ToLower(s[:1]) + s[1:] }

// startupLine is the setup's line on outside programs' start-up: each
// pipeline's start-up of one call by the CPU and the wall clock, as its
// workers measured it (a range over workers), "" where no run called an
// outside program.
func startupLine(runs *Runs) string {
	type clocks struct{ cpu, wall []time.Duration }
	by := make(map[string]*clocks)
	for r := range runs.All() {
		wall, cpu, ok := startupOf(r)
		if !ok {
			continue
		}
		c := by[r.Solver]
		if c == nil {
			c = &clocks{}
			by[r.Solver] = c
		}
		if cpu >= 0 {
			c.cpu = append(c.cpu, cpu)
		}
		c.wall = append(c.wall, wall)
	}
	if len(by) == 0 {
		return ""
	}
	var parts []string
	for _, s := range slices.Sorted(maps.Keys(by)) {
		c := by[s]
		if len(c.cpu) == 0 {
			parts = append(parts, fmt.Sprintf("%s %s wall, CPU not measured", s, durationRange(c.wall)))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s CPU, %s wall", s, durationRange(c.cpu), durationRange(c.wall)))
	}
	return strings.Join(parts, "; ")
}

// startupOf is a run's start-up per call: by the wall clock, and by the
// CPU clock (-1 where records predate its measurement); ok is false for
// a run that called no outside program.
func startupOf(r *record.Record) (wall, cpu time.Duration, ok bool) {
	if wall, cpu, ok := r.StartupPerCall(); ok {
		return wall, cpu, true
	}
	counters := solvers.Counters(r.Counters)
	calls, _ := counters.Get(solvers.Calls)
	startup, has := counters.Get(solvers.Startup)
	if calls == 0 || !has {
		return 0, 0, false
	}
	return time.Duration(startup / calls), -1, true
}

// durationRange writes the least and the most of ds, or one value.
func durationRange(ds []time.Duration) string {
	lo, hi := slices.Min(ds), slices.Max(ds)
	if table.FormatDuration(float64(lo)) == table.FormatDuration(float64(hi)) {
		return table.FormatDuration(float64(lo))
	}
	return table.FormatDuration(float64(lo)) + "-" + table.FormatDuration(float64(hi))
}

// timingLine is the setup's line on how the runs were timed (the
// records' timing): by the CPU clock around the solve, or in a window of
// untimed solves (docs/measurement.md).
func timingLine(runs *Runs) string {
	count := make(map[string]int)
	for r := range runs.All() {
		t := r.Timing
		if t == "" {
			t = "cpu-clock" // records written before timing was recorded
		}
		count[t]++
	}
	about := map[string]string{
		"cpu-clock":          "by the CPU clock around the solve",
		"window":             "in a window of untimed solves (short in-process solves)",
		"window-interrupted": "in a window whose thread lost the processor (CPU time estimated)",
	}
	var parts []string
	for _, t := range []string{"cpu-clock", "window", "window-interrupted"} {
		if n := count[t]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, about[t]))
			delete(count, t)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(count)) {
		parts = append(parts, fmt.Sprintf("%d %q", count[t], t))
	}
	return strings.Join(parts, "; ")
}
