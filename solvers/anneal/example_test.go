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
	puzzle, _ := sudoku.Parse(".1.3.9.2.6.2.5.9.7.5.7.4.1.8.5.3.1.9.9.5.6.3.3.6.1.7.8.8.6.3.7.5.3.9.6.4.6.8.5.9.", sudoku.Classic)
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
