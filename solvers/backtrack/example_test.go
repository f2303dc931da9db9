package backtrack_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/backtrack"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The articles' naive search gives up when its budget of digit trials is
// spent; the tracked search, which fills single candidates first, solves
// the same puzzle.
func Example() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	req := solvers.Request{Puzzle: puzzle, Mode: solvers.First}
	for _, s := range []solvers.Solver{backtrack.NewNaive(10_000), backtrack.NewTracked()} {
		res, err := s.Solve(context.Background(), req)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%T: %s after %g nodes", s, res.Status, res.Counters["nodes"])
		if res.Detail != "" {
			fmt.Print(" (", res.Detail, ")")
		}
		fmt.Println()
	}
	// Output:
	// *backtrack.Naive: gave-up after 10000 nodes (node budget of 10000 digit trials spent)
	// *backtrack.Tracked: solved after 718 nodes
}
