package cnf

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudokubench/sudokubench/encodings/cnf/internal/literal"
)

// ErrUnsat says that propagating the givens already contradicts the rules:
// the puzzle has no solution.
var ErrUnsat = errors.New("the givens contradict the rules under unit propagation")

// Reduction is a formula simplified by fixed literals, with the way back:
// fixed variables are removed, satisfied clauses dropped, false literals
// deleted, and the remaining variables renumbered densely from 1.
type Reduction struct {
	// Formula is the reduced formula over variables 1..Formula.Vars.
	Formula  *Formula
	fixed    Assignment // per original variable
	origin   []int      // reduced variable → original variable
	index    []int      // original variable → reduced variable, 0 if gone
	expanded []bool     // Decode's buffer for the expanded model
}

// Reduce applies the assumed literals to f. With propagate false it applies
// them and what they eliminate directly (one round of unit propagation:
// a given fixes its cell and removes its digit from its peers); with
// propagate true it applies everything unit propagation derives. It returns
// ErrUnsat if that already violates a constraint.
func Reduce(f *Formula, assumed []int, propagate bool) (*Reduction, error) {
	return NewReducer(f).Reduce(assumed, propagate)
}

// Reducer reduces one formula under any number of sets of assumed literals,
// indexing the formula once. It reuses its buffers: the Reduction it
// returns is valid until the next call. It is not safe for concurrent use.
type Reducer struct {
	f       *Formula
	p       *Propagator
	r       Reduction
	out     Formula
	b       clauseBuilder
	cards   clauseBuilder // the literals of the reduced cardinality constraints
	cardBuf [][]int       // cards sliced
	seen    bitset        // longer clauses markLong has looked at
	kept    bitset        // clauses that survive
	comment [2]string     // the reduced formula's comment without and with propagation
}

// NewReducer indexes a formula for reduction.
func NewReducer(f *Formula) *Reducer {
	rd := &Reducer{f: f, p: NewPropagator(f), seen: newBitset(len(f.Clauses)), kept: newBitset(len(f.Clauses))}
	rd.comment = [2]string{f.Comment + ", reduced by the givens", f.Comment + ", reduced by unit propagation of the givens"}
	rd.r.index = make([]int, f.Vars+1)
	return rd
}

// Reduce is the function Reduce on the reducer's formula.
func (rd *Reducer) Reduce(assumed []int, propagate bool) (*Reduction, error) {
	rounds := 1
	if propagate {
		rounds = -1
	}
	if !rd.p.run(assumed, rounds) {
		return nil, ErrUnsat
	}
	r := &rd.r
	r.fixed = append(r.fixed[:0], rd.p.values...)
	clear(r.index)
	r.origin = append(r.origin[:0], 0)
	rd.b.reset()
	rd.markSurvivors()
	rd.kept.drain(rd.reduceClause)
	cards, err := rd.reduceCards()
	if err != nil {
		return nil, err
	}
	rd.out = Formula{Comment: rd.comment[boolIndex(propagate)], Clauses: rd.b.appendTo(rd.out.Clauses[:0]), Cards: cards}
	rd.out.Vars = len(r.origin) - 1
	r.Formula = &rd.out
	return r, nil
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// markSurvivors marks in kept the clauses that are not satisfied. It
// visits only the clauses of the unassigned variables, which after
// propagation are few: a clause without an unassigned literal is
// satisfied, since the propagator has ruled out one with every literal
// false.
func (rd *Reducer) markSurvivors() {
	rd.seen.clear()
	for c := int32(2); c < int32(len(rd.p.truth)); c++ {
		if rd.p.truth[c] == 0 {
			rd.markBinaries(c)
			rd.markLong(c)
		}
	}
}

// markBinaries marks the two-literal clauses (c ∨ m) of the unassigned
// literal c that m does not satisfy; when m is unassigned too, the clause
// is marked from the smaller of the two.
func (rd *Reducer) markBinaries(c int32) {
	ids := rd.p.binary.Of(c)
	for i, m := range rd.p.implied.Of(c) {
		t := rd.p.truth[m]
		if t > 0 || t == 0 && m < c || int(ids[i]) >= rd.p.clauses {
			continue
		}
		rd.kept.set(ids[i])
	}
}

// markLong marks the longer clauses of the unassigned literal c that are
// not satisfied, looking at each once.
func (rd *Reducer) markLong(c int32) {
	for _, id := range rd.p.counted.Of(c) {
		if int(id) < rd.p.clauses && !rd.seen.has(id) {
			rd.seen.set(id)
			if !rd.satisfied(id) {
				rd.kept.set(id)
			}
		}
	}
}

func (rd *Reducer) satisfied(id int32) bool {
	for _, c := range rd.p.constraint(id) {
		if rd.p.truth[c] > 0 {
			return true
		}
	}
	return false
}

// reduceClause appends the clause's unassigned literals, renumbered.
func (rd *Reducer) reduceClause(id int32) {
	rd.b.starts = append(rd.b.starts, len(rd.b.lits))
	for _, c := range rd.p.constraint(id) {
		if rd.p.truth[c] == 0 {
			rd.b.lits = append(rd.b.lits, rd.r.newLit(literal.Decode(c)))
		}
	}
}

// bitset is a set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (s bitset) has(i int32) bool { return s[i>>6]&(1<<(i&63)) != 0 }
func (s bitset) set(i int32)      { s[i>>6] |= 1 << (i & 63) }
func (s bitset) clear()           { clear(s) }

// drain calls f on each member in increasing order and empties the set.
func (s bitset) drain(f func(int32)) {
	for w, word := range s {
		for word != 0 {
			f(int32(w<<6 + bits.TrailingZeros64(word)))
			word &= word - 1
		}
		s[w] = 0
	}
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

// reduceCards reduces the formula's cardinality constraints, in order,
// keeping those that still constrain anything; their literals share one
// backing array, reused from call to call.
func (rd *Reducer) reduceCards() ([]Card, error) {
	rd.cards.reset()
	cards := rd.out.Cards[:0]
	for _, c := range rd.f.Cards {
		k, keep, err := rd.r.reduceCard(c, &rd.cards)
		if err != nil {
			return nil, err
		}
		if keep {
			cards = append(cards, Card{Bound: c.Bound, K: k})
		}
	}
	rd.cardBuf = rd.cards.appendTo(rd.cardBuf[:0])
	for i, lits := range rd.cardBuf {
		cards[i].Lits = lits
	}
	return cards, nil
}

// reduceCard removes fixed literals from a cardinality constraint,
// appending the others, renumbered, to b as a clause when it still
// constrains anything, and returns its new bound.
func (r *Reduction) reduceCard(c Card, b *clauseBuilder) (k int, keep bool, err error) {
	trues, free := 0, 0
	for _, l := range c.Lits {
		switch r.fixed.valueOf(l) {
		case 1:
			trues++
		case 0:
			free++
		}
	}
	k = c.K - trues
	switch {
	case c.Bound == AtMost && k < 0, c.Bound == AtLeast && k > free:
		return 0, false, fmt.Errorf("%v: %w", c, ErrUnsat)
	case c.Bound == AtMost && k >= free, c.Bound == AtLeast && k <= 0:
		return 0, false, nil
	}
	b.starts = append(b.starts, len(b.lits))
	for _, l := range c.Lits {
		if r.fixed.valueOf(l) == 0 {
			b.lits = append(b.lits, r.newLit(l))
		}
	}
	return k, true, nil
}

// Expand maps a model of the reduced formula (model[v-1] for reduced
// variable v) to a model of the original formula; original variables that
// neither were fixed nor survived are false.
func (r *Reduction) Expand(model []bool) []bool {
	return r.expandInto(make([]bool, len(r.fixed)-1), model)
}

// expandInto is Expand into out, which has one entry per original variable.
func (r *Reduction) expandInto(out, model []bool) []bool {
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
