package genetic_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/genetic"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Evolve a solution with the memetic algorithm and a seed: the same seed
// gives the same generations and the same grid. A genetic algorithm
// cannot prove uniqueness, so it runs in first mode; a run that ends
// without a solution gives up.
func ExampleNewStrong() {
	puzzle, _ := sudoku.Parse("4...6...5...1...4...8...3...2...7...7...8...2...9...5...9...5...7...1...1...7...3", sudoku.Classic)
	s := genetic.NewStrong(genetic.DefaultStrongConfig)
	res, err := s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.First, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d givens: %s after %g generations, verified: %v\n", puzzle.Hints(), res.Status,
		res.Counters[string(solvers.Generations)], sudoku.CheckSolution(puzzle, res.Solution) == nil)

	res, _ = s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
	fmt.Println("unique mode:", res.Status, res.Detail)
	// Output:
	// 21 givens: solved after 2 generations, verified: true
	// unique mode: error a genetic algorithm cannot prove a solution unique: run it in first mode
}
