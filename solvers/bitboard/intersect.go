package bitboard

// The intersection rules of the band board. Every row meets a box in a
// minirow of three cells, every column meets one in a minicolumn; a digit
// lies in a minirow when one of its cells holds it.
// The three cells of a minirow hold three different digits, so exactly
// three digits lie in it: when only three can, each must (and leaves the
// rest of the minirow's row and box), and when three must, no other can.
// The same holds for minicolumns. These are tdoku's numerical clauses over
// triads (exactly three of nine); the digit-by-digit rules of settleDigit
// cannot see them, since they count across digits.

// linePatterns holds each digit's minirows and minicolumns as the
// intersection rules last read them, all three bands in one word:
// minirows[d] has bit 9b+3r+k for row r of band b in box k, columns[d]
// bit 9b+c for column c of band b. Either way each band's part is nine
// bits, in three triples: the minirows of a row, the columns of a box.
// Sixteen entries, not nine: the vector kernel writes whole registers.
type linePatterns struct {
	minirows [16]uint32
	columns  [16]uint32
}

const (
	// triadStarts: the lowest bit of each triple of a 27-bit word.
	triadStarts = 0o111111111
	// firstTriads: the bits of the first triple of each band's part.
	firstTriads = 0o007007007
	allBands    = 1<<27 - 1
	// triadStarts64 and bothHalves are triadStarts and allBands in both
	// halves of a 64-bit word.
	triadStarts64 = triadStarts | triadStarts<<32
	bothHalves    = allBands | allBands<<32
)

// intersections applies the rules to the minirows and minicolumns of the
// board as it finds it, and reports whether they removed a candidate;
// false in ok is a contradiction. It leaves the patterns it read in
// lines. A digit must lie in a minirow when it is the only one of its row
// (the matching of rows to boxes that settleDigit keeps makes it the only
// one of its box too), and in a minicolumn when it is the only column of
// its box in the band (settleDigit's rules then make the band the only
// one to hold it in that column).
func (b *bandBoard) intersections(lines *linePatterns) (progress, ok bool) {
	// Minirows in the low half of each 64-bit word, minicolumns in the
	// high half: one tally counts both.
	var can, must tally
	var forced [9]uint64
	for d := range b.cand {
		w0, w1, w2 := b.cand[d][0], b.cand[d][1], b.cand[d][2]
		rows := minirowsOf(w0) | minirowsOf(w1)<<9 | minirowsOf(w2)<<18
		cols := columnsOf(w0) | columnsOf(w1)<<9 | columnsOf(w2)<<18
		lines.minirows[d], lines.columns[d] = rows, cols
		x := uint64(rows) | uint64(cols)<<32
		forced[d] = exactlyOne(x)
		can.add(x)
		must.add(forced[d])
	}
	if can.three != bothHalves || must.four != 0 {
		return false, false
	}
	locked, full := can.three&^can.four&^must.three, must.three&can.four
	if locked|full == 0 {
		return false, true
	}
	for d := range b.cand {
		if b.minirowRule(d, lines.minirows[d], uint32(forced[d]), uint32(locked), uint32(full)) {
			progress = true
		}
		if b.minicolumnRule(d, lines.columns[d], uint32(forced[d]>>32), uint32(locked>>32), uint32(full>>32)) {
			progress = true
		}
	}
	return progress, true
}

// tally counts, bit-sliced, in how many of the patterns added so far each
// bit is set: at least one, two, three and four.
type tally struct{ one, two, three, four uint64 }

func (t *tally) add(x uint64) {
	t.four |= t.three & x
	t.three |= t.two & x
	t.two |= t.one & x
	t.one |= x
}

// exactlyOne returns the bits of x alone in their triple.
func exactlyOne(x uint64) uint64 {
	a, b, c := x&triadStarts64, x>>1&triadStarts64, x>>2&triadStarts64
	one := (a ^ b ^ c) &^ (a & b)
	return x & (one * 7)
}

// triadFill returns the triples of x that hold a bit, filled.
func triadFill(x uint32) uint32 { return (x | x>>1 | x>>2) & triadStarts * 7 }

// minirowRule removes from a digit, given its minirows x and those it
// must lie in, the other minirows of the rows and boxes of those it is
// locked into, and the full minirows it need not lie in; it reports
// whether it removed any.
func (b *bandBoard) minirowRule(d int, x, forced, locked, full uint32) bool {
	lock := x & locked
	box := (lock | lock>>3 | lock>>6) & firstTriads
	kill := (triadFill(lock)|box*(1|1<<3|1<<6))&^lock | full&^forced
	if x&kill == 0 {
		return false
	}
	keep := x &^ kill
	for band := range b.cand[d] {
		b.cand[d][band] &= minirowCells[keep>>(9*band)&allCols]
	}
	return true
}

// minicolumnRule removes from a digit, given its minicolumns x and those
// it must lie in, the other columns of the boxes of those it is locked
// into and their columns in the other bands, and the full minicolumns it
// need not lie in; it reports whether it removed any.
func (b *bandBoard) minicolumnRule(d int, x, forced, locked, full uint32) bool {
	lock := x & locked
	kill := triadFill(lock)&^lock | full&^forced | lock<<9&allBands | lock>>18 | lock<<18&allBands | lock>>9
	if x&kill == 0 {
		return false
	}
	for band := range b.cand[d] {
		b.cand[d][band] &^= spread(kill >> (9 * band) & allCols)
	}
	return true
}
