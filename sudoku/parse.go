package sudoku

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// byteOrderMark is U+FEFF as UTF-8, which some editors put at the start of
// a text file. It is no part of a puzzle: Parse and ParseLine drop it where
// it opens their text, as the corpora loader drops it where it opens a file.
const byteOrderMark = "\ufeff"

// TrimByteOrderMark returns s without the UTF-8 byte-order mark that may
// open it.
func TrimByteOrderMark(s string) string { return strings.TrimPrefix(s, byteOrderMark) }

// Parse reads a puzzle in any of its written forms. The rule that tells
// them apart:
//
//   - text of several lines is the display form: one grid row a line,
//     separators '|', '-', '+' and blanks ignored, '?' also blank;
//   - a single line of several whitespace-separated tokens is the numbers
//     form (see ParseLine): "0 12 0 16 …", one number a cell;
//   - a single line without blanks is the one-symbol-per-cell form.
//
// The number of cells decides the size: 16, 81, 256 or 625. A leading
// byte-order mark is dropped.
func Parse(text string, v Variant) (*Grid, error) {
	text = strings.TrimSpace(TrimByteOrderMark(text))
	if strings.ContainsAny(text, "\n\r") {
		return parseDisplay(text, v)
	}
	return ParseLine(text, v)
}

// ParseLine reads a puzzle written on one line, in one of two forms:
//
//   - one symbol per cell, no blanks between them: '.' blank, '0' also blank
//     up to 9×9, for N > 9 the symbols 1-9 then A…;
//   - whitespace-separated numbers, the form that Numbers writes: exactly
//     one token per cell (N² tokens, N a side from MinBox² to MaxBox²), each a
//     decimal number 1..N, or 0 or '.' for a blank. A line is read this way
//     when it holds more than one token.
//
// Errors are *Error values that name where a bad symbol stands: its
// character position (1-based) and cell, or for a number its token, column
// and cell. Text that is not ASCII is refused before its length is judged,
// naming the first foreign character (ErrSymbol) or, for bytes that are not
// text at all, saying that the input looks binary (ErrNotText). In the
// symbol form on 16×16 and 25×25 grids '0' is refused: it is a blank in this
// suite's 1–G convention but a digit in the 0–F one. A leading byte-order
// mark is dropped.
func ParseLine(line string, v Variant) (*Grid, error) {
	line = TrimByteOrderMark(line)
	if err := CheckText(line); err != nil {
		return nil, err
	}
	if len(strings.Fields(line)) > 1 {
		return parseNumbers(line, v)
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
	if geo, ok := geometryForCells(n, v); ok {
		return geo, nil
	}
	return nil, errorf(ErrLength, "%d cells: a puzzle has %s cells (%s)", n, supportedCells(), supportedShapes())
}

// geometryForCells returns the geometry of a grid of n cells, if one of the
// supported sides gives that many.
func geometryForCells(n int, v Variant) (*Geometry, bool) {
	for b := MinBox; b <= MaxBox; b++ {
		if b*b*b*b == n {
			geo, err := NewGeometry(b, v)
			return geo, err == nil
		}
	}
	return nil, false
}

// supportedCells lists the cell counts of the supported sides: "16, 81,
// 256 or 625".
func supportedCells() string {
	var counts []string
	for b := MinBox; b <= MaxBox; b++ {
		counts = append(counts, strconv.Itoa(b*b*b*b))
	}
	return joinOr(counts)
}

// supportedShapes lists the supported grids: "4×4, 9×9, 16×16, 25×25".
func supportedShapes() string {
	var shapes []string
	for b := MinBox; b <= MaxBox; b++ {
		shapes = append(shapes, fmt.Sprintf("%d×%d", b*b, b*b))
	}
	return strings.Join(shapes, ", ")
}

// joinOr joins items as a list in prose: "a, b or c".
func joinOr(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
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
