package dlx

import (
	"math/bits"
	"slices"
	"unsafe"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// engine is Algorithm X with the semantics of dancing links on arrays. An
// item's list of remaining options is a bit mask in its state word, beside
// its size. Covering an item keeps its own mask, as DLX keeps a covered
// column's list, and removes each of its remaining options from the masks of
// the option's other items; uncovering, in the reverse order, puts them
// back. The search branches on the uncovered item with the fewest options.
type engine[W word] struct {
	*layout[W]
	state     []W      // per item, then the dummy
	scarce    []uint64 // bit set of the uncovered items with fewer than 2 options
	empty     int      // uncovered items with no option left
	uncovered int
	frames    []frame[W]

	solutions int
	first     []int32 // options the search chose for the first solution
	nodes     int64   // options chosen by the search
	guesses   int64   // branch points with more than one option
	// budget, if positive, stops the search once it has chosen that many
	// options (looked at every 4096).
	budget int64
}

// frame is one branch point: the covered item, the options of it still to
// try, and where the option chosen now is in itemOptions (-1 if none).
type frame[W word] struct {
	item int32
	at   int32
	left W
}

// searcher is an engine of either word width, as the Solver and the oracle
// use it.
type searcher interface {
	load(puzzle *sudoku.Grid) bool
	search(limit int, done <-chan struct{}) (interrupted bool)
	stats() exactcover.Stats
	exactCover() *exactcover.Matrix
	// result returns the solutions found, the options chosen for the first,
	// and the counters.
	result() (solutions int, first []int32, nodes, guesses int64)
	// setBudget bounds the nodes of the next searches (0: no bound).
	setBudget(nodes int64)
}

func (e *engine[W]) setBudget(nodes int64) { e.budget = nodes }

func (e *engine[W]) exactCover() *exactcover.Matrix { return e.matrix }

func (e *engine[W]) result() (int, []int32, int64, int64) {
	return e.solutions, e.first, e.nodes, e.guesses
}

// load resets the engine to the full matrix and chooses the givens' options.
// It reports false if two givens cover the same item.
func (e *engine[W]) load(puzzle *sudoku.Grid) bool {
	full := W(e.n)<<countShift[W]() | 1<<e.n - 1
	for i := range e.state {
		e.state[i] = full
	}
	e.state[e.dummy] = coveredFlag[W]()
	clear(e.scarce)
	e.empty = 0
	e.uncovered = int(e.dummy)
	e.solutions, e.nodes, e.guesses = 0, 0, 0
	e.first = e.first[:0]
	for cell, d := range puzzle.Cells() {
		if d == 0 {
			continue
		}
		o := int32(cell*e.n + int(d) - 1)
		if !e.live(o) {
			return false
		}
		e.cover(int32(cell))
		e.chooseAt(cell*e.n + slices.Index(e.itemOptions[cell*e.n:cell*e.n+e.n], o))
	}
	return true
}

// live reports whether none of an option's items is covered.
func (e *engine[W]) live(o int32) bool {
	for _, l := range e.optionLinks(o) {
		if l.item != e.dummy && e.state[l.item]&coveredFlag[W]() != 0 {
			return false
		}
	}
	return true
}

// stats returns the size of the problem left after load.
func (e *engine[W]) stats() exactcover.Stats {
	var s exactcover.Stats
	cells := e.matrix.Geometry().Cells
	for i, st := range e.state[:e.dummy] {
		if st&coveredFlag[W]() != 0 {
			continue
		}
		count := int(st >> countShift[W]())
		s.Items++
		s.Nonzeros += count
		if i < cells {
			s.Options += count
		}
	}
	return s
}

// cover removes item i from the items to cover and every remaining option of
// i from its other items. The loop body drops an option from an item
// branch-free (below): it is written out here rather than called, since Go
// does not inline such a call in a generic method.
func (e *engine[W]) cover(i int32) {
	state, scarce, x := e.state, e.scarce, e.stride-1
	unit := countUnit[W]()
	base := int(i) * e.n
	// An item emptied by the option being chosen is covered by it now.
	empty := e.empty - int(below(state[i], unit))
	state[i] |= coveredFlag[W]()
	scarce[i>>6] &^= 1 << (i & 63)
	e.uncovered--
	for left := state[i] & maskBits[W](); left != 0; left &= left - 1 {
		k := base + trailingZeros(left)
		// Only uncovered items and the dummy (state coveredFlag, delta 0,
		// so no change) are ever dropped from.
		rest := e.rest[k*x : k*x+x : k*x+x]
		empty += drop(state, scarce, rest[0], unit)
		empty += drop(state, scarce, rest[1], unit)
		empty += drop(state, scarce, rest[2], unit)
		for _, l := range rest[3:] {
			empty += drop(state, scarce, l, unit)
		}
	}
	e.empty = empty
}

// drop removes the option of link l from its item, and returns 1 if that
// leaves the item empty.
func drop[W word](state []W, scarce []uint64, l link[W], unit W) int {
	st := state[l.item] - l.delta
	state[l.item] = st
	top := unsafe.Sizeof(st)*8 - 1
	scarce[l.item>>6] |= uint64((st-2*unit)>>top) << (l.item & 63)
	return int((st - unit) >> top)
}

// below returns 1 if x < k and 0 otherwise, without a branch: the search's
// unpredictable tests cost more as branches than as arithmetic. Both x and k
// must be below the covered flag (an uncovered item's state).
func below[W word](x, k W) W { return (x - k) >> (wordBits[W]() - 1) }

// trailingZeros is bits.TrailingZeros of either word.
func trailingZeros[W word](x W) int {
	if wordBits[W]() == 32 {
		return bits.TrailingZeros32(uint32(x))
	}
	return bits.TrailingZeros64(uint64(x))
}

// uncover undoes cover(i), putting each option back branch-free as cover
// takes it away: when an item's count rises to 1 it is no longer empty, at
// 2 it is no longer scarce.
func (e *engine[W]) uncover(i int32) {
	state, scarce, x := e.state, e.scarce, e.stride-1
	shift := countShift[W]()
	base := int(i) * e.n
	empty := e.empty
	for left := state[i] & maskBits[W](); left != 0; left &= left - 1 {
		k := base + trailingZeros(left)
		rest := e.rest[k*x : k*x+x : k*x+x]
		empty -= restore(state, scarce, rest[0], shift)
		empty -= restore(state, scarce, rest[1], shift)
		empty -= restore(state, scarce, rest[2], shift)
		for _, l := range rest[3:] {
			empty -= restore(state, scarce, l, shift)
		}
	}
	e.uncovered++
	state[i] &^= coveredFlag[W]()
	scarce[i>>6] |= uint64(below(state[i], 2*countUnit[W]())) << (i & 63)
	e.empty = empty + int(below(state[i], countUnit[W]()))
}

// restore puts the option of link l back into its item, and returns 1 if
// that makes an empty item non-empty.
func restore[W word](state []W, scarce []uint64, l link[W], shift uint) int {
	st := state[l.item] + l.delta
	state[l.item] = st
	count := st >> shift
	top := unsafe.Sizeof(st)*8 - 1
	scarce[l.item>>6] &^= uint64(((count^2)-1)>>top) << (l.item & 63)
	return int(((count ^ 1) - 1) >> top)
}

// chooseAt chooses the option at itemOptions[k], whose item k/N is covered
// already: it covers the option's other items.
func (e *engine[W]) chooseAt(k int) {
	x := e.stride - 1
	rest := e.rest[k*x : k*x+x : k*x+x]
	// Every option has at least four items: three besides this one.
	e.cover(rest[0].item)
	e.cover(rest[1].item)
	e.cover(rest[2].item)
	for _, l := range rest[3:] {
		if l.item != e.dummy {
			e.cover(l.item)
		}
	}
}

// unchooseAt undoes chooseAt(k), uncovering in the reverse order.
func (e *engine[W]) unchooseAt(k int) {
	x := e.stride - 1
	rest := e.rest[k*x : k*x+x : k*x+x]
	for j := len(rest) - 1; j >= 3; j-- {
		if rest[j].item != e.dummy {
			e.uncover(rest[j].item)
		}
	}
	e.uncover(rest[2].item)
	e.uncover(rest[1].item)
	e.uncover(rest[0].item)
}

// fewest returns the first uncovered item with the fewest options, and that
// number. An item with no option ends the branch whichever it is, so the
// empty count answers for 0; items with 1 option are kept in the scarce set;
// otherwise every item has at least 2 options and the scan stops at the
// first with exactly 2. Call it only while an item is uncovered.
func (e *engine[W]) fewest() (item, count int) {
	if e.empty > 0 {
		return -1, 0
	}
	for w, word := range e.scarce {
		if word != 0 {
			return w<<6 + bits.TrailingZeros64(word), 1
		}
	}
	best := coveredFlag[W]() >> countShift[W]()
	for i, st := range e.state[:e.dummy] {
		if c := st >> countShift[W](); c < best {
			best, item = c, i
			if c == 2 {
				break
			}
		}
	}
	return item, int(best)
}

// search runs Algorithm X from the loaded state until it has found limit
// solutions or exhausted the tree. It checks done and the node budget every
// 4096 nodes and reports whether it stopped because of either.
func (e *engine[W]) search(limit int, done <-chan struct{}) (interrupted bool) {
	depth := 0
	for {
		if e.uncovered == 0 {
			e.solutions++
			if e.solutions == 1 {
				for _, f := range e.frames[:depth] {
					e.first = append(e.first, e.itemOptions[f.at])
				}
			}
			if e.solutions >= limit {
				return false
			}
		} else if item, count := e.fewest(); count > 0 {
			if count > 1 {
				e.guesses++
			}
			e.cover(int32(item))
			e.frames[depth] = frame[W]{item: int32(item), at: -1, left: e.state[item] & maskBits[W]()}
			depth++
		}
		if depth = e.advance(depth); depth == 0 {
			return false
		}
		e.nodes++
		if e.nodes&0xfff == 0 && (isDone(done) || e.budget > 0 && e.nodes >= e.budget) {
			return true
		}
	}
}

// advance undoes the deepest frame's choice and chooses its next option,
// backtracking through exhausted frames. It returns the new depth, 0 when the
// tree is exhausted.
func (e *engine[W]) advance(depth int) int {
	for depth > 0 {
		f := &e.frames[depth-1]
		if f.at >= 0 {
			e.unchooseAt(int(f.at))
		}
		if f.left != 0 {
			f.at = int32(int(f.item)*e.n + trailingZeros(f.left))
			f.left &= f.left - 1
			e.chooseAt(int(f.at))
			return depth
		}
		e.uncover(f.item)
		depth--
	}
	return 0
}

func isDone(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
