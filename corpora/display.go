package corpora

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sudokubench/sudokubench/sudoku"
)

// displayBlock gathers a puzzle written in the multi-line display form, one
// grid row a line ("5 3 . | . 7 . | . . ."), with optional separator rows
// ("------+-------+------"). The first row's cell count gives the side (4, 9,
// 16 or 25) and so the number of rows that complete the grid. A puzzle's
// line is the line of its first row.
type displayBlock struct {
	start   int    // line of the first row; 0 when no grid is open
	side    int    // cells per row, from the first row
	rows    int    // rows read so far
	symbols []byte // the cells read so far, row-major
}

// isDisplayLine reports whether a line (trimmed) belongs to the display
// form: it holds a column separator '|' or '+', is a row separator made of
// '-', '+' and '=', is single symbols separated by blanks (and not a puzzle
// in the numbers form, isNumbersLine), or is a bare row. openSide is the
// side of the grid being read, 0 when none is open: a line of that many
// cells continues it.
func isDisplayLine(line string, openSide int) bool {
	if line == "" || strings.HasPrefix(line, "#") {
		return false
	}
	if strings.ContainsAny(line, "|+") || strings.Trim(line, "-=+ ") == "" {
		return true
	}
	fields := strings.Fields(line)
	if len(fields) == 1 {
		return isBareRow(line, openSide)
	}
	if isNumbersLine(line, openSide) {
		return false
	}
	for _, f := range fields {
		if len(f) != 1 {
			return false
		}
	}
	return true
}

// isBareRow reports whether a line is one grid row written without
// separators ("53..7...."): 4, 9 or 25 symbols of that side, or 16 symbols
// of which one is above 4, or a row of the open grid. Sixteen symbols 1-4
// and blanks with no grid open are a 4×4 puzzle in the one-line form, as
// they always were.
func isBareRow(line string, openSide int) bool {
	side := len(line)
	if side == 16 && side != openSide && !strings.ContainsFunc(line, func(r rune) bool { return r < utf8.RuneSelf && sudoku.Digit(byte(r)) > 4 }) {
		return false
	}
	if !validSide(side) {
		return false
	}
	for i := 0; i < len(line); i++ {
		if d := sudoku.Digit(line[i]); d < 0 || d > side {
			return false
		}
	}
	return true
}

// open reports whether a grid has been started and not yet completed.
func (b *displayBlock) open() bool { return b.start != 0 }

// add takes one display line. Once the grid's last row is read it returns
// the grid in the one-line form and the line of its first row; it returns an
// error naming what does not fit.
func (b *displayBlock) add(line string, lineNo int) (grid string, start int, err error) {
	row := displaySymbols(line)
	if len(row) == 0 {
		return "", 0, nil // a separator row
	}
	if !b.open() {
		if !validSide(len(row)) {
			return "", 0, fmt.Errorf("%w: a display row of %d cells; a grid row has 4, 9, 16 or 25", sudoku.ErrLength, len(row))
		}
		b.start, b.side = lineNo, len(row)
	}
	if len(row) != b.side {
		defer b.reset()
		return "", 0, fmt.Errorf("%w: row %d of the grid starting at line %d has %d cells, its first row has %d",
			sudoku.ErrLength, b.rows+1, b.start, len(row), b.side)
	}
	b.symbols = append(b.symbols, row...)
	if b.rows++; b.rows < b.side {
		return "", 0, nil
	}
	grid, start = string(b.symbols), b.start
	b.reset()
	return grid, start, nil
}

// unfinished returns the error for a grid cut short, and closes it.
func (b *displayBlock) unfinished() error {
	defer b.reset()
	return fmt.Errorf("%w: the grid starting at line %d ends after %d of its %d rows", sudoku.ErrLength, b.start, b.rows, b.side)
}

func (b *displayBlock) reset() {
	b.start, b.side, b.rows, b.symbols = 0, 0, 0, b.symbols[:0]
}

// displaySymbols returns a display line's cell symbols, separators dropped.
func displaySymbols(line string) []byte {
	var row []byte
	for i := 0; i < len(line); i++ {
		if strings.IndexByte("|+-= \t", line[i]) < 0 {
			row = append(row, line[i])
		}
	}
	return row
}

func validSide(n int) bool {
	for b := sudoku.MinBox; b <= sudoku.MaxBox; b++ {
		if b*b == n {
			return true
		}
	}
	return false
}
