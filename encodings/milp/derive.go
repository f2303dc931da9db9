package milp

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// derive returns a copy of m that shares its variables and rows but may add
// rows and change the objective without touching m.
func (m *Model) derive() *Model {
	c := *m
	c.Constraints = append([]Constraint(nil), m.Constraints...)
	return &c
}

// solutionVars returns, for each empty cell of the puzzle, the variable of
// the solution's digit there. It fails if the model has no such variable,
// which means the grid does not fit the puzzle.
func (m *Model) solutionVars(solution *sudoku.Grid) ([]int, error) {
	geo := m.Puzzle.Geometry()
	if solution.Geometry() != geo {
		return nil, fmt.Errorf("solution is %s, model is %s", solution.Geometry(), geo)
	}
	var vars []int
	for cell := 0; cell < geo.Cells; cell++ {
		if m.Puzzle.Cell(cell) != 0 {
			continue
		}
		vi, ok := m.Index(cell, solution.Cell(cell))
		if !ok {
			return nil, fmt.Errorf("%s: digit %d is not a candidate of the puzzle", geo.CellName(cell), solution.Cell(cell))
		}
		vars = append(vars, vi)
	}
	return vars, nil
}

// WithNoGood returns the model plus the cut that excludes one solution:
// Σ x[c, solution(c)] over the puzzle's empty cells ≤ (empty cells − 1).
// A second solution exists iff the result is feasible.
func (m *Model) WithNoGood(solution *sudoku.Grid) (*Model, error) {
	vars, err := m.solutionVars(solution)
	if err != nil {
		return nil, fmt.Errorf("no-good cut: %w", err)
	}
	c := m.derive()
	c.Constraints = append(c.Constraints, Constraint{Name: "nogood", Vars: vars, Sense: AtMost, RHS: len(vars) - 1})
	return c, nil
}

// TightnessProbe returns the LP relaxation of the model (0 ≤ x ≤ 1, same
// rows) with the objective "maximise Σ x over the variables that disagree
// with solution". The optimum is 0 iff the relaxation's only feasible point
// is the integral solution, i.e. the relaxation is tight.
func (m *Model) TightnessProbe(solution *sudoku.Grid) (*Model, error) {
	if _, err := m.solutionVars(solution); err != nil {
		return nil, fmt.Errorf("tightness probe: %w", err)
	}
	c := m.derive()
	c.Relaxed, c.Maximize = true, true
	c.Objective = make([]float64, len(m.Vars))
	for i, v := range m.Vars {
		if solution.Cell(v.Cell) != v.Digit {
			c.Objective[i] = 1
		}
	}
	return c, nil
}
