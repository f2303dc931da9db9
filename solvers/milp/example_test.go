package milp_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/milp"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Solve the 0/1 model in process, in unique mode: the first call finds a
// solution, a second with a no-good cut against it proves there is no
// other.
func ExamplePipelines() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	pb := milp.Pipelines()[0]
	res, err := pb.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %s, verified: %v\n", pb.Name, res.Status, sudoku.CheckSolution(puzzle, res.Solution) == nil)
	fmt.Println("model:", res.Model)
	// Output:
	// milp/gophersat-pb: solved, verified: true
	// model: map[binaries:301 constraints:256 nonzeros:1204 variables:301]
}

// Ask whether the LP relaxation of a puzzle's model is tight, its only
// feasible point the solution: the optimum of the tightness probe is 0
// then.
//
// It needs glpsol (apt-get install glpk-utils), which is optional, so `go test` compiles this example
// without running it; what it prints is shown in the comment at its end.
func ExampleRelaxationExcess() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	solution, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	excess, err := milp.RelaxationExcess(context.Background(), puzzle, solution)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("excess %.3g, tight: %v\n", excess, excess == 0)
	// It prints:
	// excess 0, tight: true
}
