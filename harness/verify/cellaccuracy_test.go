package verify

import (
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestCountRightCells(t *testing.T) {
	solution := sudoku.PatternGrid(3)
	puzzle := solution.Clone()
	for _, c := range []int{0, 1, 2, 40} {
		puzzle.Set(c, 0)
	}
	answer := []byte(solution.String())
	answer[0], answer[1] = answer[1], answer[0] // two blanks wrong, swapped
	pz := corpora.Puzzle{Corpus: "mine.txt", Grid: puzzle, Solution: solution, Solutions: -1}
	holes, several := pz, pz
	holes.Corpus = "holes-9@0.95"
	several.Solutions = 2
	for _, tc := range []struct {
		name         string
		pz           corpora.Puzzle
		grid         string
		blank, right int
	}{
		{"two of four wrong", pz, string(answer), 4, 2},
		{"all right", pz, solution.String(), 4, 4},
		{"no grid returned", pz, "", 0, 0},
		{"solution unknown", corpora.Puzzle{Grid: puzzle, Solutions: -1}, solution.String(), 0, 0},
		{"a holes puzzle's solution is one of perhaps many", holes, string(answer), 0, 0},
		{"several solutions", several, string(answer), 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec record.Record
			CountRightCells(&rec, tc.pz, tc.grid)
			if rec.BlankCells != tc.blank || rec.BlankCellsRight != tc.right {
				t.Errorf("blank %d, right %d; want %d, %d", rec.BlankCells, rec.BlankCellsRight, tc.blank, tc.right)
			}
		})
	}
}
