package propagate_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/propagate"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Watch Norvig's search: a traced solve reports every digit it places,
// forced by propagation or guessed, and every guess it withdraws.
func ExampleNorvig_SolveTraced() {
	puzzle, _ := sudoku.ParseLine("1...............", sudoku.Classic)
	steps := map[solvers.StepKind]int{}
	res, err := propagate.NewNorvig().SolveTraced(context.Background(),
		solvers.Request{Puzzle: puzzle, Mode: solvers.First},
		func(s solvers.Step) { steps[s.Kind]++ })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Solution)
	fmt.Println("guesses:", steps[solvers.Guess], "forced:", steps[solvers.Force], "withdrawn:", steps[solvers.Backtrack])
	// Output:
	// solved 1234341221434321
	// guesses: 6 forced: 9 withdrawn: 0
}
