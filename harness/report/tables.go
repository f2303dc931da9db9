package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// reportedStatuses are the unsolved statuses given a column each.
var reportedStatuses = []string{"timeout", "memout", "crash", "wrong", "error", "gave-up"}

// FirstModeMark follows the name of a solver that ran in first mode in a
// report that also holds unique-mode runs.
const FirstModeMark = "†"

// TableOptions say how summaries are laid out.
type TableOptions struct {
	Measure Measure
	// MixedModes marks first-mode rows, which then do not compete for
	// best: the report also holds unique-mode rows.
	MixedModes bool
	// NoGroup leaves out the group column (a table of one group).
	NoGroup bool
	// OwnColumn adds the column "own median" (Summary.OwnMedian) to a
	// table on whole time that holds outside pipelines.
	OwnColumn bool
}

// firstModeNote explains the rows marked FirstModeMark.
const firstModeNote = FirstModeMark + " first mode: an incomplete solver, run to find any solution. It did not prove uniqueness, so its times do not stand beside the unique-mode rows', nor compete with them for best."

// SummaryTable lays out summaries, one row per group and solver, with the
// best value of each column marked among the solvers of a group. g names
// the group column.
func SummaryTable(sums []Summary, g Grouper, o TableOptions) *table.Table {
	var f tableFacts
	for _, s := range sums {
		f.small = f.small || s.Small
		f.unmeasured = f.unmeasured || s.UnmeasuredTime
		f.external = f.external || s.External
		f.oldMem = f.oldMem || s.OldMem
		f.limits = append(f.limits, s.LimitNS)
	}
	o.OwnColumn = o.OwnColumn && f.external && !o.Measure.Own()
	t := &table.Table{Title: "Results by " + g.Name() + timeTitle(o.Measure, f.external), Columns: summaryColumns(g.Name(), o)}
	if o.NoGroup {
		t.Title = "Results over every puzzle run" + timeTitle(o.Measure, f.external)
	}
	for _, s := range sortedByGroup(sums) {
		row := summaryRow(&s, o)
		t.Rows = append(t.Rows, row)
		f.firstMode = f.firstMode || row.Apart
	}
	t.MarkBest()
	t.Notes = summaryNotes(o, f)
	return t
}

// tableFacts are what a summary table's notes need to say.
type tableFacts struct {
	limits                                         []float64
	small, unmeasured, firstMode, external, oldMem bool
}

// timeTitle is what a table's title adds about its times when it holds
// outside pipelines: whether they include the programs' start-up.
func timeTitle(m Measure, external bool) string {
	if !external {
		return ""
	}
	if m.Own() {
		return " (" + m.Label() + " time: outside programs' start-up taken out)"
	}
	return " (" + m.Label() + " time: outside programs' start-up included)"
}

func sortedByGroup(sums []Summary) []Summary {
	s := slices.Clone(sums)
	slices.SortStableFunc(s, func(a, b Summary) int {
		return cmp.Or(a.Group.Compare(b.Group), cmp.Compare(a.Solver, b.Solver), cmp.Compare(a.Mode, b.Mode))
	})
	return s
}

// summaryColumns are every column of a summary table; Keep ranks those of
// the compact view: success with its interval, median, PAR-2 and memory
// (the solver's own first: the Go runtime is not the solver's).
func summaryColumns(groupName string, o TableOptions) []table.Column {
	cols := []table.Column{{Name: "solver", Keep: 10}}
	if !o.NoGroup {
		cols = append(cols, table.Column{Name: groupName, CSV: []string{"group"}, Keep: 10, Group: true})
	}
	cols = append(cols,
		table.Column{Name: "n", Right: true, Keep: 9},
		table.Column{Name: "solved", Right: true, Better: table.Higher},
		table.Column{Name: "success [95% CI]", CSV: []string{"success", "success_lo", "success_hi"}, Right: true, Better: table.Higher, Keep: 9},
		table.Column{Name: "unsolved", Keep: 5},
	)
	for _, st := range reportedStatuses {
		cols = append(cols, table.Column{Name: st, Right: true})
	}
	cols = append(cols,
		table.Column{Name: "PAR-2", Unit: table.Duration, CSV: []string{"par2_ns"}, Right: true, Better: table.Lower, Keep: 7},
		table.Column{Name: "median", Unit: table.Duration, CSV: []string{"median_ns"}, Right: true, Better: table.Lower, Keep: 8},
	)
	if o.OwnColumn {
		cols = append(cols, table.Column{Name: "own median", Unit: table.Duration, CSV: []string{"own_median_ns"}, Right: true, Better: table.Lower, Keep: 8})
	}
	return append(cols,
		table.Column{Name: "IQR", Unit: table.Duration, CSV: []string{"iqr_ns"}, Right: true},
		table.Column{Name: "p90", Unit: table.Duration, CSV: []string{"p90_ns"}, Right: true, Better: table.Lower},
		table.Column{Name: "max", Unit: table.Duration, CSV: []string{"max_ns"}, Right: true, Better: table.Lower},
		table.Column{Name: "own mem", Unit: table.Bytes, CSV: []string{"own_mem_bytes"}, Right: true, Better: table.Lower, Keep: 6},
		table.Column{Name: "own mem max", Unit: table.Bytes, CSV: []string{"own_mem_max_bytes"}, Right: true, Better: table.Lower},
	)
}

// solverLabel is the solver's name, marked when it ran in first mode
// beside unique-mode runs.
func solverLabel(solver, mode string, mixed bool) string {
	if mixed && mode == "first" {
		return solver + " " + FirstModeMark
	}
	return solver
}

func summaryRow(s *Summary, o TableOptions) table.Row {
	label := solverLabel(s.Solver, s.Mode, o.MixedModes)
	n := table.IntCell(s.N)
	if s.Small {
		n.Text += "*"
	}
	cells := []table.Cell{{Text: label, Raw: []string{s.Solver}, Value: math.NaN()}}
	if !o.NoGroup {
		cells = append(cells, table.TextCell(s.Group.Label))
	}
	cells = append(cells, n, table.IntCell(s.Solved), table.RateCell(s.Rate, s.RateLo, s.RateHi), unsolvedCell(s.Statuses))
	for _, st := range reportedStatuses {
		cells = append(cells, table.IntCell(s.Statuses[st]))
	}
	cells = append(cells, table.DurationCell(s.PAR2), table.DurationCell(s.Median))
	if o.OwnColumn {
		cells = append(cells, table.DurationCell(s.OwnMedian))
	}
	apart := s.External && s.OldMem // a sum of programs' peaks: no one figure
	cells = append(cells, table.DurationCell(s.IQR()), table.DurationCell(s.P90), table.DurationCell(s.Max),
		memCell(s.OwnMem, apart), memCell(s.OwnMemMax, apart))
	return table.Row{Set: s.Group.Label, Small: s.Small, Apart: label != s.Solver, Cells: cells}
}

// unsolvedCell lists the unsolved statuses with their counts: "2 timeout,
// 1 wrong", "–" for none.
func unsolvedCell(statuses map[string]int) table.Cell {
	var parts []string
	for _, st := range reportedStatuses {
		if n := statuses[st]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, st))
		}
	}
	text := strings.Join(parts, ", ")
	if text == "" {
		text = "–"
	}
	return table.Cell{Text: text, Raw: []string{strings.Join(parts, ";")}, Value: math.NaN()}
}

func summaryNotes(o TableOptions, f tableFacts) []string {
	notes := []string{
		"n counts puzzles. A deterministic solver's repetitions on a puzzle fold into one observation (most frequent status, median time); a stochastic solver's puzzle counts as solved when more than half of its runs solved it, its time being the median over its runs with unsolved runs at their limit.",
		timeNote(o, f.external),
		parNote(f.limits),
		memNote(f.oldMem),
	}
	if f.firstMode {
		notes = append(notes, firstModeNote)
	}
	if f.small {
		notes = append(notes, fmt.Sprintf("* fewer than %d puzzles: the interval is wide and no best value is marked in the group.", MinN))
	}
	if f.unmeasured {
		notes = append(notes, "Some solved runs recorded a time of 0 (below the clock's resolution).")
	}
	return notes
}

// timeNote says what a table's times are, and for outside pipelines
// whether they hold the programs' start-up and what own time still holds.
func timeNote(o TableOptions, external bool) string {
	note := fmt.Sprintf("Times are %s time of the solve over solved puzzles (solved, unsat, or multiple in unique mode); quantiles are type 7; success intervals are Wilson 95%%.", o.Measure.Label())
	switch {
	case !external:
		return note
	case o.Measure.Own():
		return note + " " + ownTimeNote + " " + ownHolds
	case o.OwnColumn:
		return note + " An outside program's times include its process start-up, once per call (twice per puzzle in unique mode where the first solution is blocked; per call in the setup); own median leaves it out (never below zero), and is the median itself for in-process solvers. " + ownHolds
	}
	return note + " " + wholeTimeNote
}

// What an outside program's time holds, as notes say it: the whole time,
// and own time.
const (
	wholeTimeNote = "An outside program's times include its process start-up, once per call (per call in the setup)."
	ownTimeNote   = "An outside program's time is its own: the solve less the programs' process start-up, measured per worker on a trivial puzzle for each call (see the setup), never below zero."
)

// ownHolds says what own time still holds.
const ownHolds = "Own time still holds posing the puzzle, writing and parsing the model file, reading the answer, and writing a proof where one was asked for."

// parNote states the limit PAR-2 charges: one figure, or each run's own.
func parNote(limits []float64) string {
	var known []float64
	for _, l := range limits {
		if !math.IsNaN(l) && l > 0 {
			known = append(known, l)
		}
	}
	switch {
	case len(known) == 0:
		return "PAR-2 needs a limit and none was recorded: it is shown only where every puzzle was solved."
	case len(known) < len(limits) || slices.Min(known) != slices.Max(known):
		return "PAR-2 counts each unsolved puzzle as 2 × its own run's limit (the runs had different limits)."
	}
	return fmt.Sprintf("PAR-2 counts each unsolved puzzle as 2 × the %s limit.", table.FormatDuration(known[0]))
}

func memNote(old bool) string {
	note := "own mem is each pipeline's own peak memory, the median over puzzles (the wide table's own mem max: the largest): for an in-process solver its worker's peak above the idle worker's (the Go runtime and the solver as built, about 17-19 MiB, are not the solver's); for an outside one the most its programs' process tree held at one time. The worker's whole peak stays in the records (peak_rss_bytes); n/a where not measured."
	if old {
		note += " Some records predate own memory (own_peak_bytes): for them it is, in process, the worker's peak less the idle worker's, and for outside programs the sum of their processes' peaks, an upper bound where processes ran one after another, which is not compared for best."
	}
	return note
}

// StochasticTable lays out the summaries of stochastic solvers: success per
// read, mean time per read and TTS99 with its interval, and where a row
// counts attempted updates, updates per read and UTS99 with its interval.
// It returns nil when there are none.
func StochasticTable(sums []Summary, g Grouper, o TableOptions) *table.Table {
	var rows []Summary
	for _, s := range sortedByGroup(sums) {
		if s.Stochastic {
			rows = append(rows, s)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	updates := slices.ContainsFunc(rows, func(s Summary) bool { return s.CountsUpdates })
	t := &table.Table{Title: "Stochastic solvers by " + g.Name(), Columns: stochasticColumns(g.Name(), o.NoGroup, updates)}
	for _, s := range rows {
		t.Rows = append(t.Rows, stochasticRow(&s, o, updates))
	}
	t.MarkBest()
	t.Notes = []string{fmt.Sprintf("Every run is a read unless it records %q and %q counters; time/read is %s time, a timed-out run costing its limit; TTS99 = t·ln(0.01)/ln(1−p), t once p ≥ 0.99, ∞ at p = 0, its interval from the Wilson 95%% interval of p over the reads of all runs.",
		CounterReads, CounterReadsSolved, o.Measure.Label())}
	if updates {
		t.Notes = append(t.Notes, fmt.Sprintf("UTS99 is the same in attempted updates (counter %q, – where not counted), t the mean updates per read: work that does not move with the machine's speed or load.", CounterUpdates))
	}
	if slices.ContainsFunc(t.Rows, func(r table.Row) bool { return strings.HasSuffix(r.Cells[0].Text, FirstModeMark) }) {
		t.Notes = append(t.Notes, firstModeNote)
	}
	return t
}

// stochasticColumns are every column of a stochastic table, the update
// columns only when a row counts updates. Keep ranks those of the compact
// view, which fits 100 columns: reads, success per read, time per read and
// TTS99 with its interval; where updates are counted, success per read,
// TTS99 and UTS99 with their intervals, the rest only in the wide view.
func stochasticColumns(groupName string, noGroup, updates bool) []table.Column {
	readsKeep, timeKeep := 9, 8
	if updates {
		readsKeep, timeKeep = 0, 0
	}
	cols := []table.Column{{Name: "solver", Keep: 10}}
	if !noGroup {
		cols = append(cols, table.Column{Name: groupName, CSV: []string{"group"}, Keep: 10, Group: true})
	}
	cols = append(cols,
		table.Column{Name: "reads", Right: true, Keep: readsKeep},
		table.Column{Name: "success/read [95% CI]", CSV: []string{"per_read", "per_read_lo", "per_read_hi"}, Right: true, Better: table.Higher, Keep: 9},
		table.Column{Name: "time/read", Unit: table.Duration, CSV: []string{"read_ns"}, Right: true, Better: table.Lower, Keep: timeKeep},
		table.Column{Name: "TTS99 [95% CI]", CSV: []string{"tts99_ns", "tts99_lo_ns", "tts99_hi_ns"}, Right: true, Better: table.Lower, Keep: 8},
	)
	if updates {
		cols = append(cols,
			table.Column{Name: "updates/read", CSV: []string{"updates_per_read"}, Right: true},
			table.Column{Name: "UTS99 [95% CI]", CSV: []string{"uts99", "uts99_lo", "uts99_hi"}, Right: true, Better: table.Lower, Keep: 7},
		)
	}
	return cols
}

func stochasticRow(s *Summary, o TableOptions, updates bool) table.Row {
	label := solverLabel(s.Solver, s.Mode, o.MixedModes)
	cells := []table.Cell{{Text: label, Raw: []string{s.Solver}, Value: math.NaN()}}
	if !o.NoGroup {
		cells = append(cells, table.TextCell(s.Group.Label))
	}
	cells = append(cells, table.CountCell(s.Reads), table.RateCell(s.PerRead, s.PerReadLo, s.PerReadHi), table.DurationCell(s.ReadTimeNS),
		table.RangeCell(s.TTS99, s.TTS99Lo, s.TTS99Hi, table.FormatDuration))
	if updates {
		cells = append(cells, table.CountCell(s.UpdatesPerRead), table.RangeCell(s.UTS99, s.UTS99Lo, s.UTS99Hi, table.FormatCount))
	}
	return table.Row{Set: s.Group.Label, Small: s.Reads < MinN, Cells: cells}
}

// TidyTable is every summary of every section in one table for machines:
// a row per solver, mode and group, group_kind naming the grouping, raw
// values (ns, bytes, fractions), the time they read in "time" ("CPU",
// "own CPU", …; own_median_ns the own time's median where computed), stochastic figures in every row (empty for
// deterministic solvers), and how much of the plan the records cover.
func (r *Report) TidyTable() *table.Table {
	names := []string{"group_kind", "group", "solver", "mode", "n", "solved", "success", "success_lo", "success_hi"}
	names = append(names, reportedStatuses...)
	names = append(names, "time", "par2_ns", "limit_ns", "median_ns", "q1_ns", "q3_ns", "p90_ns", "max_ns", "own_median_ns",
		"own_mem_bytes", "own_mem_max_bytes", "external",
		"reads", "per_read", "per_read_lo", "per_read_hi", "read_ns", "tts99_ns", "tts99_lo_ns", "tts99_hi_ns",
		"updates_per_read", "uts99", "uts99_lo", "uts99_hi",
		"plan_runs", "recorded_runs", "missing_shards")
	t := &table.Table{Title: "Results"}
	for _, n := range names {
		t.Columns = append(t.Columns, table.Column{Name: n})
	}
	cov := r.Coverage
	for _, sec := range r.Sections {
		for _, s := range sec.Summaries {
			raw := []string{sec.Grouper.Name(), s.Group.Label, s.Solver, s.Mode, fmt.Sprint(s.N), fmt.Sprint(s.Solved),
				table.RawFloat(s.Rate), table.RawFloat(s.RateLo), table.RawFloat(s.RateHi)}
			for _, st := range reportedStatuses {
				raw = append(raw, fmt.Sprint(s.Statuses[st]))
			}
			raw = append(raw, r.TableMeasure.Label(), table.RawWhole(s.PAR2), table.RawWhole(s.LimitNS), table.RawWhole(s.Median), table.RawWhole(s.Q1), table.RawWhole(s.Q3), table.RawWhole(s.P90), table.RawWhole(s.Max),
				table.RawWhole(s.OwnMedian), table.RawWhole(s.OwnMem), table.RawWhole(s.OwnMemMax), fmt.Sprint(s.External))
			raw = append(raw, stochasticRaw(&s)...)
			raw = append(raw, fmt.Sprint(cov.Planned), fmt.Sprint(cov.Recorded), cov.missingCount())
			cells := make([]table.Cell, len(raw))
			for i, v := range raw {
				cells[i] = table.Cell{Text: v, Raw: []string{v}, Value: math.NaN()}
			}
			t.Rows = append(t.Rows, table.Row{Set: sec.Grouper.Name() + "|" + s.Group.Label, Cells: cells})
		}
	}
	return t
}

// missingCount is the missing_shards column: how many shards of the
// plan are not loaded, empty where the records state no one split (the
// whole plan, or pieces of different splits).
func (c Coverage) missingCount() string {
	if len(c.Shards) == 0 || c.Unsplit != "" {
		return ""
	}
	return fmt.Sprint(c.Missing.Count)
}

// stochasticRaw is a summary's reads, success per read with its interval,
// time per read, TTS99 with its interval, updates per read and UTS99 with
// its interval; empty for a deterministic solver, and the update figures
// empty for one that did not count its updates.
func stochasticRaw(s *Summary) []string {
	if !s.Stochastic {
		return make([]string, 12)
	}
	return []string{table.RawWhole(s.Reads), table.RawFloat(s.PerRead), table.RawFloat(s.PerReadLo), table.RawFloat(s.PerReadHi), table.RawWhole(s.ReadTimeNS),
		table.RawWhole(s.TTS99), table.RawWhole(s.TTS99Lo), table.RawWhole(s.TTS99Hi),
		table.RawWhole(s.UpdatesPerRead), table.RawWhole(s.UTS99), table.RawWhole(s.UTS99Lo), table.RawWhole(s.UTS99Hi)}
}

// memCell shows a pipeline's own peak memory in bytes: 0 is a peak at or
// below the idle worker's, "n/a" none measured. apart keeps a figure that
// means something else (an old record's sum of programs' peaks) from
// competing for best.
func memCell(b float64, apart bool) table.Cell {
	text := record.FormatBytes(b)
	switch {
	case math.IsNaN(b):
		text = "n/a"
	case b == 0:
		text = "0 B"
	}
	c := table.BytesCell(b, text)
	if apart {
		c.Value = math.NaN()
	}
	return c
}
