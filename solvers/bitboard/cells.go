package bitboard

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// placedFlag marks a cell whose digit has been cleared from its peers; the
// digits themselves take bits 0..N-1.
const placedFlag = 1 << 63

// cellEngine searches any geometry — 4×4 to 36×36, classic or diagonal —
// on one 64-bit candidate mask per cell. Its deductions are those of the band
// board but the intersection counts, in another form: naked singles as
// cells are placed, hidden singles per unit (diagonals included), and
// locked candidates at every intersection of a box with a row or column,
// both pointing and claiming.
type cellEngine struct {
	geo   *sudoku.Geometry
	all   uint64   // every digit
	cand  []uint64 // the board
	stack [][]uint64
	queue []int // cells down to one digit, not yet placed
	// segments holds, per row (or column) and box it crosses, the digits
	// of the box-wide stretch of that line.
	segments []uint64
	branches []frame
	grid     []uint8
	// ties, if set, chooses among equally good cells to branch on;
	// without it the first in reading order is taken.
	ties *rand.Rand
}

func newCellEngine(geo *sudoku.Geometry) *cellEngine {
	return &cellEngine{
		geo:      geo,
		all:      1<<geo.N - 1,
		cand:     make([]uint64, geo.Cells),
		queue:    make([]int, 0, geo.Cells),
		segments: make([]uint64, geo.N*geo.Box),
		branches: make([]frame, geo.Cells),
		grid:     make([]uint8, geo.Cells),
	}
}

func (e *cellEngine) frames() []frame   { return e.branches }
func (e *cellEngine) solution() []uint8 { return e.grid }
func (e *cellEngine) restore(i int)     { copy(e.cand, e.stack[i]) }

// save copies the board into slot i, making the slot the first time the
// search gets that deep.
func (e *cellEngine) save(i int) {
	for len(e.stack) <= i {
		e.stack = append(e.stack, make([]uint64, len(e.cand)))
	}
	copy(e.stack[i], e.cand)
}

// load sets the board to the puzzle's givens, queued for placing.
func (e *cellEngine) load(g *sudoku.Grid) {
	e.queue = e.queue[:0]
	for cell, digit := range g.Cells() {
		e.cand[cell] = e.all
		if digit != 0 {
			e.assign(cell, 1<<(digit-1))
		}
	}
}

// exclude removes digits from an empty cell, queueing it when one digit
// or none is left (none fails the next propagation).
func (e *cellEngine) exclude(cell int, digits uint64) { e.remove(cell, digits) }

// assign restricts a cell to one digit and queues it for placing.
func (e *cellEngine) assign(cell int, digit uint64) {
	e.cand[cell] = digit
	e.queue = append(e.queue, cell)
}

// propagate places queued cells, then finds hidden singles, then locked
// candidates, until nothing changes; false means a contradiction.
func (e *cellEngine) propagate() bool {
	for {
		ok := e.placeQueued()
		progress := false
		if ok {
			progress, ok = e.hiddenSingles()
		}
		if ok && !progress {
			progress, ok = e.lockedCandidates()
		}
		if !ok {
			e.queue = e.queue[:0]
			return false
		}
		if !progress {
			return true
		}
	}
}

// placeQueued clears each queued cell's digit from its peers, queueing
// the peers left with one digit.
func (e *cellEngine) placeQueued() bool {
	for len(e.queue) > 0 {
		cell := e.queue[len(e.queue)-1]
		e.queue = e.queue[:len(e.queue)-1]
		digit := e.cand[cell]
		switch {
		case digit == 0:
			return false
		case digit&placedFlag != 0:
			continue
		}
		e.cand[cell] = digit | placedFlag
		for _, peer := range e.geo.Peers[cell] {
			if e.cand[peer]&digit == 0 {
				continue
			}
			if e.cand[peer]&placedFlag != 0 || !e.remove(peer, digit) {
				return false
			}
		}
	}
	return true
}

// remove clears digits from an unplaced cell, queueing it when one digit
// is left; false when none is.
func (e *cellEngine) remove(cell int, digits uint64) bool {
	m := e.cand[cell] &^ digits
	e.cand[cell] = m
	if m&(m-1) == 0 {
		e.queue = append(e.queue, cell)
	}
	return m != 0
}

// hiddenSingles restricts a cell to a digit when it is the only place of
// that digit in one of its units, placing it before the next unit is
// looked at; false in ok when a unit has no place for a digit, or one cell
// is the only place of two.
func (e *cellEngine) hiddenSingles() (progress, ok bool) {
	for _, u := range e.geo.Units {
		var once, twice, placed uint64
		for _, cell := range u.Cells {
			m := e.cand[cell]
			if m&placedFlag != 0 {
				placed |= m
				continue
			}
			twice |= once & m
			once |= m
		}
		placed &^= placedFlag
		if once|placed != e.all {
			return false, false
		}
		for hidden := once &^ twice &^ placed; hidden != 0; hidden &= hidden - 1 {
			digit := hidden & -hidden
			cell := e.openCellWith(u.Cells, digit)
			if cell < 0 {
				return false, false
			}
			if e.cand[cell] != digit {
				e.assign(cell, digit)
				progress = true
			}
		}
		if !e.placeQueued() {
			return false, false
		}
	}
	return progress, true
}

// openCellWith returns the unplaced cell among cells whose candidates
// include digit, or -1.
func (e *cellEngine) openCellWith(cells []int, digit uint64) int {
	for _, cell := range cells {
		if e.cand[cell]&(digit|placedFlag) == digit {
			return cell
		}
	}
	return -1
}

// lockedCandidates looks at every stretch where a box crosses a row or a
// column: a digit of the box found only there leaves the rest of the line
// (pointing), a digit of the line found only there leaves the rest of the
// box (claiming).
func (e *cellEngine) lockedCandidates() (progress, ok bool) {
	for _, alongRows := range [2]bool{true, false} {
		e.fillSegments(alongRows)
		p, ok := e.lockSegments(alongRows)
		if !ok {
			return false, false
		}
		progress = progress || p
	}
	return progress, true
}

// at returns the cell at position pos of a row, or of a column.
func (e *cellEngine) at(alongRows bool, line, pos int) int {
	if alongRows {
		return line*e.geo.N + pos
	}
	return pos*e.geo.N + line
}

// fillSegments records the digits of every box-wide stretch of every row
// (or column).
func (e *cellEngine) fillSegments(alongRows bool) {
	box := e.geo.Box
	for line := range e.geo.N {
		for k := range box {
			var m uint64
			for j := range box {
				m |= e.cand[e.at(alongRows, line, k*box+j)]
			}
			e.segments[line*box+k] = m &^ placedFlag
		}
	}
}

// lockSegments applies pointing and claiming to every stretch that
// fillSegments recorded.
func (e *cellEngine) lockSegments(alongRows bool) (progress, ok bool) {
	box := e.geo.Box
	for line := range e.geo.N {
		first := line / box * box
		for k := range box {
			var inLine, inBox uint64
			for kk := range box {
				if kk != k {
					inLine |= e.segments[line*box+kk]
				}
			}
			for l := first; l < first+box; l++ {
				if l != line {
					inBox |= e.segments[l*box+k]
				}
			}
			here := e.segments[line*box+k]
			if pointing := here &^ inBox & inLine; pointing != 0 {
				for kk := range box {
					if kk != k && !e.clearStretch(alongRows, line, kk, pointing, &progress) {
						return false, false
					}
				}
			}
			if claiming := here &^ inLine & inBox; claiming != 0 {
				for l := first; l < first+box; l++ {
					if l != line && !e.clearStretch(alongRows, l, k, claiming, &progress) {
						return false, false
					}
				}
			}
		}
	}
	return progress, true
}

// clearStretch removes digits from the unplaced cells of one box-wide
// stretch of a line, setting *progress when any was there.
func (e *cellEngine) clearStretch(alongRows bool, line, k int, digits uint64, progress *bool) bool {
	box := e.geo.Box
	for j := range box {
		cell := e.at(alongRows, line, k*box+j)
		if e.cand[cell]&placedFlag != 0 || e.cand[cell]&digits == 0 {
			continue
		}
		*progress = true
		if !e.remove(cell, digits) {
			return false
		}
	}
	return true
}

// choose returns, among the unplaced cells with fewest digits, the one
// with most unplaced peers (as the oracle's band board does), ties broken
// with the ties generator when it is set; ok is false when every cell is
// placed.
func (e *cellEngine) choose() (cell int, options uint64, ok bool) {
	fewest, busiest, ties := 65, -1, 0
	for c, m := range e.cand {
		if m&placedFlag != 0 {
			continue
		}
		n := bits.OnesCount64(m)
		if n > fewest {
			continue
		}
		if n < fewest {
			fewest, busiest = n, -1
		}
		switch open := e.openPeers(c); {
		case open > busiest:
			busiest, cell, options, ties = open, c, m, 1
		case open == busiest && e.ties != nil:
			if ties++; e.ties.IntN(ties) == 0 {
				cell, options = c, m
			}
		}
	}
	return cell, options, fewest < 65
}

// randomize sets the generator that breaks ties between cells, or none.
func (e *cellEngine) randomize(rng *rand.Rand) { e.ties = rng }

// openPeers counts the unplaced peers of a cell.
func (e *cellEngine) openPeers(cell int) int {
	n := 0
	for _, p := range e.geo.Peers[cell] {
		n += int(e.cand[p]>>63) ^ 1
	}
	return n
}

// preferred returns the grid's digit at a cell.
func (e *cellEngine) preferred(cell int, grid []uint8) uint64 { return 1 << (grid[cell] - 1) }

// matches reports whether the placed board is the grid.
func (e *cellEngine) matches(grid []uint8) bool {
	for cell, m := range e.cand {
		if m&^placedFlag != 1<<(grid[cell]-1) {
			return false
		}
	}
	return true
}

func (e *cellEngine) keepSolution() {
	for cell, m := range e.cand {
		e.grid[cell] = uint8(bits.TrailingZeros64(m&^placedFlag) + 1)
	}
}
