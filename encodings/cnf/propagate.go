package cnf

import (
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
// literals": when all but k are false, the rest become true. It is built
// once per formula and reused; it is not safe for concurrent use.
type Propagator struct {
	vars   int
	lits   []int   // the literals of all constraints, concatenated
	start  []int32 // constraint i owns lits[start[i]:start[i+1]]
	slack  []int32 // how many of its literals may be false
	occ    [][]int32
	falses []int32
	values Assignment
	trail  []int
}

// NewPropagator indexes a formula for propagation.
func NewPropagator(f *Formula) *Propagator {
	p := &Propagator{vars: f.Vars, occ: make([][]int32, 2*f.Vars+2)}
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
	p.falses = make([]int32, len(p.slack))
	p.values = make(Assignment, f.Vars+1)
	return p
}

func (p *Propagator) addAtLeast(lits []int, k int, negate bool) {
	id := int32(len(p.slack))
	p.start = append(p.start, int32(len(p.lits)))
	p.slack = append(p.slack, int32(len(lits)-k))
	for _, l := range lits {
		if negate {
			l = -l
		}
		p.lits = append(p.lits, l)
		p.occ[litIndex(l)] = append(p.occ[litIndex(l)], id)
	}
}

func litIndex(l int) int {
	if l < 0 {
		return -2 * l
	}
	return 2*l + 1
}

// Propagate assumes the literals and propagates to a fixpoint. It returns
// the assignment (owned by the propagator, valid until the next call) and
// false if a constraint was violated.
func (p *Propagator) Propagate(assumed []int) (Assignment, bool) {
	ok := p.run(assumed, -1)
	return p.values, ok
}

// run propagates for at most rounds rounds (negative: to the fixpoint).
// Round 1 applies what the assumed literals imply directly; the literals it
// fixes are assigned but not propagated further when rounds is 1.
func (p *Propagator) run(assumed []int, rounds int) bool {
	clear(p.values)
	clear(p.falses)
	p.trail = p.trail[:0]
	for _, l := range assumed {
		if !p.assign(l) {
			return false
		}
	}
	head, roundEnd, round := 0, len(p.trail), 0
	for head < len(p.trail) {
		if head == roundEnd {
			round++
			roundEnd = len(p.trail)
		}
		if rounds >= 0 && round >= rounds {
			return true
		}
		if !p.falsify(-p.trail[head]) {
			return false
		}
		head++
	}
	return true
}

func (p *Propagator) assign(l int) bool {
	v, val := l, int8(1)
	if l < 0 {
		v, val = -l, -1
	}
	switch p.values[v] {
	case 0:
		p.values[v] = val
		p.trail = append(p.trail, l)
		return true
	case val:
		return true
	}
	return false
}

// falsify updates the constraints in which literal l has just become false.
func (p *Propagator) falsify(l int) bool {
	for _, id := range p.occ[litIndex(l)] {
		p.falses[id]++
		switch {
		case p.falses[id] > p.slack[id]:
			return false
		case p.falses[id] == p.slack[id]:
			for _, m := range p.lits[p.start[id]:p.start[id+1]] {
				if p.values.valueOf(m) == 0 && !p.assign(m) {
					return false
				}
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
