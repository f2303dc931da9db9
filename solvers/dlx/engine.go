package dlx

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// coveredFlag marks an item as covered in its count byte. The low bits keep
// counting the item's available options, so a covered item reads ≥ 0x80 and
// the scan for the fewest options skips it without a branch.
const coveredFlag = 0x80

// engine is Algorithm X on the array layout of one geometry's matrix.
//
// Instead of unlinking nodes, it keeps for every option the number of chosen
// options that exclude it (blocked) and for every item the number of options
// not excluded (counts). Choosing an option covers its items; every option of
// those items that becomes excluded decrements the counts of its own items —
// exactly the updates that Knuth's cover makes by unlinking, and undone in the
// same way. The search picks the uncovered item with the fewest options.
type engine struct {
	matrix      *exactcover.Matrix
	n           int
	optionStart []int32
	optionItems []int32
	itemOptions []int32 // a shuffled private copy in random mode

	counts    []uint8 // per item, padded with covered bytes to a multiple of 8
	blocked   []uint8 // per option
	uncovered int
	frames    []frame

	solutions int
	first     []int32 // options the search chose for the first solution
	nodes     int64   // options chosen by the search
	guesses   int64   // branch points with more than one option
}

// frame is one branch point: the item being covered, the position of the next
// option to try among its N options, and the option chosen now (-1 if none).
type frame struct {
	item int32
	pos  int32
	opt  int32
}

func newEngine(geo *sudoku.Geometry) *engine {
	m := exactcover.For(geo)
	e := &engine{matrix: m, n: geo.N}
	e.optionStart, e.optionItems, e.itemOptions = m.Layout()
	e.counts = make([]uint8, (m.Items()+7)&^7)
	e.blocked = make([]uint8, m.Options())
	e.frames = make([]frame, geo.Cells)
	e.first = make([]int32, 0, geo.Cells)
	return e
}

// shuffle gives the engine its own option order, drawn from rng, so that the
// first solution found is a random one.
func (e *engine) shuffle(rng *rand.Rand) {
	e.itemOptions = append([]int32(nil), e.itemOptions...)
	for i := 0; i < len(e.itemOptions); i += e.n {
		opts := e.itemOptions[i : i+e.n]
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	}
}

// load resets the engine to the full matrix and chooses the givens' options.
// It reports false if two givens cover the same item.
func (e *engine) load(puzzle *sudoku.Grid) bool {
	items := e.matrix.Items()
	for i := range e.counts {
		e.counts[i] = coveredFlag
	}
	for i := range items {
		e.counts[i] = uint8(e.n)
	}
	clear(e.blocked)
	e.uncovered = items
	e.solutions, e.nodes, e.guesses = 0, 0, 0
	e.first = e.first[:0]
	for cell, d := range puzzle.Cells() {
		if d == 0 {
			continue
		}
		o := int32(cell*e.n + int(d) - 1)
		if e.blocked[o] != 0 {
			return false
		}
		e.choose(o)
	}
	return true
}

// stats returns the size of the problem left after load.
func (e *engine) stats() exactcover.Stats {
	var s exactcover.Stats
	cells := e.matrix.Geometry().Cells
	for i, c := range e.counts[:e.matrix.Items()] {
		if c&coveredFlag != 0 {
			continue
		}
		s.Items++
		s.Nonzeros += int(c)
		if i < cells {
			s.Options += int(c)
		}
	}
	return s
}

// choose covers the items of option o and excludes every option that
// shares one of them.
func (e *engine) choose(o int32) {
	n, counts, blocked := e.n, e.counts, e.blocked
	optionStart, optionItems := e.optionStart, e.optionItems
	items := optionItems[optionStart[o]:optionStart[o+1]]
	e.uncovered -= len(items)
	for _, it := range items {
		counts[it] |= coveredFlag
		for _, other := range e.itemOptions[int(it)*n : int(it)*n+n] {
			blocked[other]++
			if blocked[other] != 1 {
				continue
			}
			for _, it2 := range optionItems[optionStart[other]:optionStart[other+1]] {
				counts[it2]--
			}
		}
	}
}

// unchoose undoes choose(o).
func (e *engine) unchoose(o int32) {
	n, counts, blocked := e.n, e.counts, e.blocked
	optionStart, optionItems := e.optionStart, e.optionItems
	items := optionItems[optionStart[o]:optionStart[o+1]]
	e.uncovered += len(items)
	for _, it := range items {
		counts[it] &^= coveredFlag
		for _, other := range e.itemOptions[int(it)*n : int(it)*n+n] {
			blocked[other]--
			if blocked[other] != 0 {
				continue
			}
			for _, it2 := range optionItems[optionStart[other]:optionStart[other+1]] {
				counts[it2]++
			}
		}
	}
}

const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// fewest returns the first uncovered item with the fewest options, and that
// number. It scans eight counts at a time for a byte below k, for k = 1, 2, …:
// the first k that hits gives the minimum. Call it only while an item is
// uncovered.
func (e *engine) fewest() (item, count int) {
	counts := e.counts
	for k := uint64(1); ; k++ {
		below := k * lowBits
		for w := 0; w+8 <= len(counts); w += 8 {
			x := binary.LittleEndian.Uint64(counts[w:])
			if hit := (x - below) &^ x & highBits; hit != 0 {
				return w + bits.TrailingZeros64(hit)>>3, int(k - 1)
			}
		}
	}
}

// next finds the frame's next option not excluded, or -1.
func (e *engine) next(f *frame) int32 {
	opts := e.itemOptions[int(f.item)*e.n : int(f.item)*e.n+e.n]
	for int(f.pos) < len(opts) {
		o := opts[f.pos]
		f.pos++
		if e.blocked[o] == 0 {
			return o
		}
	}
	return -1
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
					e.first = append(e.first, f.opt)
				}
			}
			if e.solutions >= limit {
				return false
			}
		} else if item, count := e.fewest(); count > 0 {
			if count > 1 {
				e.guesses++
			}
			e.frames[depth] = frame{item: int32(item), opt: -1}
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
		if f.opt >= 0 {
			e.unchoose(f.opt)
		}
		if f.opt = e.next(f); f.opt >= 0 {
			e.choose(f.opt)
			return depth
		}
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
