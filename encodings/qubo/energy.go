package qubo

import (
	"fmt"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Energy returns the energy of an assignment, one 0/1 value per variable
// in Vars order, offset included: 0 exactly for a grid that keeps every
// rule and given, positive for anything else. It panics if x does not have
// one value per variable.
func (m *Model) Energy(x []uint8) int64 {
	if len(x) != len(m.Vars) {
		panic(fmt.Sprintf("qubo: energy of %d values for %d variables", len(x), len(m.Vars)))
	}
	e := m.Offset
	for i, a := range m.Linear {
		if x[i] != 0 {
			e += a
		}
	}
	for _, c := range m.Couplers {
		if x[c.I] != 0 && x[c.J] != 0 {
			e += c.W
		}
	}
	return e
}

// Violation is a constraint an assignment breaks: a cell or unit × digit
// whose variables and fixed ones do not add up to exactly one, or a given
// whose digit is not set.
type Violation struct {
	// Constraint names it: "r3c7", "row 3 digit 5", "given r1c1 = 5".
	Constraint string
	// Set is how many of its members are 1; the constraint wants 1.
	Set int
}

// String says what is wrong: "row 3 digit 5: 2 set, want 1".
func (v Violation) String() string { return fmt.Sprintf("%s: %d set, want 1", v.Constraint, v.Set) }

// Violations lists the constraints an assignment breaks, cells first, then
// units in geometry order, then givens; nil for a solution. It fails if x
// does not have one value per variable.
func (m *Model) Violations(x []uint8) ([]Violation, error) {
	if len(x) != len(m.Vars) {
		return nil, fmt.Errorf("decode: %d values for %d variables", len(x), len(m.Vars))
	}
	geo := m.Puzzle.Geometry()
	var out []Violation
	for i := range m.groups {
		g := &m.groups[i]
		set := g.ones
		for _, v := range g.vars {
			set += int(x[v])
		}
		if set != 1 {
			out = append(out, Violation{Constraint: g.name(geo), Set: set})
		}
	}
	for cell, d := range m.Puzzle.Cells() {
		if d == 0 {
			continue
		}
		if v, ok := m.Index(cell, int(d)); ok && x[v] == 0 {
			out = append(out, Violation{Constraint: fmt.Sprintf("given %s = %d", geo.CellName(cell), d), Set: 0})
		}
	}
	return out, nil
}

// Decode turns an assignment into the grid it states. An assignment that
// breaks a constraint decodes to its violations and no grid; otherwise the
// grid holds the settled cells and, in every other cell, the digit of its
// one variable set to 1. A Model with a conflict never decodes to a grid.
func (m *Model) Decode(x []uint8) (*sudoku.Grid, []Violation, error) {
	vs, err := m.Violations(x)
	if err != nil || len(vs) > 0 {
		return nil, vs, err
	}
	g := m.Settled.Clone()
	for i, v := range m.Vars {
		if x[i] != 0 {
			g.Set(v.Cell, v.Digit)
		}
	}
	return g, nil, nil
}

// MaxListed is how many violations Summarize names before it only counts.
const MaxListed = 5

// Summarize writes violations for a person: the first MaxListed, then how
// many more.
func Summarize(vs []Violation) string {
	parts := make([]string, 0, min(len(vs), MaxListed)+1)
	for i, v := range vs {
		if i == MaxListed {
			parts = append(parts, fmt.Sprintf("and %d more", len(vs)-MaxListed))
			break
		}
		parts = append(parts, v.String())
	}
	return strings.Join(parts, "; ")
}
