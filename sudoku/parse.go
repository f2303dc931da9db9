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
// The number of cells decides the size: 16, 81, 256, 625 or 1296. The
// display form writes its cells as symbols, or, on grids past 9×9, as
// numbers (" 12  . 36 | …"), the form Pretty uses past 25×25. A leading
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
//     up to 9×9, for N > 9 the symbols 1-9 then A…; up to 25×25, whose
//     digits end at P (a 36×36 grid has digits past the symbols);
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
	if manyFields(line) {
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

// manyFields reports whether s holds more than one field separated by
// white space (strings.Fields without the slice: the parent of a stream
// of fast solves reads two lines per puzzle).
func manyFields(s string) bool {
	fields, inField := 0, false
	for i := 0; i < len(s); i++ {
		space := asciiSpace(s[i])
		if !space && !inField {
			if fields++; fields > 1 {
				return true
			}
		}
		inField = !space
	}
	return false
}

// asciiSpace reports whether c is ASCII white space as unicode.IsSpace has it.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
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
	if plainPrintable(s) {
		return foreign{}, false
	}
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

// plainPrintable reports whether s is printable ASCII, tab, carriage
// return and newline only: text in which firstForeign finds nothing.
func plainPrintable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
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
	var cells []string
	for lineNo, line := range strings.Split(text, "\n") {
		if f, found := firstForeign(line); found {
			return nil, errorf(f.kind, "%s at line %d, column %d: %s", f.what, lineNo+1, f.column, f.advice)
		}
		for col := 0; col < len(line); col++ {
			if ch := line[col]; strings.IndexByte(displaySeparators, ch) < 0 && Digit(ch) < 0 {
				return nil, errorf(ErrSymbol, "line %d, char %d: unknown symbol %q", lineNo+1, col+1, ch)
			}
		}
		cells = append(cells, DisplayCells(line)...)
	}
	return ParseLine(JoinCells(cells), v)
}

// displaySeparators are the characters of the display form that stand
// between cells: box lines and blanks.
const displaySeparators = "|-+= \t\r"

// DisplayCells returns the cells of one line of the display form, its
// separators ('|', '-', '+', '=') and blanks dropped: a row written in
// numbers ("12  . 36 | …", some cell of more than one character, on grids
// past 9×9) gives one number a cell, any other row one symbol a cell
// ("53. | .7." gives 5, 3, ., ., 7, .). A separator row gives none.
func DisplayCells(line string) []string {
	tokens := strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune(displaySeparators, r) })
	if isNumbersRow(tokens) {
		return tokens
	}
	var cells []string
	for _, t := range tokens {
		for i := 0; i < len(t); i++ {
			cells = append(cells, t[i:i+1])
		}
	}
	return cells
}

// isNumbersRow reports whether the tokens of a display row are its cells
// written as numbers: one token a cell of a grid past 9×9, each a number
// or '.', and some of them more than one character long.
func isNumbersRow(tokens []string) bool {
	long := false
	for _, t := range tokens {
		if t != "." && strings.Trim(t, "0123456789") != "" {
			return false
		}
		long = long || len(t) > 1
	}
	return long && validSide(len(tokens)) && len(tokens) > 9
}

// JoinCells writes the cells of a grid, as DisplayCells returns them row by
// row, on one line that ParseLine reads: symbols side by side where every
// cell is one symbol and the grid fits them, else whitespace-separated
// numbers.
func JoinCells(cells []string) string {
	for _, c := range cells {
		if len(c) > 1 {
			return strings.Join(cells, " ")
		}
	}
	if len(cells) > MaxSymbolSide*MaxSymbolSide {
		return strings.Join(cells, " ")
	}
	return strings.Join(cells, "")
}

func geometryForLength(n int, v Variant) (*Geometry, error) {
	if geo, ok := geometryForCells(n, v); ok && geo.N <= MaxSymbolSide {
		return geo, nil
	}
	return nil, errorf(ErrLength, "%d cells: a puzzle has %s cells (%s)%s", n, symbolCells(), symbolShapes(), numbersOnly())
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

// validSide reports whether n is the side of a supported grid.
func validSide(n int) bool {
	for b := MinBox; b <= MaxBox; b++ {
		if b*b == n {
			return true
		}
	}
	return false
}

// supportedCells lists the cell counts of the supported sides: "16, 81,
// 256, 625 or 1296".
func supportedCells() string { return cellsUpTo(MaxBox) }

// symbolCells lists the cell counts of the sides the symbol form holds.
func symbolCells() string { return cellsUpTo(symbolMaxBox()) }

func cellsUpTo(maxBox int) string {
	var counts []string
	for b := MinBox; b <= maxBox; b++ {
		counts = append(counts, strconv.Itoa(b*b*b*b))
	}
	return joinOr(counts)
}

// symbolMaxBox is the largest box whose grid the symbol form holds.
func symbolMaxBox() int {
	box := MinBox
	for (box+1)*(box+1) <= MaxSymbolSide {
		box++
	}
	return box
}

// supportedShapes lists the supported grids: "4×4, 9×9, 16×16, 25×25,
// 36×36".
func supportedShapes() string { return shapesUpTo(MaxBox) }

// symbolShapes lists the grids the symbol form holds.
func symbolShapes() string { return shapesUpTo(symbolMaxBox()) }

func shapesUpTo(maxBox int) string {
	var shapes []string
	for b := MinBox; b <= maxBox; b++ {
		shapes = append(shapes, fmt.Sprintf("%d×%d", b*b, b*b))
	}
	return strings.Join(shapes, ", ")
}

// supportedSides lists the supported sides: "4, 9, 16, 25 or 36".
func supportedSides() string {
	var sides []string
	for b := MinBox; b <= MaxBox; b++ {
		sides = append(sides, strconv.Itoa(b*b))
	}
	return joinOr(sides)
}

// numbersOnly names the grids that only the numbers form holds: "; 36×36
// puzzles (1296 cells) are written as whitespace-separated numbers, their
// digits pass the symbols".
func numbersOnly() string {
	var grids []string
	for b := symbolMaxBox() + 1; b <= MaxBox; b++ {
		grids = append(grids, fmt.Sprintf("%d×%d puzzles (%d cells)", b*b, b*b, b*b*b*b))
	}
	if len(grids) == 0 {
		return ""
	}
	return "; " + joinOr(grids) + " are written as whitespace-separated numbers, their digits pass the symbols"
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
