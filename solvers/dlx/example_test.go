package dlx_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Count a puzzle's solutions up to a limit: the oracle the corpora
// generator asks whether a puzzle is unique. A limit of 2 answers that.
func ExampleCountSolutions() {
	unique, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	fmt.Println("17 givens:", dlx.CountSolutions(unique, 2))

	empty := sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Classic))
	fmt.Println("empty 4×4, limit 1000:", dlx.CountSolutions(empty, 1000))
	// Output:
	// 17 givens: 1
	// empty 4×4, limit 1000: 288
}

// Solve through the pipeline's contract, in unique mode: a puzzle with
// two solutions is multiple, with the first solution found.
func ExampleSolver_Solve() {
	puzzle, _ := sudoku.ParseLine("12..34..........", sudoku.Classic)
	res, err := dlx.NewSolver().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Solution)
	fmt.Println("model:", res.Model)
	// Output:
	// multiple 1234341243212143
	// model: map[items:48 nonzeros:128 options:32]
}
