package anneal_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/anneal"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Anneal the QUBO of a puzzle, the candidates its givens eliminate
// pruned, with a seed: the same seed gives the same reads and the same
// answer. An annealer cannot prove uniqueness, so it runs in first mode.
func Example() {
	puzzle, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	for cell := range puzzle.Cells() {
		if cell%2 == 0 {
			puzzle.Set(cell, 0)
		}
	}
	var sa solvers.Info
	for _, in := range anneal.Pipelines() {
		if in.Name == "qubo/sa/pruned" {
			sa = in
		}
	}
	res, err := sa.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.First, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, %d givens: %s, reads %g, solved %g, verified: %v\n", sa.Name, puzzle.Hints(), res.Status,
		res.Counters[string(solvers.Reads)], res.Counters[string(solvers.ReadsSolved)], sudoku.CheckSolution(puzzle, res.Solution) == nil)
	fmt.Println("model:", res.Model)
	// Output:
	// qubo/sa/pruned, 40 givens: solved, reads 1, solved 1, verified: true
	// model: map[couplers:282 max_bias:4 offset:164 settled_cells:40 variables:97]
}
