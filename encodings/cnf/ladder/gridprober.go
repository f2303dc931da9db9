package ladder

import (
	"math/bits"

	"github.com/sudokubench/sudokubench/sudoku"
)

// gridProber reasons exactly as prober does — unit propagation, failed
// literals, double lookahead — over the minimal or the efficient encoding
// (pairwise at-most-one) of a grid of at most 128 cells and 9 digits, but
// keeps the assignment as bit boards: per digit, the cells where its
// variable is true and those where it is false. Those two encodings hold
// cell variables only, and their clauses have a shape that bit operations
// propagate all at once:
//
//   - a cell's at-least-one clause (x_c,1 ∨ … ∨ x_c,N): when every digit
//     of a cell but one is false and none is true, the last one becomes
//     true; when all are false, the clause is violated;
//   - the unit × digit at-most-one pairs (¬x_a,d ∨ ¬x_b,d), a and b in a
//     common unit: a true x_a,d makes x_b,d false for every peer b;
//   - in the efficient encoding, the cell at-most-one pairs
//     (¬x_c,d ∨ ¬x_c,e): a true x_c,d makes every other digit of c false.
//
// Unit propagation has one fixpoint, whatever the order of its steps, and
// so do failed literals and double lookahead, which only ever add what
// their definition derives: this prober derives exactly what prober does
// on the same formula (tests compare the two), and spends its effort
// differently:
//
//   - a copy of the whole assignment is 36 words, so probing copies it
//     rather than keeping a trail;
//   - gridQuiet proves most probes under a lookahead unable to fail
//     without making them;
//   - gridClosures skips the lookaheads that a remembered conflict-free
//     closure (of this encoding's or a stronger one's) already answers;
//   - lookaheads come first on the cells with the fewest digits left, and
//     at first with
//     failed-literal probing bounded to one round: what a bounded
//     lookahead refutes, the full one refutes too, and a puzzle that the
//     bounded ones solve needs no full one; otherwise rounds of full
//     lookaheads run to the fixpoint.
type gridProber struct {
	geo     *sudoku.Geometry
	n       int
	cellAMO bool // the efficient encoding's cell at-most-one clauses
	all     cellBoard
	peers   []cellBoard // per cell: the cells sharing a unit with it
	st      gridState
	// knownT holds, per digit, the cells of a known solution that hold it
	// (see knowSolution).
	knownT   [gridMaxDigits]cellBoard
	hasKnown bool
	// probed and lookedAhead hold the literals that a probe (or a
	// lookahead) without conflict made true in the current round: they
	// need no probe of their own in that round (see failedLiterals).
	probed, lookedAhead gridState
	probes, budget      int64 // probes made for the current puzzle, and the most allowed (0: no bound)
	exhausted           bool
	quiet               gridQuiet
	closures            gridClosures
	inherit             *gridClosures // a stronger encoding's closures
	// roundLimit bounds the rounds of failed-literal probing under a
	// lookahead (0: none); cut says the last one stopped at the bound.
	roundLimit int
	cut        bool
	// Buffers for the literals of a round of failed literals and of
	// lookaheads.
	probeBuf, lookBuf []gridLiteral
}

// gridMaxDigits and gridMaxCells bound the grids gridProber takes: 4×4 and
// 9×9, classic or diagonal.
const (
	gridMaxDigits = 9
	gridMaxCells  = 128
)

// quietRecompute is how many literals the top-level assignment may gain
// before gridQuiet's deltas are worked out again: the more it gains, the
// fewer probes the old deltas prove quiet.
const quietRecompute = 16

// cellBoard holds one bit per cell.
type cellBoard [2]uint64

func (b *cellBoard) has(c int) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *cellBoard) set(c int)      { b[c>>6] |= 1 << (c & 63) }

// gridState is an assignment: per digit d (0-based), t[d] holds the cells
// whose variable for digit d+1 is true, f[d] those whose variable is false.
type gridState struct {
	t, f [gridMaxDigits]cellBoard
}

// has reports whether the literal holds in s.
func (s *gridState) has(l gridLiteral) bool {
	if l.value {
		return s.t[l.d].has(int(l.cell))
	}
	return s.f[l.d].has(int(l.cell))
}

// assigned reports whether the literal's variable has a value in s.
func (s *gridState) assigned(l gridLiteral) bool {
	return s.t[l.d].has(int(l.cell)) || s.f[l.d].has(int(l.cell))
}

// gridLiteral is the literal that digit d+1 is (value) or is not in cell.
type gridLiteral struct {
	cell, d int32
	value   bool
}

func (l gridLiteral) negation() gridLiteral { return gridLiteral{l.cell, l.d, !l.value} }

// gridSupported reports whether gridProber takes the geometry.
func gridSupported(geo *sudoku.Geometry) bool {
	return geo != nil && geo.N <= gridMaxDigits && geo.Cells <= gridMaxCells
}

// newGridProber returns a prober for the minimal encoding of geo, or the
// efficient one when cellAMO is set. geo must be gridSupported.
func newGridProber(geo *sudoku.Geometry, cellAMO bool) *gridProber {
	p := &gridProber{geo: geo, n: geo.N, cellAMO: cellAMO, peers: make([]cellBoard, geo.Cells)}
	for c := 0; c < geo.Cells; c++ {
		p.all.set(c)
	}
	for _, u := range geo.Units {
		for _, a := range u.Cells {
			for _, b := range u.Cells {
				if a != b {
					p.peers[a].set(b)
				}
			}
		}
	}
	return p
}

// assign makes the literal hold in s and propagates; false on a conflict.
func (p *gridProber) assign(s *gridState, l gridLiteral) bool {
	cell, d := int(l.cell), l.d
	var pending [gridMaxDigits]cellBoard
	if l.value {
		if s.f[d].has(cell) {
			return false
		}
		if s.t[d].has(cell) {
			return true
		}
		s.t[d].set(cell)
		pending[d].set(cell)
	} else {
		if s.t[d].has(cell) {
			return false
		}
		if s.f[d].has(cell) {
			return true
		}
		s.f[d].set(cell)
	}
	return p.propagate(s, &pending)
}

// propagate runs unit propagation to its fixpoint: pending holds, per
// digit, the cells made true whose consequences are not yet applied. It
// returns false on a conflict: a variable both true and false, or a cell
// whose digits are all false.
func (p *gridProber) propagate(s *gridState, pending *[gridMaxDigits]cellBoard) bool {
	n := p.n
	ts, fs, ps := s.t[:n], s.f[:n], pending[:n]
	all0, all1 := p.all[0], p.all[1]
	for {
		var placed0, placed1 uint64
		for d := range ps {
			w0, w1 := ps[d][0], ps[d][1]
			if w0|w1 == 0 {
				continue
			}
			placed0, placed1 = placed0|w0, placed1|w1
			f := &fs[d]
			for ; w0 != 0; w0 &= w0 - 1 {
				peers := &p.peers[bits.TrailingZeros64(w0)]
				f[0], f[1] = f[0]|peers[0], f[1]|peers[1]
			}
			for ; w1 != 0; w1 &= w1 - 1 {
				peers := &p.peers[64+bits.TrailingZeros64(w1)]
				f[0], f[1] = f[0]|peers[0], f[1]|peers[1]
			}
		}
		if p.cellAMO && placed0|placed1 != 0 {
			for d := range fs {
				fs[d][0] |= placed0 &^ ps[d][0]
				fs[d][1] |= placed1 &^ ps[d][1]
			}
		}
		// one: cells with a digit not false; two: with two; true: with a
		// true digit.
		var one0, one1, two0, two1, true0, true1 uint64
		for d := range ts {
			t0, t1, f0, f1 := ts[d][0], ts[d][1], fs[d][0], fs[d][1]
			if t0&f0|t1&f1 != 0 {
				return false
			}
			o0, o1 := all0&^f0, all1&^f1
			two0, two1 = two0|one0&o0, two1|one1&o1
			one0, one1 = one0|o0, one1|o1
			true0, true1 = true0|t0, true1|t1
		}
		if all0&^one0|all1&^one1 != 0 {
			return false
		}
		single0, single1 := one0&^two0&^true0, one1&^two1&^true1
		if single0|single1 == 0 {
			return true
		}
		for d := range ps {
			ps[d][0] = single0 &^ fs[d][0]
			ps[d][1] = single1 &^ fs[d][1]
			ts[d][0] |= ps[d][0]
			ts[d][1] |= ps[d][1]
		}
	}
}

// solved reports whether every cell of s has a true digit.
func (p *gridProber) solved(s *gridState) bool {
	var anyTrue cellBoard
	for d := 0; d < p.n; d++ {
		anyTrue[0] |= s.t[d][0]
		anyTrue[1] |= s.t[d][1]
	}
	return anyTrue == p.all
}

// knowSolution records a solution of the puzzle about to be reasoned on,
// or forgets it (nil).
func (p *gridProber) knowSolution(solution *sudoku.Grid) {
	p.hasKnown = solution != nil
	p.knownT = [gridMaxDigits]cellBoard{}
	if solution == nil {
		return
	}
	for cell, digit := range solution.Cells() {
		if digit != 0 {
			p.knownT[digit-1].set(cell)
		}
	}
}

// knownTrue reports whether the literal holds in the known solution.
func (p *gridProber) knownTrue(l gridLiteral) bool {
	return p.hasKnown && p.knownT[l.d].has(int(l.cell)) == l.value
}

func (p *gridProber) setBudget(n int64) { p.budget = n }

// startFrom takes the closures of a stronger encoding's prober,
// converted to bit boards: in Profile, the encoding above the efficient
// one is the extended one, which a prober reasons on.
func (p *gridProber) startFrom(stronger reasoner) {
	p.inherit = nil
	if q, ok := stronger.(*prober); ok {
		p.inherit = q.cache.cellClosures(p.geo)
	}
}

// start empties the assignment and assumes the givens; false on a
// conflict.
func (p *gridProber) start(puzzle *sudoku.Grid) bool {
	p.st = gridState{}
	p.probes = 0
	p.exhausted = false
	p.quiet.active = false
	p.closures.reset()
	var pending [gridMaxDigits]cellBoard
	for cell, digit := range puzzle.Cells() {
		if digit != 0 {
			p.st.t[digit-1].set(cell)
			pending[digit-1].set(cell)
		}
	}
	return p.propagate(&p.st, &pending)
}

// reason runs an inference from the puzzle's givens.
func (p *gridProber) reason(puzzle *sudoku.Grid, inf Inference) outcome {
	return infer(p, p.start(puzzle), inf)
}

func (p *gridProber) solvedNow() bool  { return p.solved(&p.st) }
func (p *gridProber) overBudget() bool { return p.exhausted }

// grid reads the cells the last reasoning fixed.
func (p *gridProber) grid() *sudoku.Grid {
	g := sudoku.NewGrid(p.geo)
	for d := p.n - 1; d >= 0; d-- {
		for c := 0; c < p.geo.Cells; c++ {
			if p.st.t[d].has(c) {
				g.Set(c, d+1)
			}
		}
	}
	return g
}

// openLiterals appends to buf the literals unassigned now: the cells with
// the fewest digits not false first, the positive literals before the
// negative ones.
func (p *gridProber) openLiterals(buf []gridLiteral) []gridLiteral {
	var byOpen [gridMaxDigits + 1]cellBoard
	for c := 0; c < p.geo.Cells; c++ {
		open := 0
		for d := 0; d < p.n; d++ {
			if !p.st.f[d].has(c) {
				open++
			}
		}
		byOpen[open].set(c)
	}
	for _, value := range [2]bool{true, false} {
		for _, cells := range byOpen[2:] {
			for w, word := range cells {
				for ; word != 0; word &= word - 1 {
					c := w<<6 + bits.TrailingZeros64(word)
					for d := 0; d < p.n; d++ {
						if l := (gridLiteral{int32(c), int32(d), value}); !p.st.assigned(l) {
							buf = append(buf, l)
						}
					}
				}
			}
		}
	}
	return buf
}

// stampNew adds to stamps the literals true in s but not in the current
// assignment.
func (p *gridProber) stampNew(stamps, s *gridState) {
	for d := 0; d < p.n; d++ {
		for w := range p.all {
			stamps.t[d][w] |= s.t[d][w] &^ p.st.t[d][w]
			stamps.f[d][w] |= s.f[d][w] &^ p.st.f[d][w]
		}
	}
}

// failedLiterals is prober.failedLiterals on the bit boards: it probes
// every unassigned literal, asserts the negation of each that fails, and
// repeats until a round finds none. A literal that a probe without
// conflict made true is skipped for the rest of its round; at the top it
// skips the literals true in the known solution; under a lookahead it
// probes only the literals gridQuiet cannot prove quiet, and stops after
// roundLimit rounds (setting cut) if that is not 0. It returns false on a
// conflict or when the budget runs out (exhausted is then set), and true
// as soon as every cell is fixed.
func (p *gridProber) failedLiterals(top bool) bool {
	useKnown := top && p.hasKnown
	for round := 1; ; round++ {
		p.probed = gridState{}
		if !top && p.quiet.active {
			p.probeBuf = p.quiet.candidates(p, p.probeBuf[:0])
		} else {
			p.probeBuf = p.openLiterals(p.probeBuf[:0])
		}
		failed := false
		for _, l := range p.probeBuf {
			if p.st.assigned(l) || p.probed.has(l) || useKnown && p.knownTrue(l) {
				continue
			}
			if p.budget > 0 && p.probes >= p.budget {
				p.exhausted = true
				return false
			}
			if !top && p.quiet.holds(p, l) {
				continue
			}
			p.probes++
			var s gridState
			if p.probe(&s, l) {
				p.stampNew(&p.probed, &s)
				continue
			}
			if !p.assign(&p.st, l.negation()) {
				return false
			}
			if p.solved(&p.st) {
				return true
			}
			failed = true
		}
		switch {
		case !failed:
			return true
		case !top && round == p.roundLimit:
			p.cut = true
			return true
		}
	}
}

// probe sets s to the current assignment with the literal assumed, and
// propagates; false on a conflict. With the literal's delta at hand (see
// gridQuiet) it starts from the union of the assignment and the delta,
// which the propagation reaches anyway.
func (p *gridProber) probe(s *gridState, l gridLiteral) bool {
	delta := p.quiet.deltaOf(p, l)
	if delta == nil {
		*s = p.st
		return p.assign(s, l)
	}
	for d := 0; d < p.n; d++ {
		for w := range s.t[d] {
			s.t[d][w] = p.st.t[d][w] | delta.t[d][w]
			s.f[d][w] = p.st.f[d][w] | delta.f[d][w]
		}
	}
	var none [gridMaxDigits]cellBoard
	return p.propagate(s, &none)
}

// doubleLookahead is prober.doubleLookahead on the bit boards: from the
// failed-literal fixpoint, it looks ahead on unassigned literals
// (failed-literal probing under each) and asserts the negation of each
// that reaches a conflict, until a round of full lookaheads refutes
// nothing or every cell is fixed. It first runs rounds of bounded
// lookaheads while they refute something; it skips, beside
// the literals true in the known solution, those that a lookahead without
// conflict made true in the round and those a remembered closure covers.
// Returns as failedLiterals.
func (p *gridProber) doubleLookahead() bool {
	if !p.failedLiterals(true) {
		return false
	}
	if p.solved(&p.st) {
		return true
	}
	if p.inherit != nil {
		p.closures.adopt(p.inherit)
	}
	p.closures.keepCovering(&p.st, p.n)
	defer func() { p.roundLimit = 0 }()
	for _, limit := range [...]int{1, 0} {
		p.roundLimit = limit
		for {
			if !p.quiet.active || p.quiet.grown(p) > quietRecompute {
				p.quiet.compute(p)
			}
			p.lookedAhead = gridState{}
			p.lookBuf = p.openLiterals(p.lookBuf[:0])
			refuted, done, ok := p.lookAheadOn(p.lookBuf)
			if done || !ok {
				return ok
			}
			if !refuted {
				break
			}
		}
	}
	return true
}

// lookAheadOn looks ahead on each literal of lits that needs it and
// asserts the negation of each it refutes. refuted says one was; done
// that every cell got fixed; ok is false on a conflict or when the budget
// ran out.
func (p *gridProber) lookAheadOn(lits []gridLiteral) (refuted, done, ok bool) {
	for _, l := range lits {
		if p.st.assigned(l) || p.lookedAhead.has(l) || p.knownTrue(l) || p.closures.covers(l) {
			continue
		}
		r, ok := p.lookAhead(l)
		if !ok {
			return refuted, false, false
		}
		if !r {
			continue
		}
		refuted = true
		if !p.assign(&p.st, l.negation()) {
			return refuted, false, false
		}
		p.closures.keepCovering(&p.st, p.n)
		if p.solved(&p.st) {
			return refuted, true, true
		}
	}
	return refuted, false, true
}

// lookAhead assumes the literal and runs failed-literal probing under it;
// refuted says it reached a conflict. When it reached its fixpoint without
// one, the literals it made true are stamped as looked ahead and the
// closure is remembered. ok is false when the budget ran out.
func (p *gridProber) lookAhead(l gridLiteral) (refuted, ok bool) {
	saved := p.st
	p.probes++
	p.cut = false
	var s gridState
	consistent := p.probe(&s, l)
	if consistent {
		p.st = s
		consistent = p.failedLiterals(false)
	}
	closure := p.st
	p.st = saved
	switch {
	case p.exhausted:
		return false, false
	case !consistent:
		return true, true
	case !p.cut:
		p.stampNew(&p.lookedAhead, &closure)
		p.closures.add(&closure, p.n)
	}
	return false, true
}
