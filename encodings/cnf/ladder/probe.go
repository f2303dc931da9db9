package ladder

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/internal/literal"
	"github.com/sudokubench/sudokubench/sudoku"
)

// prober reasons over one formula of a Sudoku geometry by unit propagation,
// failed-literal probing and double lookahead, for any number of puzzles.
//
// It keeps an assignment as a trail of true literals that can be undone to
// any earlier length, which is what probing needs: assume a literal,
// propagate, look, undo. Binary clauses, most of every encoding, are kept
// as implication lists; longer clauses use two watched literals, so that
// undoing an assignment touches no clause at all. Literals are coded as in
// cnf.Propagator (variable v is 2v for ¬v and 2v+1 for v).
type prober struct {
	geo   *sudoku.Geometry
	units []int32
	// contradictory says the formula holds an empty clause.
	contradictory bool
	// implied lists, per code, the literals that binary clauses make true
	// when the code's literal becomes true.
	implied literal.Adjacency
	// clauseLits holds the long clauses (three or more literals); clause i
	// is clauseLits[clauseStart[i]:clauseStart[i+1]], and its first two
	// literals are the watched ones. watches lists, per code, the long
	// clauses that watch that literal: they are visited when it becomes
	// false.
	clauseLits  []int32
	clauseStart []int32
	watches     [][]watch
	truth       []int8 // per code: +1 true, -1 false, 0 unassigned
	trail       []int32
	head        int // trail[:head] has been propagated
	// cellOf gives, per code, the cell whose digit the literal puts there,
	// or -1 for a negative or auxiliary literal; digitsTrue counts, per
	// cell, its true digit variables, and fixedCells the cells with one.
	cellOf     []int32
	cells      int // geo.Cells, or 0 without a geometry
	digitsTrue []int16
	fixedCells int
	// order is the order in which literals are probed: positive literals
	// first, since each implies many negative ones that then need no probe.
	order []int32
	// probed and lookedAhead stamp, per code, the round (epoch) in which
	// a probe (or a lookahead) of a literal that implies it found no
	// conflict: within that round it needs no probe of its own (see
	// failedLiterals).
	probed, lookedAhead   []uint32
	probeEpoch, lookEpoch uint32
	probes, budget        int64 // probes made for the current puzzle, and the most allowed (0: no bound)
	exhausted             bool  // the budget ran out
	// known marks, per code, the literals true in a solution of the
	// current puzzle when one is known (nil otherwise).
	known    []bool
	knownBuf []bool
	// cache remembers the closures of this puzzle's lookaheads without
	// conflict; inherit is a stronger encoding's, to start from.
	cache   closureCache
	inherit *closureCache
}

// watch is a long clause watching a literal, with a literal of the clause
// (the blocker) whose truth satisfies it, so that the clause itself need
// not be read while the blocker is true.
type watch struct {
	clause, blocker int32
}

// newProber indexes a formula whose first variables are the cell
// variables of geo, numbered as cnf.CellVar does. With geo nil the formula is
// any formula: nothing is then ever solved, and reasoning runs to its
// fixpoint. cnf.Native cardinality constraints are refused: write at-most-one
// pairwise or sequentially.
func newProber(geo *sudoku.Geometry, f *cnf.Formula) (*prober, error) {
	if len(f.Cards) > 0 {
		return nil, fmt.Errorf("probing needs clauses only; the formula has %d cardinality constraints", len(f.Cards))
	}
	if err := f.Check(); err != nil {
		return nil, err
	}
	codes := 2*f.Vars + 2
	p := &prober{
		geo:         geo,
		watches:     make([][]watch, codes),
		truth:       make([]int8, codes),
		cellOf:      make([]int32, codes),
		probed:      make([]uint32, codes),
		lookedAhead: make([]uint32, codes),
	}
	for c := range p.cellOf {
		p.cellOf[c] = -1
	}
	if geo != nil {
		cellVars := geo.N * geo.Cells
		if f.Vars < cellVars {
			return nil, fmt.Errorf("formula has %d variables, a %s grid needs %d", f.Vars, geo, cellVars)
		}
		for v := 1; v <= cellVars; v++ {
			p.cellOf[literal.Code(v)] = int32((v - 1) / geo.N)
		}
		p.cells = geo.Cells
		p.digitsTrue = make([]int16, geo.Cells)
	}
	p.index(f)
	for v := 1; v <= f.Vars; v++ {
		p.order = append(p.order, literal.Code(v))
	}
	for v := 1; v <= f.Vars; v++ {
		p.order = append(p.order, literal.Code(-v))
	}
	return p, nil
}

// index sorts the formula's clauses into units, binary implications
// (without repeats: the encodings state some pairs twice, in a row and in
// a box) and watched long clauses.
func (p *prober) index(f *cnf.Formula) {
	var pairs [][2]int32
	seen := make([]bool, len(p.truth))
	var lits []int32
	for _, c := range f.Clauses {
		var tautology bool
		lits, tautology = normalize(c, seen, lits[:0])
		switch {
		case tautology:
		case len(lits) == 0:
			p.contradictory = true
		case len(lits) == 1:
			p.units = append(p.units, lits[0])
		case len(lits) == 2:
			pairs = append(pairs, [2]int32{lits[0] ^ 1, lits[1]}, [2]int32{lits[1] ^ 1, lits[0]})
		default:
			id := int32(len(p.clauseStart))
			p.clauseStart = append(p.clauseStart, int32(len(p.clauseLits)))
			p.clauseLits = append(p.clauseLits, lits...)
			p.watches[lits[0]] = append(p.watches[lits[0]], watch{id, lits[1]})
			p.watches[lits[1]] = append(p.watches[lits[1]], watch{id, lits[0]})
		}
	}
	p.clauseStart = append(p.clauseStart, int32(len(p.clauseLits)))
	slices.SortFunc(pairs, func(a, b [2]int32) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	p.implied = literal.NewAdjacency(len(p.truth), slices.Compact(pairs))
}

// normalize appends the codes of a clause's literals to out, without
// repeats; tautology reports a clause with both a literal and its negation.
// seen must be all false and is left so.
func normalize(clause []int, seen []bool, out []int32) (lits []int32, tautology bool) {
	for _, l := range clause {
		c := literal.Code(l)
		if seen[c^1] {
			tautology = true
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range out {
		seen[c] = false
	}
	return out, tautology
}

func (p *prober) setBudget(n int64) { p.budget = n }

// startFrom takes the closures of a stronger encoding's prober.
func (p *prober) startFrom(stronger reasoner) {
	p.inherit = nil
	if q, ok := stronger.(*prober); ok {
		p.inherit = &q.cache
	}
}

// knowSolution records a solution of the puzzle about to be reasoned on,
// or forgets it (nil). The solution must satisfy the formula and the
// givens; auxiliary variables take no part.
func (p *prober) knowSolution(solution *sudoku.Grid) {
	if solution == nil {
		p.known = nil
		return
	}
	if p.knownBuf == nil {
		p.knownBuf = make([]bool, len(p.truth))
	}
	p.known = p.knownBuf
	clear(p.known)
	n := p.geo.N
	for cell, digit := range solution.Cells() {
		for d := 1; d <= n; d++ {
			v := cnf.CellVar(n, cell, d)
			p.known[literal.Code(v)] = d == int(digit)
			p.known[literal.Code(-v)] = d != int(digit)
		}
	}
}

// solved reports whether every cell has a true digit variable (never
// without a geometry).
func (p *prober) solved() bool { return p.cells > 0 && p.fixedCells == p.cells }

// assign makes the literal of code c true; false on a conflict.
func (p *prober) assign(c int32) bool {
	switch p.truth[c] {
	case 1:
		return true
	case -1:
		return false
	}
	p.truth[c], p.truth[c^1] = 1, -1
	p.trail = append(p.trail, c)
	if cell := p.cellOf[c]; cell >= 0 {
		if p.digitsTrue[cell] == 0 {
			p.fixedCells++
		}
		p.digitsTrue[cell]++
	}
	return true
}

// backtrack undoes the assignments from trail[mark] on.
func (p *prober) backtrack(mark int) {
	for i := len(p.trail) - 1; i >= mark; i-- {
		c := p.trail[i]
		p.truth[c], p.truth[c^1] = 0, 0
		if cell := p.cellOf[c]; cell >= 0 {
			p.digitsTrue[cell]--
			if p.digitsTrue[cell] == 0 {
				p.fixedCells--
			}
		}
	}
	p.trail = p.trail[:mark]
	p.head = min(p.head, mark)
}

// propagate runs unit propagation from trail[head] to a fixpoint; false on
// a conflict.
func (p *prober) propagate() bool {
	for p.head < len(p.trail) {
		t := p.trail[p.head]
		p.head++
		for _, m := range p.implied.Of(t) {
			if !p.assign(m) {
				return false
			}
		}
		if !p.visitWatches(t ^ 1) {
			return false
		}
	}
	return true
}

// visitWatches updates the long clauses that watch the literal of code f,
// which has just become false: each finds another literal to watch that is
// not false, or else asserts its other watched literal.
func (p *prober) visitWatches(f int32) bool {
	ws := p.watches[f]
	kept := ws[:0]
	for i, w := range ws {
		if p.truth[w.blocker] > 0 {
			kept = append(kept, w)
			continue
		}
		lits := p.clauseLits[p.clauseStart[w.clause]:p.clauseStart[w.clause+1]]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], f
		}
		if p.truth[lits[0]] > 0 {
			kept = append(kept, watch{w.clause, lits[0]})
			continue
		}
		if p.rewatch(w.clause, lits) {
			continue
		}
		kept = append(kept, watch{w.clause, lits[0]})
		if !p.assign(lits[0]) {
			p.watches[f] = append(kept, ws[i+1:]...)
			return false
		}
	}
	p.watches[f] = kept
	return true
}

// rewatch moves a clause's second watch (lits[1], false) to a literal that
// is not false, if it has one.
func (p *prober) rewatch(clause int32, lits []int32) bool {
	for k := 2; k < len(lits); k++ {
		if p.truth[lits[k]] >= 0 {
			lits[1], lits[k] = lits[k], lits[1]
			p.watches[lits[1]] = append(p.watches[lits[1]], watch{clause, lits[0]})
			return true
		}
	}
	return false
}

// start undoes everything, assumes the formula's unit clauses and the
// literals given, and propagates; false on a conflict.
func (p *prober) start(assumed []int) bool {
	p.backtrack(0)
	p.cache.reset(len(p.truth))
	p.head = 0
	p.probes = 0
	p.exhausted = false
	if p.contradictory {
		return false
	}
	for _, c := range p.units {
		if !p.assign(c) {
			return false
		}
	}
	for _, l := range assumed {
		if !p.assign(literal.Code(l)) {
			return false
		}
	}
	return p.propagate()
}

// probeFails assumes the literal of code c on top of the current
// assignment and reports whether unit propagation then reaches a conflict.
// When it does not, every literal it made true is stamped as probed.
func (p *prober) probeFails(c int32) bool {
	p.probes++
	mark := len(p.trail)
	ok := p.assign(c) && p.propagate()
	if ok {
		for _, m := range p.trail[mark:] {
			p.probed[m] = p.probeEpoch
		}
	}
	p.backtrack(mark)
	return !ok
}

// nextEpoch returns the epoch after e, clearing the stamps when the
// counter wraps around so that no old stamp matches a new epoch.
func nextEpoch(e uint32, stamps []uint32) uint32 {
	if e == ^uint32(0) {
		clear(stamps)
		return 1
	}
	return e + 1
}

// failedLiterals probes every unassigned literal, asserting the negation
// of each that fails and propagating it, round after round until a round
// finds none: the failed-literal fixpoint. A literal that a successful
// probe made true cannot fail while the assignment stays as it was, and is
// skipped for the rest of the round even after the assignment grows; only
// a round without a failed literal, whose skips are therefore all exact,
// ends the loop. It returns false on a conflict (the assignment is
// contradictory) or when the budget runs out (exhausted is then set), and
// true as soon as every cell is fixed. At the top (no literal assumed) it
// skips the literals true in the known solution, if there is one: no sound
// reasoning refutes those.
func (p *prober) failedLiterals(top bool) bool {
	useKnown := top && p.known != nil
	for {
		p.probeEpoch = nextEpoch(p.probeEpoch, p.probed)
		failed := false
		for _, c := range p.order {
			if p.truth[c] != 0 || p.probed[c] == p.probeEpoch || useKnown && p.known[c] {
				continue
			}
			if p.budget > 0 && p.probes >= p.budget {
				p.exhausted = true
				return false
			}
			if !p.probeFails(c) {
				continue
			}
			if !p.assign(c^1) || !p.propagate() {
				return false
			}
			if p.solved() {
				return true
			}
			failed = true
		}
		if !failed {
			return true
		}
	}
}

// doubleLookahead reaches the failed-literal fixpoint, then looks ahead two
// levels: it assumes each unassigned literal, runs failed-literal probing
// to its fixpoint under it, and asserts the negation of the literal when
// that reaches a conflict, round after round until a round finds no such
// literal. Skips are as in failedLiterals; it also skips the literals
// that a remembered closure covers (closureCache), starting from a
// stronger encoding's (inherit) if it has them. Returns as
// failedLiterals.
func (p *prober) doubleLookahead() bool {
	if !p.failedLiterals(true) {
		return false
	}
	if p.inherit != nil {
		p.cache.adopt(p.inherit, p.trail)
	}
	for !p.solved() {
		p.lookEpoch = nextEpoch(p.lookEpoch, p.lookedAhead)
		failed := false
		for _, c := range p.order {
			if p.truth[c] != 0 || p.lookedAhead[c] == p.lookEpoch || p.known != nil && p.known[c] || p.cache.covered[c] > 0 {
				continue
			}
			refuted, ok := p.lookAhead(c)
			if !ok {
				return false
			}
			if !refuted {
				continue
			}
			top := len(p.trail)
			if !p.assign(c^1) || !p.propagate() {
				return false
			}
			p.cache.keepHolding(p.trail[top:])
			if p.solved() {
				return true
			}
			failed = true
		}
		if !failed {
			return true
		}
	}
	return true
}

// lookAhead assumes the literal of code c and runs failed-literal probing
// under it; refuted says it reached a conflict. When it did not, every
// literal it made true is stamped as looked ahead and the closure is
// remembered. ok is false when the budget ran out.
func (p *prober) lookAhead(c int32) (refuted, ok bool) {
	mark := len(p.trail)
	p.probes++
	// Once every cell is fixed under c without a conflict, the cells form
	// a solution (each unit then holds each digit once), so no sound
	// reasoning can refute c: probing stops there.
	consistent := p.assign(c) && p.propagate() && p.failedLiterals(false)
	if p.exhausted {
		p.backtrack(mark)
		return false, false
	}
	if consistent {
		for _, m := range p.trail[mark:] {
			p.lookedAhead[m] = p.lookEpoch
		}
		p.cache.add(p.trail)
	}
	p.backtrack(mark)
	return !consistent, true
}

// outcome is what reasoning about a puzzle found.
type outcome int

const (
	unsolved      outcome = iota // some cell is still open
	solved                       // every cell is fixed
	contradictory                // the givens contradict the formula
	overBudget                   // the probe budget ran out first
)

// reason runs an inference from the puzzle's givens.
func (p *prober) reason(puzzle *sudoku.Grid, inf Inference) outcome {
	return infer(p, p.start(cnf.Givens(puzzle)), inf)
}

func (p *prober) solvedNow() bool  { return p.solved() }
func (p *prober) overBudget() bool { return p.exhausted }

// inferrer is what a prober offers infer: its state after the givens,
// and the two lookahead inferences.
type inferrer interface {
	solvedNow() bool
	overBudget() bool
	failedLiterals(top bool) bool
	doubleLookahead() bool
}

// infer runs inference inf on a prober whose givens propagated to ok, and
// says what it reached: the one rule of both probers.
func infer(p inferrer, ok bool, inf Inference) outcome {
	if ok && !p.solvedNow() {
		switch inf {
		case FailedLiterals:
			ok = p.failedLiterals(true)
		case DoubleLookahead:
			ok = p.doubleLookahead()
		}
	}
	switch {
	case p.overBudget():
		return overBudget
	case !ok:
		return contradictory
	case p.solvedNow():
		return solved
	}
	return unsolved
}

// grid reads the cells the last reasoning fixed.
func (p *prober) grid() *sudoku.Grid {
	g := sudoku.NewGrid(p.geo)
	n := p.geo.N
	for cell := 0; cell < p.geo.Cells; cell++ {
		for d := 1; d <= n; d++ {
			if p.truth[literal.Code(cnf.CellVar(n, cell, d))] > 0 {
				g.Set(cell, d)
				break
			}
		}
	}
	return g
}
