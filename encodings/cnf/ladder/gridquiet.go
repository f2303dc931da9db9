package ladder

import "math/bits"

// gridQuiet spares gridProber most of the probes made under a lookahead.
// It records, for a base assignment B0, what unit propagation derives
// from each unassigned literal l on top of it: the delta UP(B0 ∧ l).
// Unit propagation of l on a larger assignment T then reaches T ∪ delta,
// and goes further, or fails, only where the two meet: where a literal of
// one is false in the other, or where a cell's at-least-one clause, which
// neither left unit alone, has under both no true digit and at most one
// digit not false. A probe where they do not meet cannot fail, and needs
// no run (holds); and the literals whose delta can meet what T added to
// B0 are found from an index, so that the others are not even looked at
// (candidates).
type gridQuiet struct {
	active bool
	base   gridState
	delta  []gridState // per literal index (see literalIndex)
	has    []bool      // the literal was unassigned at the base and its delta free of conflict
	// implied holds, per literal index m, the set (a bit per literal
	// index, words words per set) of the literals whose delta holds m
	// beyond the base.
	implied []uint64
	words   int
	cand    []uint64
	// The sets allButOne computes, cached by cell and digits not false
	// (key): criticalAt[key] is the set's offset in criticalSets when
	// criticalGen[key] is generation, the number of computes so far.
	criticalGen  []uint32
	criticalAt   []int32
	criticalSets []uint64
	generation   uint32
}

// literalIndex numbers the literals of a grid of cells cells densely,
// digit by digit and cell by cell, the positive one first.
func literalIndex(cells int, l gridLiteral) int {
	i := (int(l.d)*cells + int(l.cell)) * 2
	if !l.value {
		i++
	}
	return i
}

// literalAt inverts literalIndex.
func literalAt(cells, i int) gridLiteral {
	return gridLiteral{cell: int32(i >> 1 % cells), d: int32(i >> 1 / cells), value: i&1 == 0}
}

// compute takes the current assignment as the base and records the delta
// of every unassigned literal.
func (q *gridQuiet) compute(p *gridProber) {
	cells := p.geo.Cells
	if n := 2 * p.n * cells; len(q.delta) != n {
		q.delta = make([]gridState, n)
		q.has = make([]bool, n)
		q.words = (n + 63) / 64
		q.implied = make([]uint64, n*q.words)
		q.cand = make([]uint64, q.words)
		q.criticalGen = make([]uint32, cells<<gridMaxDigits)
		q.criticalAt = make([]int32, cells<<gridMaxDigits)
	}
	clear(q.has)
	clear(q.implied)
	q.generation = nextEpoch(q.generation, q.criticalGen)
	q.criticalSets = q.criticalSets[:0]
	q.base = p.st
	q.active = false // deltaOf must not serve the old ones meanwhile
	p.probeBuf = p.openLiterals(p.probeBuf[:0])
	for _, l := range p.probeBuf {
		i := literalIndex(cells, l)
		s := p.st
		p.probes++
		if p.assign(&s, l) {
			q.delta[i] = s
			q.has[i] = true
			q.index(p, i, &s)
		}
	}
	q.active = true
}

// index adds literal i to implied[m] for each literal m of its delta s
// beyond the base.
func (q *gridQuiet) index(p *gridProber, i int, s *gridState) {
	cells := p.geo.Cells
	bit, word := uint64(1)<<(i&63), i>>6
	for d := 0; d < p.n; d++ {
		for w := range p.all {
			for b := s.t[d][w] &^ q.base.t[d][w]; b != 0; b &= b - 1 {
				m := literalIndex(cells, gridLiteral{int32(w<<6 + bits.TrailingZeros64(b)), int32(d), true})
				q.implied[m*q.words+word] |= bit
			}
			for b := s.f[d][w] &^ q.base.f[d][w]; b != 0; b &= b - 1 {
				m := literalIndex(cells, gridLiteral{int32(w<<6 + bits.TrailingZeros64(b)), int32(d), false})
				q.implied[m*q.words+word] |= bit
			}
		}
	}
}

// grown counts the literals the current assignment holds beyond the base.
func (q *gridQuiet) grown(p *gridProber) int {
	k := 0
	for d := 0; d < p.n; d++ {
		for w := range p.all {
			k += bits.OnesCount64(p.st.t[d][w]&^q.base.t[d][w]) + bits.OnesCount64(p.st.f[d][w]&^q.base.f[d][w])
		}
	}
	return k
}

// deltaOf returns the literal's delta, or nil if there is none.
func (q *gridQuiet) deltaOf(p *gridProber, l gridLiteral) *gridState {
	if !q.active {
		return nil
	}
	if i := literalIndex(p.geo.Cells, l); q.has[i] {
		return &q.delta[i]
	}
	return nil
}

// holds reports that a probe of the literal on the current assignment
// cannot fail: its delta and the assignment do not meet.
func (q *gridQuiet) holds(p *gridProber, l gridLiteral) bool {
	delta := q.deltaOf(p, l)
	if delta == nil {
		return false
	}
	s := &p.st
	all0, all1 := p.all[0], p.all[1]
	var one0, one1, two0, two1, true0, true1 uint64
	for d := 0; d < p.n; d++ {
		t0, t1 := s.t[d][0]|delta.t[d][0], s.t[d][1]|delta.t[d][1]
		f0, f1 := s.f[d][0]|delta.f[d][0], s.f[d][1]|delta.f[d][1]
		if t0&f0|t1&f1 != 0 {
			return false
		}
		o0, o1 := all0&^f0, all1&^f1
		two0, two1 = two0|one0&o0, two1|one1&o1
		one0, one1 = one0|o0, one1|o1
		true0, true1 = true0|t0, true1|t1
	}
	return all0&^two0&^true0|all1&^two1&^true1 == 0
}

// candidates appends to buf the unassigned literals whose probe on the
// current assignment T may fail: those whose delta holds the negation of
// a literal T holds beyond the base, and those whose delta falsifies all
// but one of the digits still open in a cell that lost a digit beyond the
// base and has no true one. Every other literal's delta meets T nowhere.
func (q *gridQuiet) candidates(p *gridProber, buf []gridLiteral) []gridLiteral {
	cells := p.geo.Cells
	clear(q.cand)
	var anyTrue, lost cellBoard
	s := &p.st
	for d := 0; d < p.n; d++ {
		for w := range p.all {
			anyTrue[w] |= s.t[d][w]
			newFalse := s.f[d][w] &^ q.base.f[d][w]
			lost[w] |= newFalse
			for b := s.t[d][w] &^ q.base.t[d][w]; b != 0; b &= b - 1 {
				q.addImplied(literalIndex(cells, gridLiteral{int32(w<<6 + bits.TrailingZeros64(b)), int32(d), false}))
			}
			for b := newFalse; b != 0; b &= b - 1 {
				q.addImplied(literalIndex(cells, gridLiteral{int32(w<<6 + bits.TrailingZeros64(b)), int32(d), true}))
			}
		}
	}
	for w := range p.all {
		for b := lost[w] &^ anyTrue[w]; b != 0; b &= b - 1 {
			q.addCritical(p, w<<6+bits.TrailingZeros64(b))
		}
	}
	for w, word := range q.cand {
		for ; word != 0; word &= word - 1 {
			if i := w<<6 + bits.TrailingZeros64(word); i < len(q.has) {
				if l := literalAt(cells, i); !s.assigned(l) {
					buf = append(buf, l)
				}
			}
		}
	}
	return buf
}

// addImplied adds to the candidates the literals whose delta holds m.
func (q *gridQuiet) addImplied(m int) {
	for w, x := range q.implied[m*q.words : (m+1)*q.words] {
		q.cand[w] |= x
	}
}

// addCritical adds to the candidates the literals whose delta falsifies
// all but one of the cell's digits not false.
func (q *gridQuiet) addCritical(p *gridProber, cell int) {
	var open uint32
	for d := 0; d < p.n; d++ {
		if !p.st.f[d].has(cell) {
			open |= 1 << d
		}
	}
	key := cell<<gridMaxDigits | int(open)
	if q.criticalGen[key] != q.generation {
		q.criticalGen[key] = q.generation
		q.criticalAt[key] = int32(len(q.criticalSets))
		q.criticalSets = append(q.criticalSets, make([]uint64, q.words)...)
		q.allButOne(p, cell, open, q.criticalSets[len(q.criticalSets)-q.words:])
	}
	at := int(q.criticalAt[key])
	for w, x := range q.criticalSets[at : at+q.words] {
		q.cand[w] |= x
	}
}

// allButOne sets out to the literals whose delta falsifies all but at most
// one of the cell's digits in open.
func (q *gridQuiet) allButOne(p *gridProber, cell int, open uint32, out []uint64) {
	cells := p.geo.Cells
	var rows [gridMaxDigits][]uint64
	k := 0
	for d := 0; d < p.n; d++ {
		if open&(1<<d) != 0 {
			m := literalIndex(cells, gridLiteral{int32(cell), int32(d), false})
			rows[k] = q.implied[m*q.words : (m+1)*q.words]
			k++
		}
	}
	for w := range out {
		all, allButOne := ^uint64(0), ^uint64(0)
		for _, row := range rows[:k] {
			allButOne = allButOne&row[w] | all
			all &= row[w]
		}
		out[w] = allButOne
	}
}
