package milp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// sampleSeed draws the tests' samples of a corpus.
const sampleSeed = 7

func solve(t *testing.T, in solvers.Info, g *sudoku.Grid, mode solvers.Mode) solvers.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := in.New().Solve(ctx, solvers.Request{Puzzle: g, Mode: mode})
	if err != nil {
		t.Fatalf("%s on %s: %v", in.Name, g, err)
	}
	return res
}

// filledGrid returns a complete grid of the geometry, found by the
// in-process pipeline from the empty grid.
func filledGrid(t *testing.T, geo *sudoku.Geometry) *sudoku.Grid {
	t.Helper()
	res := solve(t, Pipelines()[0], sudoku.NewGrid(geo), solvers.First)
	if res.Status != solvers.Solved {
		t.Fatalf("empty %s grid: status %s (%s)", geo, res.Status, res.Detail)
	}
	return res.Solution
}

type namedPuzzle struct {
	name string
	grid *sudoku.Grid
}

func testPuzzles(t *testing.T) []namedPuzzle {
	var out []namedPuzzle
	for _, c := range []struct {
		corpus string
		n      int
	}{{"17-clue", 3}, {"hardest-1106", 2}, {"norvig-top95", 2}} {
		for _, p := range corporatest.Sample(t, c.corpus, c.n, sampleSeed) {
			out = append(out, namedPuzzle{p.ID, p.Grid})
		}
	}
	diag := filledGrid(t, sudoku.MustGeometry(3, sudoku.Diagonal))
	big := filledGrid(t, sudoku.MustGeometry(4, sudoku.Classic))
	small := filledGrid(t, sudoku.MustGeometry(2, sudoku.Classic))
	out = append([]namedPuzzle{
		{"9x9-diagonal", sudokutest.Blank(diag, 0.7, rand.New(rand.NewPCG(1, 1)))},
		{"16x16", sudokutest.Blank(big, 0.6, rand.New(rand.NewPCG(2, 1)))},
	}, out...)
	return append(out, namedPuzzle{"4x4", sudokutest.Blank(small, 0.7, rand.New(rand.NewPCG(3, 1)))})
}

func TestPipelinesSolveAndVerify(t *testing.T) {
	puzzles := testPuzzles(t)
	for _, in := range Pipelines() {
		for _, p := range puzzles {
			t.Run(fmt.Sprintf("solver=%s/puzzle=%s", in.Name, p.name), func(t *testing.T) {
				res := solve(t, in, p.grid, solvers.First)
				if res.Status != solvers.Solved {
					t.Fatalf("status %s (%s), want solved", res.Status, res.Detail)
				}
				if err := sudoku.CheckSolution(p.grid, res.Solution); err != nil {
					t.Fatalf("wrong solution %s: %v", res.Solution, err)
				}
			})
		}
	}
}

// TestConformance runs the suite's contract for complete solvers on every
// sound pipeline that can run here, up to 16×16, and its part about
// ill-posed puzzles on the cutting-planes pipeline, which is unsound on
// some solvable ones (TestCuttingPlanesKnownUnsoundness).
func TestConformance(t *testing.T) {
	for _, in := range Pipelines() {
		t.Run("solver="+in.Name, func(t *testing.T) {
			suite := solvertest.Suite{
				New:     in.New,
				Samples: []solvertest.Sample{{Corpus: "17-clue", N: 3}},
				MaxBox:  4,
			}
			if in.Options["cutting-planes"] == "true" {
				suite.RunIllPosed(t)
				return
			}
			suite.Run(t)
		})
	}
}

func TestPipelinesUniqueMode(t *testing.T) {
	multi := corporatest.Sample(t, "serg", 1, sampleSeed)[0]
	unique := corporatest.Sample(t, "norvig-top95", 1, sampleSeed)[0]
	for _, in := range Pipelines() {
		t.Run("solver="+in.Name+"/puzzle="+multi.ID, func(t *testing.T) {
			res := solve(t, in, multi.Grid, solvers.Unique)
			if res.Status != solvers.Multiple {
				t.Fatalf("status %s (%s), want multiple", res.Status, res.Detail)
			}
			if err := sudoku.CheckSolution(multi.Grid, res.Solution); err != nil {
				t.Fatalf("first solution wrong: %v", err)
			}
		})
		t.Run("solver="+in.Name+"/puzzle="+unique.ID, func(t *testing.T) {
			if res := solve(t, in, unique.Grid, solvers.Unique); res.Status != solvers.Solved {
				t.Fatalf("status %s (%s), want solved", res.Status, res.Detail)
			}
		})
	}
}

func TestCompleteGridNeedsNoSearch(t *testing.T) {
	full := filledGrid(t, sudoku.MustGeometry(3, sudoku.Classic))
	for _, in := range Pipelines() {
		res, err := in.New().Solve(context.Background(), solvers.Request{Puzzle: full, Mode: solvers.Unique})
		if err != nil || res.Status != solvers.Solved || !res.Solution.Equal(full) {
			t.Errorf("%s: %s, %v; want the grid itself, solved", in.Name, res.Status, err)
		}
	}
}
