package sudoku

import (
	"fmt"
	"strings"
)

// Parse reads a puzzle in the one-line form (one symbol per cell, '.' or '0'
// blank, for N > 9 the symbols 1-9 then A…) or the multi-line display form
// (separators '|', '-', '+' and spaces ignored, '?' also blank). The number of
// cells decides the size: 16, 81, 256 or 625.
func Parse(text string, v Variant) (*Grid, error) {
	text = strings.TrimSpace(text)
	if strings.ContainsAny(text, "\n\r") {
		return parseDisplay(text, v)
	}
	return ParseLine(text, v)
}

// ParseLine reads the one-line form. Errors are *Error values that name the
// character position (1-based) of a bad symbol.
func ParseLine(line string, v Variant) (*Grid, error) {
	geo, err := geometryForLength(len(line), v)
	if err != nil {
		return nil, err
	}
	g := NewGrid(geo)
	for i := 0; i < len(line); i++ {
		d := symbolDigit(line[i])
		if d < 0 || d > geo.N {
			return nil, errorf(ErrSymbol, "char %d (%s): unknown symbol %q for a %d×%d grid",
				i+1, geo.CellName(i), line[i], geo.N, geo.N)
		}
		g.cells[i] = uint8(d)
	}
	return g, nil
}

func parseDisplay(text string, v Variant) (*Grid, error) {
	var symbols []byte
	for lineNo, line := range strings.Split(text, "\n") {
		for col := 0; col < len(line); col++ {
			ch := line[col]
			switch {
			case strings.IndexByte("|-+ \t\r", ch) >= 0:
				continue
			case symbolDigit(ch) < 0:
				return nil, errorf(ErrSymbol, "line %d, char %d: unknown symbol %q", lineNo+1, col+1, ch)
			}
			symbols = append(symbols, ch)
		}
	}
	return ParseLine(string(symbols), v)
}

func geometryForLength(n int, v Variant) (*Geometry, error) {
	for b := MinBox; b <= MaxBox; b++ {
		if b*b*b*b == n {
			return NewGeometry(b, v)
		}
	}
	return nil, errorf(ErrLength, "%d cells: a puzzle has 16, 81, 256 or 625 cells (4×4, 9×9, 16×16, 25×25)", n)
}

// Error is a problem with a puzzle or a solution. Kind is one of the Err
// sentinels, so errors.Is(err, sudoku.ErrDuplicate) tells the kind.
type Error struct {
	Kind error
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the kind, for errors.Is.
func (e *Error) Unwrap() error { return e.Kind }

func errorf(kind error, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// The kinds of Error.
var (
	ErrLength       = kindError("wrong length")
	ErrSymbol       = kindError("unknown symbol")
	ErrDuplicate    = kindError("duplicate given")
	ErrNoCandidate  = kindError("cell without candidate")
	ErrSameSingle   = kindError("two cells forced to the same digit")
	ErrShape        = kindError("grid shape mismatch")
	ErrEmptyCell    = kindError("empty cell in solution")
	ErrGivenChanged = kindError("given changed")
	ErrRuleBroken   = kindError("rule broken")
)

type kindError string

func (k kindError) Error() string { return string(k) }
