package smt_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/smt"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A 4×4 puzzle as an SMT-LIB 2 script in the integer form: a constant per
// cell, distinct on every unit, the givens asserted, then (check-sat)
// and (exit).
// Decode reads the values a solver prints back into a grid.
func ExamplePose() {
	puzzle, err := sudoku.ParseLine("1...............", sudoku.Classic)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := smt.Pose(puzzle, smt.Options{Form: smt.Int})
	if err != nil {
		fmt.Println(err)
		return
	}
	var script bytes.Buffer
	if err := m.Write(&script); err != nil {
		fmt.Println(err)
		return
	}
	lines := strings.Split(strings.TrimSpace(script.String()), "\n")
	fmt.Printf("%+v\n", m.Stats())
	fmt.Println("ends with:", lines[len(lines)-1])
	// Output:
	// {Variables:16 Assertions:29}
	// ends with: (exit)
}
