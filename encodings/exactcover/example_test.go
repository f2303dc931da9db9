package exactcover_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A puzzle as exact cover: the geometry's matrix less what its givens
// cover. Every given takes a cell's item and three digit-in-unit items
// away, and with them the options that would cover one of those again.
func ExamplePose() {
	empty := exactcover.For(sudoku.MustGeometry(3, sudoku.Classic))
	fmt.Printf("9×9 matrix: %+v\n", empty.Stats())

	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	p, err := exactcover.Pose(puzzle, exactcover.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("17 givens:  %+v\n", p.Stats())
	// Output:
	// 9×9 matrix: {Items:324 Options:729 Nonzeros:2916}
	// 17 givens:  {Items:256 Options:301 Nonzeros:1204}
}
