package ladder_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/ladder"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Rate a puzzle by the weakest rung that solves it, and see on which
// encodings each inference settles it without a decision.
func ExampleRater_Profile() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	r := ladder.NewRater(puzzle.Geometry())
	rating, err := r.Rate(puzzle)
	fmt.Println(rating, err)

	pr, err := r.Profile(puzzle)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solved by: unit propagation, failed literals, double lookahead")
	for _, e := range cnf.Encodings {
		fmt.Printf("%-9s %-5v %-5v %v\n", e, pr.Solves(e, ladder.UnitPropagation),
			pr.Solves(e, ladder.FailedLiterals), pr.Solves(e, ladder.DoubleLookahead))
	}
	fmt.Println("the profile's rating:", pr.Rating())
	// Output:
	// up-augmented <nil>
	// solved by: unit propagation, failed literals, double lookahead
	// minimal   false false true
	// efficient false false true
	// extended  false true  true
	// augmented true  true  true
	// the profile's rating: up-augmented
}
