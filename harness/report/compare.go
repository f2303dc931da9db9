package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// CompareConfig chooses how two sides are compared. The zero value
// compares CPU time, with 2000 bootstrap resamples where each side is one
// run, and needs 5 puzzles.
type CompareConfig struct {
	Measure    Measure
	Resamples  int // bootstrap resamples with one run a side; 0: 2000
	MinPuzzles int // fewer puzzles solved in every run: no verdict; 0: 5
}

// TieRatio is how close two times must be to count as a tie: within 1% of
// each other.
const TieRatio = 1.01

// StatusChange counts puzzles whose status went From in A To in B.
type StatusChange struct {
	From, To string
	N        int
}

// Comparison compares one solver on one corpus ("all" for every corpus
// together) between sides A and B, each one or more runs of a benchmark.
type Comparison struct {
	Solver, Corpus string
	RunsA, RunsB   int
	Puzzles        int // puzzles on both sides
	Common         int // of which solved in every run of both: the sample
	// Speedup is the ratio of A's geometric-mean time over B's on the
	// common puzzles: above 1, B is faster. Across runs (AcrossRuns, two
	// runs or more on each side), each run's geometric mean is one
	// observation and Lo, Hi and P come from Welch's t test on their
	// logarithms, so drift of the machine from run to run widens the
	// interval. With one run on a side, Lo and Hi are a bootstrap over
	// puzzles, which does not cover that drift, and P is NaN: no
	// significance is claimed.
	Speedup, Lo, Hi    float64
	P                  float64
	AcrossRuns         bool
	Wins, Losses, Ties int // puzzles on which B was faster, slower, within TieRatio (medians over runs)
	Changes            []StatusChange
}

// Verdict says in words what the comparison shows: no verdict on too few
// puzzles or with one run a side, and a difference only where the
// interval across runs excludes 1.
func (c *Comparison) Verdict(minPuzzles int) string {
	switch {
	case c.Common < minPuzzles:
		return fmt.Sprintf("too few puzzles (%d, need %d)", c.Common, minPuzzles)
	case !c.AcrossRuns:
		return "not judged: one run a side"
	case math.IsNaN(c.P):
		return "not judged: no side's runs vary"
	case c.Lo <= 1 && c.Hi >= 1:
		return "no significant difference"
	case c.Speedup > 1:
		return fmt.Sprintf("B %.2f× faster", c.Speedup)
	}
	return fmt.Sprintf("B %.2f× slower", 1/c.Speedup)
}

func (c CompareConfig) withDefaults() CompareConfig {
	if c.Resamples == 0 {
		c.Resamples = 2000
	}
	if c.MinPuzzles == 0 {
		c.MinPuzzles = 5
	}
	return c
}

// side is one side's observations: pooled over its runs (a puzzle's runs
// folded together) and per run.
type side struct {
	pooled map[string]Obs
	runs   []map[string]Obs
}

func newSide(runs []*Runs, m Measure, k Kinds) side {
	s := side{pooled: obsByKey(Observations(ConcatRuns(runs...), m, k))}
	for _, run := range runs {
		s.runs = append(s.runs, obsByKey(Observations(run, m, k)))
	}
	return s
}

// obsKey pairs observations across sides: solver, puzzle and mode.
func obsKey(o Obs) string { return o.Solver + "|" + o.PuzzleID + "|" + o.Mode }

func obsByKey(obs []Obs) map[string]Obs {
	m := make(map[string]Obs, len(obs))
	for _, o := range obs {
		m[obsKey(o)] = o
	}
	return m
}

// solvedEverywhere reports whether every run of the side solved the puzzle.
func (s side) solvedEverywhere(key string) bool {
	for _, run := range s.runs {
		if o, ok := run[key]; !ok || !o.Solved {
			return false
		}
	}
	return true
}

// Compare compares sides A and B, each one or more runs (the records of
// one result directory each), per solver and corpus, and per solver over
// all corpora when there are several. Puzzles on one side only are
// reported as warnings. Results repeat: the bootstrap has a fixed seed.
func Compare(a, b []*Runs, c CompareConfig) ([]Comparison, []string) {
	c = c.withDefaults()
	k := DetectKinds(slices.Concat(a, b)...)
	sa, sb := newSide(a, c.Measure, k), newSide(b, c.Measure, k)
	type key struct{ solver, corpus string }
	groups := make(map[key][]string)
	corpora := make(map[string]map[string]bool)
	for _, k := range sortedKeys(sa.pooled) {
		o := sa.pooled[k]
		if _, ok := sb.pooled[k]; !ok {
			continue
		}
		groups[key{o.Solver, o.Corpus}] = append(groups[key{o.Solver, o.Corpus}], k)
		groups[key{o.Solver, "all"}] = append(groups[key{o.Solver, "all"}], k)
		if corpora[o.Solver] == nil {
			corpora[o.Solver] = make(map[string]bool)
		}
		corpora[o.Solver][o.Corpus] = true
	}
	var out []Comparison
	for k, keys := range groups {
		if k.corpus == "all" && len(corpora[k.solver]) < 2 {
			continue
		}
		out = append(out, compareGroup(k.solver, k.corpus, keys, sa, sb, c))
	}
	slices.SortFunc(out, func(x, y Comparison) int {
		return cmp.Or(cmp.Compare(x.Solver, y.Solver), cmp.Compare(allLast(x.Corpus), allLast(y.Corpus)),
			cmp.Compare(x.Corpus, y.Corpus))
	})
	return out, onlyOneSide(sa.pooled, sb.pooled)
}

// allLast sorts the "all" row after the corpora.
func allLast(corpus string) int {
	if corpus == "all" {
		return 1
	}
	return 0
}

// onlyOneSide warns, per solver, of puzzles found on one side only.
func onlyOneSide(a, b map[string]Obs) []string {
	var warnings []string
	for _, sd := range []struct {
		name        string
		this, other map[string]Obs
	}{{"A", a, b}, {"B", b, a}} {
		n := make(map[string]int)
		for k, o := range sd.this {
			if _, ok := sd.other[k]; !ok {
				n[o.Solver]++
			}
		}
		for _, s := range sortedKeys(n) {
			warnings = append(warnings, fmt.Sprintf("%s: %d puzzle(s) only in %s, left out", s, n[s], sd.name))
		}
	}
	return warnings
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func compareGroup(solver, corpus string, keys []string, a, b side, c CompareConfig) Comparison {
	cmpn := Comparison{Solver: solver, Corpus: corpus, RunsA: len(a.runs), RunsB: len(b.runs), Puzzles: len(keys)}
	changes := make(map[[2]string]int)
	var common []string
	for _, k := range keys {
		oa, ob := a.pooled[k], b.pooled[k]
		if oa.Status != ob.Status {
			changes[[2]string{oa.Status, ob.Status}]++
		}
		if a.solvedEverywhere(k) && b.solvedEverywhere(k) {
			common = append(common, k)
		}
	}
	cmpn.Common = len(common)
	cmpn.Wins, cmpn.Losses, cmpn.Ties = tally(common, a, b)
	cmpn.P = math.NaN()
	fa, fb := runFigures(a, common), runFigures(b, common)
	cmpn.Speedup = math.Exp(stats.Mean(fa) - stats.Mean(fb))
	if min(len(fa), len(fb)) >= 2 && len(common) > 0 {
		cmpn.AcrossRuns = true
		d, lo, hi, p := stats.Welch(fa, fb)
		cmpn.Speedup, cmpn.Lo, cmpn.Hi, cmpn.P = math.Exp(d), math.Exp(lo), math.Exp(hi), p
	} else {
		lo, hi := stats.BootstrapMean(puzzleLogRatios(common, a, b), c.Resamples)
		cmpn.Lo, cmpn.Hi = math.Exp(lo), math.Exp(hi)
	}
	cmpn.Changes = sortedChanges(changes)
	return cmpn
}

// logTime is the logarithm of a time, a time of 0 (below the clock's
// resolution) counting as 1 ns.
func logTime(ns float64) float64 { return math.Log(math.Max(ns, 1)) }

// runFigures gives each run of a side one figure: the mean log time of the
// common puzzles, the log of their geometric mean.
func runFigures(s side, common []string) []float64 {
	fs := make([]float64, len(s.runs))
	for i, run := range s.runs {
		logs := make([]float64, len(common))
		for j, k := range common {
			logs[j] = logTime(run[k].TimeNS)
		}
		fs[i] = stats.Mean(logs)
	}
	return fs
}

// puzzleLogRatios are log(timeA/timeB) per common puzzle, each side's time
// folded over its runs.
func puzzleLogRatios(common []string, a, b side) []float64 {
	ls := make([]float64, len(common))
	for i, k := range common {
		ls[i] = logTime(a.pooled[k].TimeNS) - logTime(b.pooled[k].TimeNS)
	}
	return ls
}

// tally counts the common puzzles B solved faster, slower, and within
// TieRatio of A.
func tally(common []string, a, b side) (wins, losses, ties int) {
	return winsLossesTies(puzzleLogRatios(common, a, b))
}

// CompareTable lays out comparisons. minPuzzles is as in CompareConfig (0:
// 5).
func CompareTable(cs []Comparison, m Measure, minPuzzles int) *table.Table {
	if minPuzzles == 0 {
		minPuzzles = 5
	}
	t := &table.Table{
		Title: "B against A",
		Columns: []table.Column{
			{Name: "solver", Keep: 10}, {Name: "corpus", Keep: 10},
			{Name: "runs A/B", CSV: []string{"runs_a", "runs_b"}, Right: true, Keep: 8},
			{Name: "puzzles", CSV: []string{"puzzles", "common"}, Right: true, Keep: 8},
			{Name: "speedup [95% CI]", CSV: []string{"speedup", "speedup_lo", "speedup_hi"}, Right: true, Keep: 9},
			{Name: "p", Right: true, Keep: 7},
			{Name: "B faster", CSV: []string{"b_faster"}, Right: true, Keep: 5}, {Name: "B slower", CSV: []string{"b_slower"}, Right: true, Keep: 5},
			{Name: "ties", Right: true, Keep: 4},
			{Name: "verdict", Keep: 9}, {Name: "status changes", CSV: []string{"status_changes"}, Keep: 6},
		},
		Notes: compareNotes(cs, m, minPuzzles),
	}
	for _, c := range cs {
		t.Rows = append(t.Rows, table.Row{Set: c.Corpus, Cells: []table.Cell{
			table.TextCell(c.Solver), table.TextCell(c.Corpus),
			{Text: fmt.Sprintf("%d/%d", c.RunsA, c.RunsB), Raw: []string{fmt.Sprint(c.RunsA), fmt.Sprint(c.RunsB)}, Value: math.NaN()},
			{Text: fmt.Sprintf("%d of %d", c.Common, c.Puzzles), Raw: []string{fmt.Sprint(c.Puzzles), fmt.Sprint(c.Common)}, Value: math.NaN()},
			speedupCell(c.Speedup, c.Lo, c.Hi), pCell(c.P),
			table.IntCell(c.Wins), table.IntCell(c.Losses), table.IntCell(c.Ties),
			table.TextCell(c.Verdict(minPuzzles)), table.TextCell(changesText(c.Changes)),
		}})
	}
	return t
}

func compareNotes(cs []Comparison, m Measure, minPuzzles int) []string {
	notes := []string{
		fmt.Sprintf("Speedup is A's geometric-mean %s time over B's on the puzzles solved in every run of both sides (above 1: B faster); a deterministic solver's repetitions count once (median). puzzles: those solved in every run, of those on both sides; the verdict needs %d.", m.Label(), minPuzzles),
		"With two runs or more a side, each run's geometric mean is one observation: the interval and p come from Welch's t test on their logarithms (unequal variances, Welch–Satterthwaite degrees of freedom), so the machine's drift from run to run is part of the verdict. A difference is called only where the interval excludes 1.",
		fmt.Sprintf("B faster, B slower and ties (within %.0f%%) count puzzles, their times the medians over each side's runs: they describe, they do not test.", 100*(TieRatio-1)),
	}
	if slices.ContainsFunc(cs, func(c Comparison) bool { return min(c.RunsA, c.RunsB) < 2 }) {
		notes = append(notes, "With one run on a side the interval is a bootstrap over puzzles only: it does not cover run-to-run drift of the machine (two runs of one build on one machine differ by several percent), so no significance is claimed. Repeat each side's run and compare them all: compare A1 A2 A3 -- B1 B2 B3.")
	}
	return notes
}

func speedupCell(s, lo, hi float64) table.Cell {
	text := "–"
	if !math.IsNaN(s) {
		text = fmt.Sprintf("%.2f× [%.2f, %.2f]", s, lo, hi)
	}
	return table.Cell{Text: text, Raw: []string{table.RawFloat(s), table.RawFloat(lo), table.RawFloat(hi)}, Value: s}
}

func pCell(p float64) table.Cell {
	text := "–"
	if !math.IsNaN(p) {
		text = fmt.Sprintf("%.2g", p)
	}
	return table.Cell{Text: text, Raw: []string{table.RawFloat(p)}, Value: math.NaN()}
}

func changesText(cs []StatusChange) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s→%s %d", c.From, c.To, c.N))
	}
	return strings.Join(parts, ", ")
}
