package bitboard

import "math/bits"

// A band word holds one digit's candidates in a band of three rows: bit
// 9·r+c for row r of the band (0..2) and column c (0..8). Its nine
// minirows are the three cells of one row inside one box; a minirow
// pattern has bit 3·r+k when minirow (row r, box k) holds a candidate.
const (
	bandCells = 1<<27 - 1 // every cell of a band
	allCols   = 1<<9 - 1  // every column
	allDigits = 1<<9 - 1  // every digit, bit d for digit d+1
)

// otherBands lists, for each band, the two others.
var otherBands = [3][2]int{{1, 2}, {0, 2}, {0, 1}}

// The lookup tables of the band board, each indexed by nine bits.
var (
	// boxesOfRow: for one row of a band word, bit k when box k of the
	// row holds a candidate.
	boxesOfRow [512]uint8
	// matchedMinirows: for a minirow pattern, the cells of the minirows
	// that lie on a perfect matching of the band's rows to its boxes. A
	// digit takes one row of each box and one box of each row, so every
	// other minirow is ruled out: pointing and claiming along rows, and
	// more. Zero when no matching exists.
	matchedMinirows [512]uint32
	// lonelyColumns: for a band's column projection, the columns that are
	// the only column of their box to hold the digit. The band owns the
	// digit's place in such a column; the other bands lose it.
	lonelyColumns [512]uint16
	// claimedColumns: for the columns only this band can serve, the
	// columns each box may keep: those claimed columns where a box has
	// any, all three of its columns where it has none.
	claimedColumns [512]uint16
	// loneBit: x when x has exactly one bit set, 0 otherwise.
	loneBit [512]uint16
	// bandPeers: for a bit of a band word, the other cells of its row and
	// its box.
	bandPeers [27]uint32
	// columnCells: for a bit of a band word, the cells of its column.
	columnCells [27]uint32
	// minirowCells: for a minirow pattern, the cells of its minirows.
	minirowCells [512]uint32
	// minirowPeers: for a minirow pattern, the other minirows of the
	// rows and boxes its minirows lie in.
	minirowPeers [512]uint16
	// boxColumnPeers: for a column set, the other columns of the boxes
	// its columns lie in.
	boxColumnPeers [512]uint16
	// openConfigurations: for a minirow pattern, how many configurations
	// it holds when it holds two or more, else 0.
	openConfigurations [512]uint8
	// configurationsIn: for a minirow pattern, bit i for each
	// configuration i it holds.
	configurationsIn [512]uint8
	// openWeight: for a minirow pattern with two configurations or more,
	// their number plus two (an open digit's weight in the branch's
	// choice of unit); else 0.
	openWeight [512]uint16
	// stackKeeps: for a stack, a configuration and a band, the cells of
	// the band a digit keeps: every column outside the stack, and the one
	// column of the stack the configuration gives the band.
	stackKeeps [3][6][3]uint32
)

// configurations are the six ways a digit can lie in a band: one minirow
// per row and per box, bit 3r+k for row r in box k. Read with r a band
// and k a column of a stack, they are the six ways it can lie in a stack.
var configurations = [6]uint32{
	1<<0 | 1<<4 | 1<<8, 1<<0 | 1<<5 | 1<<7,
	1<<1 | 1<<3 | 1<<8, 1<<1 | 1<<5 | 1<<6,
	1<<2 | 1<<3 | 1<<7, 1<<2 | 1<<4 | 1<<6,
}

func init() {
	for x := range 512 {
		boxesOfRow[x] = uint8(nonEmptyTriples(x))
		matchedMinirows[x] = matchedCells(x)
		lonelyColumns[x] = perTriple(x, func(t int) int { return t * boolInt(bits.OnesCount(uint(t)) == 1) })
		claimedColumns[x] = perTriple(x, func(t int) int { return t | 7*boolInt(t == 0) })
		loneBit[x] = uint16(x * boolInt(bits.OnesCount(uint(x)) == 1))
	}
	for x := range 512 {
		for m := range 9 {
			if x>>m&1 == 1 {
				r, k := m/3, m%3
				minirowCells[x] |= 7 << (9*r + 3*k)
				minirowPeers[x] |= uint16(7<<(3*r) | 0b001001001<<k)
			}
		}
		minirowPeers[x] &^= uint16(x)
		boxColumnPeers[x] = perTriple(x, func(t int) int { return 7 * boolInt(t != 0) &^ t })
		for i, c := range configurations {
			contained := boolInt(uint32(x)&c == c)
			openConfigurations[x] += uint8(contained)
			configurationsIn[x] |= uint8(contained << i)
		}
		if openConfigurations[x] < 2 {
			openConfigurations[x] = 0
		} else {
			openWeight[x] = 2 + uint16(openConfigurations[x])
		}
	}
	for stack := range 3 {
		for i, c := range configurations {
			for band := range 3 {
				column := bits.TrailingZeros32(c >> (3 * band) & 7)
				stackKeeps[stack][i][band] = spread(allCols&^(7<<(3*stack)) | 1<<(3*stack+column))
			}
		}
	}
	for bit := range 27 {
		r, c := bit/9, bit%9
		row := uint32(allCols) << (9 * r)
		box := spread(uint32(7) << (3 * (c / 3)))
		bandPeers[bit] = (row | box) &^ (1 << bit)
		columnCells[bit] = spread(1 << c)
	}
}

// nonEmptyTriples returns bit k for each triple k (bits 3k..3k+2) of x
// that has a bit set.
func nonEmptyTriples(x int) int {
	out := 0
	for k := range 3 {
		if x>>(3*k)&7 != 0 {
			out |= 1 << k
		}
	}
	return out
}

// perTriple applies f to each triple of x and reassembles the results.
func perTriple(x int, f func(triple int) int) uint16 {
	out := 0
	for k := range 3 {
		out |= f(x>>(3*k)&7) << (3 * k)
	}
	return uint16(out)
}

// matchedCells returns the cells of the minirows of pattern p (bit 3r+k)
// that some permutation row → box covering only pattern minirows uses.
func matchedCells(p int) uint32 {
	var cells uint32
	for _, perm := range [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		var used uint32
		all := true
		for r, k := range perm {
			all = all && p>>(3*r+k)&1 == 1
			used |= 7 << (9*r + 3*k)
		}
		if all {
			cells |= used
		}
	}
	return cells
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spread copies a 9-bit column set to the three rows of a band word.
func spread(cols uint32) uint32 { return cols * (1 | 1<<9 | 1<<18) }

// columnsOf returns the columns of a band word that hold a candidate.
func columnsOf(w uint32) uint32 { return (w | w>>9 | w>>18) & allCols }

// shrink keeps the candidates of a band word that lie on a perfect
// matching of its rows to its boxes; zero means the digit cannot be
// placed in the band.
func shrink(w uint32) uint32 {
	p := uint32(boxesOfRow[w&allCols]) | uint32(boxesOfRow[w>>9&allCols])<<3 | uint32(boxesOfRow[w>>18&allCols])<<6
	return w & matchedMinirows[p&allCols]
}

// rowSingles returns the candidates of a band word that are alone in
// their row.
func rowSingles(w uint32) uint32 {
	return uint32(loneBit[w&allCols]) | uint32(loneBit[w>>9&allCols])<<9 | uint32(loneBit[w>>18&allCols])<<18
}

// minirowsOf returns the minirows of a band word that hold a candidate.
func minirowsOf(w uint32) uint32 {
	return uint32(boxesOfRow[w&allCols]) | uint32(boxesOfRow[w>>9&allCols])<<3 | uint32(boxesOfRow[w>>18&allCols])<<6
}
