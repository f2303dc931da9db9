package cnf

import (
	"github.com/sudokubench/sudokubench/encodings/cnf/internal/literal"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Assignment holds a value per variable, indexed by variable (index 0 is
// unused): +1 true, -1 false, 0 unassigned.
type Assignment []int8

// True reports whether literal l is assigned true.
func (a Assignment) True(l int) bool {
	if l < 0 {
		return a[-l] < 0
	}
	return a[l] > 0
}

// Grid reads the cells fixed by an assignment of a formula over a grid of
// side n: a cell whose variable for some digit is true gets that digit.
// complete reports whether every cell got one.
func (a Assignment) Grid(geo *sudoku.Geometry) (g *sudoku.Grid, complete bool) {
	g = sudoku.NewGrid(geo)
	complete = true
	n := geo.N
	for cell := 0; cell < geo.Cells; cell++ {
		for d := 1; d <= n; d++ {
			if a[CellVar(n, cell, d)] > 0 {
				g.Set(cell, d)
				break
			}
		}
		if g.Cell(cell) == 0 {
			complete = false
		}
	}
	return g, complete
}

// Propagator runs unit propagation over a fixed formula, independently of
// any SAT engine, for any number of sets of assumed literals. Clauses and
// cardinality constraints alike are treated as "at least k of these
// literals": when all but k are false, the rest become true. Two-literal
// clauses, most of a pairwise encoding, skip the counting: each is kept as
// a pair of implications. It is built once per formula and reused; it is
// not safe for concurrent use.
//
// Inside, a literal is a code (see literal.Code): variable v is codes 2v (¬v) and
// 2v+1 (v), so that a literal's negation flips the low bit and its value
// is one lookup.
type Propagator struct {
	vars    int
	clauses int     // constraints 0..clauses-1 are the formula's clauses, in order
	lits    []int32 // the codes of all constraints' literals, concatenated
	start   []int32 // constraint i owns lits[start[i]:start[i+1]]
	slack   []int32 // how many of its literals may be false
	// counted lists, per code, the constraints of three or more literals
	// (or a bound above one) that contain the literal; implied lists the
	// literals that a two-literal clause makes true when the literal
	// becomes false, and binary those clauses' ids, in the same order.
	counted, implied, binary literal.Adjacency
	falses                   []int32
	truth                    []int8 // per code: +1 true, -1 false, 0 unassigned
	values                   Assignment
	trail                    []int32 // codes of the true literals, in order
}

// NewPropagator indexes a formula for propagation.
func NewPropagator(f *Formula) *Propagator {
	p := &Propagator{vars: f.Vars, clauses: len(f.Clauses)}
	for _, c := range f.Clauses {
		p.addAtLeast(c, 1, false)
	}
	for _, c := range f.Cards {
		if c.Bound == AtLeast {
			p.addAtLeast(c.Lits, c.K, false)
		} else {
			// At most k true is at least len-k false.
			p.addAtLeast(c.Lits, len(c.Lits)-c.K, true)
		}
	}
	p.start = append(p.start, int32(len(p.lits)))
	p.index()
	p.falses = make([]int32, len(p.slack))
	p.truth = make([]int8, 2*f.Vars+2)
	p.values = make(Assignment, f.Vars+1)
	return p
}

func (p *Propagator) addAtLeast(lits []int, k int, negate bool) {
	p.start = append(p.start, int32(len(p.lits)))
	p.slack = append(p.slack, int32(len(lits)-k))
	for _, l := range lits {
		if negate {
			l = -l
		}
		p.lits = append(p.lits, literal.Code(l))
	}
}

// index builds the adjacency lists.
func (p *Propagator) index() {
	var counted, implied, binary [][2]int32
	for id := range p.slack {
		lits := p.constraint(int32(id))
		isBinary := len(lits) == 2 && p.slack[id] == 1
		for i, c := range lits {
			if isBinary {
				implied = append(implied, [2]int32{c, lits[1-i]})
				binary = append(binary, [2]int32{c, int32(id)})
			} else {
				counted = append(counted, [2]int32{c, int32(id)})
			}
		}
	}
	codes := 2*p.vars + 2
	p.counted = literal.NewAdjacency(codes, counted)
	p.implied = literal.NewAdjacency(codes, implied)
	p.binary = literal.NewAdjacency(codes, binary)
}

func (p *Propagator) constraint(id int32) []int32 { return p.lits[p.start[id]:p.start[id+1]] }

// Propagate assumes the literals and propagates to a fixpoint. It returns
// the assignment (owned by the propagator, valid until the next call) and
// false if a constraint was violated.
func (p *Propagator) Propagate(assumed []int) (Assignment, bool) {
	ok := p.run(assumed, -1)
	return p.values, ok
}

// run propagates for at most rounds rounds (negative: to the fixpoint).
// Round 1 applies what the assumed literals imply directly; the literals it
// fixes are assigned but not propagated further when rounds is 1. Either
// way it reports false if an assigned literal leaves a constraint
// violated, so that on success every constraint can still be satisfied by
// its unassigned literals.
func (p *Propagator) run(assumed []int, rounds int) bool {
	clear(p.values)
	clear(p.truth)
	clear(p.falses)
	p.trail = p.trail[:0]
	for _, l := range assumed {
		if !p.assign(literal.Code(l)) {
			return false
		}
	}
	head, roundEnd, round := 0, len(p.trail), 0
	for ; head < len(p.trail); head++ {
		if head == roundEnd {
			round++
			roundEnd = len(p.trail)
		}
		if rounds >= 0 && round >= rounds {
			return p.settle(head)
		}
		if !p.falsify(p.trail[head] ^ 1) {
			return false
		}
	}
	return true
}

// assign makes the literal of code c true; false on a conflict.
func (p *Propagator) assign(c int32) bool {
	switch p.truth[c] {
	case 0:
		p.truth[c], p.truth[c^1] = 1, -1
		p.values[c>>1] = int8(2*(c&1) - 1)
		p.trail = append(p.trail, c)
		return true
	case 1:
		return true
	}
	return false
}

// falsify updates the constraints in which the literal of code c has just
// become false.
func (p *Propagator) falsify(c int32) bool {
	for _, m := range p.implied.Of(c) {
		if !p.assign(m) {
			return false
		}
	}
	for _, id := range p.counted.Of(c) {
		p.falses[id]++
		switch {
		case p.falses[id] > p.slack[id]:
			return false
		case p.falses[id] == p.slack[id]:
			for _, m := range p.constraint(id) {
				if p.truth[m] == 0 && !p.assign(m) {
					return false
				}
			}
		}
	}
	return true
}

// settle checks, without propagating, that the literals assigned from
// trail[head] on violate no constraint.
func (p *Propagator) settle(head int) bool {
	for _, c := range p.trail[head:] {
		for _, m := range p.implied.Of(c ^ 1) {
			if p.truth[m] < 0 {
				return false
			}
		}
		for _, id := range p.counted.Of(c ^ 1) {
			p.falses[id]++
			if p.falses[id] > p.slack[id] {
				return false
			}
		}
	}
	return true
}

// valueOf returns +1 if l is true, -1 if false, 0 if unassigned.
func (a Assignment) valueOf(l int) int8 {
	if l < 0 {
		return -a[-l]
	}
	return a[l]
}

// SolvesPuzzle reports whether unit propagation of the puzzle's givens over
// the propagator's formula fixes every cell — the puzzle is settled without
// a single decision. consistent is false when propagation reaches a
// conflict (the puzzle has no solution).
func (p *Propagator) SolvesPuzzle(puzzle *sudoku.Grid) (solved, consistent bool) {
	a, ok := p.Propagate(Givens(puzzle))
	if !ok {
		return false, false
	}
	_, complete := a.Grid(puzzle.Geometry())
	return complete, true
}
