package rating_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/rating"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A rating is the weakest rung of the inference ladder that solves the
// puzzle, then the guesses a fast solver makes, averaged over equivalent
// forms; both depend on the puzzle alone. Unit propagation on the minimal
// encoding solves a newspaper's puzzle; these two 17- and 22-clue puzzles
// need the augmented one, and no guess.
func ExampleRater_Rate() {
	r := rating.NewRater()
	for _, line := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // a newspaper's
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // norvig-top95:1
		"85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.", // norvig-hardest:1
	} {
		puzzle, err := sudoku.ParseLine(line, sudoku.Classic)
		if err != nil {
			fmt.Println(err)
			return
		}
		rt, err := r.Rate(puzzle)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d hints: %.3g guesses, grade %q\n", puzzle.Hints(), rt.Guesses, rt.Grade().Label)
	}
	// Output:
	// 30 hints: 0 guesses, grade "up-minimal, guesses 0"
	// 17 hints: 0 guesses, grade "up-augmented, guesses 0"
	// 22 hints: 0 guesses, grade "up-augmented, guesses 0"
}
