package dlx

import (
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// engine is Algorithm X with the semantics of dancing links on arrays. An
// item's list of remaining options is a bit mask in its state word, beside
// its size. Choosing an option covers its items, as DLX covers their
// columns, keeping each covered item's own mask, and removes each other
// remaining option of those items from the masks of that option's other
// items; unchoosing, in the reverse order, puts them back. (The chosen
// option itself stays in its covered items' masks: no search looks there
// again, and leaving it saves the updates.)
//
// The search branches on an uncovered item with the fewest options. Among
// several, it prefers the one that the last choice brought lowest first
// (the item whose count fell to the minimum earliest in that choice's
// updates, as kudoku does): a choice's effects are local, and so is the
// next forced move. That costs a compare per update, and on 300-puzzle
// samples of 17-clue, top1465 and the two hardest corpora it guesses 34%,
// 25%, 23% and 23% less than the first item in index order (4.3 / 34 /
// 129 / 285 guesses a puzzle in unique mode). In index order (indexOrder,
// which RandomSolution keeps so that a seed draws the grids it always
// drew) it takes the first item with the fewest options.
type engine struct {
	*layout
	state []uint64 // per item, then the dummy; maxItems long
	// scarce is a bit set that holds every uncovered item with fewer
	// than 2 options, and may hold other items: a choice sets the bits of
	// the items it brings below 2, undoing it leaves them, and next clears
	// stale bits when it meets them.
	scarce []uint64
	frames []frame
	depth  int // frames in use
	fill   int // options a solution chooses: the cells left empty by the givens

	// What load found: the problem's size and the first item to branch
	// on with its number of options.
	size       exactcover.Stats
	startItem  int32
	startCount uint64

	// The search's position between calls: fresh after load or unwind,
	// and the item to branch on next with its number of options (0: none,
	// backtrack).
	fresh     bool
	nextItem  int32
	nextCount uint64

	indexOrder bool
	// rng, when set, makes every branch try its options from a random one
	// on, cyclically: the randomised order of a restart.
	rng *rand.Rand
	// known, when set, holds by cell the option of each empty cell in a
	// solution found before a restart, which the restarted run passes
	// over rather than counting it again.
	known []int32

	solutions int
	first     []int32 // options the search chose for the first solution
	nodes     int64   // options chosen by the search
	guesses   int64   // branch points with more than one option
	restarts  int64   // runs cut off and started again
	// budget, if positive, stops the search once nodes reaches it
	// (looked at every 4096 nodes): a restart's cutoff.
	budget int64
	// nodeLimit, if positive, stops the search as a closed done does once
	// nodes reaches it: a deadline counted in nodes, for tests that must
	// not depend on the machine's speed.
	nodeLimit int64
}

// frame is one branch point: the item, the option of it chosen now (-1
// before the first), the options still to try, and where its cyclic order
// starts.
type frame struct {
	item   int32
	option int32
	left   uint64
	from   int
}

// newLayoutEngine returns an engine that searches a layout.
func newLayoutEngine(l *layout) *engine {
	geo := l.matrix.Geometry()
	return &engine{
		layout: l,
		state:  make([]uint64, maxItems),
		scarce: make([]uint64, maxItems/64),
		frames: make([]frame, geo.Cells),
		first:  make([]int32, 0, geo.Cells),
	}
}

// newEngine returns an engine for a geometry.
func newEngine(geo *sudoku.Geometry) *engine { return newLayoutEngine(layoutFor(geo)) }

var pools sync.Map // *sudoku.Geometry → *sync.Pool of its engines

// borrowEngine returns an engine for a geometry from a pool, which release
// gives it back to: the oracle's counts come by the thousand, and an
// engine's arrays are worth keeping.
func borrowEngine(geo *sudoku.Geometry) *engine {
	p, ok := pools.Load(geo)
	if !ok {
		p, _ = pools.LoadOrStore(geo, &sync.Pool{New: func() any { return newEngine(geo) }})
	}
	return p.(*sync.Pool).Get().(*engine)
}

// release gives an engine from borrowEngine back to its pool.
func (e *engine) release() {
	p, _ := pools.Load(e.matrix.Geometry())
	p.(*sync.Pool).Put(e)
}

// newShuffledEngine returns an engine for a geometry whose items list their
// options in an order drawn from rng, and that branches in index order.
func newShuffledEngine(geo *sudoku.Geometry, rng *rand.Rand) *engine {
	e := newLayoutEngine(layoutFor(geo).shuffled(rng))
	e.indexOrder = true
	return e
}

func (e *engine) exactCover() *exactcover.Matrix { return e.matrix }

// stats returns the size of the problem left after load.
func (e *engine) stats() exactcover.Stats { return e.size }

// result returns the solutions found, the options chosen for the first,
// and the counters.
func (e *engine) result() (solutions int, first []int32, nodes, guesses int64) {
	return e.solutions, e.first, e.nodes, e.guesses
}

// load resets the engine to the full matrix and chooses the givens' options.
// It reports false if two givens cover the same item.
func (e *engine) load(puzzle *sudoku.Grid) bool {
	copy(e.state, e.empty)
	e.depth, e.fill = 0, 0
	e.solutions, e.nodes, e.guesses, e.restarts = 0, 0, 0, 0
	e.first, e.rng, e.known = e.first[:0], nil, nil
	for cell, d := range puzzle.Cells() {
		if d == 0 {
			e.fill++
			continue
		}
		o := int32(cell*e.n + int(d) - 1)
		for _, it := range e.items(o) {
			if it != e.dummy && e.state[it]&coveredFlag != 0 {
				return false
			}
		}
		e.give(o)
	}
	e.settle()
	e.restart()
	return true
}

// give chooses a given's option: choose without the bookkeeping, which
// settle does once for all the givens.
func (e *engine) give(o int32) {
	state, rest, n := (*[maxItems]uint64)(e.state), e.rest, e.n
	its, own := e.items(o), e.own(o)
	for _, i := range its {
		state[i&(maxItems-1)] |= coveredFlag
	}
	for s, i := range its {
		base := int(i) * n
		for left := state[i&(maxItems-1)] & maskBits &^ own[s]; left != 0; left &= left - 1 {
			r := &rest[base+bits.TrailingZeros64(left)]
			state[r[0].item&(maxItems-1)] -= r[0].delta
			state[r[1].item&(maxItems-1)] -= r[1].delta
			state[r[2].item&(maxItems-1)] -= r[2].delta
		}
		if e.more != nil {
			for left := state[i&(maxItems-1)] & maskBits &^ own[s]; left != 0; left &= left - 1 {
				m := &e.more[base+bits.TrailingZeros64(left)]
				state[m[0].item&(maxItems-1)] -= m[0].delta
				state[m[1].item&(maxItems-1)] -= m[1].delta
			}
		}
	}
}

// settle scans the items once after the givens: it fills the scarce set,
// measures the problem and finds the first item to branch on, the first
// in index order with the fewest options.
func (e *engine) settle() {
	states := e.state[:e.dummy+1]
	best, item := coveredFlag, int32(-1)
	var items, nonzeros uint64
	for lo := 0; lo < len(states); lo += 64 {
		var word uint64
		for b, st := range states[lo:min(lo+64, len(states))] {
			count := st >> countShift // and the covered flag, shifted
			word |= (count - 2) >> 63 << (b & 63)
			if st < best {
				best, item = st&^maskBits, int32(lo+b)
			}
			uncovered := st>>63 ^ 1
			items += uncovered
			nonzeros += count & 63 & -uncovered
		}
		e.scarce[lo>>6] = word
	}
	var options uint64
	for _, st := range states[:e.matrix.Geometry().Cells] {
		options += st >> countShift & 63 & -(st>>63 ^ 1)
	}
	e.size = exactcover.Stats{Items: int(items), Options: int(options), Nonzeros: int(nonzeros)}
	e.startItem, e.startCount = item, best>>countShift
}

// restart puts the search back at its start, the loaded state, which the
// engine must be in.
func (e *engine) restart() {
	e.fresh, e.nextItem, e.nextCount = true, e.startItem, e.startCount
}

// unwind undoes every choice of the search, back to the loaded state, and
// restarts there. The counters and the solutions found are kept.
func (e *engine) unwind() {
	for ; e.depth > 0; e.depth-- {
		if f := &e.frames[e.depth-1]; f.option >= 0 {
			e.unchoose(f.option)
		}
	}
	e.restart()
}

// choose covers every item of option o and removes the other options of
// those items from their other items. It returns the fewest options it
// left an uncovered item, and the first item it left that few; if it
// updated no uncovered item, a count above any and -1.
//
// Each update sets the scarce bit of an item brought below 2 options
// without a branch, and keeps the minimum with a conditional move: the
// search's tests are unpredictable, and cost more as branches than as
// arithmetic.
func (e *engine) choose(o int32) (least uint64, leastItem int32) {
	state, scarce, rest, n := (*[maxItems]uint64)(e.state), (*[maxItems / 64]uint64)(e.scarce), e.rest, e.n
	its := e.items(o)
	// Covering all the option's items first keeps the updates of one
	// from counting another as the minimum.
	for _, i := range its {
		state[i&(maxItems-1)] |= coveredFlag
	}
	least, leastItem = coveredFlag>>countShift, -1
	own := e.own(o)
	for s, i := range its {
		base := int(i) * n
		for left := state[i&(maxItems-1)] & maskBits &^ own[s]; left != 0; left &= left - 1 {
			r := &rest[base+bits.TrailingZeros64(left)]
			least, leastItem = drop(state, scarce, r[0], least, leastItem)
			least, leastItem = drop(state, scarce, r[1], least, leastItem)
			least, leastItem = drop(state, scarce, r[2], least, leastItem)
		}
		if e.more != nil {
			least, leastItem = e.chooseMore(i, own[s], least, leastItem)
		}
	}
	return least, leastItem
}

// chooseMore is choose's part for the links in more, off the classic path.
func (e *engine) chooseMore(i int32, own, least uint64, leastItem int32) (uint64, int32) {
	state, scarce, more, base := (*[maxItems]uint64)(e.state), (*[maxItems / 64]uint64)(e.scarce), e.more, int(i)*e.n
	for left := state[i&(maxItems-1)] & maskBits &^ own; left != 0; left &= left - 1 {
		m := &more[base+bits.TrailingZeros64(left)]
		least, leastItem = drop(state, scarce, m[0], least, leastItem)
		least, leastItem = drop(state, scarce, m[1], least, leastItem)
	}
	return least, leastItem
}

// drop removes the option of link l from its item, sets the item's scarce
// bit if that leaves it fewer than 2 options, and returns the new minimum.
// A covered item's count, shifted down with its flag, is above any
// uncovered one's. The item is masked at each index rather than once,
// which leaves the compiler one instruction fewer per update (choose
// runs 0.8% fewer instructions on hardest-1106, by callgrind).
func drop(state *[maxItems]uint64, scarce *[maxItems / 64]uint64, l link, least uint64, leastItem int32) (uint64, int32) {
	st := state[l.item&(maxItems-1)] - l.delta
	state[l.item&(maxItems-1)] = st
	count := st >> countShift
	scarce[l.item>>6&(maxItems/64-1)] |= (count - 2) >> 63 << (l.item & 63)
	if count < least {
		least, leastItem = count, int32(l.item)
	}
	return least, leastItem
}

// unchoose undoes choose(o): it puts the options back, item by item in the
// reverse order, and uncovers the items, setting the scarce bit of those
// with fewer than 2 options.
func (e *engine) unchoose(o int32) {
	state, scarce, rest, n := (*[maxItems]uint64)(e.state), (*[maxItems / 64]uint64)(e.scarce), e.rest, e.n
	its, own := e.items(o), e.own(o)
	for j := len(its) - 1; j >= 0; j-- {
		i := its[j]
		if e.more != nil {
			e.unchooseMore(i, own[j])
		}
		base := int(i) * n
		for left := state[i&(maxItems-1)] & maskBits &^ own[j]; left != 0; left &= left - 1 {
			r := &rest[base+bits.TrailingZeros64(left)]
			state[r[0].item&(maxItems-1)] += r[0].delta
			state[r[1].item&(maxItems-1)] += r[1].delta
			state[r[2].item&(maxItems-1)] += r[2].delta
		}
	}
	for _, i := range its {
		i &= maxItems - 1
		st := state[i] &^ coveredFlag
		state[i] = st
		scarce[i>>6] |= (st - 2*countUnit) >> 63 << (i & 63)
	}
	state[e.dummy] = coveredFlag
}

// unchooseMore is unchoose's part for the links in more.
func (e *engine) unchooseMore(i int32, own uint64) {
	state, more, base := (*[maxItems]uint64)(e.state), e.more, int(i)*e.n
	for left := state[i&(maxItems-1)] & maskBits &^ own; left != 0; left &= left - 1 {
		m := &more[base+bits.TrailingZeros64(left)]
		state[m[0].item&(maxItems-1)] += m[0].delta
		state[m[1].item&(maxItems-1)] += m[1].delta
	}
}

// next decides where to branch after a choice that left at least c
// options to the uncovered items it updated, first to bestItem: an item
// with no option ends the branch (count 0); one with one option is forced;
// otherwise the fewest. Every item that had no option before the choice
// was covered by it (the branch would have ended), so an empty item is
// among those it updated.
func (e *engine) next(c uint64, bestItem int32) (int32, uint64) {
	switch {
	case c == 0:
		return -1, 0
	case c == 1 && !e.indexOrder:
		return bestItem, 1
	}
	if it := e.single(); it >= 0 {
		return it, 1
	}
	switch {
	case e.indexOrder:
		return e.scan(coveredFlag)
	case c == 2:
		return bestItem, 2
	}
	if it, count := e.scan(c << countShift); it >= 0 {
		return it, count
	}
	return bestItem, c
}

// single returns the uncovered item with one option that comes first in
// index order, -1 if there is none, clearing the stale bits it passes.
func (e *engine) single() int32 {
	for w, word := range e.scarce[:e.dummy/64+1] {
		for ; word != 0; word &= word - 1 {
			it := w<<6 + bits.TrailingZeros64(word)
			if e.state[it]-countUnit < countUnit {
				e.scarce[w] = word
				return int32(it)
			}
		}
		e.scarce[w] = 0
	}
	return -1
}

// scan returns the first item in index order with the fewest options
// among those whose state is below bound, and that number; -1 if none. It
// stops at an item with 2: next calls it when no item has fewer.
func (e *engine) scan(bound uint64) (int32, uint64) {
	item := int32(-1)
	for i, st := range e.state[:e.dummy] {
		if st < bound {
			bound, item = st&^maskBits, int32(i)
			if st < 3*countUnit {
				break
			}
		}
	}
	return item, bound >> countShift
}

// search runs Algorithm X from where it stands, the loaded state or where
// it last stopped, until it has found limit solutions in all or exhausted
// the tree. It stops at the solution that reaches limit, so that a later
// call goes on from there. It checks done and the node budget every 4096
// nodes and reports whether it stopped because of either.
func (e *engine) search(limit int, done <-chan struct{}) (interrupted bool) {
	if e.fresh {
		e.fresh = false
		if e.fill == 0 {
			e.nextCount = 0
			if e.solution(limit) {
				return false
			}
		}
	}
	for {
		if e.nextCount > 0 {
			e.push(e.nextItem, e.nextCount)
		}
		if !e.advance() {
			return false
		}
		e.nodes++
		if e.depth == e.fill && e.solution(limit) {
			return false
		}
		if e.nodes&0xfff == 0 && (e.stopped(done) || e.budget > 0 && e.nodes >= e.budget) {
			return true
		}
	}
}

// push opens a branch point on item, which has count options.
func (e *engine) push(item int32, count uint64) {
	from := 0
	if count > 1 {
		e.guesses++
		if e.rng != nil {
			from = e.rng.IntN(e.n)
		}
	}
	e.frames[e.depth] = frame{item: item, option: -1, left: e.state[item] & maskBits, from: from}
	e.depth++
	e.nextCount = 0
}

// advance undoes the deepest frame's choice and chooses its next option,
// backtracking through exhausted frames, and decides where the search
// branches next. It returns false when the tree is exhausted.
func (e *engine) advance() bool {
	for e.depth > 0 {
		f := &e.frames[e.depth-1]
		if f.option >= 0 {
			e.unchoose(f.option)
		}
		if f.left == 0 {
			e.depth--
			continue
		}
		// The first option at or after from, cyclically.
		k := (bits.TrailingZeros64(bits.RotateLeft64(f.left, -f.from)) + f.from) & 63
		f.left &^= 1 << k
		f.option = e.itemOptions[int(f.item)*e.n+k]
		least, leastItem := e.choose(f.option)
		if e.depth < e.fill {
			e.nextItem, e.nextCount = e.next(least, leastItem)
		}
		return true
	}
	return false
}

// solution records a solution at the current depth, unless it is the
// known one, and reports whether it is the limit-th.
func (e *engine) solution(limit int) bool {
	if e.known != nil && e.isKnown() {
		return false
	}
	e.solutions++
	if e.solutions == 1 {
		for _, f := range e.frames[:e.depth] {
			e.first = append(e.first, f.option)
		}
	}
	return e.solutions >= limit
}

// isKnown reports whether the search stands at the known solution.
func (e *engine) isKnown() bool {
	for _, f := range e.frames[:e.depth] {
		if e.known[int(f.option)/e.n] != f.option {
			return false
		}
	}
	return true
}

// stopped reports whether done has closed or the node limit is spent.
func (e *engine) stopped(done <-chan struct{}) bool {
	return isDone(done) || e.nodeLimit > 0 && e.nodes >= e.nodeLimit
}

func isDone(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
