// Package milp poses Sudoku as the textbook 0/1 integer program: one binary
// x[r,c,d] per cell and digit, and an equality Σx = 1 for every cell and for
// every unit × digit (rows, columns, boxes and, in the diagonal variant, both
// diagonals). The package builds the model in two forms — givens as fixed
// bounds, or givens eliminated with their peers as in the CNF reduced form —
// writes it as CPLEX LP or free MPS for outside solvers, reports its size, and
// decodes a solution vector (or a solver's name→value output) back to a grid.
//
// The model is the engines' common ground: it knows nothing of any solver.
// Every coefficient of the Sudoku rows is 1, so a constraint is a list of
// variable indices, a sense and a right-hand side.
package milp

import (
	"fmt"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Form says how the givens enter the model.
type Form int

const (
	// Eliminated removes the variables fixed by the givens (each given's own
	// digits and its peers' copies of its digit) and drops the rows they
	// satisfy, like the CNF reduced form. It is the default.
	Eliminated Form = iota
	// Fixed keeps all N³ variables and every row, and fixes the givens'
	// variables to 1 by their bounds.
	Fixed
)

// String returns the form's stable name.
func (f Form) String() string {
	if f == Fixed {
		return "fixed"
	}
	return "eliminated"
}

// ParseForm reads "eliminated" (or "") and "fixed".
func ParseForm(s string) (Form, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "eliminated":
		return Eliminated, nil
	case "fixed":
		return Fixed, nil
	}
	return Eliminated, fmt.Errorf("unknown MILP form %q: use eliminated or fixed", s)
}

// Variable is x[cell, digit] with its bounds.
type Variable struct {
	Cell  int // row-major cell index
	Digit int // 1..N
	// Lower and Upper are the bounds: 0..1 for a free variable, 1..1 for a
	// given's own digit in the Fixed form (its other digits stay free: the
	// cell row sets them to 0).
	Lower, Upper int
}

// Fixed reports whether the bounds leave the variable a single value.
func (v Variable) Fixed() bool { return v.Lower == v.Upper }

// Sense is the relation of a constraint's left side to its right side.
type Sense byte

// The senses a Sudoku model uses.
const (
	Equal  Sense = '='
	AtMost Sense = '<'
)

// Constraint is Σ x[v] (sense) RHS over the listed variables, every
// coefficient 1.
type Constraint struct {
	Name  string
	Vars  []int // indices into Model.Vars
	Sense Sense
	RHS   int
}

// satisfiable reports whether the constraint can hold at all; only an empty
// row with a right side its empty sum cannot meet fails.
func (c Constraint) satisfiable() bool {
	if len(c.Vars) > 0 {
		return c.RHS >= 0
	}
	if c.Sense == Equal {
		return c.RHS == 0
	}
	return c.RHS >= 0
}

// Model is a 0/1 program for one puzzle. Objective is nil for the default
// feasibility problem; otherwise it holds one coefficient per variable and
// Maximize says the direction. Relaxed models drop integrality (0 ≤ x ≤ 1).
type Model struct {
	Puzzle      *sudoku.Grid
	Form        Form
	Vars        []Variable
	Constraints []Constraint
	Objective   []float64
	Maximize    bool
	Relaxed     bool

	index map[[2]int]int // (cell, digit) → variable index
}

// Options shape the model; the zero value is the Eliminated form.
type Options struct {
	Form Form
}

// Pose builds the model of a puzzle, or returns an error for a form that
// is not one of the package's. The puzzle is copied.
func Pose(puzzle *sudoku.Grid, opt Options) (*Model, error) {
	if opt.Form != Eliminated && opt.Form != Fixed {
		return nil, fmt.Errorf("unknown MILP form %d: use Eliminated or Fixed", int(opt.Form))
	}
	m := &Model{Puzzle: puzzle.Clone(), Form: opt.Form, index: make(map[[2]int]int)}
	m.addVariables()
	m.addConstraints()
	return m, nil
}

func (m *Model) addVariables() {
	geo := m.Puzzle.Geometry()
	var cand []uint64
	if m.Form == Eliminated {
		cand = m.Puzzle.Candidates()
	}
	for cell := 0; cell < geo.Cells; cell++ {
		given := m.Puzzle.Cell(cell)
		for d := 1; d <= geo.N; d++ {
			v := Variable{Cell: cell, Digit: d, Upper: 1}
			switch {
			case m.Form == Eliminated && (given != 0 || cand[cell]&(1<<d) == 0):
				continue
			case given == d:
				v.Lower = 1
			}
			m.index[[2]int{cell, d}] = len(m.Vars)
			m.Vars = append(m.Vars, v)
		}
	}
}

func (m *Model) addConstraints() {
	geo := m.Puzzle.Geometry()
	for cell := 0; cell < geo.Cells; cell++ {
		pairs := make([][2]int, 0, geo.N)
		for d := 1; d <= geo.N; d++ {
			pairs = append(pairs, [2]int{cell, d})
		}
		m.addRow("cell_"+geo.CellName(cell), pairs)
	}
	for _, u := range geo.Units {
		for d := 1; d <= geo.N; d++ {
			pairs := make([][2]int, 0, geo.N)
			for _, cell := range u.Cells {
				pairs = append(pairs, [2]int{cell, d})
			}
			m.addRow(fmt.Sprintf("%s_d%d", unitLabel(u), d), pairs)
		}
	}
}

// addRow adds Σ x[cell, digit] = 1 over the pairs. In the eliminated form the
// givens among the pairs lower the right side, and a row they satisfy is
// dropped; an empty row left with right side 1 stays, as a visible conflict.
func (m *Model) addRow(name string, pairs [][2]int) {
	c := Constraint{Name: name, Sense: Equal, RHS: 1}
	for _, p := range pairs {
		if vi, ok := m.index[p]; ok {
			c.Vars = append(c.Vars, vi)
		} else if m.Puzzle.Cell(p[0]) == p[1] {
			c.RHS--
		}
	}
	if m.Form == Eliminated && len(c.Vars) == 0 && c.RHS == 0 {
		return
	}
	m.Constraints = append(m.Constraints, c)
}

// unitLabel names a unit in constraint names: row3, col7, box2, diag, anti.
func unitLabel(u sudoku.Unit) string {
	switch u.Kind {
	case sudoku.Row:
		return fmt.Sprintf("row%d", u.Index+1)
	case sudoku.Column:
		return fmt.Sprintf("col%d", u.Index+1)
	case sudoku.Box:
		return fmt.Sprintf("box%d", u.Index+1)
	case sudoku.MainDiagonal:
		return "diag"
	}
	return "anti"
}

// VarName returns a variable's name in the LP and MPS files: x_r_c_d, 1-based.
func (m *Model) VarName(i int) string {
	v := m.Vars[i]
	n := m.Puzzle.N()
	return fmt.Sprintf("x_%d_%d_%d", v.Cell/n+1, v.Cell%n+1, v.Digit)
}

// Index returns the variable of x[cell, digit], or false if the model has
// none (eliminated by the givens).
func (m *Model) Index(cell, digit int) (int, bool) {
	i, ok := m.index[[2]int{cell, digit}]
	return i, ok
}

// Conflict returns the name of the first constraint that no assignment can
// meet (an empty row left with right side 1 after elimination), or "" if
// there is none. A model with a conflict is infeasible without search.
func (m *Model) Conflict() string {
	for _, c := range m.Constraints {
		if !c.satisfiable() {
			return c.Name
		}
	}
	return ""
}

// Stats is the size of a model.
type Stats struct {
	Variables   int // columns, fixed ones included
	Binaries    int // columns left free between 0 and 1
	Constraints int // rows
	Nonzeros    int // coefficients in the rows
}

// Stats counts the model's variables, rows and non-zeros.
func (m *Model) Stats() Stats {
	s := Stats{Variables: len(m.Vars), Constraints: len(m.Constraints)}
	for _, v := range m.Vars {
		if !v.Fixed() {
			s.Binaries++
		}
	}
	for _, c := range m.Constraints {
		s.Nonzeros += len(c.Vars)
	}
	return s
}

// Sizes returns the statistics keyed as solvers.Result.Model expects.
func (s Stats) Sizes() map[string]int {
	return map[string]int{
		"variables":   s.Variables,
		"binaries":    s.Binaries,
		"constraints": s.Constraints,
		"nonzeros":    s.Nonzeros,
	}
}
