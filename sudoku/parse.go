package sudoku

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// Parse reads a puzzle in the one-line form (one symbol per cell, '.' blank,
// '0' also blank up to 9×9, for N > 9 the symbols 1-9 then A…) or the
// multi-line display form (separators '|', '-', '+' and spaces ignored, '?'
// also blank). The number of cells decides the size: 16, 81, 256 or 625.
func Parse(text string, v Variant) (*Grid, error) {
	text = strings.TrimSpace(text)
	if strings.ContainsAny(text, "\n\r") {
		return parseDisplay(text, v)
	}
	return ParseLine(text, v)
}

// ParseLine reads the one-line form. Errors are *Error values that name the
// character position (1-based) of a bad symbol. Text that is not ASCII is
// refused before its length is judged, naming the first foreign character
// (ErrSymbol) or, for bytes that are not text at all, saying that the input
// looks binary (ErrNotText). On 16×16 and 25×25 grids '0' is refused: it is
// a blank in this suite's 1–G convention but a digit in the 0–F one.
func ParseLine(line string, v Variant) (*Grid, error) {
	if err := CheckText(line); err != nil {
		return nil, err
	}
	geo, err := geometryForLength(len(line), v)
	if err != nil {
		return nil, err
	}
	g := NewGrid(geo)
	for i := 0; i < len(line); i++ {
		if line[i] == '0' && geo.N > 9 {
			return nil, errorf(ErrSymbol, "char %d (%s): '0' is ambiguous in a %d×%d grid: a blank where the digits are 1-9 and A-%c (this suite's symbols), the digit 0 where they are 0-9 and A-%c (hexadecimal); write blanks as '.', and shift 0-based digits up by one",
				i+1, geo.CellName(i), geo.N, geo.N, Symbol(geo.N), Symbol(geo.N-1))
		}
		d := Digit(line[i])
		if d < 0 || d > geo.N {
			return nil, errorf(ErrSymbol, "char %d (%s): unknown symbol %q for a %d×%d grid",
				i+1, geo.CellName(i), line[i], geo.N, geo.N)
		}
		g.cells[i] = uint8(d)
	}
	return g, nil
}

// CheckText returns an *Error for the first character of s that no puzzle
// holds: a byte that is not text (invalid UTF-8, or a control character
// other than tab, carriage return and newline: ErrNotText), or a non-ASCII
// character, named by its code point and Unicode name (ErrSymbol). Columns
// count characters, not bytes, from 1.
func CheckText(s string) error {
	if f, found := firstForeign(s); found {
		return errorf(f.kind, "%s at column %d: %s", f.what, f.column, f.advice)
	}
	return nil
}

// foreign is a character that no puzzle holds, and where it stands.
type foreign struct {
	column       int // 1-based, in characters
	what, advice string
	kind         error
}

// firstForeign finds the first character of s that no puzzle holds.
func firstForeign(s string) (foreign, bool) {
	const binary = "not text: the input looks binary, not a file of puzzles"
	column := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		column++
		switch {
		case r == utf8.RuneError && size == 1:
			return foreign{column, fmt.Sprintf("byte 0x%02X", s[i]), binary, ErrNotText}, true
		case r < 0x20 && !strings.ContainsRune("\t\r\n", r), r == 0x7f:
			return foreign{column, fmt.Sprintf("control character 0x%02X", r), binary, ErrNotText}, true
		case r >= utf8.RuneSelf:
			return foreign{column, RuneName(r), foreignAdvice(r), ErrSymbol}, true
		}
		i += size
	}
	return foreign{}, false
}

// RuneName names a character as Unicode does: "U+FF11 FULLWIDTH DIGIT ONE".
func RuneName(r rune) string {
	if name := runenames.Name(r); name != "" && !strings.HasPrefix(name, "<") {
		return fmt.Sprintf("U+%04X %s", r, name)
	}
	return fmt.Sprintf("U+%04X", r)
}

// foreignAdvice says what to write instead of a non-ASCII character.
func foreignAdvice(r rune) string {
	if unicode.IsDigit(r) {
		return "use ASCII digits 1-9 (and '.' for a blank)"
	}
	return "a puzzle holds ASCII symbols only: digits 1-9, letters A… above 9, '.' for a blank"
}

func parseDisplay(text string, v Variant) (*Grid, error) {
	var symbols []byte
	for lineNo, line := range strings.Split(text, "\n") {
		if f, found := firstForeign(line); found {
			return nil, errorf(f.kind, "%s at line %d, column %d: %s", f.what, lineNo+1, f.column, f.advice)
		}
		for col := 0; col < len(line); col++ {
			ch := line[col]
			switch {
			case strings.IndexByte("|-+ \t\r", ch) >= 0:
				continue
			case Digit(ch) < 0:
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
	ErrNotText      = kindError("not text")
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
