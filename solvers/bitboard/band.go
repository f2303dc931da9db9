package bitboard

import (
	"math/bits"

	"github.com/sudokubench/sudokubench/sudoku"
)

// bandBoard is a 9×9 classic board as bit boards: for each digit and band
// of three rows, the band word of cells that may still hold the digit.
// A placed digit stays in its cell's word; a cell is settled once a
// single digit is left there and that digit has been cleared from the
// cell's peers. At 228 bytes it is copied whole at each branch point.
type bandBoard struct {
	cand    [9][3]uint32
	seen    [9][3]uint32 // cand when the digit last reached its fixpoint
	settled [3]uint32
}

// bandEngine searches 9×9 classic puzzles on a bandBoard.
type bandEngine struct {
	board    bandBoard
	stack    [81]bandBoard
	branches [81]frame
	grid     [81]uint8 // the kept solution
	// lines holds the minirows and columns of every digit's words as the
	// last propagation left them, for choose.
	lines linePatterns
	// cellRules makes the board the oracle's: no intersection rules, and
	// branches on cells as the cell board takes them, so that its
	// searches are the cell board's, five to seven times faster.
	cellRules bool
}

func (e *bandEngine) frames() []frame   { return e.branches[:] }
func (e *bandEngine) solution() []uint8 { return e.grid[:] }
func (e *bandEngine) save(i int)        { e.stack[i] = e.board }
func (e *bandEngine) restore(i int)     { e.board = e.stack[i] }
func (e *bandEngine) propagate() bool   { return e.board.propagate(&e.lines, !e.cellRules) }

// load sets the board to the puzzle's givens (see loadGivens).
func (e *bandEngine) load(g *sudoku.Grid) { e.board.loadGivens(g) }

// loadGivens sets the board to a puzzle's givens: each given cell keeps
// its digit only and is settled, and each given digit leaves the given's
// peers. Givens in conflict leave a cell without a digit, which the first
// propagation reports.
func (b *bandBoard) loadGivens(g *sudoku.Grid) {
	var given [3]uint32
	var givenAs [9][3]uint32
	for cell, digit := range g.Cells() {
		if digit != 0 {
			given[cell/27] |= 1 << (cell % 27)
			givenAs[digit-1][cell/27] |= 1 << (cell % 27)
		}
	}
	b.settled = given
	for d := range b.cand {
		for band := range b.cand[d] {
			b.cand[d][band] = bandCells&^given[band] | givenAs[d][band]
		}
		b.seen[d] = [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
	}
	for d := range givenAs {
		for band, cells := range givenAs[d] {
			for ; cells != 0; cells &= cells - 1 {
				b.place(d, band, bits.TrailingZeros32(cells))
			}
		}
	}
}

// exclude removes digits from an empty cell.
func (e *bandEngine) exclude(cell int, digits uint64) {
	band, bit := cell/27, uint32(1)<<(cell%27)
	for ; digits != 0; digits &= digits - 1 {
		e.board.cand[bits.TrailingZeros64(digits)%9][band] &^= bit
	}
}

// place clears digit d from the peers of a cell: its row and box in the
// band, its column in every band.
func (b *bandBoard) place(d, band, bit int) {
	own := b.cand[d][band] &^ bandPeers[bit]
	for i := range b.cand[d] {
		b.cand[d][i] &^= columnCells[bit]
	}
	b.cand[d][band] = own
}

// propagate settles every digit whose words changed, in passes over the
// digits that repeat while a settle changes another digit's words, then
// naked singles, then (if intersect) the intersection rules, until nothing
// changes; false means a contradiction. On success with intersect, lines
// holds the final board's patterns.
func (b *bandBoard) propagate(lines *linePatterns, intersect bool) bool {
	for {
		for again := true; again; {
			again = false
			for d := range b.cand {
				if b.cand[d] != b.seen[d] {
					ok, touched := b.settleDigit(d)
					if !ok {
						return false
					}
					again = again || touched
				}
			}
		}
		progress, ok := b.nakedSingles()
		if !ok {
			return false
		}
		if progress {
			continue
		}
		if !intersect {
			return true
		}
		if progress, ok = b.intersections(lines); !ok || !progress {
			return ok
		}
	}
}

// settleDigit brings one digit's three words to a fixpoint of its own
// rules: a perfect row–box matching in each band (locked candidates along
// rows), a column a band owns cleared from the others (pointing along
// columns), a column only one band can serve claimed in that band's box
// (claiming along columns, and hidden singles in columns), every column
// served. It then clears each cell alone in its row (a hidden single;
// boxes reduce to rows through the matching) from the other digits, and
// reports whether it did.
func (b *bandBoard) settleDigit(d int) (ok, touchedOthers bool) {
	w0, w1, w2 := b.cand[d][0], b.cand[d][1], b.cand[d][2]
	for {
		w0, w1, w2 = shrink(w0), shrink(w1), shrink(w2)
		c0, c1, c2 := columnsOf(w0), columnsOf(w1), columnsOf(w2)
		if w0 == 0 || w1 == 0 || w2 == 0 || c0|c1|c2 != allCols {
			return false, false
		}
		l0, l1, l2 := lonelyColumns[c0], lonelyColumns[c1], lonelyColumns[c2]
		n0 := w0 & spread(uint32(claimedColumns[c0&^(c1|c2)]&^(l1|l2)))
		n1 := w1 & spread(uint32(claimedColumns[c1&^(c0|c2)]&^(l0|l2)))
		n2 := w2 & spread(uint32(claimedColumns[c2&^(c0|c1)]&^(l0|l1)))
		if n0 == w0 && n1 == w1 && n2 == w2 {
			break
		}
		w0, w1, w2 = n0, n1, n2
	}
	b.cand[d] = [3]uint32{w0, w1, w2}
	for band, w := range b.cand[d] {
		if fresh := rowSingles(w) &^ b.settled[band]; fresh != 0 {
			touchedOthers = true
			b.settled[band] |= fresh
			b.clearCells(band, fresh)
			b.cand[d][band] = w
		}
	}
	b.seen[d] = b.cand[d]
	return true, touchedOthers
}

// clearCells removes cells of a band from every digit's word. It is
// written out digit by digit: as a loop it cost a sixth of a 17-clue solve.
func (b *bandBoard) clearCells(band int, cells uint32) {
	c := &b.cand
	c[0][band] &^= cells
	c[1][band] &^= cells
	c[2][band] &^= cells
	c[3][band] &^= cells
	c[4][band] &^= cells
	c[5][band] &^= cells
	c[6][band] &^= cells
	c[7][band] &^= cells
	c[8][band] &^= cells
}

// digitCounts returns the cells of a band with at least one, two and three
// digits left, counted bit-sliced over the nine digits (written out, as
// clearCells is).
func (b *bandBoard) digitCounts(band int) (one, two, three uint32) {
	c := &b.cand
	add := func(w uint32) {
		three |= two & w
		two |= one & w
		one |= w
	}
	add(c[0][band])
	add(c[1][band])
	add(c[2][band])
	add(c[3][band])
	add(c[4][band])
	add(c[5][band])
	add(c[6][band])
	add(c[7][band])
	add(c[8][band])
	return one, two, three
}

// nakedSingles settles the cells left with one digit. It reports whether
// it settled any, and false in ok when a cell has no digit left.
func (b *bandBoard) nakedSingles() (progress, ok bool) {
	for band := range b.settled {
		once, twice, _ := b.digitCounts(band)
		if once != bandCells {
			return false, false
		}
		single := once &^ twice &^ b.settled[band]
		if single == 0 {
			continue
		}
		progress = true
		b.settled[band] |= single
		for d := range b.cand {
			for m := b.cand[d][band] & single; m != 0; m &= m - 1 {
				b.place(d, band, bits.TrailingZeros32(m))
			}
		}
	}
	return progress, true
}
