package bitboard

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// vectorBoard is the band board laid out for the vector kernel: the band
// words by band and digit, one 512-bit register per band, lanes 9 to 15
// zero. It holds candidates only; the kernel recomputes what the
// portable board keeps (settled cells, changed digits) in every round.
type vectorBoard [3][16]uint32

// The vector kernel returns vectorContradiction, vectorSolved, or
// vectorBranch plus the target choose branches on.
const (
	vectorContradiction = iota
	vectorSolved
	vectorBranch
)

// vectorEngine searches 9×9 classic puzzles with the vector kernel, where
// the CPU has one (vectorKernels). Its propagation reaches the same
// fixpoint as the band board's and its branches are the same, so the two
// search the same tree; it gets there by rounds over all nine digits at
// once, each rule applied to every cell of a band in a few instructions,
// instead of digit by digit.
type vectorEngine struct {
	board    vectorBoard
	next     int // the kernel's branch target, or -1 when solved
	lines    linePatterns
	stack    [81]vectorBoard
	branches [81]frame
	grid     [81]uint8
}

func (e *vectorEngine) frames() []frame                   { return e.branches[:] }
func (e *vectorEngine) solution() []uint8                 { return e.grid[:] }
func (e *vectorEngine) save(i int)                        { e.stack[i] = e.board }
func (e *vectorEngine) restore(i int)                     { e.board = e.stack[i] }
func (e *vectorEngine) randomize(*rand.Rand)              {}
func (e *vectorEngine) preferred(t int, g []uint8) uint64 { return preferredConfiguration(t, g) }

// load sets the board to the puzzle's givens as the band board loads
// them (TestVectorLoad), straight into the vector layout: each given cell
// keeps its digit only, then each given digit leaves the given's peers.
// It finds the givens without a branch per cell, and visits only them.
func (e *vectorEngine) load(g *sudoku.Grid) {
	cells := g.Cells()[:81]
	given := givenCells(cells)
	for band := range e.board {
		for d := range 9 {
			e.board[band][d] = bandCells &^ given[band]
		}
		for w := given[band]; w != 0; w &= w - 1 {
			bit := bits.TrailingZeros32(w)
			e.board[band][cells[band*27+bit]-1] |= 1 << bit
		}
	}
	for band := range e.board {
		for w := given[band]; w != 0; w &= w - 1 {
			bit := bits.TrailingZeros32(w)
			d := cells[band*27+bit] - 1
			own := e.board[band][d] &^ bandPeers[bit]
			for i := range e.board {
				e.board[i][d] &^= columnCells[bit]
			}
			e.board[band][d] = own
		}
	}
}

// givenCells returns the given cells of a 9×9 puzzle as band words,
// reading each cell without a branch: a digit d from 1 to 9 makes
// (d + 255) >> 8 one, an empty cell zero.
func givenCells(cells []uint8) (given [3]uint32) {
	for band := range given {
		var w uint32
		for i, d := range cells[band*27 : band*27+27] {
			w |= (uint32(d) + 0xff) >> 8 << i
		}
		given[band] = w
	}
	return given
}

// exclude removes digits from a cell.
func (e *vectorEngine) exclude(cell int, digits uint64) {
	band, bit := cell/27, uint32(1)<<(cell%27)
	for ; digits != 0; digits &= digits - 1 {
		e.board[band][bits.TrailingZeros64(digits)%9] &^= bit
	}
}

func (e *vectorEngine) propagate() bool {
	r := propagateVector(&e.board, &e.lines)
	e.next = r - vectorBranch
	return r != vectorContradiction
}

// choose takes the branch the kernel chose by the band board's rule (see
// linePatterns.branch); ok is false when every cell holds one digit.
func (e *vectorEngine) choose() (target int, options uint64, ok bool) {
	if e.next < 0 {
		return 0, 0, false
	}
	return e.next, e.lines.options(e.next), true
}

func (e *vectorEngine) assign(target int, option uint64) {
	d, keep := configurationKeeps(target, option)
	for band, k := range keep {
		e.board[band][d] &= k
	}
}

// matches reports whether the solved board is the grid.
func (e *vectorEngine) matches(grid []uint8) bool {
	for band := range e.board {
		for d, w := range e.board[band][:9] {
			for ; w != 0; w &= w - 1 {
				if grid[band*27+bits.TrailingZeros32(w)] != uint8(d+1) {
					return false
				}
			}
		}
	}
	return true
}

// keepSolution writes the solved board into the grid buffer.
func (e *vectorEngine) keepSolution() {
	for band := range e.board {
		for d, w := range e.board[band][:9] {
			for ; w != 0; w &= w - 1 {
				e.grid[band*27+bits.TrailingZeros32(w)] = uint8(d + 1)
			}
		}
	}
}
