package cnf_test

import (
	"bufio"
	"bytes"
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Encode a puzzle, see its size, write it for a SAT solver, and read a
// model back as a grid.
func ExamplePose() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	for _, opt := range []cnf.Options{
		{Encoding: cnf.Minimal},
		{Encoding: cnf.Extended},
		{Encoding: cnf.Extended, Reduce: true},
	} {
		inst, err := cnf.Pose(puzzle, opt)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-16s %+v\n", opt, inst.Stats())
	}

	inst, _ := cnf.Pose(puzzle, cnf.Options{Encoding: cnf.Extended})
	var dimacs bytes.Buffer
	if err := cnf.WriteDIMACS(&dimacs, inst.Full()); err != nil {
		fmt.Println(err)
		return
	}
	first, _ := bufio.NewReader(&dimacs).ReadString('\n')
	fmt.Print("DIMACS: ", first)

	// A SAT solver's model, model[v-1] the value of variable v: variable
	// CellVar(n, cell, d) is true where cell holds d. Here, the known
	// solution's.
	solution, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	n := solution.N()
	model := make([]bool, n*n*n)
	for cell, d := range solution.Cells() {
		model[cnf.CellVar(n, cell, int(d))-1] = true
	}
	grid, err := inst.Decode(model)
	fmt.Println(grid, err)
	// Output:
	// minimal          {Variables:729 Clauses:8846 Literals:18242 Cardinality:0}
	// extended         {Variables:729 Clauses:12005 Literals:26261 Cardinality:0}
	// extended-reduced {Variables:301 Clauses:2780 Literals:6252 Cardinality:0}
	// DIMACS: c sudoku 9×9 classic, encoding extended, at-most-one pairwise, givens as unit clauses
	// 417369825632158947958724316825437169791586432346912758289643571573291684164875293 <nil>
}
