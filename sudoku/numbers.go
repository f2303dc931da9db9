package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// The numbers form writes a puzzle as one line of whitespace-separated
// decimal numbers, one a cell in row-major order, 0 (or '.') for a blank:
// the natural notation once digits pass 9, and one that needs no new
// symbols for larger grids. Its rule, kept apart from the display form's
// (several lines, one a row): a single line of exactly N² tokens, N a
// supported side.

// Numbers returns the grid in the numbers form: its N² cells on one line,
// each its digit as a decimal number, 0 for an empty cell, separated by
// single spaces. ParseLine and Parse read it back.
func (g *Grid) Numbers() string {
	var b strings.Builder
	b.Grow(3 * len(g.cells))
	for i, d := range g.cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(d)))
	}
	return b.String()
}

// numberToken is one whitespace-separated token of a line.
type numberToken struct {
	text   string
	column int // 1-based
}

// splitTokens cuts a line (ASCII, as CheckText leaves it) at runs of
// blanks, keeping where each token starts.
func splitTokens(line string) []numberToken {
	var tokens []numberToken
	start := -1
	for i := 0; i <= len(line); i++ {
		blank := i == len(line) || strings.IndexByte(" \t\r\n\v\f", line[i]) >= 0
		switch {
		case blank && start >= 0:
			tokens = append(tokens, numberToken{line[start:i], start + 1})
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	return tokens
}

// parseNumbers reads the numbers form. The token count decides the size.
func parseNumbers(line string, v Variant) (*Grid, error) {
	tokens := splitTokens(line)
	geo, ok := geometryForCells(len(tokens), v)
	if !ok {
		return nil, errorf(ErrLength, "%d whitespace-separated tokens: a puzzle on one line is %s symbols with nothing between them (\"53..7....\"), or %s whitespace-separated numbers, one a cell (\"5 3 0 0 7 …\"; %s)",
			len(tokens), symbolCells(), supportedCells(), supportedShapes())
	}
	g := NewGrid(geo)
	for i, t := range tokens {
		d, problem := cellNumber(t.text, geo.N)
		if problem != "" {
			return nil, errorf(ErrSymbol, "%s (token %d, column %d): %s", geo.CellName(i), i+1, t.column, problem)
		}
		g.cells[i] = uint8(d)
	}
	return g, nil
}

// cellNumber reads one token of the numbers form for a grid of side n: the
// digit, or what is wrong with the token.
func cellNumber(token string, n int) (int, string) {
	if token == "." {
		return 0, ""
	}
	if strings.Trim(token, "0123456789") != "" {
		if d := Digit(token[0]); len(token) == 1 && d > 9 && d <= n {
			return 0, fmt.Sprintf("%q is a letter: in whitespace-separated numbers every digit is a number (%d for %s)", token, d, token)
		}
		return 0, fmt.Sprintf("%q is not a number: write each cell as a number 1..%d, or 0 or '.' for a blank", shorten(token), n)
	}
	d, err := strconv.Atoi(token)
	if err != nil || d > n {
		return 0, fmt.Sprintf("%s out of range 1..%d (0 or '.' for a blank)", shorten(token), n)
	}
	return d, ""
}

// shorten cuts a long token for an error message.
func shorten(token string) string {
	const most = 16
	if len(token) <= most {
		return token
	}
	return token[:most] + "…"
}
