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

// Pair names two pipelines to set against each other puzzle by puzzle:
// A from side A, B from side B (in one run, both from it).
type Pair struct{ A, B string }

// ParsePair reads a pair "A,B" of pipeline names.
func ParsePair(s string) (Pair, error) {
	a, b, ok := strings.Cut(s, ",")
	p := Pair{strings.TrimSpace(a), strings.TrimSpace(b)}
	if !ok || p.A == "" || p.B == "" || strings.Contains(p.B, ",") {
		return Pair{}, fmt.Errorf("pair %q: want two pipelines as A,B, e.g. sat/cadical/extended,sat/minisat/extended", s)
	}
	return p, nil
}

func (p Pair) String() string { return p.A + "," + p.B }

// PairComparison sets pipeline B against pipeline A on the puzzles both
// ran in one mode, in one corpus ("all" for every corpus together).
type PairComparison struct {
	Pair         Pair
	Mode, Corpus string
	Puzzles      int // paired: both ran them
	// Both, OnlyA, OnlyB and Neither count the paired puzzles by who
	// solved them (solved, unsat or multiple; wrong never counts).
	Both, OnlyA, OnlyB, Neither int
	// Speedup is the geometric mean over the puzzles both solved of A's
	// time over B's (above 1: B faster); Lo and Hi its 95% t interval on
	// the log ratios, NaN below MinPuzzles.
	Speedup, Lo, Hi    float64
	Test               stats.SignedRankTest // Wilcoxon's on the log ratios
	Wins, Losses, Ties int                  // puzzles B solved faster, slower, within TieRatio
	Changes            []StatusChange       // A's status → B's, where they differ
	// UnsolvedA and UnsolvedB count each side's unsolved statuses.
	UnsolvedA, UnsolvedB map[string]int
}

// Verdict says in words what the pair shows: a difference only where the
// signed-rank test gives p < 0.05 and the interval excludes 1.
func (c *PairComparison) Verdict(minPuzzles int) string {
	switch {
	case c.Both < minPuzzles:
		return fmt.Sprintf("too few puzzles (%d, need %d)", c.Both, minPuzzles)
	case math.IsNaN(c.Test.P):
		return "no difference: equal times"
	case c.Test.P >= 0.05 || c.Lo <= 1 && c.Hi >= 1:
		return "no significant difference"
	case c.Speedup > 1:
		return fmt.Sprintf("B %.2f× faster", c.Speedup)
	}
	return fmt.Sprintf("B %.2f× slower", 1/c.Speedup)
}

// pipelineRuns is one pipeline's observations on one side, by mode and
// then puzzle id, and the puzzles' hashes as their corpus gives them.
type pipelineRuns struct {
	byMode map[string]map[string]Obs
	sha    map[string]string
}

func newPipelineRuns(runs []*Runs, solver string, m Measure, k Kinds) pipelineRuns {
	recs := NewRuns()
	p := pipelineRuns{byMode: make(map[string]map[string]Obs), sha: make(map[string]string)}
	for _, run := range runs {
		for r := range run.All() {
			if r.Solver != solver {
				continue
			}
			recs.Add(r)
			if r.Form == 0 && r.PuzzleSHA != "" {
				p.sha[r.PuzzleID] = r.PuzzleSHA
			}
		}
	}
	for _, o := range Observations(recs, m, k) {
		if p.byMode[o.Mode] == nil {
			p.byMode[o.Mode] = make(map[string]Obs)
		}
		p.byMode[o.Mode][o.PuzzleID] = o
	}
	return p
}

// ComparePair sets pipeline p.B in side B's runs against p.A in side A's,
// puzzle by puzzle; with b nil, both pipelines come from side A's runs
// (one run, or several folded together). Puzzles pair by id and mode, and
// across runs only where both record the same puzzle under that id (a
// corpus that changed between the runs does not pair). First-mode runs are
// never paired with unique-mode ones: each mode both ran is compared on
// its own, per corpus and, with several corpora, over all of them.
// A pipeline without records, a pair with no mode or no puzzle in common,
// and a pipeline set against itself in one run are errors; puzzles one of
// the two did not run are warnings.
func ComparePair(a, b []*Runs, p Pair, c CompareConfig) ([]PairComparison, []string, error) {
	c = c.withDefaults()
	inRun := b == nil
	if inRun {
		if p.A == p.B {
			return nil, nil, fmt.Errorf("pair %s: a pipeline against itself in one run; to compare two runs of it, give both: compare A -- B --pair %s", p, p)
		}
		b = a
	}
	k := DetectKinds(slices.Concat(a, b)...)
	ra, rb := newPipelineRuns(a, p.A, c.Measure, k), newPipelineRuns(b, p.B, c.Measure, k)
	if err := pairHasRecords(ra, p.A, "A", a, inRun); err != nil {
		return nil, nil, err
	}
	if err := pairHasRecords(rb, p.B, "B", b, inRun); err != nil {
		return nil, nil, err
	}
	modes, warnings, err := pairModes(ra, rb, p)
	if err != nil {
		return nil, nil, err
	}
	var out []PairComparison
	for _, mode := range modes {
		rows, w := pairMode(ra, rb, p, mode, c)
		out, warnings = append(out, rows...), append(warnings, w...)
	}
	if len(out) == 0 {
		return nil, warnings, fmt.Errorf("pair %s: the two ran no puzzle in common, so nothing pairs", p)
	}
	return out, warnings, nil
}

// pairHasRecords refuses a pipeline without records, naming those there.
func pairHasRecords(r pipelineRuns, solver, side string, runs []*Runs, inRun bool) error {
	if len(r.byMode) > 0 {
		return nil
	}
	where := "in side " + side + "'s runs"
	if inRun {
		where = "in the run"
	}
	return fmt.Errorf("pair: no records of pipeline %q %s (pipelines there: %s)", solver, where, strings.Join(runSolvers(runs), ", "))
}

// runSolvers lists the solvers of runs, sorted.
func runSolvers(runs []*Runs) []string {
	seen := make(map[string]bool)
	for _, run := range runs {
		for r := range run.All() {
			seen[r.Solver] = true
		}
	}
	return sortedKeys(seen)
}

// pairModes are the modes both pipelines ran, sorted; a mode only one of
// them ran is a warning, and no mode in common an error.
func pairModes(a, b pipelineRuns, p Pair) ([]string, []string, error) {
	var both, warnings []string
	for _, mode := range sortedKeys(a.byMode) {
		if _, ok := b.byMode[mode]; ok {
			both = append(both, mode)
		} else {
			warnings = append(warnings, fmt.Sprintf("%s ran in %s mode, %s did not: those runs are left out", p.A, mode, p.B))
		}
	}
	for _, mode := range sortedKeys(b.byMode) {
		if _, ok := a.byMode[mode]; !ok {
			warnings = append(warnings, fmt.Sprintf("%s ran in %s mode, %s did not: those runs are left out", p.B, mode, p.A))
		}
	}
	if len(both) == 0 {
		return nil, nil, fmt.Errorf("pair %s: %s ran in %s mode and %s in %s mode: a first-mode time (any solution) and a unique-mode time (uniqueness proved) do not compare, so nothing pairs",
			p, p.A, strings.Join(sortedKeys(a.byMode), " and "), p.B, strings.Join(sortedKeys(b.byMode), " and "))
	}
	return both, warnings, nil
}

// pairMode compares the pair in one mode: per corpus, and over all of
// them when there are several.
func pairMode(a, b pipelineRuns, p Pair, mode string, c CompareConfig) ([]PairComparison, []string) {
	oa, ob := a.byMode[mode], b.byMode[mode]
	byCorpus := make(map[string][]string)
	var onlyA, onlyB, differ int
	for _, id := range sortedKeys(oa) {
		switch _, ok := ob[id]; {
		case !ok:
			onlyA++
		case a.sha[id] != "" && b.sha[id] != "" && a.sha[id] != b.sha[id]:
			differ++
		default:
			byCorpus[oa[id].Corpus] = append(byCorpus[oa[id].Corpus], id)
		}
	}
	for id := range ob {
		if _, ok := oa[id]; !ok {
			onlyB++
		}
	}
	var rows []PairComparison
	var all []string
	corpora := sortedKeys(byCorpus)
	slices.SortFunc(corpora, naturalCompare)
	for _, corpus := range corpora {
		rows = append(rows, pairRow(p, mode, corpus, byCorpus[corpus], oa, ob, c))
		all = append(all, byCorpus[corpus]...)
	}
	if len(byCorpus) > 1 {
		rows = append(rows, pairRow(p, mode, "all", all, oa, ob, c))
	}
	return rows, pairWarnings(p, mode, onlyA, onlyB, differ)
}

func pairWarnings(p Pair, mode string, onlyA, onlyB, differ int) []string {
	var ws []string
	if onlyA > 0 {
		ws = append(ws, fmt.Sprintf("%s mode: %d puzzle(s) only %s ran (in A), left out", mode, onlyA, p.A))
	}
	if onlyB > 0 {
		ws = append(ws, fmt.Sprintf("%s mode: %d puzzle(s) only %s ran (in B), left out", mode, onlyB, p.B))
	}
	if differ > 0 {
		ws = append(ws, fmt.Sprintf("%s mode: %d puzzle id(s) name different puzzles in A and B (their corpus changed between the runs), left out", mode, differ))
	}
	return ws
}

// pairRow compares the pair on the puzzles ids, which both ran.
func pairRow(p Pair, mode, corpus string, ids []string, oa, ob map[string]Obs, c CompareConfig) PairComparison {
	pc := PairComparison{Pair: p, Mode: mode, Corpus: corpus, Puzzles: len(ids),
		UnsolvedA: make(map[string]int), UnsolvedB: make(map[string]int)}
	changes := make(map[[2]string]int)
	var logRatios []float64
	for _, id := range ids {
		x, y := oa[id], ob[id]
		switch {
		case x.Solved && y.Solved:
			pc.Both++
			logRatios = append(logRatios, logTime(x.TimeNS)-logTime(y.TimeNS))
		case x.Solved:
			pc.OnlyA++
		case y.Solved:
			pc.OnlyB++
		default:
			pc.Neither++
		}
		if !x.Solved {
			pc.UnsolvedA[x.Status]++
		}
		if !y.Solved {
			pc.UnsolvedB[y.Status]++
		}
		if x.Status != y.Status {
			changes[[2]string{x.Status, y.Status}]++
		}
	}
	m, lo, hi := stats.MeanInterval(logRatios, c.MinPuzzles)
	pc.Speedup, pc.Lo, pc.Hi = math.Exp(m), math.Exp(lo), math.Exp(hi)
	pc.Test = stats.SignedRank(logRatios)
	pc.Wins, pc.Losses, pc.Ties = winsLossesTies(logRatios)
	pc.Changes = sortedChanges(changes)
	return pc
}

// winsLossesTies counts the log ratios log(timeA/timeB) by which B was
// faster, slower, or within TieRatio of A.
func winsLossesTies(logRatios []float64) (wins, losses, ties int) {
	for _, l := range logRatios {
		switch {
		case math.Abs(l) < math.Log(TieRatio):
			ties++
		case l > 0:
			wins++
		default:
			losses++
		}
	}
	return wins, losses, ties
}

// sortedChanges lists status changes by their statuses.
func sortedChanges(changes map[[2]string]int) []StatusChange {
	var out []StatusChange
	for k, n := range changes {
		out = append(out, StatusChange{From: k[0], To: k[1], N: n})
	}
	slices.SortFunc(out, func(x, y StatusChange) int {
		return cmp.Or(cmp.Compare(x.From, y.From), cmp.Compare(x.To, y.To))
	})
	return out
}

// CheckSolvedByBoth fails when the pair's two pipelines solved no puzzle
// in common, in any mode: then there is no time ratio to give.
func CheckSolvedByBoth(cs []PairComparison) error {
	both, puzzles := 0, 0
	for _, c := range cs {
		if c.Corpus != "all" {
			both += c.Both
			puzzles += c.Puzzles
		}
	}
	if both > 0 || len(cs) == 0 {
		return nil
	}
	return fmt.Errorf("pair %s: no puzzle solved by both (of %d paired), so no time ratio: the table shows who solved which", cs[0].Pair, puzzles)
}

// PairTable lays out a pair's comparisons. acrossRuns says that A and B
// come from different runs; minPuzzles is as in CompareConfig (0: 5).
func PairTable(cs []PairComparison, p Pair, m Measure, minPuzzles int, acrossRuns bool) *table.Table {
	if minPuzzles == 0 {
		minPuzzles = 5
	}
	t := &table.Table{
		Title: fmt.Sprintf("B = %s against A = %s, puzzle by puzzle", p.B, p.A),
		Columns: []table.Column{
			{Name: "mode", Keep: 10}, {Name: "corpus", Keep: 10},
			{Name: "both solved", CSV: []string{"puzzles", "both"}, Right: true, Keep: 8},
			{Name: "speedup [95% CI]", CSV: []string{"speedup", "speedup_lo", "speedup_hi"}, Right: true, Keep: 9},
			{Name: "p", CSV: []string{"p", "p_exact"}, Right: true, Keep: 7},
			{Name: "B faster", CSV: []string{"b_faster"}, Right: true, Keep: 6}, {Name: "B slower", CSV: []string{"b_slower"}, Right: true, Keep: 6},
			{Name: "ties", Right: true, Keep: 4},
			{Name: "only A", CSV: []string{"only_a"}, Right: true, Keep: 5}, {Name: "only B", CSV: []string{"only_b"}, Right: true, Keep: 5},
			{Name: "neither", Right: true, Keep: 3},
			{Name: "verdict", Keep: 9},
			{Name: "unsolved A / B", CSV: []string{"unsolved_a", "unsolved_b"}, Keep: 2},
			{Name: "status changes", CSV: []string{"status_changes"}, Keep: 1},
		},
		Notes: pairNotes(m, minPuzzles, acrossRuns),
	}
	for _, c := range cs {
		t.Rows = append(t.Rows, table.Row{Set: c.Mode + "|" + c.Corpus, Cells: []table.Cell{
			table.TextCell(c.Mode), table.TextCell(c.Corpus),
			{Text: fmt.Sprintf("%d of %d", c.Both, c.Puzzles), Raw: []string{fmt.Sprint(c.Puzzles), fmt.Sprint(c.Both)}, Value: math.NaN()},
			speedupCell(c.Speedup, c.Lo, c.Hi), signedRankCell(c.Test),
			table.IntCell(c.Wins), table.IntCell(c.Losses), table.IntCell(c.Ties),
			table.IntCell(c.OnlyA), table.IntCell(c.OnlyB), table.IntCell(c.Neither),
			table.TextCell(c.Verdict(minPuzzles)), unsolvedPairCell(c.UnsolvedA, c.UnsolvedB), changesCell(c.Changes),
		}})
	}
	return t
}

func pairNotes(m Measure, minPuzzles int, acrossRuns bool) []string {
	notes := []string{
		"Each puzzle pairs A's observation with B's in the same mode (first-mode and unique-mode runs never pair); a pipeline's repetitions on a puzzle fold into one observation (median time). Across runs a puzzle pairs by its id, and only where both runs record the same puzzle under it.",
		fmt.Sprintf("Speedup is the geometric mean, over the puzzles both solved, of A's %s time over B's (above 1: B faster; %s), with a 95%% t interval on the log ratios (none below %d puzzles). p is Wilcoxon's signed-rank test on the log ratios, two-sided: exact for up to %d non-zero ratios (ties at their mean rank), above that the normal approximation with the tie correction; equal times are left out. A difference is called only where p < 0.05 and the interval excludes 1.",
			m.Label(), m.Includes(), minPuzzles, stats.MaxExactSignedRank),
		fmt.Sprintf("B faster, B slower and ties (within %.0f%%) count the puzzles both solved; only A, only B and neither the others (solved, unsat or multiple count as solved, wrong never); unsolved A / B gives their statuses.", 100*(TieRatio-1)),
	}
	if acrossRuns {
		notes = append(notes, "A and B come from different runs: the puzzles are the only sample, so the machine's drift between the runs (several percent for one build on one machine) is not covered, and a difference of a few percent is no evidence. For one pipeline across runs, repeat each side and compare the runs without --pair: compare A1 A2 A3 -- B1 B2 B3.")
	}
	return notes
}

// changesCell lists status changes, "–" for none.
func changesCell(cs []StatusChange) table.Cell {
	c := table.TextCell(changesText(cs))
	if c.Text == "" {
		c.Text = "–"
	}
	return c
}

// signedRankCell shows the test's p-value, "–" for none.
func signedRankCell(t stats.SignedRankTest) table.Cell {
	c := pCell(t.P)
	c.Raw = append(c.Raw, fmt.Sprint(t.Exact))
	return c
}

// unsolvedPairCell lists each side's unsolved statuses: "A 2 timeout · B –".
func unsolvedPairCell(a, b map[string]int) table.Cell {
	ta, tb := unsolvedCell(a), unsolvedCell(b)
	if ta.Text == "–" && tb.Text == "–" {
		return table.Cell{Text: "–", Raw: []string{"", ""}, Value: math.NaN()}
	}
	return table.Cell{Text: "A " + ta.Text + " · B " + tb.Text, Raw: []string{ta.Raw[0], tb.Raw[0]}, Value: math.NaN()}
}
