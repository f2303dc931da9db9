package ladder

import (
	"math/bits"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/internal/literal"
	"github.com/sudokubench/sudokubench/sudoku"
)

// closureCache is gridClosures for prober: the closures of lookaheads
// that reached no conflict, as sets of literal codes, and, per code, how
// many of the closures that still hold the top-level assignment hold it.
// A literal some such closure holds needs no lookahead (see
// gridClosures for why).
type closureCache struct {
	all     []closure
	covered []int32
	words   int
}

// closure is a set of literal codes, a bit per code.
type closure struct {
	bits  []uint64
	valid bool
}

func (c *closure) has(m int32) bool { return c.bits[m>>6]&(1<<(m&63)) != 0 }

// reset empties the cache for a formula with codes literal codes.
func (cc *closureCache) reset(codes int) {
	cc.all = cc.all[:0]
	if len(cc.covered) != codes {
		cc.covered = make([]int32, codes)
		cc.words = (codes + 63) / 64
	}
	clear(cc.covered)
}

// add remembers the closure made of the codes.
func (cc *closureCache) add(codes []int32) {
	var c closure
	if len(cc.all) < cap(cc.all) {
		c = cc.all[:len(cc.all)+1][len(cc.all)] // reuse its storage
		clear(c.bits)
	}
	if len(c.bits) != cc.words {
		c.bits = make([]uint64, cc.words)
	}
	for _, m := range codes {
		c.bits[m>>6] |= 1 << (m & 63)
		cc.covered[m]++
	}
	c.valid = true
	cc.all = append(cc.all, c)
}

// drop stops counting a closure.
func (cc *closureCache) drop(c *closure) {
	c.valid = false
	for w, word := range c.bits {
		for ; word != 0; word &= word - 1 {
			cc.covered[w<<6+bits.TrailingZeros64(word)]--
		}
	}
}

// keepHolding drops the valid closures that miss a literal of top.
func (cc *closureCache) keepHolding(top []int32) {
	for i := range cc.all {
		c := &cc.all[i]
		if !c.valid {
			continue
		}
		for _, m := range top {
			if !c.has(m) {
				cc.drop(c)
				break
			}
		}
	}
}

// adopt takes every closure of o, which must come from the same puzzle
// under a formula holding every clause of this one, keeping the codes in
// this formula's range, and then those that hold every literal of top.
func (cc *closureCache) adopt(o *closureCache, top []int32) {
	codes := int32(len(cc.covered))
	var lits []int32
	for i := range o.all {
		lits = lits[:0]
		for w, word := range o.all[i].bits {
			for ; word != 0; word &= word - 1 {
				if m := int32(w<<6 + bits.TrailingZeros64(word)); m < codes {
					lits = append(lits, m)
				}
			}
		}
		cc.add(lits)
	}
	cc.keepHolding(top)
}

// cellClosures converts the closures to gridClosures over the cell
// variables of geo, for a gridProber of a weaker encoding.
func (cc *closureCache) cellClosures(geo *sudoku.Geometry) *gridClosures {
	g := &gridClosures{}
	for i := range cc.all {
		c := &cc.all[i]
		var s gridState
		for cell := 0; cell < geo.Cells; cell++ {
			for d := 0; d < geo.N; d++ {
				v := cnf.CellVar(geo.N, cell, d+1)
				if c.has(literal.Code(v)) {
					s.t[d].set(cell)
				}
				if c.has(literal.Code(-v)) {
					s.f[d].set(cell)
				}
			}
		}
		g.all = append(g.all, s)
	}
	return g
}
