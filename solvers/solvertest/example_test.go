package solvertest_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Check an engine as its tests do: on the ill-posed puzzles of a shape, a
// complete solver must answer unsat in either mode. A planted engine that
// fills every blank with 1 is caught by the same check, which verifies
// every grid against the rules and the givens.
func ExampleCheck() {
	planted := solvers.SolverFunc(solvertest.FillWithOnes)
	for _, p := range solvertest.IllPosedPuzzles(2, sudoku.Classic) {
		fmt.Printf("%-16s dlx: %v\n", p.Name, solvertest.Check(dlx.NewSolver(), p.Grid, solvers.Unique, solvers.Unsat))
	}
	puzzle, _ := sudoku.ParseLine("12..34..........", sudoku.Classic)
	fmt.Println("fill-with-ones:", solvertest.Check(planted, puzzle, solvers.First, solvers.Solved))
	// Output:
	// duplicate-row    dlx: <nil>
	// duplicate-column dlx: <nil>
	// duplicate-box    dlx: <nil>
	// no-candidate     dlx: <nil>
	// fill-with-ones: row 1: 1 at r1c1 and r1c3
}
