package solvertest

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// IllPosed is a well-formed puzzle that has no solution for a reason a
// reader sees at once. The contract says such a puzzle reaches the solver,
// and a complete solver answers unsat (an incomplete one gave-up), never
// a grid, an error or a crash.
type IllPosed struct {
	Name string // what is wrong: "duplicate-row", "no-candidate"…
	Grid *sudoku.Grid
}

// IllPosedPuzzles returns, for a box size and variant, puzzles with two
// equal givens in a row, a column, a box (and on the main diagonal for the
// diagonal variant), and a puzzle whose empty r1c1 sees every digit among
// its peers with no unit holding a duplicate: row 1 holds the low digits,
// column 1 (the main diagonal, for the diagonal variant, so that the
// puzzle is solvable as classic Sudoku) the rest.
func IllPosedPuzzles(box int, v sudoku.Variant) []IllPosed {
	geo := sudoku.MustGeometry(box, v)
	n := geo.N
	at := func(r, c int) int { return r*n + c }
	dup := func(name string, r, c int) IllPosed {
		g := sudoku.NewGrid(geo)
		g.Set(at(0, 0), 1)
		g.Set(at(r, c), 1)
		return IllPosed{Name: "duplicate-" + name, Grid: g}
	}
	out := []IllPosed{dup("row", 0, n-1), dup("column", n-1, 0), dup("box", box-1, box-1)}
	if v == sudoku.Diagonal {
		out = append(out, dup("diagonal", n-1, n-1))
	}
	g := sudoku.NewGrid(geo)
	for c := box; c < n; c++ { // row 1 outside box 1: digits 1..n−box
		g.Set(at(0, c), c-box+1)
	}
	for k := range box { // the other box digits, below box 1
		r := box + k
		c := 0
		if v == sudoku.Diagonal {
			c = r
		}
		g.Set(at(r, c), n-box+1+k)
	}
	return append(out, IllPosed{Name: "no-candidate", Grid: g})
}

// illPosedName names a puzzle of IllPosedPuzzles in a subtest.
func illPosedName(box int, v sudoku.Variant, p IllPosed) string {
	return fmt.Sprintf("size=%d/variant=%s/%s", box*box, v, p.Name)
}
