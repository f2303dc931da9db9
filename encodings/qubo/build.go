package qubo

import (
	"fmt"
	"slices"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// value is what a formulation decided about one x[cell, digit].
type value int8

const (
	free      value = iota // a variable of the model
	fixedOne               // decided 1: a given, or a cell singles settled
	fixedZero              // decided 0: eliminated
)

// group is one one-hot constraint: a cell, or a unit × digit.
type group struct {
	unit   int // index in the geometry's Units, or −1 for a cell
	cell   int // the cell, for a cell group
	digit  int // the digit, for a unit group
	weight int64
	vars   []int32 // its variables
	ones   int     // its members fixed to 1
}

// name names the constraint: "r3c7" or "row 3 digit 5".
func (g *group) name(geo *sudoku.Geometry) string {
	if g.unit < 0 {
		return geo.CellName(g.cell)
	}
	return fmt.Sprintf("%s digit %d", geo.Units[g.unit].Name(), g.digit)
}

// Builder builds the models of one formulation and weighting. It keeps the
// singles propagator of each geometry it met, so that building many models
// costs one propagation each; it is not safe for concurrent use.
type Builder struct {
	form        Formulation
	weights     Weights
	propagators map[*sudoku.Geometry]*cnf.Propagator
}

// NewBuilder returns a builder, or an error for weights out of range.
func NewBuilder(f Formulation, w Weights) (*Builder, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	if f < Fixed || f > Wildqat {
		return nil, fmt.Errorf("unknown QUBO formulation %d", int(f))
	}
	return &Builder{form: f, weights: w, propagators: make(map[*sudoku.Geometry]*cnf.Propagator)}, nil
}

// Options shape the model. The zero value is the Fixed formulation (D-Wave's)
// with DefaultWeights: zero Weights stand for the defaults.
type Options struct {
	Formulation Formulation
	Weights     Weights
}

// Pose builds one puzzle's model, or returns an error for a formulation or
// weights out of range; see Builder for building many.
func Pose(puzzle *sudoku.Grid, opt Options) (*Model, error) {
	if opt.Weights == (Weights{}) {
		opt.Weights = DefaultWeights()
	}
	b, err := NewBuilder(opt.Formulation, opt.Weights)
	if err != nil {
		return nil, err
	}
	return b.Build(puzzle), nil
}

// Build returns the model of a puzzle, which should be valid
// (sudoku.Grid.Validate). The puzzle is copied.
func (b *Builder) Build(puzzle *sudoku.Grid) *Model {
	m := &Model{Puzzle: puzzle.Clone(), Formulation: b.form, Weights: b.weights}
	values := b.decide(m)
	m.addVariables(values)
	m.addGroups(values, b.weights)
	m.addPenalties()
	return m
}

// decide sets, for every x[cell, digit], whether it is a variable or
// decided, and the settled grid.
func (b *Builder) decide(m *Model) []value {
	geo, p := m.Puzzle.Geometry(), m.Puzzle
	n := geo.N
	values := make([]value, geo.Cells*n)
	m.Settled = p.Clone()
	switch b.form {
	case Fixed:
		for cell, d := range p.Cells() {
			if d != 0 {
				values[cell*n+int(d)-1] = fixedOne
			}
		}
	case Pruned:
		pruneByGivens(p, values)
	case Propagated:
		b.propagate(m, values)
	}
	return values
}

// pruneByGivens fixes each given's digit to 1, the given cells' other
// digits to 0, and every digit a given eliminates from an empty cell to 0.
func pruneByGivens(p *sudoku.Grid, values []value) {
	n := p.N()
	cand := p.Candidates()
	for cell, d := range p.Cells() {
		for digit := 1; digit <= n; digit++ {
			switch {
			case int(d) == digit:
				values[cell*n+digit-1] = fixedOne
			case d != 0 || cand[cell]&(1<<digit) == 0:
				values[cell*n+digit-1] = fixedZero
			}
		}
	}
}

// propagate runs unit propagation of the givens over the extended CNF,
// which is naked plus hidden singles (and the eliminations they cause) to
// a fixpoint, and keeps as variables only the digits it leaves open. A
// contradiction fixes every open digit to 0, so that the model's empty
// groups show it, and names it in Conflict.
func (b *Builder) propagate(m *Model, values []value) {
	geo := m.Puzzle.Geometry()
	prop := b.propagators[geo]
	if prop == nil {
		prop = cnf.NewPropagator(cnf.Encode(geo, cnf.Options{Encoding: cnf.Extended}))
		b.propagators[geo] = prop
	}
	a, ok := prop.Propagate(cnf.Givens(m.Puzzle))
	if !ok {
		pruneByGivens(m.Puzzle, values)
		for i, v := range values {
			if v == free {
				values[i] = fixedZero
			}
		}
		m.Conflict = "naked and hidden singles reach a contradiction"
		return
	}
	m.Settled, _ = a.Grid(geo)
	for i := range values {
		switch {
		case a[i+1] > 0: // cnf.CellVar(n, cell, d) is cell·n + d = i + 1
			values[i] = fixedOne
		case a[i+1] < 0:
			values[i] = fixedZero
		}
	}
}

// addVariables numbers the free x[cell, digit], cell by cell.
func (m *Model) addVariables(values []value) {
	n := m.Puzzle.N()
	m.index = make([]int32, len(values))
	for i, v := range values {
		m.index[i] = -1
		if v == free {
			m.index[i] = int32(len(m.Vars))
			m.Vars = append(m.Vars, Var{Cell: i / n, Digit: i%n + 1})
		}
	}
}

// addGroups lists the one-hot constraints with their variables and fixed
// ones: every cell, then every unit × digit. The groups' variable lists
// share one allocation.
func (m *Model) addGroups(values []value, w Weights) {
	geo := m.Puzzle.Geometry()
	n := geo.N
	m.groups = make([]group, 0, geo.Cells+len(geo.Units)*n)
	flat := make([]int32, 0, len(m.Vars)*(1+len(geo.CellUnits[0])+2))
	add := func(g group, members func(k int) int) {
		from := len(flat)
		for k := 0; k < n; k++ {
			i := members(k)
			switch values[i] {
			case free:
				flat = append(flat, m.index[i])
			case fixedOne:
				g.ones++
			}
		}
		g.vars = flat[from:len(flat):len(flat)]
		m.groups = append(m.groups, g)
	}
	for cell := 0; cell < geo.Cells; cell++ {
		add(group{unit: -1, cell: cell, weight: w.Cell}, func(k int) int { return cell*n + k })
	}
	for ui, u := range geo.Units {
		for d := 1; d <= n; d++ {
			add(group{unit: ui, digit: d, weight: w.of(u.Kind)}, func(k int) int { return u.Cells[k]*n + d - 1 })
		}
	}
}

// addPenalties sets the linear terms, couplers and offset.
func (m *Model) addPenalties() {
	m.Linear = make([]int64, len(m.Vars))
	if m.Formulation == Wildqat {
		m.addRewards()
	} else {
		m.addOneHots()
	}
	m.addCouplers()
}

// addOneHots expands w·(Σ free + ones − 1)² for every group: with c =
// ones − 1, each free variable gets w·(1 + 2c), each pair 2w (see
// addCouplers), and the offset w·c². A group with no variable and c ≠ 0
// can never hold: the first one is the model's conflict.
func (m *Model) addOneHots() {
	geo := m.Puzzle.Geometry()
	for i := range m.groups {
		g := &m.groups[i]
		c := int64(g.ones - 1)
		for _, v := range g.vars {
			m.Linear[v] += g.weight * (1 + 2*c)
		}
		m.Offset += g.weight * c * c
		if len(g.vars) == 0 && c != 0 && m.Conflict == "" {
			m.Conflict = g.name(geo) + " can never hold exactly one digit"
		}
	}
}

// addRewards gives the Wildqat model its reward of 1 per bit and 1 more
// per given's bit, and the offset that brings a solution to energy 0: one
// per cell and one per given.
func (m *Model) addRewards() {
	geo := m.Puzzle.Geometry()
	for i := range m.Linear {
		m.Linear[i] = -1
	}
	for cell, d := range m.Puzzle.Cells() {
		if d != 0 {
			v, _ := m.Index(cell, int(d))
			m.Linear[v]--
			m.Offset++
		}
	}
	m.Offset += int64(geo.Cells)
}

// addCouplers adds 2w for every pair of variables in a group of weight w,
// summed over the groups they share, one coupler per pair, sorted.
func (m *Model) addCouplers() {
	n := len(m.Vars)
	start := make([]int32, n+1) // variable → its groups, flat
	for _, g := range m.groups {
		for _, v := range g.vars {
			start[v+1]++
		}
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	memberOf := make([]int32, start[n])
	next := slices.Clone(start[:n])
	for gi, g := range m.groups {
		for _, v := range g.vars {
			memberOf[next[v]] = int32(gi)
			next[v]++
		}
	}
	pairs := 0 // a bound: pairs shared by several groups count once each
	for _, g := range m.groups {
		pairs += len(g.vars) * (len(g.vars) - 1) / 2
	}
	m.Couplers = make([]Coupler, 0, pairs)
	acc := make([]int64, n)
	var touched []int32
	for i := int32(0); i < int32(n); i++ {
		for _, gi := range memberOf[start[i]:start[i+1]] {
			g := &m.groups[gi]
			for _, j := range g.vars {
				if j > i {
					if acc[j] == 0 {
						touched = append(touched, j)
					}
					acc[j] += 2 * g.weight
				}
			}
		}
		slices.Sort(touched)
		for _, j := range touched {
			m.Couplers = append(m.Couplers, Coupler{I: i, J: j, W: acc[j]})
			acc[j] = 0
		}
		touched = touched[:0]
	}
}
