package milp

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Decode turns a value per variable (in Vars order) into a grid: the givens,
// plus digit d in cell c wherever x[c,d] > 0.5. It fails, naming the cell,
// if a cell gets two digits or none.
func (m *Model) Decode(x []float64) (*sudoku.Grid, error) {
	if len(x) != len(m.Vars) {
		return nil, fmt.Errorf("decode: %d values for %d variables", len(x), len(m.Vars))
	}
	g := m.Puzzle.Clone()
	geo := g.Geometry()
	for i, v := range m.Vars {
		if x[i] <= 0.5 || m.Puzzle.Cell(v.Cell) != 0 {
			continue
		}
		if prev := g.Cell(v.Cell); prev != 0 {
			return nil, fmt.Errorf("decode: %s set to both %d and %d", geo.CellName(v.Cell), prev, v.Digit)
		}
		g.Set(v.Cell, v.Digit)
	}
	for cell := 0; cell < geo.Cells; cell++ {
		if g.Cell(cell) == 0 {
			return nil, fmt.Errorf("decode: %s has no digit set", geo.CellName(cell))
		}
	}
	return g, nil
}

// DecodeBools decodes a 0/1 assignment, as a SAT or PB engine returns it.
func (m *Model) DecodeBools(x []bool) (*sudoku.Grid, error) {
	if len(x) < len(m.Vars) {
		return nil, fmt.Errorf("decode: %d values for %d variables", len(x), len(m.Vars))
	}
	v := make([]float64, len(m.Vars))
	for i := range v {
		if x[i] {
			v[i] = 1
		}
	}
	return m.Decode(v)
}

// DecodeNamed decodes the name → value map read from a solver's solution
// file.
func (m *Model) DecodeNamed(values map[string]float64) (*sudoku.Grid, error) {
	x, err := m.Vector(values)
	if err != nil {
		return nil, err
	}
	return m.Decode(x)
}

// Vector orders a name → value map by the model's variables; variables it
// does not mention count as 0 (solvers often print only non-zeros), names it
// has that the model lacks are an error.
func (m *Model) Vector(values map[string]float64) ([]float64, error) {
	byName := make(map[string]int, len(m.Vars))
	for i := range m.Vars {
		byName[m.VarName(i)] = i
	}
	x := make([]float64, len(m.Vars))
	for name, val := range values {
		i, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("solution names variable %q, which the model does not have", name)
		}
		x[i] = val
	}
	return x, nil
}
