package bitboard_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Solve puzzles of two sizes with one Solver, which keeps a board per
// geometry: 9×9 classic runs on the band (or vector) board, other sizes
// on the cell board. Every answer is checked as the harness checks it.
func ExampleSolver_Solve() {
	nine, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	sixteen := sudoku.PatternGrid(4)
	for cell := range sixteen.Cells() {
		if cell%3 == 0 {
			sixteen.Set(cell, 0) // one cell of three emptied
		}
	}
	s := bitboard.NewSolver()
	for _, puzzle := range []*sudoku.Grid{nine, sixteen} {
		res, err := s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s, %d givens: %s, guesses %g, verified: %v\n", puzzle.Geometry(), puzzle.Hints(),
			res.Status, res.Counters["guesses"], sudoku.CheckSolution(puzzle, res.Solution) == nil)
	}
	// Output:
	// 9×9 classic, 17 givens: solved, guesses 0, verified: true
	// 16×16 classic, 170 givens: solved, guesses 0, verified: true
}
