package cp_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/cp"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A 4×4 puzzle as a MiniZinc model: an integer per cell, all_different on
// each of the twelve units, the givens as constraints.
func ExamplePose() {
	puzzle, err := sudoku.ParseLine("1...............", sudoku.Classic)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := cp.Pose(puzzle, cp.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", m.Stats())
	// Output:
	// {Variables:16 Givens:1 AllDifferent:12 Excluded:0}
}
