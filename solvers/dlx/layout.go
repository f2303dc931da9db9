package dlx

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The layout of an item's state word, one concrete 64-bit word for every
// size: the mask of the item's remaining options below countShift (bit k
// for its k-th option, N ≤ 36 bits), their number from countShift up, and
// the covered flag on top. Removing option k from an item subtracts
// countUnit | 1<<k: one update for list and size. (A 32-bit word up to
// 25×25 halves the links but measured no faster on 9×9: the search is
// bound by its dependent updates, not by the size of its tables.)
const (
	countShift  = 42
	countUnit   = uint64(1) << countShift
	maskBits    = countUnit - 1
	coveredFlag = uint64(1) << 63
	// maxItems bounds the items of every geometry, the dummy included
	// (36×36 diagonal: 5,256 and one): the engine indexes its state
	// through fixed-size arrays masked with maxItems−1, which needs no
	// bounds check in the inner loop.
	maxItems = 1 << 13
)

// link is one nonzero of the matrix seen from an option: the item, and the
// amount to subtract from the item's state to remove the option.
type link struct {
	item  uint32
	delta uint64
}

// layout is the matrix of one geometry in the form the engine walks.
// Options list their items padded to stride with a dummy item that is
// always covered and has no options; the links of the k-th option of item
// i to its other items are rest[i·N+k] (the three every option has) and,
// in the diagonal variant, more[i·N+k] (padded with links to the dummy,
// which change nothing).
type layout struct {
	matrix      *exactcover.Matrix
	n           int
	stride      int
	optionItems []int32 // items of option o: optionItems[o·stride : o·stride+stride]
	// ownBits[o·stride+s] is option o's bit in the mask of its s-th item
	// (0 for the dummy).
	ownBits     []uint64
	itemOptions []int32 // options of item i: itemOptions[i·N : i·N+N]
	rest        [][3]link
	more        [][2]link // nil in the classic variant
	dummy       int32     // the padding item, after the real ones
	// empty is the state of the matrix before any choice: every item
	// with all its options, the dummy covered.
	empty []uint64
}

var layouts sync.Map // *sudoku.Geometry → *layout

// layoutFor returns the shared layout of a geometry, building it on first
// use.
func layoutFor(geo *sudoku.Geometry) *layout {
	if l, ok := layouts.Load(geo); ok {
		return l.(*layout)
	}
	l, _ := layouts.LoadOrStore(geo, buildLayout(exactcover.For(geo)))
	return l.(*layout)
}

func buildLayout(m *exactcover.Matrix) *layout {
	if m.Items() >= maxItems {
		panic(fmt.Sprintf("dlx: %d items, more than the engine's %d", m.Items(), maxItems-1))
	}
	l := &layout{matrix: m, n: m.Geometry().N, dummy: int32(m.Items())}
	for i := range m.Items() {
		l.itemOptions = append(l.itemOptions, m.ItemOptions(i)...)
	}
	for o := range m.Options() {
		l.stride = max(l.stride, len(m.OptionItems(o)))
	}
	l.optionItems = make([]int32, m.Options()*l.stride)
	for o := range m.Options() {
		items := l.optionItems[o*l.stride : o*l.stride+l.stride]
		for k := range items {
			items[k] = l.dummy
		}
		copy(items, m.OptionItems(o))
	}
	l.relink()
	l.empty = make([]uint64, l.dummy+1)
	for i := range l.empty {
		l.empty[i] = uint64(l.n)<<countShift | 1<<l.n - 1
	}
	l.empty[l.dummy] = coveredFlag
	return l
}

// relink fills rest and more from the option order of itemOptions. Every
// item-option pair has a row, and so does the dummy (no options, but the
// engine may look its rows up).
func (l *layout) relink() {
	l.ownBits = make([]uint64, len(l.optionItems))
	for ik, o := range l.itemOptions {
		s := slices.Index(l.items(o), int32(ik/l.n))
		l.ownBits[int(o)*l.stride+s] = 1 << (ik % l.n)
	}
	rows := len(l.itemOptions) + l.n
	l.rest = make([][3]link, rows)
	if l.stride > 4 {
		l.more = make([][2]link, rows)
	}
	var buf [5]link // stride−1 ≤ 5: cell, row, column, box and two diagonals
	for ik, o := range l.itemOptions {
		others := buf[:0]
		for s, item := range l.items(o) {
			switch {
			case item == int32(ik/l.n):
			case item == l.dummy:
				others = append(others, link{item: uint32(l.dummy)})
			default:
				others = append(others, link{item: uint32(item), delta: countUnit | l.ownBits[int(o)*l.stride+s]})
			}
		}
		copy(l.rest[ik][:], others)
		if l.more != nil {
			copy(l.more[ik][:], others[3:])
		}
	}
}

// own returns option o's bit in the mask of each of its items.
func (l *layout) own(o int32) []uint64 {
	return l.ownBits[int(o)*l.stride : int(o)*l.stride+l.stride]
}

// items returns the items of option o, padded with the dummy.
func (l *layout) items(o int32) []int32 {
	return l.optionItems[int(o)*l.stride : int(o)*l.stride+l.stride]
}

// shuffled returns a private copy of the layout whose items list their
// options in an order drawn from rng.
func (l *layout) shuffled(rng *rand.Rand) *layout {
	c := *l
	c.itemOptions = slices.Clone(l.itemOptions)
	for i := 0; i < len(c.itemOptions); i += c.n {
		opts := c.itemOptions[i : i+c.n]
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	}
	c.relink()
	return &c
}
