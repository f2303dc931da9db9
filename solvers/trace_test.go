package solvers

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

func TestReplay(t *testing.T) {
	sol := sudoku.PatternGrid(2) // 1234 / 3412 / 2143 / 4321
	puzzle := sol.Clone()
	for _, c := range []int{0, 1, 5} {
		puzzle.Set(c, 0)
	}
	guess := func(cell, v int) Step { return Step{Kind: Guess, Cell: cell, Value: v, Options: 1<<1 | 1<<2} }
	good := []Step{
		guess(0, 2), {Kind: Force, Cell: 1, Value: 1}, // wrong guess: r1c1 = 2, then r1c2 = 1
		{Kind: Backtrack, Cell: 0, Value: 2},
		guess(0, 1), {Kind: Force, Cell: 1, Value: 2}, {Kind: Force, Cell: 5, Value: 4},
		{Kind: Found},
	}
	got, err := Replay(puzzle, good)
	if err != nil || !got.Equal(sol) {
		t.Fatalf("Replay = %v, %v; want %s", got, err, sol)
	}
	for _, tt := range []struct {
		name  string
		steps []Step
		want  string
	}{
		{"filled-cell", []Step{{Kind: Force, Cell: 2, Value: 3}}, "holds 3"},
		{"outside", []Step{{Kind: Force, Cell: 16, Value: 1}}, "outside the grid"},
		{"backtrack-not-in-force", []Step{guess(0, 1), {Kind: Backtrack, Cell: 0, Value: 2}}, "not in force"},
		{"early-solution", []Step{guess(0, 1), {Kind: Found}}, "2 cells empty"},
		{"no-solution", good[:3], "reaches no solution"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Replay(puzzle, tt.steps); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Replay error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestFormatOptions(t *testing.T) {
	if got := FormatOptions(1<<1 | 1<<4 | 1<<25); got != "{1,4,25}" {
		t.Errorf("FormatOptions = %q", got)
	}
}
