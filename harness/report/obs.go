package report

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Measure is the clock a report reads.
type Measure int

const (
	// CPU is the process CPU time of the solve (the default: it does not
	// count time the machine spent on other work).
	CPU Measure = iota
	// Wall is the monotonic wall-clock time of the solve.
	Wall
)

// ParseMeasure reads "cpu" or "wall".
func ParseMeasure(s string) (Measure, error) {
	switch strings.ToLower(s) {
	case "cpu", "":
		return CPU, nil
	case "wall":
		return Wall, nil
	}
	return 0, fmt.Errorf("unknown time measure %q: use cpu or wall", s)
}

func (m Measure) String() string {
	if m == Wall {
		return "wall"
	}
	return "cpu"
}

// Label names the clock in prose: "CPU" or "wall-clock".
func (m Measure) Label() string {
	if m == Wall {
		return "wall-clock"
	}
	return "CPU"
}

func (m Measure) of(r *record.Record) float64 {
	if m == Wall {
		return float64(r.WallNS)
	}
	return float64(r.CPUNS)
}

// Counter names a stochastic solver may record to report several reads
// (independent restarts, annealing samples) within one run.
const (
	CounterReads       = "reads"
	CounterReadsSolved = "reads_solved"
)

// Obs is one observation: one run of a stochastic solver, or the
// repetitions of a deterministic solver on one puzzle folded into one.
type Obs struct {
	Solver, Family, Corpus, PuzzleID, Mode string
	Seed                                   int64
	Rep                                    int // first repetition folded in
	Reps                                   int // runs folded in
	Hints                                  int
	Status                                 string
	Solved                                 bool
	TimeNS                                 float64 // in the chosen Measure
	PeakRSS                                float64 // bytes; 0 when not measured
	LimitNS                                float64 // the record's limit
	Stochastic                             bool
	Reads, ReadsSolved                     float64
}

// IsStochastic says whether a solver's answer depends on its seed.
type IsStochastic func(solver string) bool

// DetectStochastic decides from the records alone: a solver is stochastic
// when a record of it is marked so by the harness or carries a "reads"
// counter.
func DetectStochastic(recs []record.Record) IsStochastic {
	set := make(map[string]bool)
	for i := range recs {
		r := &recs[i]
		_, reads := r.Counters[CounterReads]
		if r.Stochastic || reads {
			set[r.Solver] = true
		}
	}
	return func(s string) bool { return set[s] }
}

// Observations turns records into observations, folding the repetitions of
// deterministic solvers (same solver, puzzle, mode and seed) into their
// median time and memory and most frequent status. The result is sorted by
// solver, corpus, puzzle, mode, seed and repetition.
func Observations(recs []record.Record, m Measure, stochastic IsStochastic) []Obs {
	groups := make(map[string][]*record.Record)
	var keys []string
	for i := range recs {
		r := &recs[i]
		k := record.Key(r.Solver, r.PuzzleID, r.Mode, r.Seed, 0)
		if stochastic(r.Solver) {
			k = r.Key()
		}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	out := make([]Obs, 0, len(keys))
	for _, k := range keys {
		out = append(out, fold(groups[k], m, stochastic))
	}
	slices.SortFunc(out, func(a, b Obs) int {
		return cmp.Or(cmp.Compare(a.Solver, b.Solver), cmp.Compare(a.Corpus, b.Corpus),
			cmp.Compare(a.PuzzleID, b.PuzzleID), cmp.Compare(a.Mode, b.Mode),
			cmp.Compare(a.Seed, b.Seed), cmp.Compare(a.Rep, b.Rep))
	})
	return out
}

func fold(rs []*record.Record, m Measure, stochastic IsStochastic) Obs {
	first := rs[0]
	o := Obs{
		Solver: first.Solver, Family: first.Family, Corpus: first.Corpus, PuzzleID: first.PuzzleID,
		Mode: first.Mode, Seed: first.Seed, Rep: first.Rep, Reps: len(rs), Hints: first.Hints,
		Stochastic: stochastic(first.Solver),
	}
	o.Status = majority(rs)
	var times, mems []float64
	for _, r := range rs {
		o.Rep = min(o.Rep, r.Rep)
		o.LimitNS = max(o.LimitNS, float64(r.TimeoutNS))
		if r.Status == o.Status {
			times = append(times, m.of(r))
			mems = append(mems, float64(r.PeakRSS))
		}
	}
	o.Solved = statusSolved(o.Status)
	o.TimeNS = Median(sorted(times))
	o.PeakRSS = Median(sorted(mems))
	o.Reads, o.ReadsSolved = 1, 0
	if o.Solved {
		o.ReadsSolved = 1
	}
	if reads, ok := first.Counters[CounterReads]; ok && len(rs) == 1 && reads > 0 {
		o.Reads, o.ReadsSolved = reads, first.Counters[CounterReadsSolved]
	}
	return o
}

func statusSolved(s string) bool { return (&record.Record{Status: s}).Solved() }

// majority returns the most frequent status, ties going to the
// alphabetically first so the result does not depend on record order.
func majority(rs []*record.Record) string {
	count := make(map[string]int)
	best := ""
	for _, r := range rs {
		count[r.Status]++
	}
	for s, c := range count {
		if best == "" || c > count[best] || c == count[best] && s < best {
			best = s
		}
	}
	return best
}
