package milp_test

import (
	"bufio"
	"bytes"
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The 0/1 model of a puzzle in both forms, its size, the head of its CPLEX
// LP file, and a solver's values read back as a grid.
func ExamplePose() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	for _, form := range []milp.Form{milp.Fixed, milp.Eliminated} {
		m, err := milp.Pose(puzzle, milp.Options{Form: form})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-10s %+v\n", form, m.Stats())
	}

	m, _ := milp.Pose(puzzle, milp.Options{Form: milp.Eliminated})
	var lp bytes.Buffer
	if err := milp.WriteLP(&lp, m); err != nil {
		fmt.Println(err)
		return
	}
	sc := bufio.NewScanner(&lp)
	for i := 0; i < 4 && sc.Scan(); i++ {
		fmt.Println(sc.Text())
	}

	// A solver's answer, one value per variable: 1 where the solution
	// puts the digit.
	solution, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	x := make([]float64, len(m.Vars))
	for cell, d := range solution.Cells() {
		if i, ok := m.Index(cell, int(d)); ok {
			x[i] = 1
		}
	}
	grid, err := m.Decode(x)
	fmt.Println(grid, err)
	// Output:
	// fixed      {Variables:729 Binaries:712 Constraints:324 Nonzeros:2916}
	// eliminated {Variables:301 Binaries:301 Constraints:256 Nonzeros:1204}
	// \ sudokubench Sudoku 0/1 program: 9×9 classic, givens eliminated, 17 givens, puzzle 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
	// Minimize
	//  obj: 0 x_1_2_1
	// Subject To
	// 417369825632158947958724316825437169791586432346912758289643571573291684164875293 <nil>
}
