package cnf

import (
	"errors"
	"fmt"
)

// ErrUnsat says that propagating the givens already contradicts the rules:
// the puzzle has no solution.
var ErrUnsat = errors.New("the givens contradict the rules under unit propagation")

// Reduction is a formula simplified by fixed literals, with the way back:
// fixed variables are removed, satisfied clauses dropped, false literals
// deleted, and the remaining variables renumbered densely from 1.
type Reduction struct {
	// Formula is the reduced formula over variables 1..Formula.Vars.
	Formula *Formula
	fixed   Assignment // per original variable
	origin  []int      // reduced variable → original variable
	index   []int      // original variable → reduced variable, 0 if gone
}

// Reduce applies the assumed literals to f. With propagate false it applies
// them and what they eliminate directly (one round of unit propagation:
// a given fixes its cell and removes its digit from its peers); with
// propagate true it applies everything unit propagation derives. It returns
// ErrUnsat if that already violates a constraint.
func Reduce(f *Formula, assumed []int, propagate bool) (*Reduction, error) {
	return reduceWith(NewPropagator(f), f, assumed, propagate)
}

func reduceWith(p *Propagator, f *Formula, assumed []int, propagate bool) (*Reduction, error) {
	rounds := 1
	if propagate {
		rounds = -1
	}
	if !p.run(assumed, rounds) {
		return nil, ErrUnsat
	}
	r := &Reduction{fixed: append(Assignment(nil), p.values...), index: make([]int, f.Vars+1), origin: []int{0}}
	out := &Formula{Comment: f.Comment + ", reduced by the givens"}
	if propagate {
		out.Comment = f.Comment + ", reduced by unit propagation of the givens"
	}
	var b clauseBuilder
	for _, c := range f.Clauses {
		if err := r.reduceClause(&b, c); err != nil {
			return nil, err
		}
	}
	out.Clauses = b.finish()
	for _, c := range f.Cards {
		card, keep, err := r.reduceCard(c)
		if err != nil {
			return nil, err
		}
		if keep {
			out.Cards = append(out.Cards, card)
		}
	}
	out.Vars = len(r.origin) - 1
	r.Formula = out
	return r, nil
}

// newVar returns the reduced variable for original variable v.
func (r *Reduction) newVar(v int) int {
	if r.index[v] == 0 {
		r.index[v] = len(r.origin)
		r.origin = append(r.origin, v)
	}
	return r.index[v]
}

func (r *Reduction) newLit(l int) int {
	if l < 0 {
		return -r.newVar(-l)
	}
	return r.newVar(l)
}

func (r *Reduction) reduceClause(b *clauseBuilder, c []int) error {
	start := len(b.lits)
	for _, l := range c {
		switch r.fixed.valueOf(l) {
		case 1:
			b.lits = b.lits[:start]
			return nil
		case 0:
			b.lits = append(b.lits, l)
		}
	}
	if len(b.lits) == start {
		return fmt.Errorf("clause %v: %w", c, ErrUnsat)
	}
	kept := b.lits[start:]
	for i, l := range kept {
		kept[i] = r.newLit(l)
	}
	b.starts = append(b.starts, start)
	return nil
}

// reduceCard removes fixed literals from a cardinality constraint and says
// whether it still constrains anything.
func (r *Reduction) reduceCard(c Card) (Card, bool, error) {
	var free []int
	trues := 0
	for _, l := range c.Lits {
		switch r.fixed.valueOf(l) {
		case 1:
			trues++
		case 0:
			free = append(free, l)
		}
	}
	k := c.K - trues
	switch {
	case c.Bound == AtMost && k < 0, c.Bound == AtLeast && k > len(free):
		return Card{}, false, fmt.Errorf("%v: %w", c, ErrUnsat)
	case c.Bound == AtMost && k >= len(free), c.Bound == AtLeast && k <= 0:
		return Card{}, false, nil
	}
	for i, l := range free {
		free[i] = r.newLit(l)
	}
	return Card{Lits: free, Bound: c.Bound, K: k}, true, nil
}

// Expand maps a model of the reduced formula (model[v-1] for reduced
// variable v) to a model of the original formula; original variables that
// neither were fixed nor survived are false.
func (r *Reduction) Expand(model []bool) []bool {
	out := make([]bool, len(r.fixed)-1)
	for v := 1; v < len(r.fixed); v++ {
		out[v-1] = r.fixed[v] > 0
	}
	for nv := 1; nv < len(r.origin) && nv <= len(model); nv++ {
		out[r.origin[nv]-1] = model[nv-1]
	}
	return out
}

// Reduced returns the reduced variable of original variable v, or 0 if v
// was fixed or dropped.
func (r *Reduction) Reduced(v int) int {
	if v < 1 || v >= len(r.index) {
		return 0
	}
	return r.index[v]
}

// Fixed returns the assignment the reduction applied, per original variable.
func (r *Reduction) Fixed() Assignment { return r.fixed }
