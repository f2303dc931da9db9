package cnf

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Encoder encodes puzzles of one geometry with fixed options; it builds the
// base formula once and shares it between the instances it returns. A
// reduced instance lives in buffers the encoder reuses: it is valid until
// the next call of Encode. An Encoder is not safe for concurrent use.
type Encoder struct {
	geo     *sudoku.Geometry
	opt     Options
	base    *Formula
	reducer *Reducer // nil unless opt.Reduce or opt.Propagate
}

// NewEncoder builds the base formula for a geometry.
func NewEncoder(geo *sudoku.Geometry, opt Options) *Encoder {
	e := &Encoder{geo: geo, opt: opt, base: Encode(geo, opt)}
	if opt.Reduce || opt.Propagate {
		e.reducer = NewReducer(e.base)
	}
	return e
}

// Base returns the formula without givens (shared; do not modify).
func (e *Encoder) Base() *Formula { return e.base }

// Options returns the encoder's options.
func (e *Encoder) Options() Options { return e.opt }

// Instance is one puzzle encoded: the formula an engine must satisfy, the
// givens as unit literals when they are not already folded in, and the way
// back from a model to a grid.
type Instance struct {
	Geometry *sudoku.Geometry
	// Formula is the base formula (shared, read-only) or, when reduced, the
	// reduced formula.
	Formula *Formula
	// Units are the givens as unit literals that must hold besides
	// Formula; empty for a reduced instance.
	Units []int
	// Reduction maps a reduced formula back; nil when not reduced.
	Reduction *Reduction
}

// Pose encodes one puzzle with the options given, the puzzle-level entry
// point every encoding package shares; an Encoder encodes many puzzles of
// one geometry faster. It returns an error for options out of range, and
// one wrapping ErrUnsat when a reduction finds the givens contradictory.
func Pose(puzzle *sudoku.Grid, opt Options) (*Instance, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	return NewEncoder(puzzle.Geometry(), opt).Encode(puzzle)
}

// Encode encodes one puzzle of the encoder's geometry.
func (e *Encoder) Encode(p *sudoku.Grid) (*Instance, error) {
	if p.Geometry() != e.geo {
		return nil, fmt.Errorf("puzzle is %s, encoder is for %s", p.Geometry(), e.geo)
	}
	inst := &Instance{Geometry: e.geo, Formula: e.base}
	givens := Givens(p)
	if e.reducer == nil {
		inst.Units = givens
		return inst, nil
	}
	r, err := e.reducer.Reduce(givens, e.opt.Propagate)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p, err)
	}
	inst.Formula, inst.Reduction = r.Formula, r
	return inst, nil
}

// Full returns the formula with the givens as unit clauses and the legend
// of its variables: the self-contained problem to write to a file.
func (inst *Instance) Full() *Formula {
	f := *inst.Formula
	f.Legend = inst.Legend()
	if len(inst.Units) == 0 {
		return &f
	}
	f.Clauses = make([][]int, 0, len(f.Clauses)+len(inst.Units))
	f.Clauses = append(f.Clauses, inst.Formula.Clauses...)
	for i := range inst.Units {
		f.Clauses = append(f.Clauses, inst.Units[i:i+1:i+1])
	}
	f.Comment += ", givens as unit clauses"
	return &f
}

// LegendHead is the first line of every legend: how to read the rest.
const LegendHead = "variables: \"var V rRcCdD\" says that variable V is digit D in the cell of row R, column C; " +
	"\"fixed rRcCdD\" that the reduction by the givens settled that cell, which no variable stands for; " +
	"a variable without a var line is auxiliary"

// Legend returns the comment lines that map the formula's variables back
// to cells and digits, so that a model of a written file reads as a grid
// without the suite: LegendHead, then "var V rRcCdD" for each variable
// that stands for a cell and digit, in increasing V, then, for a reduced
// formula, "fixed rRcCdD" for each cell the reduction settled.
func (inst *Instance) Legend() []string {
	n := inst.Geometry.N
	name := func(v int) string {
		cell, d, _ := CellDigit(n, v)
		return fmt.Sprintf("r%dc%dd%d", cell/n+1, cell%n+1, d)
	}
	lines := []string{LegendHead}
	cellVars := n * inst.Geometry.Cells
	r := inst.Reduction
	if r == nil {
		for v := 1; v <= cellVars && v <= inst.Formula.Vars; v++ {
			lines = append(lines, fmt.Sprintf("var %d %s", v, name(v)))
		}
		return lines
	}
	for nv := 1; nv < len(r.origin); nv++ {
		if v := r.origin[nv]; v <= cellVars {
			lines = append(lines, fmt.Sprintf("var %d %s", nv, name(v)))
		}
	}
	for v := 1; v <= cellVars; v++ {
		if r.fixed.valueOf(v) > 0 {
			lines = append(lines, "fixed "+name(v))
		}
	}
	return lines
}

// Stats counts the size of what the engine gets: the formula plus the unit
// clauses of the givens.
func (inst *Instance) Stats() Stats {
	s := inst.Formula.Stats()
	s.Clauses += len(inst.Units)
	s.Literals += len(inst.Units)
	return s
}

// Decode reads a model of the instance's formula (model[v-1] is variable v)
// as a grid.
func (inst *Instance) Decode(model []bool) (*sudoku.Grid, error) {
	if r := inst.Reduction; r != nil {
		if len(r.expanded) != len(r.fixed)-1 {
			r.expanded = make([]bool, len(r.fixed)-1)
		}
		model = r.expandInto(r.expanded, model)
	}
	return DecodeModel(inst.Geometry, model)
}

// Blocking returns the clause, in the numbering of the instance's formula,
// that excludes the grid of a model: the negation of its true cell
// variables that the formula leaves free. An empty clause means that no
// other grid is possible: every cell is fixed.
func (inst *Instance) Blocking(model []bool) []int {
	cellVars := inst.Geometry.N * inst.Geometry.Cells
	if r := inst.Reduction; r != nil {
		return r.blocking(model, cellVars)
	}
	given := make([]bool, cellVars+1)
	for _, u := range inst.Units {
		if u > 0 && u <= cellVars {
			given[u] = true
		}
	}
	var clause []int
	for v := 1; v <= cellVars && v <= len(model); v++ {
		if model[v-1] && !given[v] {
			clause = append(clause, -v)
		}
	}
	return clause
}

// BlockingGrid returns the clause, in the numbering of the instance's
// formula, that excludes a grid: Blocking of the model that sets the
// grid's cell variables. It serves engines that answer with a grid
// rather than a model.
func (inst *Instance) BlockingGrid(g *sudoku.Grid) []int {
	n := inst.Geometry.N
	model := make([]bool, n*inst.Geometry.Cells)
	for cell, d := range g.Cells() {
		if d != 0 {
			model[CellVar(n, cell, int(d))-1] = true
		}
	}
	r := inst.Reduction
	if r == nil {
		return inst.Blocking(model)
	}
	var clause []int
	for v := 1; v <= len(model); v++ {
		if nv := r.Reduced(v); nv != 0 && model[v-1] {
			clause = append(clause, -nv)
		}
	}
	return clause
}

// blocking is Blocking for a reduced formula: every cell variable that
// survived the reduction is free. It lists them in the original order.
func (r *Reduction) blocking(model []bool, cellVars int) []int {
	var clause []int
	for v := 1; v <= cellVars && v < len(r.index); v++ {
		if nv := r.index[v]; nv != 0 && nv <= len(model) && model[nv-1] {
			clause = append(clause, -nv)
		}
	}
	return clause
}
