package plan

import (
	"fmt"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestFormOf checks that form 0 is the puzzle itself and that every other
// form is the puzzle under the transform returned, drawn the same way for
// the same plan seed, puzzle and form, and differently otherwise.
func TestFormOf(t *testing.T) {
	p := harnesstest.Puzzles(t)[0]
	p.Solution = harnesstest.SolveOnce(t, p.Grid)
	if fp, tr, err := FormOf(p, 0, 1); err != nil || tr != nil || fp.Grid != p.Grid {
		t.Fatalf("form 0: transform %v, error %v, want the puzzle itself", tr, err)
	}
	seen := make(map[string]string)
	for _, seed := range []int64{1, 2} {
		for form := 1; form <= 3; form++ {
			t.Run(fmt.Sprintf("seed=%d/form=%d", seed, form), func(t *testing.T) {
				fp, tr, err := FormOf(p, form, seed)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := tr.Apply(p.Grid)
				if fp.Grid.String() != want.String() || fp.ID != p.ID || fp.Hints != p.Hints {
					t.Errorf("form %s (id %s, %d hints) is not %s under %s", fp.Grid, fp.ID, fp.Hints, p.Grid, tr)
				}
				if err := sudoku.CheckSolution(fp.Grid, fp.Solution); err != nil {
					t.Errorf("the form's known solution does not solve it: %v", err)
				}
				again, tr2, _ := FormOf(p, form, seed)
				if again.Grid.String() != fp.Grid.String() || !tr.Equal(tr2) {
					t.Errorf("the same seed and form drew %s and %s", tr, tr2)
				}
				if prev, dup := seen[tr.String()]; dup {
					t.Errorf("transform %s drawn again (first for %s)", tr, prev)
				}
				seen[tr.String()] = t.Name()
			})
		}
	}
}

// TestFormOfDiagonal checks that the forms of a diagonal puzzle are
// diagonal puzzles that its solution, transformed alike, still solves:
// the harness draws only transforms that keep both diagonals.
func TestFormOfDiagonal(t *testing.T) {
	geo := sudoku.MustGeometry(3, sudoku.Diagonal)
	solution := harnesstest.SolveOnce(t, sudoku.NewGrid(geo))
	puzzle := solution.Clone()
	for cell := 0; cell < 81; cell += 2 {
		puzzle.Set(cell, 0)
	}
	p := corpora.Puzzle{ID: "diag:1", Grid: puzzle, Solution: solution, Hints: puzzle.Hints()}
	for form := 1; form <= 20; form++ {
		t.Run(fmt.Sprintf("form=%d", form), func(t *testing.T) {
			fp, tr, err := FormOf(p, form, 1)
			if err != nil {
				t.Fatal(err)
			}
			if fp.Grid.Geometry() != geo {
				t.Fatalf("form of geometry %s, want %s", fp.Grid.Geometry(), geo)
			}
			if err := sudoku.CheckSolution(fp.Grid, fp.Solution); err != nil {
				t.Errorf("under %s the diagonal solution no longer solves the form: %v", tr, err)
			}
		})
	}
}
