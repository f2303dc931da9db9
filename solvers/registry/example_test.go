package registry_test

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/registry"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Solve one puzzle with named pipelines from the default registry, in
// unique mode (one solution, and proof that there is no second), and
// check the answer as the harness does.
func ExampleDefault() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	for _, name := range []string{"exactcover/dlx", "propagate/bitboard"} {
		info, err := registry.Default().Lookup(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := info.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s (%s): %s %s, verified: %v\n", info.Name, info.Family, res.Status, res.Solution, sudoku.CheckSolution(puzzle, res.Solution) == nil)
		for _, counter := range slices.Sorted(maps.Keys(res.Counters)) {
			fmt.Printf("  %s %g\n", counter, res.Counters[counter])
		}
	}
	// Output:
	// exactcover/dlx (exactcover): solved 417369825632158947958724316825437169791586432346912758289643571573291684164875293, verified: true
	//   guesses 203
	//   nodes 1785
	//   restarts 0
	// propagate/bitboard (direct): solved 417369825632158947958724316825437169791586432346912758289643571573291684164875293, verified: true
	//   guesses 0
	//   nodes 1
}
