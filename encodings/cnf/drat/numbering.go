package drat

import "github.com/sudokubench/sudokubench/encodings/cnf"

// numbering maps the variables of a formula and its proof to the dense
// numbers the checker indexes its arrays by. Variables are usually dense
// already and keep their number; a proof naming a few huge variables
// (2000000000, say) is renumbered, so that it cannot make the checker
// allocate by its largest name.
type numbering struct {
	count int              // variables, numbered 1..count
	ids   map[int32]uint32 // nil when every variable keeps its number
}

// denseSlack is how far the largest variable may exceed twice the
// literals read before variables are renumbered.
const denseSlack = 1 << 10

func newNumbering(f *cnf.Formula, p *Proof) numbering {
	largest, lits := 0, 0
	for _, cl := range f.Clauses {
		for _, l := range cl {
			largest = max(largest, abs(l))
		}
		lits += len(cl)
	}
	for _, l := range p.lits {
		largest = max(largest, abs(int(l)))
	}
	lits += len(p.lits)
	if largest <= 2*lits+denseSlack {
		return numbering{count: largest}
	}
	n := numbering{ids: make(map[int32]uint32)}
	see := func(l int) {
		v := int32(abs(l))
		if _, ok := n.ids[v]; !ok {
			n.count++
			n.ids[v] = uint32(n.count)
		}
	}
	for _, cl := range f.Clauses {
		for _, l := range cl {
			see(l)
		}
	}
	for _, l := range p.lits {
		see(int(l))
	}
	return n
}

// code returns a literal's code: 2·v for v, 2·v + 1 for -v, over the
// dense number v of its variable.
func (n numbering) code(l int) uint32 {
	v := uint32(abs(l))
	if n.ids != nil {
		v = n.ids[int32(abs(l))]
	}
	if l < 0 {
		return v<<1 | 1
	}
	return v << 1
}
