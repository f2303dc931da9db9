package dlx

import (
	"math/rand/v2"
	"sync"

	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/sudoku"
)

// An item's state word holds the bit mask of its remaining options (bit k
// for the item's k-th option, N ≤ 25 bits), their number from countShift up,
// and the covered flag on top. Removing option k from an item subtracts
// 1<<countShift | 1<<k: one update for list and size.
const (
	countShift  = 26
	countUnit   = 1 << countShift
	maskBits    = countUnit - 1
	coveredFlag = 1 << 31
)

// link is one nonzero of the matrix seen from its option: the item, and the
// amount to subtract from the item's state to remove the option.
type link struct {
	item  int32
	delta uint32
}

// layout is the matrix of one geometry in the form the engine walks. Every
// option has stride links; options with fewer items (off the diagonals) are
// padded with links to a dummy item that changes nothing (delta 0).
type layout struct {
	matrix *exactcover.Matrix
	n      int
	stride int
	links  []link // links of option o: links[o·stride : o·stride+stride]
	// others holds, for the k-th option of item i, its first three links
	// to items other than i: others[3(i·N+k) :][:3]; every option has at
	// least four items, so the hot loop reads them unrolled. extras holds
	// the rest, which only options on a diagonal have, padded:
	// extras[(i·N+k)·(stride−4) :][:stride−4].
	others      []link
	extras      []link
	itemOptions []int32 // options of item i: itemOptions[i·N : i·N+N]
	dummy       int32   // the padding item, after the real ones
}

var layouts sync.Map // *sudoku.Geometry → *layout

// layoutFor returns the shared layout of a geometry, building it on first use.
func layoutFor(geo *sudoku.Geometry) *layout {
	if l, ok := layouts.Load(geo); ok {
		return l.(*layout)
	}
	l, _ := layouts.LoadOrStore(geo, buildLayout(exactcover.For(geo)))
	return l.(*layout)
}

func buildLayout(m *exactcover.Matrix) *layout {
	l := &layout{matrix: m, n: m.Geometry().N, dummy: int32(m.Items())}
	for i := range m.Items() {
		l.itemOptions = append(l.itemOptions, m.ItemOptions(i)...)
	}
	for o := range m.Options() {
		l.stride = max(l.stride, len(m.OptionItems(o)))
	}
	l.links = make([]link, m.Options()*l.stride)
	l.relink()
	return l
}

// relink fills the links and the others from the matrix and the layout's
// option order.
func (l *layout) relink() {
	l.fillLinks()
	l.fillOthers()
}

func (l *layout) fillLinks() {
	for o := range l.matrix.Options() {
		links := l.optionLinks(int32(o))
		for k := range links {
			links[k] = link{item: l.dummy}
		}
		for k, item := range l.matrix.OptionItems(o) {
			pos := 0
			for l.itemOptions[int(item)*l.n+pos] != int32(o) {
				pos++
			}
			links[k] = link{item: item, delta: countUnit | 1<<pos}
		}
	}
}

func (l *layout) fillOthers() {
	x := l.stride - 4
	l.others = make([]link, len(l.itemOptions)*3)
	l.extras = make([]link, len(l.itemOptions)*x)
	for ik, o := range l.itemOptions {
		var others []link
		for _, lk := range l.optionLinks(o) {
			if lk.item != int32(ik/l.n) {
				others = append(others, lk)
			}
		}
		copy(l.others[3*ik:3*ik+3], others)
		copy(l.extras[ik*x:ik*x+x], others[3:])
	}
}

// optionLinks returns the links of option o, padding included.
func (l *layout) optionLinks(o int32) []link {
	return l.links[int(o)*l.stride : int(o)*l.stride+l.stride]
}

// shuffled returns a private copy of the layout whose items list their
// options in an order drawn from rng.
func (l *layout) shuffled(rng *rand.Rand) *layout {
	c := *l
	c.itemOptions = append([]int32(nil), l.itemOptions...)
	for i := 0; i < len(c.itemOptions); i += c.n {
		opts := c.itemOptions[i : i+c.n]
		rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	}
	c.links = make([]link, len(l.links))
	c.relink()
	return &c
}

// newLayoutEngine is newEngine on a given layout.
func newLayoutEngine(l *layout) *engine {
	geo := l.matrix.Geometry()
	return &engine{
		layout: l,
		state:  make([]uint32, l.dummy+1),
		scarce: make([]uint64, l.dummy/64+1),
		frames: make([]frame, geo.Cells),
		first:  make([]int32, 0, geo.Cells),
	}
}

// newEngine returns an engine for a geometry.
func newEngine(geo *sudoku.Geometry) *engine { return newLayoutEngine(layoutFor(geo)) }
