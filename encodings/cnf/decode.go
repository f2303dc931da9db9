package cnf

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// DecodeModel reads a model (model[v-1] is the value of variable v; extra
// auxiliary variables are ignored) as a grid. Every cell must have exactly
// one true digit variable; the error names the first cell that has none or
// several. Even with an error the grid holds what could be read: each
// cell's one true digit, and empty the cells with none or several, so
// that a caller can hand a false answer on to verification, which always
// calls it wrong.
func DecodeModel(geo *sudoku.Geometry, model []bool) (*sudoku.Grid, error) {
	n := geo.N
	g := sudoku.NewGrid(geo)
	if len(model) < n*n*n {
		return g, fmt.Errorf("model has %d variables, a %s grid needs %d", len(model), geo, n*n*n)
	}
	var err error
	for cell := 0; cell < geo.Cells; cell++ {
		digit, several := 0, false
		for d := 1; d <= n; d++ {
			if !model[CellVar(n, cell, d)-1] {
				continue
			}
			if digit != 0 && !several {
				several = true
				err = firstErr(err, fmt.Errorf("model puts both %d and %d in %s", digit, d, geo.CellName(cell)))
			}
			digit = d
		}
		switch {
		case digit == 0:
			err = firstErr(err, fmt.Errorf("model puts no digit in %s", geo.CellName(cell)))
		case !several:
			g.Set(cell, digit)
		}
	}
	return g, err
}

// firstErr keeps the first error.
func firstErr(first, next error) error {
	if first != nil {
		return first
	}
	return next
}

// DecodeLiterals reads a model given as literals (DIMACS "v" line style:
// positive for true, negative or absent for false) as a grid.
func DecodeLiterals(geo *sudoku.Geometry, lits []int) (*sudoku.Grid, error) {
	n := geo.N
	model := make([]bool, n*n*n)
	for _, l := range lits {
		if l > 0 && l <= len(model) {
			model[l-1] = true
		}
	}
	return DecodeModel(geo, model)
}
