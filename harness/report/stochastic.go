package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
)

// CounterUpdates is the counter in which a stochastic solver records the
// single-variable updates it attempted: its work in a unit that does not
// depend on the machine's speed or load.
const CounterUpdates = "updates_attempted"

// Effort is one run of a stochastic solver that counts its updates: what
// it cost in time and in updates, and how many of its reads succeeded.
type Effort struct {
	Solver             string
	Group              Group
	Solved             bool
	TimeNS             float64 // in the report's Measure; the limit for a timeout
	Updates            float64
	Reads, ReadsSolved float64
}

// Efforts collects the runs of stochastic solvers (a record marked so, or
// counting reads) that record CounterUpdates, grouped by g. A run without
// reads counters is one read.
func Efforts(recs []record.Record, g Grouper, m Measure) []Effort {
	var out []Effort
	for i := range recs {
		r := &recs[i]
		updates, ok := r.Counters[CounterUpdates]
		_, reads := r.Counters[CounterReads]
		if !ok || !r.Stochastic && !reads {
			continue
		}
		e := Effort{Solver: r.Solver, Group: g.Group(&Obs{Hints: r.Hints, Corpus: r.Corpus}), Solved: r.Solved(),
			TimeNS: m.of(r), Updates: updates, Reads: 1}
		if r.Status == "timeout" {
			e.TimeNS = float64(r.TimeoutNS)
		}
		if e.Solved {
			e.ReadsSolved = 1
		}
		if reads, ok := r.Counters[CounterReads]; ok && reads > 0 {
			e.Reads, e.ReadsSolved = reads, r.Counters[CounterReadsSolved]
		}
		out = append(out, e)
	}
	return out
}

// EffortSummary is the cost of reaching a solution for one solver on one
// group, in time and in updates.
type EffortSummary struct {
	Solver string
	Group  Group
	Runs   int
	// PerRead is the success per read, with its Wilson 95% interval.
	PerRead, PerReadLo, PerReadHi float64
	// TimePerRead and UpdatesPerRead are means over all reads.
	TimePerRead, UpdatesPerRead float64
	// TTS99 and UTS99 are the time and the updates to reach a solution
	// with 99% confidence, each with the interval the per-read interval
	// gives (the high end from the low success rate).
	TTS99, TTS99Lo, TTS99Hi float64
	UTS99, UTS99Lo, UTS99Hi float64
	// MedianUpdates is the median updates of the solved runs (NaN if none).
	MedianUpdates float64
}

// SummarizeEfforts computes one EffortSummary per solver and group,
// sorted by group, then solver.
func SummarizeEfforts(es []Effort) []EffortSummary {
	type key struct {
		solver string
		group  Group
	}
	parts := make(map[key][]Effort)
	for _, e := range es {
		k := key{e.Solver, e.Group}
		parts[k] = append(parts[k], e)
	}
	out := make([]EffortSummary, 0, len(parts))
	for k, part := range parts {
		out = append(out, summarizeEffort(k.solver, k.group, part))
	}
	slices.SortFunc(out, func(a, b EffortSummary) int {
		return cmp.Or(a.Group.Compare(b.Group), cmp.Compare(a.Solver, b.Solver))
	})
	return out
}

func summarizeEffort(solver string, g Group, es []Effort) EffortSummary {
	s := EffortSummary{Solver: solver, Group: g, Runs: len(es)}
	var reads, solvedReads, time, updates float64
	var solvedUpdates []float64
	for _, e := range es {
		reads += e.Reads
		solvedReads += e.ReadsSolved
		time += e.TimeNS
		updates += e.Updates
		if e.Solved {
			solvedUpdates = append(solvedUpdates, e.Updates)
		}
	}
	s.PerRead = solvedReads / reads
	s.PerReadLo, s.PerReadHi = Wilson(int(math.Round(solvedReads)), int(math.Round(reads)), Z95)
	s.TimePerRead, s.UpdatesPerRead = time/reads, updates/reads
	s.TTS99, s.TTS99Lo, s.TTS99Hi = TTS99(s.TimePerRead, s.PerRead), TTS99(s.TimePerRead, s.PerReadHi), TTS99(s.TimePerRead, s.PerReadLo)
	s.UTS99, s.UTS99Lo, s.UTS99Hi = TTS99(s.UpdatesPerRead, s.PerRead), TTS99(s.UpdatesPerRead, s.PerReadHi), TTS99(s.UpdatesPerRead, s.PerReadLo)
	s.MedianUpdates = Median(sorted(solvedUpdates))
	return s
}

// EffortTable lays out effort summaries: success per read, and the time
// and the updates to 99% confidence with their intervals. It returns nil
// when there are none.
func EffortTable(sums []EffortSummary, groupName string, m Measure) *Table {
	if len(sums) == 0 {
		return nil
	}
	t := &Table{
		Title: "Stochastic solvers' effort by " + groupName,
		Columns: []Column{
			{Name: "solver"},
			{Name: groupName, CSV: []string{"group"}},
			{Name: "runs", Right: true},
			{Name: "success/read [95% CI]", CSV: []string{"per_read", "per_read_lo", "per_read_hi"}, Right: true, Better: Higher},
			{Name: "TTS99 [95% CI]", CSV: []string{"tts99_ns", "tts99_lo_ns", "tts99_hi_ns"}, Right: true, Better: Lower},
			{Name: "updates/read", CSV: []string{"updates_per_read"}, Right: true},
			{Name: "UTS99 [95% CI]", CSV: []string{"uts99", "uts99_lo", "uts99_hi"}, Right: true, Better: Lower},
			{Name: "median updates", CSV: []string{"median_updates"}, Right: true, Better: Lower},
		},
	}
	small := false
	for _, s := range sums {
		runs := intCell(s.Runs)
		if s.Runs < MinN {
			runs.Text += "*"
			small = true
		}
		t.Rows = append(t.Rows, Row{Set: s.Group.Label, Small: s.Runs < MinN, Cells: []Cell{
			textCell(s.Solver), textCell(s.Group.Label), runs,
			rateCell(s.PerRead, s.PerReadLo, s.PerReadHi),
			rangeCell(s.TTS99, s.TTS99Lo, s.TTS99Hi, FormatDuration),
			countCell(s.UpdatesPerRead),
			rangeCell(s.UTS99, s.UTS99Lo, s.UTS99Hi, FormatCount),
			countCell(s.MedianUpdates),
		}})
	}
	t.MarkBest()
	t.Notes = []string{
		fmt.Sprintf("TTS99 (time) and UTS99 (attempted updates) to reach a solution with 99%% confidence by repeating reads: x·ln(0.01)/ln(1−p), x the mean %s time or updates per read; their intervals come from the Wilson 95%% interval of p, the reads of all runs pooled.", m.Label()),
		"Updates count the work independently of the machine's speed and load; median updates are over solved runs.",
	}
	if small {
		t.Notes = append(t.Notes, fmt.Sprintf("* fewer than %d runs: no best value is marked in the group.", MinN))
	}
	return t
}

// FormatCount writes a count with three significant digits and a metric
// suffix: "950", "12.3 k", "4.56 M", "1.20 G". NaN is "–", +Inf "∞".
func FormatCount(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case math.IsInf(v, 1):
		return "∞"
	case v < 1e3:
		return fmt.Sprintf("%.0f", v)
	case v < 1e6:
		return sig3(v/1e3) + " k"
	case v < 1e9:
		return sig3(v/1e6) + " M"
	case v < 1e12:
		return sig3(v/1e9) + " G"
	}
	return sig3(v/1e12) + " T"
}

func countCell(v float64) Cell {
	return Cell{Text: FormatCount(v), Raw: []string{rawFloat(v)}, Value: v}
}

// rangeCell is a value with its interval, written with format.
func rangeCell(v, lo, hi float64, format func(float64) string) Cell {
	return Cell{Text: fmt.Sprintf("%s [%s, %s]", format(v), format(lo), format(hi)),
		Raw: []string{rawFloat(v), rawFloat(lo), rawFloat(hi)}, Value: v}
}
