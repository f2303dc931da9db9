package bitboard

import (
	"math/bits"
	"math/rand/v2"
)

// The branching of the 9×9 boards. A branch picks a digit's configuration
// in a band or a stack: the way the digit places its three minirows (or
// minicolumns), one per row and box, a choice that fixes three of a
// digit's places at once. Of the bands and stacks it takes the one of
// least weight, the configurations left to its open digits (those with
// two or more) plus two for each open digit, and in it the digit with
// fewest configurations. tdoku's description takes the band with fewest
// configurations (weight 0 for a digit); on whole corpora the weight of
// two takes 3.5% fewer boards on top1465, 4% fewer on hardest-1106, as
// many on hardest-1905-11plus and 3% more on 17-clue; counting the open
// digits alone, first, took 14% fewer on hardest-1106 but 11% more on
// 17-clue.
// A target is unit·9 + digit, units 0–2 the bands and 3–5 the stacks; an
// option is a configuration's index.

// branch returns the target to branch on and its options, read from the
// patterns of an unsettled board that propagation left.
func (l *linePatterns) branch() (target int, options uint64) {
	var left [6]int // configurations left + 2 · open digits
	for d := range 9 {
		m, c := l.minirows[d], l.columns[d]
		left[0] += int(openWeight[m&allCols])
		left[1] += int(openWeight[m>>9&allCols])
		left[2] += int(openWeight[m>>18&allCols])
		left[3] += int(openWeight[gather(c)&allCols])
		left[4] += int(openWeight[gather(c>>3)&allCols])
		left[5] += int(openWeight[gather(c>>6)&allCols])
	}
	unit := -1
	for u, n := range left {
		if n > 0 && (unit < 0 || n < left[unit]) {
			unit = u
		}
	}
	if unit < 0 {
		panic("bitboard: no branch on an unsettled board")
	}
	fewest := uint8(7)
	for d := range 9 {
		if n := openConfigurations[l.pattern(unit, d)&allCols]; n != 0 && n < fewest {
			target, fewest = unit*9+d, n
		}
	}
	return target, l.options(target)
}

// options returns the configurations a branch target has left.
func (l *linePatterns) options(target int) uint64 {
	return uint64(configurationsIn[l.pattern(target/9, target%9)&allCols])
}

// pattern returns a digit's pattern in a unit: units 0–2 the bands, 3–5
// the stacks.
func (l *linePatterns) pattern(unit, d int) uint32 {
	if unit < 3 {
		return l.bandPattern(unit, d)
	}
	return l.stackPattern(unit-3, d)
}

// bandPattern returns a digit's minirows in a band, bit 3r+k for row r
// and box k.
func (l *linePatterns) bandPattern(band, d int) uint32 {
	return l.minirows[d] >> (9 * band) & allCols
}

// stackPattern returns a digit's minicolumns in a stack, bit 3b+c for
// band b and the stack's column c.
func (l *linePatterns) stackPattern(stack, d int) uint32 {
	return gather(l.columns[d] >> (3 * stack))
}

// gather returns the low three bits of each nine-bit part of x, side by
// side.
func gather(x uint32) uint32 { return x&7 | x>>6&0o70 | x>>12&0o700 }

// configurationKeeps returns the digit a branch target restricts and, for
// each band, the cells its word keeps under an option.
func configurationKeeps(target int, option uint64) (d int, keep [3]uint32) {
	unit, d := target/9, target%9
	i := bits.TrailingZeros64(option)
	if unit >= 3 {
		return d, stackKeeps[unit-3][i]
	}
	keep = [3]uint32{bandCells, bandCells, bandCells}
	keep[unit] = minirowCells[configurations[i]]
	return d, keep
}

// preferredConfiguration returns the option of a branch target that a
// full grid takes.
func preferredConfiguration(target int, grid []uint8) uint64 {
	unit, d := target/9, uint8(target%9+1)
	var x uint32
	for cell, digit := range grid {
		if digit != d {
			continue
		}
		row, col := cell/9, cell%9
		if unit < 3 {
			if row/3 == unit {
				x |= 1 << (3*(row%3) + col/3)
			}
		} else if col/3 == unit-3 {
			x |= 1 << (3*(row/3) + col%3)
		}
	}
	for i, c := range configurations {
		if c == x {
			return 1 << i
		}
	}
	return 0
}

// choose branches on a digit's configuration (see branch), or with
// cellRules on a cell (see chooseCell); ok is false when every cell is
// settled. It reads the patterns the last propagation left, so it must
// follow a successful one.
func (e *bandEngine) choose() (target int, options uint64, ok bool) {
	if e.board.settled == [3]uint32{bandCells, bandCells, bandCells} {
		return 0, 0, false
	}
	if e.cellRules {
		target, options = e.chooseCell()
		return target, options, true
	}
	target, options = e.lines.branch()
	return target, options, true
}

// assign restricts a digit to one configuration in a band or stack, or
// with cellRules a cell to one digit.
func (e *bandEngine) assign(target int, option uint64) {
	if e.cellRules {
		e.assignCell(target, option)
		return
	}
	d, keep := configurationKeeps(target, option)
	for band, k := range keep {
		e.board.cand[d][band] &= k
	}
}

func (e *bandEngine) preferred(target int, grid []uint8) uint64 {
	if e.cellRules {
		return 1 << (grid[target] - 1)
	}
	return preferredConfiguration(target, grid)
}

// assignCell clears every digit but the one in digit (a single bit) from
// the cell.
func (e *bandEngine) assignCell(cell int, digit uint64) {
	b := &e.board
	band, bit := cell/27, uint32(1)<<(cell%27)
	d := bits.TrailingZeros64(digit) % 9 // % 9 spares b.cand[d] its bounds check
	kept := b.cand[d][band] & bit
	b.clearCells(band, bit)
	b.cand[d][band] |= kept
}

// chooseCell picks a cell to branch on as the cell board does: among the
// cells with fewest digits, the one with most unsettled peers, the
// busiest part of the board, where either digit clears most. Measured on
// the corpora, that halves the guesses of the first such cell in reading
// order. The board must have an unsettled cell.
func (e *bandEngine) chooseCell() (cell int, options uint64) {
	b := &e.board
	var pairs, open [3]uint32
	for band := range b.settled {
		_, two, three := b.digitCounts(band)
		pairs[band] = two &^ three
		open[band] = bandCells &^ b.settled[band]
	}
	if pairs == [3]uint32{} {
		pairs = b.fewestDigits(open)
	}
	best := -1
	for band := range pairs {
		for m := pairs[band]; m != 0; m &= m - 1 {
			bit := bits.TrailingZeros32(m)
			if n := openPeers(open, band, bit); n > best {
				best, cell = n, band*27+bit
			}
		}
	}
	return cell, uint64(b.optionsAt(cell/27, cell%27))
}

// openPeers counts the unsettled peers of a cell.
func openPeers(open [3]uint32, band, bit int) int {
	others := otherBands[band]
	return bits.OnesCount32(open[band]&bandPeers[bit]) +
		bits.OnesCount32(open[others[0]]&columnCells[bit]) + bits.OnesCount32(open[others[1]]&columnCells[bit])
}

// fewestDigits returns the open cells with fewest digits left.
func (b *bandBoard) fewestDigits(open [3]uint32) [3]uint32 {
	fewest := 10
	var cells [3]uint32
	for band := range open {
		for m := open[band]; m != 0; m &= m - 1 {
			bit := m & -m
			switch n := bits.OnesCount32(b.optionsAt(band, bits.TrailingZeros32(bit))); {
			case n < fewest:
				fewest, cells = n, [3]uint32{}
				cells[band] = bit
			case n == fewest:
				cells[band] |= bit
			}
		}
	}
	return cells
}

// optionsAt returns the digits left in a cell, bit d for digit d+1
// (written out, as clearCells is).
func (b *bandBoard) optionsAt(band, bit int) uint32 {
	c := &b.cand
	var opts uint32
	add := func(d int) { opts |= (c[d][band] >> bit & 1) << d }
	add(0)
	add(1)
	add(2)
	add(3)
	add(4)
	add(5)
	add(6)
	add(7)
	add(8)
	return opts
}

// randomize does nothing: the band board's searches are short, and its
// ties are broken in a fixed order.
func (e *bandEngine) randomize(*rand.Rand) {}

// matches reports whether the settled board is the grid.
func (e *bandEngine) matches(grid []uint8) bool {
	for d := range e.board.cand {
		for band, w := range e.board.cand[d] {
			for ; w != 0; w &= w - 1 {
				if grid[band*27+bits.TrailingZeros32(w)] != uint8(d+1) {
					return false
				}
			}
		}
	}
	return true
}

// keepSolution writes the settled board into the grid buffer.
func (e *bandEngine) keepSolution() {
	for d := range e.board.cand {
		for band, w := range e.board.cand[d] {
			for ; w != 0; w &= w - 1 {
				e.grid[band*27+bits.TrailingZeros32(w)] = uint8(d + 1)
			}
		}
	}
}
