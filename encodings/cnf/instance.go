package cnf

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Encoder encodes puzzles of one geometry with fixed options; it builds the
// base formula once and shares it between the instances it returns. It is
// not safe for concurrent use.
type Encoder struct {
	geo  *sudoku.Geometry
	opt  Options
	base *Formula
	prop *Propagator // for reductions; nil unless opt.Reduce or opt.Propagate
}

// NewEncoder builds the base formula for a geometry.
func NewEncoder(geo *sudoku.Geometry, opt Options) *Encoder {
	e := &Encoder{geo: geo, opt: opt, base: Encode(geo, opt)}
	if opt.Reduce || opt.Propagate {
		e.prop = NewPropagator(e.base)
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

// EncodePuzzle encodes one puzzle with the options given; it returns an
// error wrapping ErrUnsat when a reduction finds the givens contradictory.
func EncodePuzzle(p *sudoku.Grid, opt Options) (*Instance, error) {
	return NewEncoder(p.Geometry(), opt).Encode(p)
}

// Encode encodes one puzzle of the encoder's geometry.
func (e *Encoder) Encode(p *sudoku.Grid) (*Instance, error) {
	if p.Geometry() != e.geo {
		return nil, fmt.Errorf("puzzle is %s, encoder is for %s", p.Geometry(), e.geo)
	}
	inst := &Instance{Geometry: e.geo, Formula: e.base}
	givens := Givens(p)
	if e.prop == nil {
		inst.Units = givens
		return inst, nil
	}
	r, err := reduceWith(e.prop, e.base, givens, e.opt.Propagate)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p, err)
	}
	inst.Formula, inst.Reduction = r.Formula, r
	return inst, nil
}

// Full returns the formula with the givens as unit clauses: the
// self-contained problem to write to a file.
func (inst *Instance) Full() *Formula {
	if len(inst.Units) == 0 {
		return inst.Formula
	}
	f := *inst.Formula
	f.Clauses = make([][]int, 0, len(f.Clauses)+len(inst.Units))
	f.Clauses = append(f.Clauses, inst.Formula.Clauses...)
	for i := range inst.Units {
		f.Clauses = append(f.Clauses, inst.Units[i:i+1:i+1])
	}
	f.Comment += ", givens as unit clauses"
	return &f
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
	if inst.Reduction != nil {
		model = inst.Reduction.Expand(model)
	}
	return DecodeModel(inst.Geometry, model)
}

// Blocking returns the clause, in the numbering of the instance's formula,
// that excludes the grid of a model: the negation of its true cell
// variables that the formula leaves free. An empty clause means that no
// other grid is possible: every cell is fixed.
func (inst *Instance) Blocking(model []bool) []int {
	n := inst.Geometry.N
	var clause []int
	fixed := make(map[int]bool, len(inst.Units))
	for _, u := range inst.Units {
		fixed[u] = true
	}
	for v := 1; v <= n*n*n; v++ {
		ev := v
		if inst.Reduction != nil {
			ev = inst.Reduction.Reduced(v)
		}
		if ev == 0 || ev > len(model) || !model[ev-1] || fixed[ev] {
			continue
		}
		clause = append(clause, -ev)
	}
	return clause
}
