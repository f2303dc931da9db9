package sat_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/sat"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Solve a puzzle in unique mode with gophersat on two encodings: the
// minimal CNF with the givens as unit clauses, and the extended CNF
// reduced by unit propagation of the givens, which leaves the engine a
// far smaller formula.
func ExamplePipelines() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	for _, in := range sat.Pipelines() {
		if in.Name != "sat/gophersat/minimal" && in.Name != "sat/gophersat/extended-propagated" {
			continue
		}
		res, err := in.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s, verified: %v, variables %d, clauses %d\n", in.Name, res.Status,
			sudoku.CheckSolution(puzzle, res.Solution) == nil, res.Model["variables"], res.Model["clauses"])
	}
	// Output:
	// sat/gophersat/minimal: solved, verified: true, variables 729, clauses 8846
	// sat/gophersat/extended-propagated: solved, verified: true, variables 271, clauses 2371
}
