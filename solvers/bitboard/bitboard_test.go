package bitboard

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// countSolutions counts the solutions of g on a board, no further than limit.
func countSolutions(b board, g *sudoku.Grid, limit int) int {
	b.load(g)
	return search(b, b.frames(), limits{solutions: limit}).solutions
}

// TestTdokuTests checks every line of tdoku's test fixture: the status in
// unique mode (unsat for the infeasible puzzles), the recorded solution, and
// the number of solutions, which every board must count as the line and
// exactcover/dlx do.
func TestTdokuTests(t *testing.T) {
	s := NewSolver()
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	boards := append(nineBoards(), newCellEngine(geo), oracleBoard(geo))
	for _, p := range corporatest.Sample(t, "tdoku-tests", 0, benchSeed) {
		t.Run(fmt.Sprintf("line=%d/count=%d", p.Line, p.Solutions), func(t *testing.T) {
			want := solvers.Solved
			switch {
			case p.Solutions == 0:
				want = solvers.Unsat
			case p.Solutions > 1:
				want = solvers.Multiple
			}
			if err := solvertest.Check(s, p.Grid, solvers.Unique, want); err != nil {
				t.Fatal(err)
			}
			if p.Solution != nil {
				res, _ := s.Solve(context.Background(), solvers.Request{Puzzle: p.Grid, Mode: solvers.First})
				if !res.Solution.Equal(p.Solution) {
					t.Errorf("solution %s, recorded %s", res.Solution, p.Solution)
				}
			}
			limit := p.Solutions + 1
			if n := dlx.CountSolutions(p.Grid, limit); n != p.Solutions {
				t.Fatalf("exactcover/dlx counts %d, the line says %d", n, p.Solutions)
			}
			for _, b := range boards {
				if n := countSolutions(b, p.Grid, limit); n != p.Solutions {
					t.Errorf("%T counts %d, want %d", b, n, p.Solutions)
				}
			}
		})
	}
}

// nineBoards returns the 9×9 classic boards this machine runs: the
// portable band board and, where the CPU has the kernel, the vector
// board.
func nineBoards() []board {
	if vectorKernels {
		return []board{new(bandEngine), new(vectorEngine)}
	}
	return []board{new(bandEngine)}
}

// portable makes a test run the portable band board where the CPU has the
// vector kernel.
func portable(t *testing.T) {
	saved := vectorKernels
	vectorKernels = false
	t.Cleanup(func() { vectorKernels = saved })
}

// TestBoardsAgree runs the cell board on 9×9 classic puzzles beside the
// oracle's band board, which makes the same deductions in another form
// and branches by the same rule: their searches must be the same tree,
// same solutions, nodes and guesses, puzzle by puzzle.
func TestBoardsAgree(t *testing.T) {
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	cells, bands := newCellEngine(geo), oracleBoard(geo)
	for _, corpus := range []string{"top1465", "hardest-1106", "serg", "tdoku-tests"} {
		for _, p := range corporatest.Sample(t, corpus, 200, benchSeed) {
			cells.load(p.Grid)
			bands.load(p.Grid)
			byCells, byBands := search(cells, cells.frames(), limits{solutions: 2}), search(bands, bands.frames(), limits{solutions: 2})
			if byCells != byBands {
				t.Fatalf("%s: cell board %+v, band board %+v", p.ID, byCells, byBands)
			}
			if byCells.solutions > 0 && !slices.Equal(cells.solution(), bands.solution()) {
				t.Fatalf("%s: the boards found different first solutions", p.ID)
			}
		}
	}
}

// TestBoardsCountAlike runs the cell board on 9×9 classic puzzles, which
// the Solver hands to a band board. The two make the same deductions but
// for the intersection rules, which only the band boards make, and branch
// differently (cells against configurations), so their trees differ; they
// must find the same solutions.
func TestBoardsCountAlike(t *testing.T) {
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	cells, bands := newCellEngine(geo), new(bandEngine)
	for _, corpus := range []string{"top1465", "hardest-1106", "serg", "tdoku-tests"} {
		for _, p := range corporatest.Sample(t, corpus, 200, benchSeed) {
			byCells, byBands := countSolutions(cells, p.Grid, 2), countSolutions(bands, p.Grid, 2)
			if byCells != byBands {
				t.Fatalf("%s: cell board %d solutions, band board %d", p.ID, byCells, byBands)
			}
			if byCells != 1 {
				continue
			}
			if !slices.Equal(cells.solution(), bands.solution()) {
				t.Fatalf("%s: the boards found different solutions", p.ID)
			}
			got := sudoku.NewGrid(geo)
			copy(got.Cells(), bands.solution())
			if err := sudoku.CheckSolution(p.Grid, got); err != nil {
				t.Fatalf("%s: %v", p.ID, err)
			}
		}
	}
}

// TestGuesses guards the branching rule and the intersection rules: on
// top1465 the band boards take 8.5 guesses per puzzle in unique mode,
// where branching on the busiest cell with fewest digits took 10.2
// without the intersection rules, and the first such cell in reading
// order 18.8 (jsolve: 11, tdoku: 8.9).
func TestGuesses(t *testing.T) {
	s := NewSolver()
	puzzles := corporatest.Sample(t, "top1465", 0, benchSeed)
	guesses := 0.0
	for _, p := range puzzles {
		res, _ := s.Solve(context.Background(), solvers.Request{Puzzle: p.Grid, Mode: solvers.Unique})
		guesses += res.Counters["guesses"]
	}
	if perPuzzle := guesses / float64(len(puzzles)); perPuzzle > 9 {
		t.Errorf("%.2f guesses per puzzle, want at most 9", perPuzzle)
	}
}

// TestSizesAndVariants solves unique puzzles made by the corpora generator
// (with exactcover/dlx as its oracle) at every size and in both variants,
// in both modes, and puzzles with several solutions made by blanking a
// full grid, where unique mode must say multiple.
func TestSizesAndVariants(t *testing.T) {
	tests := []struct {
		box, hints, count int
	}{
		{2, 5, 20}, {3, 24, 20}, {4, 120, 4}, {5, 400, 1},
	}
	for _, tt := range tests {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			geo := sudoku.MustGeometry(tt.box, v)
			t.Run(fmt.Sprintf("size=%d/variant=%s", geo.N, v), func(t *testing.T) {
				s := NewSolver()
				opts := corpora.GenerateOptions{Box: tt.box, Variant: v, Hints: tt.hints, Seed: 1}
				for _, p := range generate(t, opts, tt.count) {
					for _, mode := range []solvers.Mode{solvers.Unique, solvers.First} {
						if err := solvertest.Check(s, p, mode, solvers.Solved); err != nil {
							t.Errorf("%s %s: %v", mode, p, err)
						}
					}
				}
				several := severalSolutions(t, geo)
				if err := solvertest.Check(s, several, solvers.Unique, solvers.Multiple); err != nil {
					t.Errorf("blanked grid: %v", err)
				}
			})
		}
	}
}

func generate(t *testing.T, opts corpora.GenerateOptions, count int) []*sudoku.Grid {
	t.Helper()
	gen, err := corpora.NewGenerator(dlx.Oracle{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	puzzles := make([]*sudoku.Grid, count)
	for i := range puzzles {
		if puzzles[i], err = gen.Next(); err != nil {
			t.Fatal(err)
		}
	}
	return puzzles
}

// severalSolutions blanks a random full grid, cell by cell in a random
// order, until exactcover/dlx finds more than one solution.
func severalSolutions(t *testing.T, geo *sudoku.Geometry) *sudoku.Grid {
	rng := rand.New(rand.NewPCG(2, uint64(geo.N)))
	g, _ := dlx.RandomSolution(sudoku.NewGrid(geo), rng)
	for _, cell := range rng.Perm(geo.Cells) {
		g.Set(cell, 0)
		if dlx.CountSolutions(g, 2) == 2 {
			return g
		}
	}
	t.Fatalf("%s: the empty grid has one solution", geo)
	return nil
}

// TestCountsAgainstDLX counts the solutions of 4×4 grids, empty and with
// cells blanked from a full grid, on the cell board and with
// exactcover/dlx: 288 classic grids in all.
func TestCountsAgainstDLX(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
		geo := sudoku.MustGeometry(2, v)
		b := newCellEngine(geo)
		empty := sudoku.NewGrid(geo)
		full, _ := dlx.RandomSolution(empty, rng)
		puzzles := []*sudoku.Grid{empty}
		for i := range 30 {
			puzzles = append(puzzles, corpora.Holes(full, geo.Cells-4-i%12, rng))
		}
		for _, p := range puzzles {
			if got, want := countSolutions(b, p, 1000), dlx.CountSolutions(p, 1000); got != want {
				t.Errorf("%s %s: %d solutions, exactcover/dlx %d", geo, p, got, want)
			}
		}
	}
	if n := countSolutions(newCellEngine(sudoku.MustGeometry(2, sudoku.Classic)), sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Classic)), 1000); n != 288 {
		t.Errorf("4×4 classic grids: %d, want 288", n)
	}
}

// TestDiagonalEnforced: the classic pattern grid repeats digits on its
// diagonals, so as a diagonal puzzle, a few cells blanked, it has no
// solution, while as a classic one it has.
func TestDiagonalEnforced(t *testing.T) {
	s := NewSolver()
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		full := sudoku.PatternGrid(box)
		blanked := corpora.Holes(full, full.Geometry().Cells-box*box, rand.New(rand.NewPCG(4, 4)))
		asDiagonal, err := sudoku.ParseLine(blanked.String(), sudoku.Diagonal)
		if err != nil {
			t.Fatal(err)
		}
		if err := solvertest.Check(s, blanked, solvers.First, solvers.Solved); err != nil {
			t.Errorf("%s: %v", blanked.Geometry(), err)
		}
		if err := solvertest.Check(s, asDiagonal, solvers.Unique, solvers.Unsat); err != nil {
			t.Errorf("%s: %v", asDiagonal.Geometry(), err)
		}
	}
}

// TestConformance runs the suite's contract for complete solvers, ill-posed
// puzzles of every shape included: the Solver does not rely on a caller's
// check of the givens. It runs twice where the CPU has the vector kernel:
// once as the Solver comes, once on the portable band board.
func TestConformance(t *testing.T) {
	suite := solvertest.Suite{
		New:     func() solvers.Solver { return NewSolver() },
		Samples: []solvertest.Sample{{Corpus: "17-clue", N: 50}, {Corpus: "hardest-1106", N: 10}},
	}
	t.Run("board=default", suite.Run)
	if vectorKernels {
		t.Run("board=portable", func(t *testing.T) {
			portable(t)
			if _, ok := NewSolver().boardFor(sudoku.MustGeometry(3, sudoku.Classic)).(*bandEngine); !ok {
				t.Fatal("the portable run did not get the band board")
			}
			suite.Run(t)
		})
	}
}

// TestNoAllocation: a search allocates nothing once the boards exist;
// Solve allocates only its result, and nothing for a transient request.
func TestNoAllocation(t *testing.T) {
	hard := corporatest.Sample(t, "hardest-1106", 1, benchSeed)[0].Grid
	big := generate(t, corpora.GenerateOptions{Box: 4, Hints: 120, Seed: 2}, 1)[0]
	for _, tt := range []struct {
		b      board
		puzzle *sudoku.Grid
	}{{new(bandEngine), hard}, {new(vectorEngine), hard}, {newCellEngine(big.Geometry()), big}} {
		if _, ok := tt.b.(*vectorEngine); ok && !vectorKernels {
			continue
		}
		allocs := testing.AllocsPerRun(5, func() { countSolutions(tt.b, tt.puzzle, 2) })
		if allocs != 0 {
			t.Errorf("%T on %s: %.0f allocations per search", tt.b, tt.puzzle.Geometry(), allocs)
		}
	}
	s := NewSolver()
	req := solvers.Request{Puzzle: hard, Mode: solvers.Unique}
	allocs := testing.AllocsPerRun(5, func() { s.Solve(context.Background(), req) })
	if allocs > solveAllocs {
		t.Errorf("Solve: %.0f allocations, want at most %d (the counters and the solution)", allocs, solveAllocs)
	}
	req = solvers.Request{Puzzle: hard, Mode: solvers.Unique, Transient: true}
	if allocs := testing.AllocsPerRun(5, func() { s.Solve(context.Background(), req) }); allocs != 0 {
		t.Errorf("transient Solve: %.0f allocations, want none", allocs)
	}
}

// TestTransient: a transient request's result is the one a kept request
// gets, and the kept results stay as they were.
func TestTransient(t *testing.T) {
	puzzles := solvertest.Grids(corporatest.Sample(t, "17-clue", 20, benchSeed))
	puzzles = append(puzzles, generate(t, corpora.GenerateOptions{Box: 4, Hints: 120, Seed: 2}, 2)...)
	puzzles = append(puzzles, severalSolutions(t, sudoku.MustGeometry(3, sudoku.Classic)))
	for _, mode := range []solvers.Mode{solvers.Unique, solvers.First} {
		solvertest.CheckTransient(t, NewSolver(), puzzles, mode)
	}
}

// solveAllocs is what a Solve allocates for its result: the counters map
// (two allocations) and the solution grid (two).
const solveAllocs = 4

// TestCanceled: a search looks at its context at its first branch point
// and gives up when it is done; puzzles that singles solve finish anyway.
func TestCanceled(t *testing.T) {
	done := make(chan struct{})
	b := new(bandEngine)
	b.load(sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)))
	if out := search(b, b.frames(), limits{solutions: 3 * cancelCheckEvery, done: done}); out.stopped || out.solutions != 3*cancelCheckEvery {
		t.Errorf("counting grids, context open: stopped %v after %d solutions", out.stopped, out.solutions)
	}
	close(done)
	b.load(sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)))
	if out := search(b, b.frames(), limits{solutions: 1 << 30, done: done}); !out.stopped || out.guesses != 1 {
		t.Errorf("counting grids, context done: stopped %v after %d guesses, want after 1", out.stopped, out.guesses)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSolver()
	hard := corporatest.Sample(t, "hardest-1106", 1, benchSeed)[0].Grid
	res, err := s.Solve(ctx, solvers.Request{Puzzle: hard, Mode: solvers.Unique})
	if err != nil || res.Status != solvers.GaveUp || res.Solution != nil || res.Counters["guesses"] != 1 || res.Detail == "" {
		t.Errorf("status %s after %v guesses (%q), err %v; want gave-up after 1", res.Status, res.Counters["guesses"], res.Detail, err)
	}
	easy := sudoku.PatternGrid(4)
	easy.Set(0, 0)
	if res, _ := s.Solve(ctx, solvers.Request{Puzzle: easy, Mode: solvers.Unique}); res.Status != solvers.Solved {
		t.Errorf("no branch point, context done: status %s, want solved", res.Status)
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

// TestCounters: a puzzle that singles solve is one node and no guess; a
// search that branches counts each branch point once and each board it
// propagates once.
func TestCounters(t *testing.T) {
	s := NewSolver()
	easy := sudoku.PatternGrid(3)
	easy.Set(0, 0)
	res, _ := s.Solve(context.Background(), solvers.Request{Puzzle: easy, Mode: solvers.Unique})
	if res.Counters["nodes"] != 1 || res.Counters["guesses"] != 0 {
		t.Errorf("one blank cell: counters %v, want 1 node and no guess", res.Counters)
	}
	empty := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	res, _ = s.Solve(context.Background(), solvers.Request{Puzzle: empty, Mode: solvers.First})
	if g, n := res.Counters["guesses"], res.Counters["nodes"]; g < 1 || n != g+1 {
		t.Errorf("empty grid, first mode: %v guesses and %v nodes, want one node per guess beyond the root", g, n)
	}
	if res.Phases.Solve <= 0 {
		t.Errorf("phases %+v", res.Phases)
	}
}

func TestPipelines(t *testing.T) {
	reg := solvers.NewRegistry()
	for _, in := range Pipelines() {
		if err := reg.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	in, err := reg.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	if in.Family != "direct" || !in.PureGo || in.Stochastic || in.Incomplete || in.Check() != nil {
		t.Errorf("info %+v", in)
	}
	puzzle := corporatest.Sample(t, "norvig-top95", 1, benchSeed)[0].Grid
	if err := solvertest.Check(in.New(), puzzle, solvers.Unique, solvers.Solved); err != nil {
		t.Error(err)
	}
}
