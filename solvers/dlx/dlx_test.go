package dlx

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestCorpora(t *testing.T) {
	tests := []struct {
		corpus string
		mode   solvers.Mode
		want   solvers.Status
	}{
		{"17-clue", solvers.Unique, solvers.Solved},
		{"top1465", solvers.Unique, solvers.Solved},
		{"top1465", solvers.First, solvers.Solved},
		{"norvig-top95", solvers.Unique, solvers.Solved},
		{"norvig-hardest", solvers.Unique, solvers.Solved},
		{"serg", solvers.Unique, solvers.Multiple},
		{"serg", solvers.First, solvers.Solved},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("corpus=%s/mode=%s", tt.corpus, tt.mode), func(t *testing.T) {
			s := NewSolver()
			failures := 0
			for i, e := range corporatest.First(t, tt.corpus, 0) {
				if err := solveAndCheck(s, e.Grid, tt.mode, tt.want); err != nil {
					t.Errorf("puzzle %d %s: %v", i+1, e.Grid, err)
					if failures++; failures == 5 {
						t.Fatal("giving up after 5 failures")
					}
				}
			}
		})
	}
}

// solveAndCheck solves one puzzle and verifies status and solution.
func solveAndCheck(s *Solver, puzzle *sudoku.Grid, mode solvers.Mode, want solvers.Status) error {
	res, err := s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: mode})
	switch {
	case err != nil:
		return err
	case res.Status != want:
		return fmt.Errorf("status %s, want %s", res.Status, want)
	case res.Status == solvers.Solved || res.Status == solvers.Multiple:
		return sudoku.CheckSolution(puzzle, res.Solution)
	case res.Solution != nil:
		return fmt.Errorf("status %s with a solution", res.Status)
	}
	return nil
}

func TestCountSolutionsTdokuTests(t *testing.T) {
	for i, e := range corporatest.First(t, "tdoku-tests", 0) {
		t.Run(fmt.Sprintf("line=%d/count=%d", i+1, e.Solutions), func(t *testing.T) {
			if got := CountSolutions(e.Grid, e.Solutions+1); got != e.Solutions {
				t.Fatalf("CountSolutions = %d, want %d", got, e.Solutions)
			}
			given := e.Solution
			if given == nil {
				return
			}
			if err := sudoku.CheckSolution(e.Grid, given); err != nil {
				t.Fatalf("recorded solution: %v", err)
			}
			res, _ := NewSolver().Solve(context.Background(), solvers.Request{Puzzle: e.Grid, Mode: solvers.Unique})
			if e.Solutions == 1 && !res.Solution.Equal(given) {
				t.Fatalf("solution %s, recorded %s", res.Solution, given)
			}
		})
	}
}

func TestCountSolutionsLimit(t *testing.T) {
	empty := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	for _, limit := range []int{-1, 0, 1, 2, 100} {
		if got, want := CountSolutions(empty, limit), max(limit, 1); got != want {
			t.Errorf("limit=%d: CountSolutions(empty) = %d, want %d", limit, got, want)
		}
	}
}

// TestCountAgainstBruteForce compares the engine with a plain backtracking
// count on every 4×4 grid shape: the empty grids (288 classic grids) and
// puzzles with some cells blanked.
func TestCountAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
		geo := sudoku.MustGeometry(2, v)
		empty := sudoku.NewGrid(geo)
		full, ok := RandomSolution(empty, rng)
		if !ok {
			t.Fatalf("%s: no full grid", geo)
		}
		puzzles := []*sudoku.Grid{empty}
		for range 20 {
			puzzles = append(puzzles, sudokutest.Blank(full, 0.3, rng))
		}
		for _, p := range puzzles {
			if got, want := CountSolutions(p, 1000), bruteCount(p); got != want {
				t.Errorf("%s %s: CountSolutions = %d, brute force %d", geo, p, got, want)
			}
		}
	}
	if got := CountSolutions(sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Classic)), 1000); got != 288 {
		t.Errorf("4×4 classic grids: %d, want 288", got)
	}
}

// bruteCount counts solutions by filling the first empty cell with each
// candidate in turn.
func bruteCount(g *sudoku.Grid) int {
	cand := g.Candidates()
	for i, d := range g.Cells() {
		if d != 0 {
			continue
		}
		count := 0
		for digit := 1; digit <= g.N(); digit++ {
			if cand[i]&(1<<digit) != 0 {
				g.Set(i, digit)
				count += bruteCount(g)
				g.Set(i, 0)
			}
		}
		return count
	}
	return 1
}

func TestSizesAndVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			geo := sudoku.MustGeometry(box, v)
			t.Run(fmt.Sprintf("size=%d/variant=%s", geo.N, v), func(t *testing.T) {
				full := fullGrid(t, geo, rng)
				if err := sudoku.CheckSolution(sudoku.NewGrid(geo), full); err != nil {
					t.Fatalf("full grid: %v", err)
				}
				s := NewSolver()
				for _, p := range []float64{0.2, 0.4} {
					if err := solveAndCheck(s, sudokutest.Blank(full, p, rng), solvers.First, solvers.Solved); err != nil {
						t.Errorf("blanked %.0f%%: %v", 100*p, err)
					}
				}
			})
		}
	}
}

// fullGrid is the pattern grid for the classic variant and a random full grid
// for the diagonal one (the pattern breaks the diagonals); at 36×36, where
// drawing one takes minutes, a grid RandomSolution drew once, kept in
// testdata (from PCG(36, 36)).
func fullGrid(t *testing.T, geo *sudoku.Geometry, rng *rand.Rand) *sudoku.Grid {
	t.Helper()
	switch {
	case geo.Variant == sudoku.Classic:
		return sudoku.PatternGrid(geo.Box)
	case geo.Box == 6:
		return diagonal36(t)
	}
	full, ok := RandomSolution(sudoku.NewGrid(geo), rng)
	if !ok {
		t.Fatalf("%s: no full grid", geo)
	}
	return full
}

// diagonal36 reads the full 36×36 diagonal grid of testdata.
func diagonal36(t *testing.T) *sudoku.Grid {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "diagonal-36.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := sudoku.ParseLine(strings.TrimSpace(string(text)), sudoku.Diagonal)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDiagonalEnforced(t *testing.T) {
	// The classic pattern grid repeats digits on the diagonals: as a
	// diagonal puzzle it has no solution, with a few cells blanked as well.
	for box := sudoku.MinBox; box <= 3; box++ {
		classic := sudoku.PatternGrid(box)
		blanked := classic.Clone()
		for i := 0; i < len(blanked.Cells()); i += 3 {
			blanked.Set(i, 0)
		}
		asDiagonal, err := sudoku.ParseLine(blanked.String(), sudoku.Diagonal)
		if err != nil {
			t.Fatal(err)
		}
		if n := CountSolutions(blanked, 1); n != 1 {
			t.Errorf("%d×%d classic: no solution, want the pattern grid at least", classic.N(), classic.N())
		}
		if n := CountSolutions(asDiagonal, 2); n != 0 {
			t.Errorf("%d×%d diagonal: %d solutions, want 0", classic.N(), classic.N(), n)
		}
	}
}

func TestRandomSolutionDeterministic(t *testing.T) {
	geos := []*sudoku.Geometry{sudoku.MustGeometry(3, sudoku.Classic), sudoku.MustGeometry(4, sudoku.Diagonal), sudoku.MustGeometry(5, sudoku.Classic)}
	if os.Getenv(longEnv) != "" {
		geos = append(geos, sudoku.MustGeometry(6, sudoku.Classic))
	}
	for _, geo := range geos {
		empty := sudoku.NewGrid(geo)
		a, okA := RandomSolution(empty, rand.New(rand.NewPCG(42, 0)))
		b, okB := RandomSolution(empty, rand.New(rand.NewPCG(42, 0)))
		c, _ := Oracle{}.RandomSolution(empty, rand.New(rand.NewPCG(43, 0)))
		switch {
		case !okA || !okB:
			t.Fatalf("%s: no solution", geo)
		case !a.Equal(b):
			t.Errorf("%s: seed 42 gave %s then %s", geo, a, b)
		case a.Equal(c):
			t.Errorf("%s: seeds 42 and 43 gave the same grid %s", geo, a)
		}
		if err := sudoku.CheckSolution(empty, a); err != nil {
			t.Errorf("%s: %v", geo, err)
		}
	}
}

// The generated corpora (holes-SIDE@SHARE, unique-SIDE@SHARE) and the
// networks' training data are made of RandomSolution's grids: a seed must
// draw the grid it always drew. The digests are those of the grids the
// engine drew before it changed its heuristic and layout.
func TestRandomSolutionDrawsTheSameGrids(t *testing.T) {
	tests := []struct {
		box    int
		v      sudoku.Variant
		seed   uint64
		digest string // SHA-256 of the grid's String, first 16 hex digits
	}{
		{3, sudoku.Classic, 1, "c2f0a142c0b2a26e"},
		{3, sudoku.Diagonal, 2, "f006d99841805726"},
		{4, sudoku.Classic, 3, "aa825483dd9854f3"},
		{4, sudoku.Diagonal, 4, "7dae5c4d7298ed68"},
		{5, sudoku.Classic, 5, "c9689e3bd07cf9f5"},
		{5, sudoku.Diagonal, 6, "dca83640229ee36f"},
		{6, sudoku.Classic, 7, "34187aa497064519"},
	}
	for _, tt := range tests {
		geo := sudoku.MustGeometry(tt.box, tt.v)
		t.Run(fmt.Sprintf("size=%d/variant=%s/seed=%d", geo.N, tt.v, tt.seed), func(t *testing.T) {
			if tt.box == 6 {
				skipUnlessLong(t)
			}
			g, ok := RandomSolution(sudoku.NewGrid(geo), rand.New(rand.NewPCG(tt.seed, 0)))
			if !ok {
				t.Fatal("no grid")
			}
			if got := fmt.Sprintf("%x", sha256.Sum256([]byte(g.String()))); !strings.HasPrefix(got, tt.digest) {
				t.Errorf("drew %s (digest %.16s), want digest %s", g, got, tt.digest)
			}
		})
	}
	if g, _ := RandomSolution(sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)), rand.New(rand.NewPCG(1, 0))); g.String() != "263517498179348265548926731614739582897251643325864917481675329736192854952483176" {
		t.Errorf("9×9 seed 1 drew %s", g)
	}
}

// A search past its node budget says it was interrupted, and a random
// completion then starts again (36×36 diagonal grids need restarts: one
// search of the first budget rarely completes them).
func TestNodeBudget(t *testing.T) {
	geo := sudoku.MustGeometry(6, sudoku.Diagonal)
	e := newShuffledEngine(geo, rand.New(rand.NewPCG(1, 0)))
	e.budget = 1
	e.load(sudoku.NewGrid(geo))
	if !e.search(1, nil) {
		t.Fatal("a search with a budget of 1 node was not interrupted")
	}
	if _, _, nodes, _ := e.result(); nodes != 4096 {
		t.Errorf("stopped after %d nodes, want 4096 (the budget is looked at every 4096)", nodes)
	}
}

// The oracle's Context methods answer as the plain ones do, drawing the
// same grid from the same seed, and stop with the context's error, in the
// middle of a search, once it ends.
func TestOracleContext(t *testing.T) {
	empty := sudoku.NewGrid(sudoku.MustGeometry(4, sudoku.Classic))
	want, _ := RandomSolution(empty, rand.New(rand.NewPCG(7, 0)))
	got, ok, err := Oracle{}.RandomSolutionContext(context.Background(), empty, rand.New(rand.NewPCG(7, 0)))
	if err != nil || !ok || !got.Equal(want) {
		t.Errorf("RandomSolutionContext = %v, %v, %v; want %s as RandomSolution gives", got, ok, err, want)
	}
	if n, err := (Oracle{}).CountSolutionsContext(context.Background(), empty, 2); n != 2 || err != nil {
		t.Errorf("CountSolutionsContext(empty) = %d, %v; want 2", n, err)
	}
	// An empty 25×25 grid with its first row given has more solutions than
	// any search counts: only the deadline ends the count.
	wide := sudoku.NewGrid(sudoku.MustGeometry(5, sudoku.Classic))
	for c := range 25 {
		wide.Set(c, c+1)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if n, err := (Oracle{}).CountSolutionsContext(ctx, wide, 1<<40); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("CountSolutionsContext past the deadline = %d, %v; want the deadline's error", n, err)
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	if _, _, err := (Oracle{}).RandomSolutionContext(done, empty, rand.New(rand.NewPCG(7, 0))); !errors.Is(err, context.Canceled) {
		t.Errorf("RandomSolutionContext on an ended context: %v, want its error", err)
	}
}

func TestUnsolvable(t *testing.T) {
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	conflict := sudoku.NewGrid(geo)
	conflict.Set(0, 5)
	conflict.Set(8, 5) // two 5s in row 1
	if n := (Oracle{}).CountSolutions(conflict, 2); n != 0 {
		t.Errorf("conflicting givens: %d solutions", n)
	}
	if _, ok := RandomSolution(conflict, rand.New(rand.NewPCG(1, 1))); ok {
		t.Error("conflicting givens: RandomSolution found one")
	}
	for _, tt := range []struct {
		name   string
		puzzle *sudoku.Grid
		detail string
	}{
		// The detail names the two givens, as the server's conflict does.
		{"conflict", conflict, "two givens cover the same item: row 1: 5 at r1c1 and r1c9"},
		{"no-solution", firstWithCount(t, 0), ""},
	} {
		res, err := NewSolver().Solve(context.Background(), solvers.Request{Puzzle: tt.puzzle, Mode: solvers.Unique})
		if err != nil || res.Status != solvers.Unsat || res.Solution != nil || res.Detail != tt.detail {
			t.Errorf("%s: status %s (%q), solution %v, err %v; want unsat (%q)", tt.name, res.Status, res.Detail, res.Solution, err, tt.detail)
		}
	}
	// Clashing givens pose no matrix: after another puzzle, the solver
	// reports no model rather than that puzzle's.
	s := NewSolver()
	for _, puzzle := range []*sudoku.Grid{firstWithCount(t, 1), conflict} {
		res, err := s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique, Transient: true})
		if clash := puzzle == conflict; err != nil || (len(res.Model) == 0) != clash {
			t.Errorf("clashing %v: model %v, err %v", clash, res.Model, err)
		}
	}
}

func firstWithCount(t *testing.T, count int) *sudoku.Grid {
	for _, e := range corporatest.First(t, "tdoku-tests", 0) {
		if e.Solutions == count {
			return e.Grid
		}
	}
	t.Fatalf("tdoku-tests has no puzzle with %d solutions", count)
	return nil
}

func TestSolveReportsModelAndPhases(t *testing.T) {
	puzzle := corporatest.First(t, "top1465", 1)[0].Grid
	res, err := NewSolver().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
	if err != nil {
		t.Fatal(err)
	}
	p, err := exactcover.Pose(puzzle, exactcover.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := p.Stats()
	got := exactcover.Stats{Items: res.Model["items"], Options: res.Model["options"], Nonzeros: res.Model["nonzeros"]}
	if got != want {
		t.Errorf("model %+v, exactcover.Pose says %+v", got, want)
	}
	if res.Counters["nodes"] < 1 || res.Counters["guesses"] < 1 || res.Counters["guesses"] > res.Counters["nodes"] {
		t.Errorf("counters %v", res.Counters)
	}
	if res.Phases.Solve <= 0 {
		t.Errorf("phases %+v", res.Phases)
	}
}

func TestSolveBadRequest(t *testing.T) {
	s := NewSolver()
	puzzle := sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Classic))
	for _, req := range []solvers.Request{{Mode: solvers.First}, {Puzzle: puzzle, Mode: "all"}} {
		if res, err := s.Solve(context.Background(), req); err != nil || res.Status != solvers.Error || res.Detail == "" {
			t.Errorf("%+v: status %s, detail %q, err %v", req, res.Status, res.Detail, err)
		}
	}
}

func TestSolveStopsWhenCanceled(t *testing.T) {
	s := NewSolver()
	var long *sudoku.Grid
	for _, e := range corporatest.First(t, "hardest-1106", 0) {
		res, _ := s.Solve(context.Background(), solvers.Request{Puzzle: e.Grid, Mode: solvers.Unique})
		if res.Counters["nodes"] > 3*4096 {
			long = e.Grid
			break
		}
	}
	if long == nil {
		t.Skip("no puzzle in hardest-1106 takes enough nodes")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Solve(ctx, solvers.Request{Puzzle: long, Mode: solvers.Unique})
	if err != nil || res.Status != solvers.GaveUp || res.Solution != nil || res.Counters["nodes"] != 4096 {
		t.Errorf("status %s after %v nodes, err %v; want gave-up after 4096", res.Status, res.Counters["nodes"], err)
	}
}

func TestPipelines(t *testing.T) {
	reg := solvers.NewRegistry()
	for _, in := range Pipelines() {
		if err := reg.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	in, err := reg.Lookup("exactcover/dlx")
	if err != nil {
		t.Fatal(err)
	}
	if in.Family != "exactcover" || !in.PureGo || in.Stochastic || in.Check() != nil {
		t.Errorf("info %+v", in)
	}
	puzzle := corporatest.First(t, "norvig-top95", 1)[0].Grid
	if err := solveAndCheck(in.New().(*Solver), puzzle, solvers.Unique, solvers.Solved); err != nil {
		t.Error(err)
	}
}

// Settle, the harness's cross-check, finds what CountSolutions counts, hands
// back the first solution, and says when its context ended the search.
func TestOracleSettle(t *testing.T) {
	classic := sudoku.MustGeometry(3, sudoku.Classic)
	conflict := sudoku.NewGrid(classic)
	conflict.Set(0, 5)
	conflict.Set(8, 5)
	unique := corporatest.First(t, "norvig-top95", 1)[0].Grid
	tests := []struct {
		name     string
		puzzle   *sudoku.Grid
		limit    int
		found    int
		complete bool
	}{
		{"conflict", conflict, 2, 0, true},
		{"unsolvable", firstWithCount(t, 0), 2, 0, true},
		{"unique", unique, 2, 1, true},
		{"empty-25x25/limit=1", sudoku.NewGrid(sudoku.MustGeometry(5, sudoku.Classic)), 1, 1, true},
		{"empty-9x9/limit=2", sudoku.NewGrid(classic), 2, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, first, complete := Oracle{}.Settle(context.Background(), tt.puzzle, tt.limit)
			if found != tt.found || complete != tt.complete {
				t.Fatalf("found %d, complete %v; want %d, %v", found, complete, tt.found, tt.complete)
			}
			if (first != nil) != (found > 0) {
				t.Fatalf("first solution %v with %d found", first, found)
			}
			if first != nil {
				if err := sudoku.CheckSolution(tt.puzzle, first); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if found, _, complete := (Oracle{}).Settle(ctx, sudoku.NewGrid(classic), 1<<30); complete || found == 0 {
		t.Errorf("counting every 9×9 grid under a cancelled context: found %d, complete %v; want some, incomplete", found, complete)
	}
}
