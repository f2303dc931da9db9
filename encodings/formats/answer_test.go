package formats

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// An answer is read in the convention asked for, when solvers answer the
// format in it; else in the format's usual one, or glpsol's for an LP or
// MPS answer that is glpsol's.
func TestConvention(t *testing.T) {
	glpsol, cbc := []byte("Problem:    sudoku\nRows: 1\n"), []byte("Optimal - objective value 0\n")
	for _, tt := range []struct {
		format, asked string
		answer        []byte
		want, err     string
	}{
		{"cnf", "", nil, "sat-competition", ""},
		{"cnf", "grid", nil, "grid", ""},
		{"cnf", "cbc", nil, "", "cbc does not answer a cnf model; use grid or sat-competition"},
		{"lp", "", cbc, "cbc", ""},
		{"mps", "", glpsol, "glpk", ""},
		{"lp", "cbc", glpsol, "cbc", ""},
		{"puzzle", "", nil, "grid", ""},
	} {
		t.Run("format="+tt.format+"/asked="+tt.asked, func(t *testing.T) {
			got, err := registry[tt.format].Convention(tt.asked, tt.answer)
			if got != tt.want || (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err {
				t.Errorf("Convention = %q, %v; want %q, %q", got, err, tt.want, tt.err)
			}
		})
	}
}

// Solutions verifies every grid an answer states, and names the first
// that breaks a rule or a given, keeping those verified before it.
func TestSolutions(t *testing.T) {
	solution := sudoku.PatternGrid(2)
	puzzle := solution.Clone()
	puzzle.Set(1, 0)
	wrong := solution.Clone()
	wrong.Set(0, wrong.Cell(1)) // r1c1 now repeats r1c2's digit, and breaks a given
	inst, err := registry["puzzle"].Pose(puzzle, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	answers := []Answer{{Grid: solution.String()}, {Grid: wrong.String()}, {Grid: solution.String()}}
	grids, err := Solutions(inst, puzzle, answers)
	if len(grids) != 1 || !grids[0].Equal(solution) {
		t.Errorf("grids %v, want the first solution alone", grids)
	}
	if err == nil || !strings.HasPrefix(err.Error(), "solution 2 of 3 is not a solution of "+puzzle.String()) {
		t.Errorf("err = %v, want solution 2 named", err)
	}
	if grids, err := Solutions(inst, puzzle, answers[:1]); err != nil || len(grids) != 1 {
		t.Errorf("one good answer: %v, %v", grids, err)
	}
}
