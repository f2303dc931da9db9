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
	puzzle, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	for cell := range puzzle.Cells() {
		if cell%2 == 0 {
			puzzle.Set(cell, 0)
		}
	}
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
