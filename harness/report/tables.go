package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// reportedStatuses are the unsolved statuses given a column each.
var reportedStatuses = []string{"timeout", "memout", "crash", "wrong", "error", "gave-up"}

// SummaryTable lays out summaries, one row per group and solver, with the
// best value of each column marked among the solvers of a group. groupName
// heads the group column; m names the clock in the notes.
func SummaryTable(sums []Summary, groupName string, m Measure) *Table {
	t := &Table{Title: "Results by " + groupName, Columns: summaryColumns(groupName)}
	var small, mixed, unmeasured bool
	limit := math.NaN()
	for _, s := range sortedByGroup(sums) {
		t.Rows = append(t.Rows, summaryRow(&s))
		small = small || s.Small
		mixed = mixed || s.MixedLimits
		unmeasured = unmeasured || s.UnmeasuredTime
		if math.IsNaN(limit) || s.LimitNS > limit {
			limit = s.LimitNS
		}
	}
	t.MarkBest()
	t.Notes = summaryNotes(m, limit, small, mixed, unmeasured)
	return t
}

func sortedByGroup(sums []Summary) []Summary {
	s := slices.Clone(sums)
	slices.SortStableFunc(s, func(a, b Summary) int {
		return cmp.Or(a.Group.Compare(b.Group), cmp.Compare(a.Solver, b.Solver))
	})
	return s
}

func summaryColumns(groupName string) []Column {
	cols := []Column{
		{Name: "solver"},
		{Name: groupName, CSV: []string{"group"}},
		{Name: "n", Right: true},
		{Name: "solved", Right: true, Better: Higher},
		{Name: "success [95% CI]", CSV: []string{"success", "success_lo", "success_hi"}, Right: true, Better: Higher},
	}
	for _, st := range reportedStatuses {
		cols = append(cols, Column{Name: st, Right: true})
	}
	return append(cols,
		Column{Name: "PAR-2", CSV: []string{"par2_ns"}, Right: true, Better: Lower},
		Column{Name: "median", CSV: []string{"median_ns"}, Right: true, Better: Lower},
		Column{Name: "IQR", CSV: []string{"iqr_ns"}, Right: true},
		Column{Name: "p90", CSV: []string{"p90_ns"}, Right: true, Better: Lower},
		Column{Name: "max", CSV: []string{"max_ns"}, Right: true, Better: Lower},
		Column{Name: "mem median", CSV: []string{"mem_median_bytes"}, Right: true, Better: Lower},
		Column{Name: "mem max", CSV: []string{"mem_max_bytes"}, Right: true, Better: Lower},
	)
}

func summaryRow(s *Summary) Row {
	n := intCell(s.N)
	if s.Small {
		n.Text += "*"
	}
	cells := []Cell{textCell(s.Solver), textCell(s.Group.Label), n, intCell(s.Solved),
		rateCell(s.Rate, s.RateLo, s.RateHi)}
	for _, st := range reportedStatuses {
		cells = append(cells, intCell(s.Statuses[st]))
	}
	cells = append(cells, durationCell(s.PAR2), durationCell(s.Median), durationCell(s.IQR()),
		durationCell(s.P90), durationCell(s.Max), bytesCell(s.MemMedian), bytesCell(s.MemMax))
	return Row{Set: s.Group.Label, Small: s.Small, Cells: cells}
}

func summaryNotes(m Measure, limit float64, small, mixed, unmeasured bool) []string {
	notes := []string{
		fmt.Sprintf("Times are %s time of the solve over solved runs (solved, unsat, or multiple in unique mode); quantiles are type 7; success intervals are Wilson 95%%.", m.Label()),
		parNote(limit),
		"Repetitions of a deterministic solver on a puzzle count once (median time); best values in bold are among the solvers of one group.",
	}
	if small {
		notes = append(notes, fmt.Sprintf("* fewer than %d observations: the interval is wide and no best value is marked in the group.", MinN))
	}
	if mixed {
		notes = append(notes, "Some groups ran under different limits; PAR-2 charges the largest.")
	}
	if unmeasured {
		notes = append(notes, "Some solved runs recorded a time of 0 (below the clock's resolution).")
	}
	return notes
}

func parNote(limit float64) string {
	if math.IsNaN(limit) || limit <= 0 {
		return "PAR-2 needs a limit and none was recorded: it is shown only where every run was solved."
	}
	return fmt.Sprintf("PAR-2 counts each unsolved run as 2 × the %s limit.", FormatDuration(limit))
}

// StochasticTable lays out the summaries of stochastic solvers: success per
// read, mean time per read and TTS99. It returns nil when there are none.
func StochasticTable(sums []Summary, groupName string, m Measure) *Table {
	t := &Table{
		Title: "Stochastic solvers by " + groupName,
		Columns: []Column{
			{Name: "solver"},
			{Name: groupName, CSV: []string{"group"}},
			{Name: "reads", Right: true},
			{Name: "success/read [95% CI]", CSV: []string{"per_read", "per_read_lo", "per_read_hi"}, Right: true, Better: Higher},
			{Name: "time/read", CSV: []string{"read_ns"}, Right: true, Better: Lower},
			{Name: "TTS99", CSV: []string{"tts99_ns"}, Right: true, Better: Lower},
		},
	}
	for _, s := range sortedByGroup(sums) {
		if !s.Stochastic {
			continue
		}
		lo, hi := Wilson(int(math.Round(s.PerRead*s.Reads)), int(s.Reads), Z95)
		t.Rows = append(t.Rows, Row{Set: s.Group.Label, Small: s.Reads < MinN, Cells: []Cell{
			textCell(s.Solver), textCell(s.Group.Label), intCell(int(s.Reads)),
			rateCell(s.PerRead, lo, hi), durationCell(s.ReadTimeNS), durationCell(s.TTS99),
		}})
	}
	if len(t.Rows) == 0 {
		return nil
	}
	t.MarkBest()
	t.Notes = []string{fmt.Sprintf("Each run is a read unless it records %q and %q counters; time/read is %s time, a timed-out run costing the limit; TTS99 = t·ln(0.01)/ln(1−p), t once p ≥ 0.99, ∞ at p = 0.",
		CounterReads, CounterReadsSolved, m.Label())}
	return t
}
