package neural_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Solve a puzzle with a shipped network, one forward pass and then
// filling cell by cell, and read the provenance shipped beside its
// weights (how they were made, what they score). A network cannot prove uniqueness: it runs in first
// mode, and a board it returns is checked like any answer.
func ExamplePipelines() {
	puzzle, _ := sudoku.Parse(".1.3.9.2.6.2.5.9.7.5.7.4.1.8.5.3.1.9.9.5.6.3.3.6.1.7.8.8.6.3.7.5.3.9.6.4.6.8.5.9.", sudoku.Classic)
	for _, in := range neural.Pipelines() {
		if in.Name != "neural/rrn/oneshot" && in.Name != "neural/rrn/iterative" {
			continue
		}
		res, err := in.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.First})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s, %d givens: %s after %g passes, verified: %v\n", in.Name, puzzle.Hints(),
			res.Status, res.Counters["passes"], sudoku.CheckSolution(puzzle, res.Solution) == nil)
	}
	_, prov, err := neural.Shipped("rrn")
	fmt.Println("shipped", prov.Model, "weights:", prov.Parameters, "parameters,", len(prov.SHA256)*4, "bit SHA-256 checked:", err == nil)
	// Output:
	// neural/rrn/oneshot, 40 givens: solved after 1 passes, verified: true
	// neural/rrn/iterative, 40 givens: solved after 3 passes, verified: true
	// shipped rrn weights: 26313 parameters, 256 bit SHA-256 checked: true
}
