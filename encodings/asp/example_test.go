package asp_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/asp"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A 4×4 puzzle as an answer set program: one atom per cell and digit,
// the givens as facts; Exclude adds a constraint against a solution found,
// so that a second call proves or refutes uniqueness.
func ExamplePose() {
	puzzle, err := sudoku.ParseLine("1...............", sudoku.Classic)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := asp.Pose(puzzle, asp.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", p.Stats())
	solution, _ := sudoku.ParseLine("1234341221434321", sudoku.Classic)
	if err := p.Exclude(solution); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", p.Stats())
	// Output:
	// {Variables:64 Facts:1 Excluded:0}
	// {Variables:64 Facts:1 Excluded:1}
}
