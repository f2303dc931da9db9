package anneal

import (
	"fmt"
	"strconv"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers"
)

// Swap is simulated annealing over a move set that keeps two families of
// one-hot constraints met, in the manner of Lewis's Sudoku annealer
// (2007): each read starts from a state in which every box holds each of
// its missing digits once, one per free cell and within the cells'
// candidates (a random perfect matching), and a move swaps the digits of
// two cells of one box — four flips — when each cell has the other's digit
// among its variables. The energy is the model's own; only row, column
// (and diagonal) × digit penalties can be violated, because no move breaks
// a cell's or a box's one-hot. A sweep attempts as many swaps as there are
// free cells, each from a free cell drawn at random, under the Metropolis
// rule at inverse temperatures spaced geometrically over Range; reads grow
// from FirstSweeps to Sweeps as SA's do. Each swap attempted counts four
// updates attempted. A box whose cells cannot all get distinct candidates
// proves the puzzle unsolvable, and the run gives up at once. It samples
// the pruned and propagated formulations, whose variables are the empty
// cells' candidates; on others it refuses.
type Swap struct {
	Sweeps, FirstSweeps int
	Range               BetaRange
}

func (c Swap) options() map[string]string {
	return map[string]string{
		"moves":        "swap two cells' digits within a box (cells and boxes stay one-hot)",
		"sweeps":       strconv.Itoa(c.Sweeps),
		"first_sweeps": strconv.Itoa(c.FirstSweeps),
		"schedule":     "geometric, " + c.Range.String(),
	}
}

// swapBoard is the model seen as boxes of free cells (cells the model
// still has variables for), numbered 0, 1, … in the order of the model's
// variables.
type swapBoard struct {
	n        int     // digits
	cand     []int32 // [cell·N + d−1]: the variable of digit d in the cell, or −1
	digits   [][]int32
	gridCell []int     // per cell: where it is on the grid
	box      [][]int32 // each box's free cells
	inBox    []int32   // per cell: its box
	place    []int32   // per cell: its place in its box's list
	digit    []int32   // per cell: its digit now, 1..N
	owner    []int32   // [box·N + d−1]: the cell of the box holding d, or −1
	// inCell is, per cell, the coupling of two of its digits, and
	// across[box][a·size + b] that of one digit in the box's cells a and
	// b: the groups two variables share do not depend on the digits.
	inCell []int32
	across [][]int32
}

func newSwapBoard(r *run) *swapBoard {
	m := r.model
	geo := m.Puzzle.Geometry()
	b := &swapBoard{n: geo.N}
	boxAt := make(map[int]int32)
	for i, v := range m.Vars {
		c := int32(len(b.gridCell)) - 1
		if c < 0 || b.gridCell[c] != v.Cell { // variables come cell by cell
			c = b.addCell(boxAt, v.Cell, geo.BoxOf(v.Cell/geo.N, v.Cell%geo.N))
		}
		b.cand[int(c)*b.n+v.Digit-1] = int32(i)
		b.digits[c] = append(b.digits[c], int32(v.Digit))
	}
	b.digit = make([]int32, len(b.digits))
	b.owner = make([]int32, len(b.box)*b.n)
	b.inCell = make([]int32, len(b.digits))
	for c, ds := range b.digits {
		if len(ds) >= 2 {
			b.inCell[c] = r.p.coupling(b.variable(int32(c), ds[0]), b.variable(int32(c), ds[1]))
		}
	}
	for _, cells := range b.box {
		b.across = append(b.across, b.couplingsAcross(r.p, cells))
	}
	return b
}

// addCell adds the free cell at grid cell cell, in the grid's box bx, and
// returns its number.
func (b *swapBoard) addCell(boxAt map[int]int32, cell, bx int) int32 {
	c := int32(len(b.digits))
	b.digits = append(b.digits, nil)
	b.gridCell = append(b.gridCell, cell)
	for range b.n {
		b.cand = append(b.cand, -1)
	}
	k, seen := boxAt[bx]
	if !seen {
		k = int32(len(b.box))
		boxAt[bx] = k
		b.box = append(b.box, nil)
	}
	b.inBox = append(b.inBox, k)
	b.place = append(b.place, int32(len(b.box[k])))
	b.box[k] = append(b.box[k], c)
	return c
}

// couplingsAcross returns the coupling of a digit both cells may take,
// between each two of a box's cells (0 where they share no candidate, and
// no swap can happen).
func (b *swapBoard) couplingsAcross(p *problem, cells []int32) []int32 {
	across := make([]int32, len(cells)*len(cells))
	for i, ci := range cells {
		for j, cj := range cells {
			for _, d := range b.digits[ci] {
				if vj := b.variable(cj, d); vj >= 0 && i != j {
					across[i*len(cells)+j] = p.coupling(b.variable(ci, d), vj)
					break
				}
			}
		}
	}
	return across
}

// variable returns the variable of digit d (1..N) in free cell c, or −1.
func (b *swapBoard) variable(c, d int32) int32 { return b.cand[int(c)*b.n+int(d)-1] }

// randomize starts a read: a random matching of digits to cells in every
// box, loaded into s (x is scratch, one value per variable).
// It returns a free cell of a box that has no such matching, or −1.
func (b *swapBoard) randomize(m *matcher, g *rng, p *problem, s *state, x []uint8) int32 {
	clear(x)
	for _, cells := range b.box {
		if !m.assign(cells, g) {
			return cells[0]
		}
	}
	b.fillOwners()
	for cell, d := range b.digit {
		x[b.variable(int32(cell), d)] = 1
	}
	s.load(p, x)
	return -1
}

// fillOwners records which cell of each box holds each digit.
func (b *swapBoard) fillOwners() {
	for i := range b.owner {
		b.owner[i] = -1
	}
	for c, d := range b.digit {
		b.owner[int(b.inBox[c])*b.n+int(d)-1] = int32(c)
	}
}

func (c Swap) sample(r *run) {
	if f := r.model.Formulation; f != qubo.Pruned && f != qubo.Propagated {
		r.refuse(solvers.Error, "swaps need a model of the empty cells' candidates only (pruned or propagated), not "+f.String())
		return
	}
	b := newSwapBoard(r)
	lengths := newReadLengths(c.FirstSweeps, c.Sweeps, func(sweeps int) *acceptance {
		hot, cold := c.Range.of(r.model)
		return newAcceptance(geometric(hot, cold, sweeps), 4*r.p.maxField)
	})
	s := newState(r.p.n)
	x := make([]uint8, r.p.n)
	m := newMatcher(b)
	for !r.stopped() {
		acc := lengths.next()
		if cell := b.randomize(m, r.rng, r.p, s, x); cell >= 0 {
			r.refuse(solvers.GaveUp, fmt.Sprintf("the box of %s: its free cells cannot all take different digits among their candidates, so no grid solves the puzzle",
				r.model.Puzzle.Geometry().CellName(b.gridCell[cell])))
			return
		}
		if !c.anneal(r, b, s, acc) {
			r.abandonRead(s)
			return
		}
		if r.endRead(s) {
			return
		}
	}
}

// anneal runs one read's sweeps, stopping early at energy 0; it reports
// false if the stopping rule cut it short.
func (c Swap) anneal(r *run, b *swapBoard, s *state, acc *acceptance) bool {
	for k := 0; k < acc.rows() && s.energy > 0; k++ {
		if r.stopped() {
			return false
		}
		row := acc.row(k)
		for range b.digit {
			if c.try(r, b, s, row) {
				r.accepted += 4
				if s.energy == 0 {
					break // a solution: the rest of the sweep could only leave it
				}
			}
		}
		r.attempted += 4 * int64(len(b.digit))
		r.sweeps++
	}
	return true
}

// try proposes a swap and makes it if the Metropolis rule accepts its
// energy change.
func (Swap) try(r *run, b *swapBoard, s *state, row []uint32) bool {
	mv, ok := b.propose(r.rng, s)
	if !ok {
		return false
	}
	if d := mv.rise; d > 0 && (d >= int64(len(row)) || r.rng.u32() >= row[d]) {
		return false
	}
	b.apply(r.p, s, mv)
	return true
}

// swapMove is a proposed swap: cells p and q trade digits dp and dq,
// which flips the four variables in vars (off, off, on, on) and changes
// the energy by rise.
type swapMove struct {
	p, q, dp, dq int32
	vars         [4]int32
	rise         int64
}

// propose draws a random free cell p, a random other candidate digit dq
// of p, and the cell q of p's box that holds dq; it reports false when q
// cannot take p's digit. The proposal is symmetric: the swap back is
// drawn with the same probability. The energy change is worked out
// before any flip: the four flips' own ΔE less the couplings between them
// (the two in each cell, and the two of each digit), since two variables
// flipped in opposite directions each lose their coupling's share once.
func (b *swapBoard) propose(g *rng, s *state) (swapMove, bool) {
	p := int32(g.intn(len(b.digit)))
	ds := b.digits[p]
	if len(ds) < 2 {
		return swapMove{}, false
	}
	dp := b.digit[p]
	dq := ds[g.intn(len(ds)-1)]
	if dq == dp {
		dq = ds[len(ds)-1]
	}
	n, bx := b.n, b.inBox[p]
	q := b.owner[int(bx)*n+int(dq)-1]
	if q < 0 || q == p {
		return swapMove{}, false
	}
	qNew := b.variable(q, dp)
	if qNew < 0 {
		return swapMove{}, false
	}
	mv := swapMove{p: p, q: q, dp: dp, dq: dq, vars: [4]int32{b.variable(p, dp), b.variable(q, dq), b.variable(p, dq), qNew}}
	pair := int(b.place[p])*len(b.box[bx]) + int(b.place[q])
	own := s.gain(mv.vars[0]) + s.gain(mv.vars[1]) + s.gain(mv.vars[2]) + s.gain(mv.vars[3])
	shared := b.inCell[p] + b.inCell[q] + 2*b.across[bx][pair]
	mv.rise = int64(own) - int64(shared)
	return mv, true
}

// apply makes a proposed swap.
func (b *swapBoard) apply(p *problem, s *state, mv swapMove) {
	for _, v := range mv.vars {
		s.flip(p, v)
	}
	b.digit[mv.p], b.digit[mv.q] = mv.dq, mv.dp
	bx := int(b.inBox[mv.p]) * b.n
	b.owner[bx+int(mv.dp)-1], b.owner[bx+int(mv.dq)-1] = mv.q, mv.p
}

// matcher finds, for the free cells of a box, distinct digits among their
// candidates (Kuhn's augmenting paths, cells and digits in random order),
// or reports that there are none.
type matcher struct {
	b     *swapBoard
	owner []int32 // per digit − 1: the cell holding it, or −1
	seen  []bool  // per digit − 1, in one augmenting search
	order []int32 // the cells in the order they are matched, scratch
}

func newMatcher(b *swapBoard) *matcher {
	return &matcher{b: b, owner: make([]int32, b.n), seen: make([]bool, b.n), order: make([]int32, b.n)}
}

func (m *matcher) assign(cells []int32, g *rng) bool {
	for d := range m.owner {
		m.owner[d] = -1
	}
	for _, c := range cells {
		m.b.digit[c] = 0
	}
	order := append(m.order[:0], cells...)
	for i := len(order) - 1; i > 0; i-- {
		j := g.intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	for _, c := range order {
		clear(m.seen)
		if !m.augment(c, g) {
			return false
		}
	}
	return true
}

// augment gives cell c a digit, moving other cells along an augmenting
// path if need be; it reports whether it found one.
func (m *matcher) augment(c int32, g *rng) bool {
	n := m.b.n
	shift := g.intn(n)
	for k := range n {
		d := (shift + k) % n
		if m.seen[d] || m.b.cand[int(c)*n+d] < 0 {
			continue
		}
		m.seen[d] = true
		if o := m.owner[d]; o < 0 || m.augment(o, g) {
			m.owner[d] = c
			m.b.digit[c] = int32(d + 1)
			return true
		}
	}
	return false
}
