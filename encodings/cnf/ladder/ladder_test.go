package ladder

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/internal/literal"
	"github.com/sudokubench/sudokubench/internal/cputest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// readCorpus returns the puzzles of a shipped corpus file: '#' lines
// skipped, CRLF tolerated, only the first ':'-separated field kept.
func readCorpus(t testing.TB, name string) []*sudoku.Grid {
	t.Helper()
	return readPuzzles(t, name, 1, -1)
}

// readPuzzles returns the puzzles of a shipped corpus file at indices 0,
// stride, 2·stride, …, at most n of them (n < 0: all), parsing no other.
func readPuzzles(t testing.TB, name string, stride, n int) []*sudoku.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join(corporatest.DataDir(t), name))
	if err != nil {
		t.Fatalf("open corpus: %v", err)
	}
	defer f.Close()
	var out []*sudoku.Grid
	sc := bufio.NewScanner(f)
	for line, i := 1, 0; sc.Scan() && (n < 0 || len(out) < n); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		i++
		if (i-1)%stride != 0 {
			continue
		}
		text, _, _ = bytes.Cut(text, []byte(":"))
		g, err := sudoku.ParseLine(string(text), sudoku.Classic)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return out
}

// everyNth returns the puzzles of a corpus file at indices 0, stride,
// 2·stride, …, at most n of them: a fixed sample.
func everyNth(t testing.TB, name string, stride, n int) []*sudoku.Grid {
	t.Helper()
	return readPuzzles(t, name, stride, n)
}

// clauseKeys returns the formula's clauses as sorted-literal strings.
func clauseKeys(f *cnf.Formula) map[string]bool {
	keys := make(map[string]bool, len(f.Clauses))
	for _, c := range f.Clauses {
		lits := slices.Sorted(slices.Values(c))
		keys[fmt.Sprint(lits)] = true
	}
	return keys
}

// TestEncodingsNest checks what the ladder's monotonicity rests on: every
// clause of an encoding is a clause of the next stronger one, for every
// box size and variant.
func TestEncodingsNest(t *testing.T) {
	for _, geo := range []*sudoku.Geometry{
		sudoku.MustGeometry(2, sudoku.Classic), sudoku.MustGeometry(3, sudoku.Classic),
		sudoku.MustGeometry(3, sudoku.Diagonal),
	} {
		for i := 1; i < len(cnf.Encodings); i++ {
			weaker, stronger := cnf.Encodings[i-1], cnf.Encodings[i]
			t.Run(fmt.Sprintf("geometry=%s/encodings=%s⊆%s", geo, weaker, stronger), func(t *testing.T) {
				strong := clauseKeys(cnf.Encode(geo, cnf.Options{Encoding: stronger}))
				for k := range clauseKeys(cnf.Encode(geo, cnf.Options{Encoding: weaker})) {
					if !strong[k] {
						t.Fatalf("clause %s of %s is not in %s", k, weaker, stronger)
					}
				}
			})
		}
	}
}

// tdokuAugmented builds the 9×9 formula of tdoku's minisat_augmented with
// this package's variable numbering: exactly one digit per cell, triads
// defined as exactly one of (their three cells, the triad's negation), and
// exactly one triad per row, column and box, but no constraint over a
// unit's cells: the triads replace them.
func tdokuAugmented() *cnf.Formula {
	const n, b = 9, 3
	var clauses [][]int
	exactlyOne := func(lits ...int) {
		clauses = append(clauses, lits)
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				clauses = append(clauses, []int{-lits[i], -lits[j]})
			}
		}
	}
	h := func(r, j, d int) int { return n*n*n + (r*b+j)*n + d }
	v := func(c, i, d int) int { return n*n*n + n*b*n + (c*b+i)*n + d }
	for cell := 0; cell < n*n; cell++ {
		var lits []int
		for d := 1; d <= n; d++ {
			lits = append(lits, cnf.CellVar(n, cell, d))
		}
		exactlyOne(lits...)
	}
	for line := 0; line < n; line++ {
		for k := 0; k < b; k++ {
			for d := 1; d <= n; d++ {
				exactlyOne(cnf.Var(n, line, k*b, d), cnf.Var(n, line, k*b+1, d), cnf.Var(n, line, k*b+2, d), -h(line, k, d))
				exactlyOne(cnf.Var(n, k*b, line, d), cnf.Var(n, k*b+1, line, d), cnf.Var(n, k*b+2, line, d), -v(line, k, d))
			}
		}
	}
	for d := 1; d <= n; d++ {
		for line := 0; line < n; line++ {
			exactlyOne(h(line, 0, d), h(line, 1, d), h(line, 2, d))
			exactlyOne(v(line, 0, d), v(line, 1, d), v(line, 2, d))
		}
		for box := 0; box < n; box++ {
			i, j := box/b, box%b
			exactlyOne(h(i*b, j, d), h(i*b+1, j, d), h(i*b+2, j, d))
			exactlyOne(v(j*b, i, d), v(j*b+1, i, d), v(j*b+2, i, d))
		}
	}
	return &cnf.Formula{Vars: n*n*n + 2*n*b*n, Clauses: clauses}
}

// TestAugmentedSolvesWhatTdokusDoes checks that unit propagation on the
// augmented encoding (the extended one plus triads) solves exactly the
// puzzles it solves on tdoku's formulation (cells and triads only), on
// all of top1465 and a tenth of 17-clue.
func TestAugmentedSolvesWhatTdokusDoes(t *testing.T) {
	t.Parallel()
	ours := cnf.NewPropagator(cnf.Encode(sudoku.MustGeometry(3, sudoku.Classic), cnf.Options{Encoding: cnf.Augmented}))
	tdoku := cnf.NewPropagator(tdokuAugmented())
	for _, corpus := range []struct {
		file   string
		stride int
	}{{"top1465.txt", 1}, {"17-clue.txt", 10}} {
		t.Run("corpus="+corpus.file, func(t *testing.T) {
			solved := 0
			for i, p := range everyNth(t, corpus.file, corpus.stride, 1<<30) {
				a, _ := ours.SolvesPuzzle(p)
				b, _ := tdoku.SolvesPuzzle(p)
				if a != b {
					t.Fatalf("puzzle %d: augmented solves it: %v, tdoku's formulation: %v", i*corpus.stride, a, b)
				}
				solved += btoi(a)
			}
			t.Logf("both solve %d", solved)
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// encodedProber returns the encoding's formula for geo and a prober over
// it, failing the test if the prober refuses the formula.
func encodedProber(t *testing.T, geo *sudoku.Geometry, enc cnf.Encoding) (*cnf.Formula, *prober) {
	t.Helper()
	f := cnf.Encode(geo, cnf.Options{Encoding: enc})
	p, err := newProber(geo, f)
	if err != nil {
		t.Fatal(err)
	}
	return f, p
}

// TestProberUnitPropagation checks the prober's unit propagation against
// the counting cnf.Propagator, an independent implementation: the same puzzles
// solved, the same cells fixed.
func TestProberUnitPropagation(t *testing.T) {
	puzzles := append(everyNth(t, "17-clue.txt", 97, 300), everyNth(t, "top1465.txt", 7, 100)...)
	geo := puzzles[0].Geometry()
	for _, enc := range cnf.Encodings {
		t.Run("encoding="+enc.String(), func(t *testing.T) {
			f, p := encodedProber(t, geo, enc)
			prop := cnf.NewPropagator(f)
			for i, pz := range puzzles {
				a, ok := prop.Propagate(cnf.Givens(pz))
				want, _ := a.Grid(geo)
				out := p.reason(pz, UnitPropagation)
				if !ok || out == contradictory || out == overBudget {
					t.Fatalf("puzzle %d: propagator consistent %v, prober's outcome %v", i, ok, out)
				}
				if got := p.grid(); !got.Equal(want) || (out == solved) != (got.Hints() == geo.Cells) {
					t.Fatalf("puzzle %d: prober fixed\n%v\npropagator\n%v", i, got, want)
				}
			}
		})
	}
}

// naiveFailedLiterals is failed-literal probing written as plainly as
// possible over the counting cnf.Propagator: propagate everything known plus
// one literal, from scratch, for every literal, until nothing fails.
func naiveFailedLiterals(prop *cnf.Propagator, vars int, givens []int) cnf.Assignment {
	known := slices.Clone(givens)
	for changed := true; changed; {
		changed = false
		for v := 1; v <= vars; v++ {
			for _, l := range []int{v, -v} {
				if a, _ := prop.Propagate(known); a[v] != 0 {
					continue
				}
				if _, ok := prop.Propagate(append(slices.Clone(known), l)); !ok {
					known = append(known, -l)
					changed = true
				}
			}
		}
	}
	a, _ := prop.Propagate(known)
	return a
}

// TestFailedLiteralsMatchNaive checks the prober's failed-literal fixpoint,
// with its watched literals, undo trail and skipped probes, against the
// plain version on the same puzzles: the same cells fixed.
func TestFailedLiteralsMatchNaive(t *testing.T) {
	t.Parallel()
	puzzles := append(everyNth(t, "17-clue.txt", 6007, 8), everyNth(t, "top1465.txt", 211, 6)...)
	geo := puzzles[0].Geometry()
	for _, enc := range []cnf.Encoding{cnf.Minimal, cnf.Extended} {
		t.Run("encoding="+enc.String(), func(t *testing.T) {
			f, p := encodedProber(t, geo, enc)
			prop := cnf.NewPropagator(f)
			for i, pz := range puzzles {
				want, _ := naiveFailedLiterals(prop, f.Vars, cnf.Givens(pz)).Grid(geo)
				if out := p.reason(pz, FailedLiterals); out == contradictory || out == overBudget {
					t.Fatalf("puzzle %d: outcome %v", i, out)
				}
				// The prober stops once every cell is fixed; the naive
				// version runs on, but fixes no more cells then.
				if got := p.grid(); !got.Equal(want) {
					t.Errorf("puzzle %d: prober fixed\n%v\nnaive\n%v", i, got, want)
				}
			}
		})
	}
}

// TestProbingOnSmallFormulas checks the definitions on formulas small
// enough to reason about by hand.
func TestProbingOnSmallFormulas(t *testing.T) {
	const a, b, c, d = 1, 2, 3, 4
	tests := []struct {
		name    string
		clauses [][]int
		// derives gives, per inference, the literals it must make true
		// and the ones it must leave unassigned.
		derives, leaves [3][]int
	}{
		{
			// a implies b and c, which exclude each other: a fails.
			name:    "failed literal",
			clauses: [][]int{{-a, b}, {-a, c}, {-b, -c}},
			derives: [3][]int{nil, {-a}, {-a}},
			leaves:  [3][]int{{a}, {b, c}, {b, c}},
		},
		{
			// Only the negative literal ¬a fails: b and ¬b follow.
			name:    "failed negative literal",
			clauses: [][]int{{a, b}, {a, -b}},
			derives: [3][]int{nil, {a}, {a}},
			leaves:  [3][]int{{a, b}, {b}, {b}},
		},
		{
			// Under a, b and ¬b both fail, yet a alone propagates
			// nothing: only a lookahead two levels deep refutes a.
			name:    "double lookahead",
			clauses: [][]int{{-a, -b, c}, {-a, -b, -c}, {-a, b, d}, {-a, b, -d}},
			derives: [3][]int{nil, nil, {-a}},
			leaves:  [3][]int{{a}, {a}, {b, c, d}},
		},
	}
	for _, tt := range tests {
		for _, inf := range Inferences {
			t.Run(fmt.Sprintf("formula=%s/inference=%s", tt.name, inf), func(t *testing.T) {
				p, err := newProber(nil, &cnf.Formula{Vars: d, Clauses: tt.clauses})
				if err != nil {
					t.Fatal(err)
				}
				ok := p.start(nil)
				switch inf {
				case FailedLiterals:
					ok = ok && p.failedLiterals(true)
				case DoubleLookahead:
					ok = ok && p.doubleLookahead()
				}
				if !ok {
					t.Fatal("conflict on a satisfiable formula")
				}
				for _, l := range tt.derives[inf] {
					if p.truth[literal.Code(l)] <= 0 {
						t.Errorf("%d not derived", l)
					}
				}
				for _, l := range tt.leaves[inf] {
					if p.truth[literal.Code(l)] != 0 {
						t.Errorf("%d assigned", l)
					}
				}
			})
		}
	}
}

// TestProfileMatchesEveryRung runs every encoding × inference on a sample
// without Profile's shortcuts and checks that Profile agrees, that what a
// rung solves every stronger rung solves, and that every grid a rung fixes
// is the puzzle's solution.
func TestProfileMatchesEveryRung(t *testing.T) {
	t.Parallel()
	puzzles := append(everyNth(t, "17-clue.txt", 6007, 7), everyNth(t, "top1465.txt", 211, 6)...)
	puzzles = append(puzzles, everyNth(t, "hardest-1106.txt", 101, 3)...)
	r := NewRater(puzzles[0].Geometry())
	for i, p := range puzzles {
		var brute [cnf.Augmented + 1][DoubleLookahead + 1]bool
		for _, e := range cnf.Encodings {
			for _, inf := range Inferences {
				solved, err := r.solves(p, Rung{e, inf}, nil, nil)
				if err != nil {
					t.Fatalf("puzzle %d, %s on %s: %v", i, inf, e, err)
				}
				if solved {
					if err := sudoku.CheckSolution(p, r.reasoners[e].grid()); err != nil {
						t.Fatalf("puzzle %d, %s on %s: %v", i, inf, e, err)
					}
				}
				brute[e][inf] = solved
			}
		}
		pr, err := r.Profile(p)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		for _, e := range cnf.Encodings {
			for _, inf := range Inferences {
				if pr.Solves(e, inf) != brute[e][inf] {
					t.Errorf("puzzle %d, %s on %s: profile says %v, the run %v", i, inf, e, pr.Solves(e, inf), brute[e][inf])
				}
				stronger := (e < cnf.Augmented && !brute[e+1][inf]) || (inf < DoubleLookahead && !brute[e][inf+1])
				if brute[e][inf] && stronger {
					t.Errorf("puzzle %d: %s on %s solves it, a stronger rung does not", i, inf, e)
				}
			}
		}
		if got, err := r.Rate(p); err != nil || got != pr.Rating() {
			t.Errorf("puzzle %d: Rate %v (%v), profile's rating %v", i, got, err, pr.Rating())
		}
	}
}

// TestRatings pins the rating of puzzles whose place on the ladder is
// known, and the errors.
func TestRatings(t *testing.T) {
	full := sudoku.PatternGrid(2)
	oneBlank := full.Clone()
	oneBlank.Set(5, 0)
	empty4 := sudoku.NewGrid(full.Geometry())
	top95 := readCorpus(t, "norvig-top95.txt")
	clash := top95[0].Clone()
	for c := 0; c < 9; c++ { // a row with the same given twice
		clash.Set(c, 0)
	}
	clash.Set(0, 5)
	clash.Set(1, 5)
	tests := []struct {
		name   string
		puzzle *sudoku.Grid
		want   Rating
		err    error
	}{
		{"puzzle=4x4-one-blank", oneBlank, RatingUPMinimal, nil},
		{"puzzle=4x4-empty", empty4, RatingSearch, nil},
		{"puzzle=clash", clash, 0, ErrNoSolution},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Rate(tt.puzzle)
			if !errors.Is(err, tt.err) || (err == nil && got != tt.want) {
				t.Errorf("rating %v, %v; want %v, %v", got, err, tt.want, tt.err)
			}
		})
	}
	t.Run("error=geometry", func(t *testing.T) {
		if _, err := NewRater(top95[0].Geometry()).Rate(full); err == nil || !strings.Contains(err.Error(), "4×4") {
			t.Errorf("4×4 puzzle on a 9×9 rater: %v", err)
		}
	})
	t.Run("error=budget", func(t *testing.T) {
		hard := readCorpus(t, "hardest-1106.txt")[0]
		r := NewRater(hard.Geometry())
		r.Budget = 1000
		if _, err := r.Rate(hard); !errors.Is(err, ErrBudget) {
			t.Errorf("1000 probes for a hardest-1106 puzzle: %v", err)
		}
		r.Budget = 0
		if got, err := r.Rate(hard); err != nil || got != RatingDoubleLookahead {
			t.Errorf("without a budget: %v, %v; want %v", got, err, RatingDoubleLookahead)
		}
	})
}

// TestRaterKeepsNoState checks that one rater reused over many puzzles
// rates each as a fresh one does: nothing of one puzzle leaks into the
// next, and ratings are deterministic.
func TestRaterKeepsNoState(t *testing.T) {
	puzzles := append(everyNth(t, "top1465.txt", 97, 15), everyNth(t, "17-clue.txt", 3301, 15)...)
	reused := NewRater(puzzles[0].Geometry())
	for i, p := range puzzles {
		a, errA := reused.Rate(p)
		b, errB := Rate(p)
		if a != b || errA != nil || errB != nil {
			t.Errorf("puzzle %d: reused rater %v (%v), fresh %v (%v)", i, a, errA, b, errB)
		}
	}
}

// ladderEnv opts in to the science checks over whole corpora.
const ladderEnv = "SUDOKUBENCH_LADDER"

// scienceSample returns what a science check runs on: the fixed sample of
// the corpus file (every stride-th puzzle, at most n), or the whole corpus
// when ladderEnv is set, and which of the two it is.
func scienceSample(t *testing.T, name string, stride, n int) (puzzles []*sudoku.Grid, full bool) {
	t.Helper()
	if os.Getenv(ladderEnv) != "" {
		return readCorpus(t, name), true
	}
	return everyNth(t, name, stride, n), false
}

// TestScienceLadder checks the inference ladder's figures on fixed samples
// (exact counts, so that any change in what a procedure derives shows) and,
// with SUDOKUBENCH_LADDER=1, on whole corpora: Lynce and Ouaknine found
// that failed literals on the extended encoding solve all or nearly all
// 17-clue puzzles, where unit propagation solves about half.
func TestScienceLadder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		corpus     string
		stride, n  int
		rung       Rung
		want       int     // puzzles solved in the sample
		minPercent float64 // of the whole corpus, with SUDOKUBENCH_LADDER=1
	}{
		{"17-clue.txt", 49, 1000, Rung{cnf.Extended, FailedLiterals}, 1000, 99.9},
		{"17-clue.txt", 49, 1000, Rung{cnf.Augmented, UnitPropagation}, 758, 76.0},
		{"top1465.txt", 1, 1465, Rung{cnf.Augmented, FailedLiterals}, 1465, 100},
		{"top1465.txt", 1, 1465, Rung{cnf.Extended, FailedLiterals}, 1459, 99.5},
		{"hardest-1106.txt", 1, 375, Rung{cnf.Augmented, FailedLiterals}, 1, 0},
		{"hardest-1106.txt", 5, 75, Rung{cnf.Augmented, DoubleLookahead}, 75, 100},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("corpus=%s/rung=%s", tt.corpus, tt.rung), func(t *testing.T) {
			puzzles, full := scienceSample(t, tt.corpus, tt.stride, tt.n)
			r := NewRater(puzzles[0].Geometry())
			solved := 0
			for i, p := range puzzles {
				ok, err := r.solves(p, tt.rung, nil, nil)
				if err != nil {
					t.Fatalf("puzzle %d: %v", i, err)
				}
				solved += btoi(ok)
			}
			share := 100 * float64(solved) / float64(len(puzzles))
			t.Logf("%s solves %d of %d (%.2f%%)", tt.rung, solved, len(puzzles), share)
			switch {
			case full && share < tt.minPercent:
				t.Errorf("%.2f%% solved, want at least %.1f%%", share, tt.minPercent)
			case !full && solved != tt.want:
				t.Errorf("%d solved, want %d", solved, tt.want)
			}
		})
	}
}

func TestAnalysisTallies(t *testing.T) {
	var upAugmented, failedExtended Profile
	upAugmented.weakest = [cnf.Augmented + 1]int8{-1, -1, int8(FailedLiterals), int8(UnitPropagation)}
	failedExtended.weakest = [cnf.Augmented + 1]int8{-1, -1, int8(FailedLiterals), int8(FailedLiterals)}
	a := NewAnalysis()
	for _, add := range []struct {
		hints int
		pr    Profile
		err   error
	}{
		{22, failedExtended, nil},
		{17, upAugmented, nil},
		{17, failedExtended, nil},
		{17, Profile{}, fmt.Errorf("x: %w", ErrNoSolution)},
		{23, Profile{}, fmt.Errorf("x: %w", ErrBudget)},
	} {
		if err := a.Add(add.hints, add.pr, add.err); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Add(17, Profile{}, errors.New("other")); err == nil {
		t.Error("an unexpected error was counted, not returned")
	}
	var hints []int
	for _, b := range a.Buckets() {
		hints = append(hints, b.Hints)
	}
	total := a.Total()
	switch {
	case !slices.Equal(hints, []int{17, 22}):
		t.Errorf("buckets %v, want 17 and 22", hints)
	case a.NoSolution != 1 || a.OverBudget != 1:
		t.Errorf("no solution %d, over budget %d; want 1 and 1", a.NoSolution, a.OverBudget)
	case total.Puzzles != 3 || total.Solved(cnf.Augmented, UnitPropagation) != 1 || total.Solved(cnf.Extended, FailedLiterals) != 3 || total.Solved(cnf.Minimal, DoubleLookahead) != 0:
		t.Errorf("total %+v", total)
	case total.Rated(RatingUPAugmented) != 1 || total.Rated(RatingFailedLiterals) != 2:
		t.Errorf("ratings %d up-augmented, %d failed-literals; want 1 and 2", total.Rated(RatingUPAugmented), total.Rated(RatingFailedLiterals))
	}
}

// BenchmarkRate times Rate, and BenchmarkProfile Profile, over fixed
// samples of 17-clue, top1465 and hardest-1106; puzzles/cpu-s, puzzles
// per second of the process's CPU time, is the figure to read on a shared
// machine, puzzles/s where the machine is otherwise idle.
func BenchmarkRate(b *testing.B) {
	benchmarkLadder(b, func(r *Rater, p *sudoku.Grid) error {
		_, err := r.Rate(p)
		return err
	})
}

func BenchmarkProfile(b *testing.B) {
	benchmarkLadder(b, func(r *Rater, p *sudoku.Grid) error {
		_, err := r.Profile(p)
		return err
	})
}

func benchmarkLadder(b *testing.B, run func(*Rater, *sudoku.Grid) error) {
	for _, corpus := range []string{"17-clue.txt", "top1465.txt", "hardest-1106.txt"} {
		b.Run("corpus="+corpus, func(b *testing.B) {
			puzzles := everyNth(b, corpus, 1, 200)
			if corpus == "17-clue.txt" {
				puzzles = everyNth(b, corpus, 245, 200)
			}
			r := NewRater(puzzles[0].Geometry())
			n := 0
			cpu := cputest.Process()
			for b.Loop() {
				if err := run(r, puzzles[n%len(puzzles)]); err != nil {
					b.Fatal(err)
				}
				n++
			}
			if cpu := cputest.Process() - cpu; cpu > 0 {
				b.ReportMetric(float64(n)/cpu.Seconds(), "puzzles/cpu-s")
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
