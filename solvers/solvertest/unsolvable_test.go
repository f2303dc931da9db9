package solvertest

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Each ill-posed puzzle is wrong in the one way its name says: two equal
// givens, or (with no duplicate anywhere) an empty cell that sees every
// digit, which on the diagonal variant only the diagonal takes away.
func TestIllPosedPuzzlesAreWhatTheySay(t *testing.T) {
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			for _, p := range IllPosedPuzzles(box, v) {
				t.Run(illPosedName(box, v, p), func(t *testing.T) {
					want := sudoku.ErrNoCandidate
					if strings.HasPrefix(p.Name, "duplicate-") {
						want = sudoku.ErrDuplicate
					}
					if err := p.Grid.Validate(); !errors.Is(err, want) {
						t.Errorf("Validate: %v, want %v", err, want)
					}
					classic, err := sudoku.ParseLine(p.Grid.String(), sudoku.Classic)
					if err != nil {
						t.Fatal(err)
					}
					if err := classic.Validate(); v == sudoku.Diagonal && p.Name == "no-candidate" && err != nil {
						t.Errorf("as classic Sudoku: %v, want no contradiction at sight", err)
					}
				})
			}
		}
	}
}
