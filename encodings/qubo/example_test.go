package qubo_test

import (
	"bufio"
	"bytes"
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A puzzle's QUBO in each formulation, how large it is, the energy of the
// solution (0) and of a broken grid (6: r1c2 = 7 leaves row 1, column 2
// and box 1 each with two 7s and no 1, six constraints off by one), and
// the head of its qbsolv file.
func ExamplePose() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	solution, _ := sudoku.Parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	for _, f := range []qubo.Formulation{qubo.Fixed, qubo.Pruned, qubo.Propagated} {
		m, err := qubo.Pose(puzzle, qubo.Options{Formulation: f})
		if err != nil {
			fmt.Println(err)
			return
		}
		s := m.Stats()
		fmt.Printf("%-10s %4d variables %6d couplers, max bias %d\n", f, s.Variables, s.Couplers, s.MaxBias)
	}

	m, _ := qubo.Pose(puzzle, qubo.Options{Formulation: qubo.Pruned})
	x := m.Assignment(solution)
	fmt.Println("energy of the solution:", m.Energy(x))
	broken := solution.Clone()
	broken.Set(1, 7) // r1c2: 7 where the solution has 1
	fmt.Println("energy with r1c2 = 7:", m.Energy(m.Assignment(broken)))

	var file bytes.Buffer
	if err := qubo.WriteQbsolv(&file, m); err != nil {
		fmt.Println(err)
		return
	}
	first, _ := bufio.NewReader(&file).ReadString('\n')
	fmt.Print("qbsolv: ", first)
	// Output:
	// fixed       712 variables   9730 couplers, max bias 4
	// pruned      301 variables   2153 couplers, max bias 4
	// propagated  271 variables   1806 couplers, max bias 4
	// energy of the solution: 0
	// energy with r1c2 = 7: 6
	// qbsolv: c sudokubench QUBO of 9×9 classic, 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......, formulation pruned, weights 1:1:1:1:1
}
