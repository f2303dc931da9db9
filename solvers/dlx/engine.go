package dlx

import (
	"math/bits"
	"slices"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// engine is Algorithm X with the semantics of dancing links on arrays. An
// item's list of remaining options is a bit mask in its state word, beside
// its size. Covering an item keeps its own mask, as DLX keeps a covered
// column's list, and removes each of its remaining options from the masks of
// the option's other items; uncovering, in the reverse order, puts them
// back. The search branches on the uncovered item with the fewest options.
type engine struct {
	*layout
	state     []uint32 // per item, then the dummy
	scarce    []uint64 // bit set of the uncovered items with fewer than 2 options
	empty     int      // uncovered items with no option left
	uncovered int
	frames    []frame

	solutions int
	first     []int32 // options the search chose for the first solution
	nodes     int64   // options chosen by the search
	guesses   int64   // branch points with more than one option
}

// frame is one branch point: the covered item, the options of it still to
// try, and where the option chosen now is in itemOptions (-1 if none).
type frame struct {
	item int32
	at   int32
	left uint32
}

// load resets the engine to the full matrix and chooses the givens' options.
// It reports false if two givens cover the same item.
func (e *engine) load(puzzle *sudoku.Grid) bool {
	full := uint32(e.n)<<countShift | 1<<e.n - 1
	for i := range e.state {
		e.state[i] = full
	}
	e.state[e.dummy] = coveredFlag
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
func (e *engine) live(o int32) bool {
	for _, l := range e.optionLinks(o) {
		if l.item != e.dummy && e.state[l.item]&coveredFlag != 0 {
			return false
		}
	}
	return true
}

// stats returns the size of the problem left after load.
func (e *engine) stats() exactcover.Stats {
	var s exactcover.Stats
	cells := e.matrix.Geometry().Cells
	for i, st := range e.state[:e.dummy] {
		if st&coveredFlag != 0 {
			continue
		}
		count := int(st >> countShift)
		s.Items++
		s.Nonzeros += count
		if i < cells {
			s.Options += count
		}
	}
	return s
}

// cover removes item i from the items to cover and every remaining option of
// i from its other items.
func (e *engine) cover(i int32) {
	state, scarce, others, extras, x := e.state, e.scarce, e.others, e.extras, e.stride-4
	base := int(i) * e.n
	// An item emptied by the option being chosen is covered by it now.
	e.empty -= int(below(state[i], countUnit))
	state[i] |= coveredFlag
	scarce[i>>6] &^= 1 << (i & 63)
	e.uncovered--
	for left := state[i] & maskBits; left != 0; left &= left - 1 {
		k := base + bits.TrailingZeros32(left)
		three := others[3*k : 3*k+3 : 3*k+3]
		e.drop(state, scarce, three[0])
		e.drop(state, scarce, three[1])
		e.drop(state, scarce, three[2])
		for _, l := range extras[k*x : k*x+x] {
			e.drop(state, scarce, l)
		}
	}
}

// drop removes an option from the item of link l. Only uncovered items and
// the dummy (state coveredFlag, delta 0, so no change) are ever dropped from.
func (e *engine) drop(state []uint32, scarce []uint64, l link) {
	st := state[l.item] - l.delta
	state[l.item] = st
	scarce[l.item>>6] |= uint64(below(st, 2*countUnit)) << (l.item & 63)
	e.empty += int(below(st, countUnit))
}

// below returns 1 if x < k and 0 otherwise, without a branch: the search's
// unpredictable tests cost more as branches than as arithmetic. Both x and k
// must be below 2³¹ (an uncovered item's state).
func below(x, k uint32) uint32 { return (x - k) >> 31 }

// uncover undoes cover(i).
func (e *engine) uncover(i int32) {
	state, scarce, others, extras, x := e.state, e.scarce, e.others, e.extras, e.stride-4
	base := int(i) * e.n
	for left := state[i] & maskBits; left != 0; left &= left - 1 {
		k := base + bits.TrailingZeros32(left)
		three := others[3*k : 3*k+3 : 3*k+3]
		e.restore(state, scarce, three[0])
		e.restore(state, scarce, three[1])
		e.restore(state, scarce, three[2])
		for _, l := range extras[k*x : k*x+x] {
			e.restore(state, scarce, l)
		}
	}
	e.uncovered++
	state[i] &^= coveredFlag
	scarce[i>>6] |= uint64(below(state[i], 2*countUnit)) << (i & 63)
	e.empty += int(below(state[i], countUnit))
}

// restore puts an option back into the item of link l, branch-free like
// drop: when the item's count rises to 1 it is no longer empty, at 2 it is
// no longer scarce.
func (e *engine) restore(state []uint32, scarce []uint64, l link) {
	st := state[l.item] + l.delta
	state[l.item] = st
	count := st >> countShift
	scarce[l.item>>6] &^= uint64(isZero(count^2)) << (l.item & 63)
	e.empty -= int(isZero(count ^ 1))
}

// isZero returns 1 if x is 0 and 0 otherwise (x < 2³¹), without a branch.
func isZero(x uint32) uint32 { return below(x, 1) }

// chooseAt chooses the option at itemOptions[k], whose item k/N is covered
// already: it covers the option's other items.
func (e *engine) chooseAt(k int) {
	three := e.others[3*k : 3*k+3 : 3*k+3]
	e.cover(three[0].item)
	e.cover(three[1].item)
	e.cover(three[2].item)
	x := e.stride - 4
	for _, l := range e.extras[k*x : k*x+x] {
		if l.item != e.dummy {
			e.cover(l.item)
		}
	}
}

// unchooseAt undoes chooseAt(k), uncovering in the reverse order.
func (e *engine) unchooseAt(k int) {
	x := e.stride - 4
	extras := e.extras[k*x : k*x+x]
	for j := len(extras) - 1; j >= 0; j-- {
		if extras[j].item != e.dummy {
			e.uncover(extras[j].item)
		}
	}
	three := e.others[3*k : 3*k+3 : 3*k+3]
	e.uncover(three[2].item)
	e.uncover(three[1].item)
	e.uncover(three[0].item)
}

// fewest returns the first uncovered item with the fewest options, and that
// number. An item with no option ends the branch whichever it is, so the
// empty count answers for 0; items with 1 option are kept in the scarce set;
// otherwise every item has at least 2 options and the scan stops at the
// first with exactly 2. Call it only while an item is uncovered.
func (e *engine) fewest() (item, count int) {
	if e.empty > 0 {
		return -1, 0
	}
	for w, word := range e.scarce {
		if word != 0 {
			return w<<6 + bits.TrailingZeros64(word), 1
		}
	}
	best := uint32(coveredFlag >> countShift)
	for i, st := range e.state[:e.dummy] {
		if c := st >> countShift; c < best {
			best, item = c, i
			if c == 2 {
				break
			}
		}
	}
	return item, int(best)
}

// search runs Algorithm X from the loaded state until it has found limit
// solutions or exhausted the tree. It checks done every 4096 nodes and
// reports whether it stopped because of it.
func (e *engine) search(limit int, done <-chan struct{}) (interrupted bool) {
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
			e.frames[depth] = frame{item: int32(item), at: -1, left: e.state[item] & maskBits}
			depth++
		}
		if depth = e.advance(depth); depth == 0 {
			return false
		}
		e.nodes++
		if e.nodes&0xfff == 0 && isDone(done) {
			return true
		}
	}
}

// advance undoes the deepest frame's choice and chooses its next option,
// backtracking through exhausted frames. It returns the new depth, 0 when the
// tree is exhausted.
func (e *engine) advance(depth int) int {
	for depth > 0 {
		f := &e.frames[depth-1]
		if f.at >= 0 {
			e.unchooseAt(int(f.at))
		}
		if f.left != 0 {
			f.at = int32(int(f.item)*e.n + bits.TrailingZeros32(f.left))
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
