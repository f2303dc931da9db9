package genetic

import "math/rand/v2"

// board is an individual under local search, with the count of each digit
// in each scored unit, so that a swap's change of fitness costs a few
// counter updates.
type board struct {
	p     *problem
	cells []uint8
	count []uint8 // scored unit u, digit d at u*(N+1)+d
	cost  int     // conflicts
}

func newBoard(p *problem) board {
	return board{p: p, count: make([]uint8, len(p.scored)*(p.geo.N+1))}
}

// load takes cells (which the board then changes in place) and counts.
func (b *board) load(cells []uint8) {
	b.cells = cells
	clear(b.count)
	stride := b.p.geo.N + 1
	for u, unit := range b.p.scored {
		for _, c := range unit {
			b.count[u*stride+int(cells[c])]++
		}
	}
	b.cost = b.p.conflicts(cells)
}

// conflicted reports whether cell's digit repeats in one of its units.
func (b *board) conflicted(cell int) bool {
	stride := b.p.geo.N + 1
	for _, u := range b.p.cellScored[cell] {
		if b.count[u*stride+int(b.cells[cell])] >= 2 {
			return true
		}
	}
	return false
}

// swap exchanges the digits of two cells of a row and returns the change
// in conflicts; swapping again undoes it.
func (b *board) swap(a, c int) int {
	x, y := b.cells[a], b.cells[c]
	delta := b.replace(a, x, y) + b.replace(c, y, x)
	b.cells[a], b.cells[c] = y, x
	b.cost += delta
	return delta
}

// replace counts digit to instead of from at cell in its units and returns
// the change in conflicts.
func (b *board) replace(cell int, from, to uint8) int {
	stride, delta := b.p.geo.N+1, 0
	for _, u := range b.p.cellScored[cell] {
		i := u * stride
		if b.count[i+int(from)] >= 2 {
			delta--
		}
		b.count[i+int(from)]--
		if b.count[i+int(to)] >= 1 {
			delta++
		}
		b.count[i+int(to)]++
	}
	return delta
}

// matcher draws a row as a random perfect matching of its free cells to its
// missing digits, each cell taking one of its candidates (Kuhn's augmenting
// paths over a shuffled order).
type matcher struct {
	owner []int // per digit index, the free cell index holding it; -1 none
	seen  []bool
	cells []int // free cell indices in a random order
	order []int // digit indices in a random order
}

func newMatcher(n int) matcher {
	return matcher{owner: make([]int, n), seen: make([]bool, n), cells: make([]int, n), order: make([]int, n)}
}

// draw fills row r of cells. When the candidates admit no matching (a
// puzzle without solution), the row becomes a random permutation.
func (m *matcher) draw(p *problem, cells []uint8, r int, rng *rand.Rand) {
	free, digits := p.free[r], p.digits[r]
	k := len(free)
	for i := range k {
		m.owner[i], m.cells[i], m.order[i] = -1, i, i
	}
	rng.Shuffle(k, func(i, j int) { m.cells[i], m.cells[j] = m.cells[j], m.cells[i] })
	rng.Shuffle(k, func(i, j int) { m.order[i], m.order[j] = m.order[j], m.order[i] })
	for _, i := range m.cells[:k] {
		clear(m.seen[:k])
		if !m.augment(p, r, i) {
			p.randomRow(cells, r, rng)
			return
		}
	}
	for j, i := range m.owner[:k] {
		cells[free[i]] = digits[j]
	}
}

// augment finds a digit for free cell i of row r, moving other cells to
// other digits along an augmenting path.
func (m *matcher) augment(p *problem, r, i int) bool {
	cand := p.cand[p.free[r][i]]
	for _, j := range m.order[:len(p.free[r])] {
		if m.seen[j] || cand&(1<<p.digits[r][j]) == 0 {
			continue
		}
		m.seen[j] = true
		if m.owner[j] < 0 || m.augment(p, r, m.owner[j]) {
			m.owner[j] = i
			return true
		}
	}
	return false
}
