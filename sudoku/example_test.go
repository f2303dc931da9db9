package sudoku_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// A puzzle on one line: '.' (or 0) is a blank, then 1–9; A–P above 9.
const top95First = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func ExampleParse() {
	puzzle, err := sudoku.Parse(top95First, sudoku.Classic)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d×%d %s, %d hints\n", puzzle.N(), puzzle.N(), puzzle.Geometry().Variant, puzzle.Hints())
	fmt.Print(puzzle.Pretty())
	// Output:
	// 9×9 classic, 17 hints
	// 4 . . | . . . | 8 . 5
	// . 3 . | . . . | . . .
	// . . . | 7 . . | . . .
	// ------+-------+------
	// . 2 . | . . . | . 6 .
	// . . . | . 8 . | 4 . .
	// . . . | . 1 . | . . .
	// ------+-------+------
	// . . . | 6 . 3 | . 7 .
	// 5 . . | 2 . . | . . .
	// 1 . 4 | . . . | . . .
}

func ExampleGrid_Validate() {
	// Two 4s in the first row: no solution can keep both.
	puzzle, _ := sudoku.Parse("44...............................................................................", sudoku.Classic)
	fmt.Println(puzzle.Validate())
	// Output:
	// row 1: 4 at r1c1 and r1c2
}

func ExampleCheckSolution() {
	puzzle, _ := sudoku.Parse(top95First, sudoku.Classic)
	solution, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	fmt.Println("solution:", sudoku.CheckSolution(puzzle, solution))

	wrong := solution.Clone()
	wrong.Set(0, 2) // r1c1 was the given 4
	fmt.Println("changed r1c1:", sudoku.CheckSolution(puzzle, wrong))
	// Output:
	// solution: <nil>
	// changed r1c1: r1c1: given 4 changed to 2
}

// The numbers form writes one decimal number a cell, 0 for a blank: the
// natural notation once digits pass 9. Parse reads it back.
func ExampleGrid_Numbers() {
	puzzle, _ := sudoku.Parse("1...\n..1.\n.1..\n...1", sudoku.Classic)
	line := puzzle.Numbers()
	fmt.Println(line)
	again, _ := sudoku.Parse(line, sudoku.Classic)
	fmt.Println(again.String(), again.Equal(puzzle))
	// Output:
	// 1 0 0 0 0 0 1 0 0 1 0 0 0 0 0 1
	// 1.....1..1.....1 true
}
