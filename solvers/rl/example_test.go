package rl_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/rl"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Let two agents play one episode each on a puzzle: the random baseline,
// seeded, and the agent fine-tuned from the supervised GCN, which acts
// greedily. An episode ends solved, or gives up at a dead end or at its
// horizon; its steps and return are counters of the result.
func ExamplePipelines() {
	puzzle, _ := sudoku.Parse(".17.69.25.32.58.47.58.24.16.25.37.69.91.86.32.46.12.58.89.43.71.73.91.84.64.75.93", sudoku.Classic)
	for _, in := range rl.Pipelines()[:2] { // rl/random, then rl/gcn
		res, err := in.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.First, Seed: 3})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s in %g steps, return %g\n", in.Name, res.Status, res.Counters["steps"], res.Counters["return"])
	}
	// Output:
	// rl/random: gave-up in 25 steps, return 25
	// rl/gcn: solved in 27 steps, return 126
}
