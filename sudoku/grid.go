package sudoku

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// Grid is a puzzle or a solution: N² cells in row-major order, 0 for an empty
// cell and 1..N for a digit.
type Grid struct {
	geo   *Geometry
	cells []uint8
}

// NewGrid returns an empty grid of the given geometry.
func NewGrid(geo *Geometry) *Grid {
	return &Grid{geo: geo, cells: make([]uint8, geo.Cells)}
}

// Geometry returns the grid's shape.
func (g *Grid) Geometry() *Geometry { return g.geo }

// N returns the side length and number of digits.
func (g *Grid) N() int { return g.geo.N }

// Cells returns the grid's cells, row-major, 0 for empty. The slice is the
// grid's own storage: callers that keep or change it should Clone first.
func (g *Grid) Cells() []uint8 { return g.cells }

// Cell returns the digit of a cell, 0 if empty.
func (g *Grid) Cell(i int) int { return int(g.cells[i]) }

// Set puts digit d (0 to clear) into cell i.
func (g *Grid) Set(i, d int) { g.cells[i] = uint8(d) }

// At returns the digit at row r, column c (0-based), 0 if empty.
func (g *Grid) At(r, c int) int { return int(g.cells[r*g.geo.N+c]) }

// Hints returns the number of filled cells.
func (g *Grid) Hints() int {
	n := 0
	for _, d := range g.cells {
		if d != 0 {
			n++
		}
	}
	return n
}

// Complete reports whether every cell is filled.
func (g *Grid) Complete() bool { return g.Hints() == len(g.cells) }

// Clone returns an independent copy.
func (g *Grid) Clone() *Grid {
	return &Grid{geo: g.geo, cells: append([]uint8(nil), g.cells...)}
}

// Equal reports whether two grids have the same geometry and cells.
func (g *Grid) Equal(o *Grid) bool {
	return o != nil && g.geo == o.geo && string(g.cells) == string(o.cells)
}

// String returns the one-line form: one symbol per cell, '.' for empty, up
// to 25×25; a larger grid, whose digits pass the symbols, in the numbers
// form (Numbers). ParseLine reads either back.
func (g *Grid) String() string {
	if g.geo.N > MaxSymbolSide {
		return g.Numbers()
	}
	// Built on the stack and copied once: the parent of a stream of fast
	// solves writes three of these per puzzle.
	var line [MaxSymbolSide * MaxSymbolSide]byte
	for i, d := range g.cells {
		line[i] = Symbol(int(d))
	}
	return string(line[:len(g.cells)])
}

// SHA256 identifies the puzzle: the hex SHA-256 of its one-line form
// (String), with ":diagonal" appended for the diagonal variant.
func (g *Grid) SHA256() string { return LineSHA256(g.String(), g.geo.Variant) }

// LineSHA256 is the SHA256 of a puzzle of variant v whose one-line form
// (String) is line, for a caller that holds the line already.
func LineSHA256(line string, v Variant) string {
	if v != Classic {
		line += ":" + v.String()
	}
	sum := sha256.Sum256([]byte(line))
	return hex.EncodeToString(sum[:])
}

// Pretty returns the multi-line display form with box separators: one row
// a line, cells as symbols up to 25×25; on larger grids as numbers right
// aligned in columns, '.' for a blank. Parse reads either back.
func (g *Grid) Pretty() string {
	n, box := g.geo.N, g.geo.Box
	width := 1
	if n > MaxSymbolSide {
		width = len(strconv.Itoa(n))
	}
	var b strings.Builder
	sep := strings.Repeat("-", box*(width+1))
	line := sep
	for i := 1; i < box; i++ {
		line += "+-" + sep
	}
	for r := 0; r < n; r++ {
		if r > 0 && r%box == 0 {
			b.WriteString(line[:len(line)-1])
			b.WriteByte('\n')
		}
		for c := 0; c < n; c++ {
			if c > 0 && c%box == 0 {
				b.WriteString("| ")
			}
			b.WriteString(g.cellText(g.At(r, c), width))
			if c < n-1 {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// cellText writes a digit for the display form: its symbol when width is
// 1, else its number right aligned in width, '.' for a blank.
func (g *Grid) cellText(d, width int) string {
	if width == 1 {
		return string(Symbol(d))
	}
	text := "."
	if d != 0 {
		text = strconv.Itoa(d)
	}
	return strings.Repeat(" ", width-len(text)) + text
}

// Symbol returns the character for digit d: '.' for 0, '1'..'9', then 'A'
// for 10 up to 'P' for 25 (and 'Z' for 35; 36 has none: such grids are
// written as numbers).
func Symbol(d int) byte {
	switch {
	case d == 0:
		return '.'
	case d <= 9:
		return byte('0' + d)
	default:
		return byte('A' + d - 10)
	}
}

// Digit returns the digit a puzzle symbol stands for: 0 for a blank ('.',
// '0' or '?'), 1-9, then 10 for 'A' or 'a' and so on; -1 for a character
// that is no symbol. Whether the digit fits a grid's size is the caller's
// question.
func Digit(ch byte) int {
	switch {
	case ch == '.' || ch == '0' || ch == '?':
		return 0
	case ch >= '1' && ch <= '9':
		return int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	}
	return -1
}

// PatternGrid returns a complete, valid classic grid of the given box size,
// digit (box·(r mod box) + r div box + c) mod N + 1 at row r, column c: the
// shifted-rows pattern. Blanking its cells gives test puzzles of any size.
// It breaks the diagonal rule, so it is classic only. Like MustGeometry, it
// panics on a box size outside MinBox..MaxBox.
func PatternGrid(box int) *Grid {
	geo := MustGeometry(box, Classic)
	g := NewGrid(geo)
	for r := 0; r < geo.N; r++ {
		for c := 0; c < geo.N; c++ {
			g.cells[r*geo.N+c] = uint8((box*(r%box)+r/box+c)%geo.N + 1)
		}
	}
	return g
}
