package dlx_test

import (
	"context"
	"os"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The suite's tests import this package as their oracle, so its own run of
// them lives in the external test package. Up to 25×25 it runs in full; at
// 36×36, where drawing its puzzles takes minutes, the default run checks
// the ill-posed puzzles (TestSizesAndVariants solves 36×36 puzzles of
// both variants), and SUDOKUBENCH_DLX_LONG=1 the whole suite.
func TestConformance(t *testing.T) {
	suite := solvertest.Suite{
		New:     func() solvers.Solver { return dlx.NewSolver() },
		Samples: []solvertest.Sample{{Corpus: "17-clue", N: 50}, {Corpus: "hardest-1106", N: 10}},
		MaxBox:  5,
	}
	suite.Run(t)
	suite.MinBox, suite.MaxBox = 6, 6
	if os.Getenv("SUDOKUBENCH_DLX_LONG") == "" {
		suite.RunIllPosed(t)
		return
	}
	suite.Run(t)
}

// TestTransient: a transient request's result is the one a kept request
// gets (unsat, multiple and 16×16 puzzles among them), the kept results
// stay as they were, and a transient 9×9 solve allocates nothing.
func TestTransient(t *testing.T) {
	puzzles := solvertest.Grids(solvertest.Corpus(t, "17-clue", 20))
	for _, e := range solvertest.Corpus(t, "tdoku-tests", 0) {
		if e.Solutions != 1 {
			puzzles = append(puzzles, e.Grid)
		}
	}
	puzzles = append(puzzles, solvertest.Generated(t, 4, sudoku.Classic, 160, 2, 1)...)
	for _, mode := range []solvers.Mode{solvers.Unique, solvers.First} {
		solvertest.CheckTransient(t, dlx.NewSolver(), puzzles, mode)
	}
	s := dlx.NewSolver()
	req := solvers.Request{Puzzle: puzzles[0], Mode: solvers.Unique, Transient: true}
	s.Solve(context.Background(), req)
	if allocs := testing.AllocsPerRun(5, func() { s.Solve(context.Background(), req) }); allocs != 0 {
		t.Errorf("transient Solve: %.0f allocations, want none", allocs)
	}
}
