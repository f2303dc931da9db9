package dlx

import (
	"math/rand/v2"
	"sync"
	"unsafe"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// word is an item's state word: 32 bits up to 25×25, 64 bits past it. An
// item's state word holds the bit mask of its remaining options (bit k for
// the item's k-th option, N bits), their number from countShift up, and the
// covered flag on top. Removing option k from an item subtracts
// 1<<countShift | 1<<k: one update for list and size. The 32-bit word keeps
// the engine's arrays half the size, which the 9×9 search feels (a fifth
// of its time); a 36×36 item has 36 options, past its 26 mask bits.
type word interface{ ~uint32 | ~uint64 }

// wordBits is the width of W: 32 or 64.
func wordBits[W word]() uint { return uint(unsafe.Sizeof(W(0))) * 8 }

// The layout of a state word: the mask below countShift (26 bits of 32, 42
// of 64), the count above it, the covered flag on the top bit.
func countShift[W word]() uint { return wordBits[W]()/2 + 10 }
func countUnit[W word]() W     { return W(1) << countShift[W]() }
func maskBits[W word]() W      { return countUnit[W]() - 1 }
func coveredFlag[W word]() W   { return W(1) << (wordBits[W]() - 1) }

// maxOptions32 is the most options per item a 32-bit word holds: 26 mask
// bits, and a count below 32.
const maxOptions32 = 25

// link is one nonzero of the matrix seen from its option: the item, and the
// amount to subtract from the item's state to remove the option.
type link[W word] struct {
	item  int32
	delta W
}

// layout is the matrix of one geometry in the form the engine walks. Every
// option has stride links; options with fewer items (off the diagonals) are
// padded with links to a dummy item that changes nothing (delta 0).
type layout[W word] struct {
	matrix *exactcover.Matrix
	n      int
	stride int
	links  []link[W] // links of option o: links[o·stride : o·stride+stride]
	// rest holds, for the k-th option of item i, its links to items other
	// than i, padded with links to the dummy:
	// rest[(i·N+k)·(stride−1) :][:stride−1].
	rest        []link[W]
	itemOptions []int32 // options of item i: itemOptions[i·N : i·N+N]
	dummy       int32   // the padding item, after the real ones
}

var layouts sync.Map // *sudoku.Geometry → *layout[W] of the geometry's word

// layoutFor returns the shared layout of a geometry, building it on first
// use. W must be the geometry's word (see newEngine).
func layoutFor[W word](geo *sudoku.Geometry) *layout[W] {
	if l, ok := layouts.Load(geo); ok {
		return l.(*layout[W])
	}
	l, _ := layouts.LoadOrStore(geo, buildLayout[W](exactcover.For(geo)))
	return l.(*layout[W])
}

func buildLayout[W word](m *exactcover.Matrix) *layout[W] {
	l := &layout[W]{matrix: m, n: m.Geometry().N, dummy: int32(m.Items())}
	for i := range m.Items() {
		l.itemOptions = append(l.itemOptions, m.ItemOptions(i)...)
	}
	for o := range m.Options() {
		l.stride = max(l.stride, len(m.OptionItems(o)))
	}
	l.links = make([]link[W], m.Options()*l.stride)
	l.relink()
	return l
}

// relink fills the links and the rest from the matrix and the layout's
// option order.
func (l *layout[W]) relink() {
	l.fillLinks()
	l.fillRest()
}

func (l *layout[W]) fillLinks() {
	for o := range l.matrix.Options() {
		links := l.optionLinks(int32(o))
		for k := range links {
			links[k] = link[W]{item: l.dummy}
		}
		for k, item := range l.matrix.OptionItems(o) {
			pos := 0
			for l.itemOptions[int(item)*l.n+pos] != int32(o) {
				pos++
			}
			links[k] = link[W]{item: item, delta: countUnit[W]() | 1<<pos}
		}
	}
}

func (l *layout[W]) fillRest() {
	x := l.stride - 1
	l.rest = make([]link[W], len(l.itemOptions)*x)
	for ik, o := range l.itemOptions {
		rest := l.rest[ik*x : ik*x : ik*x+x]
		for _, lk := range l.optionLinks(o) {
			if lk.item != int32(ik/l.n) {
				rest = append(rest, lk)
			}
		}
	}
}

// optionLinks returns the links of option o, padding included.
func (l *layout[W]) optionLinks(o int32) []link[W] {
	return l.links[int(o)*l.stride : int(o)*l.stride+l.stride]
}

// shuffled returns a private copy of the layout whose items list their
// options in an order drawn from rng.
func (l *layout[W]) shuffled(rng *rand.Rand) *layout[W] {
	c := *l
	c.itemOptions = append([]int32(nil), l.itemOptions...)
	for i := 0; i < len(c.itemOptions); i += c.n {
		opts := c.itemOptions[i : i+c.n]
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	}
	c.links = make([]link[W], len(l.links))
	c.relink()
	return &c
}

// newLayoutEngine returns an engine that searches a layout.
func newLayoutEngine[W word](l *layout[W]) *engine[W] {
	geo := l.matrix.Geometry()
	return &engine[W]{
		layout: l,
		state:  make([]W, l.dummy+1),
		scarce: make([]uint64, l.dummy/64+1),
		frames: make([]frame[W], geo.Cells),
		first:  make([]int32, 0, geo.Cells),
	}
}

// newEngine returns an engine for a geometry, on 32-bit state words where
// they hold an item's options.
func newEngine(geo *sudoku.Geometry) searcher {
	if geo.N <= maxOptions32 {
		return newLayoutEngine(layoutFor[uint32](geo))
	}
	return newLayoutEngine(layoutFor[uint64](geo))
}

// newShuffledEngine returns an engine for a geometry whose items list their
// options in an order drawn from rng.
func newShuffledEngine(geo *sudoku.Geometry, rng *rand.Rand) searcher {
	if geo.N <= maxOptions32 {
		return newLayoutEngine(layoutFor[uint32](geo).shuffled(rng))
	}
	return newLayoutEngine(layoutFor[uint64](geo).shuffled(rng))
}
