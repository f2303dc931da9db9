package sudoku

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// pattern returns the classic full grid (r·box + r/box + c) mod N + 1.
func pattern(box int) *Grid {
	geo := MustGeometry(box, Classic)
	g := NewGrid(geo)
	for r := range geo.N {
		for c := range geo.N {
			g.Set(r*geo.N+c, (r*box+r/box+c)%geo.N+1)
		}
	}
	return g
}

func TestParseLineSizes(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		n := box * box
		t.Run(fmt.Sprintf("size=%d", n), func(t *testing.T) {
			full := pattern(box)
			line := full.String()
			if cells := oneLineCells(line); cells != n*n {
				t.Fatalf("String has %d cells, want %d", cells, n*n)
			}
			g, err := ParseLine(line, Classic)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Equal(full) || g.N() != n || g.Hints() != n*n || !g.Complete() {
				t.Fatalf("parsed %s, want %s", g, full)
			}
		})
	}
}

// oneLineCells counts the cells of a one-line form: its symbols, or its
// numbers where it holds blanks.
func oneLineCells(line string) int {
	if fields := strings.Fields(line); len(fields) > 1 {
		return len(fields)
	}
	return len(line)
}

// Past 25×25 the one-line form is the numbers form, and the symbol form is
// refused with what to write instead.
func TestStringIsNumbersPast25(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		g := pattern(box)
		wantNumbers := g.N() > MaxSymbolSide
		t.Run(fmt.Sprintf("size=%d", g.N()), func(t *testing.T) {
			if gotNumbers := g.String() == g.Numbers(); gotNumbers != wantNumbers {
				t.Errorf("String is the numbers form: %v, want %v", gotNumbers, wantNumbers)
			}
		})
	}
	_, err := ParseLine(strings.Repeat("1", 36*36), Classic)
	checkError(t, err, ErrLength, "1296 cells: a puzzle has 16, 81, 256 or 625 cells (4×4, 9×9, 16×16, 25×25); 36×36 puzzles (1296 cells) are written as whitespace-separated numbers, their digits pass the symbols")
}

func TestParseBlanksAndSymbols(t *testing.T) {
	tests := []struct {
		name, text string
		cell, want int
	}{
		{"dot-blank", "." + strings.Repeat("1", 80), 0, 0},
		{"zero-blank", "0" + strings.Repeat("1", 80), 0, 0},
		{"question-blank", "?" + strings.Repeat("1", 80), 0, 0},
		{"digit", "7" + strings.Repeat(".", 80), 0, 7},
		{"letter-16", strings.Repeat(".", 255) + "G", 255, 16},
		{"lowercase-16", "a" + strings.Repeat(".", 255), 0, 10},
		{"letter-25", strings.Repeat(".", 624) + "P", 624, 25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.text, Classic)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Cell(tt.cell); got != tt.want {
				t.Errorf("cell %d = %d, want %d", tt.cell, got, tt.want)
			}
		})
	}
}

func TestParseDisplayForm(t *testing.T) {
	text := `
 5 3 ? | . 7 . | . . .
 6 . . | 1 9 5 | . . .
 . 9 8 | . . . | . 6 .
-------+-------+------
 8 . . | . 6 . | . . 3
 4 . . | 8 . 3 | . . 1
 7 . . | . 2 . | . . 6
-------+-------+------
 . 6 . | . . . | 2 8 .
 . . . | 4 1 9 | . . 5
 . . . | . 8 . | . 7 9
`
	want := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	g, err := Parse(strings.ReplaceAll(text, "\n", "\r\n"), Classic)
	if err != nil {
		t.Fatal(err)
	}
	if g.String() != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

func TestPrettyRoundTrip(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		for _, v := range []Variant{Classic, Diagonal} {
			g, err := ParseLine(pattern(box).String(), v)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(g.Cells()); i += 3 {
				g.Set(i, 0)
			}
			t.Run(fmt.Sprintf("size=%d/variant=%s", g.N(), v), func(t *testing.T) {
				back, err := Parse(g.Pretty(), v)
				if err != nil {
					t.Fatalf("%v in\n%s", err, g.Pretty())
				}
				if !back.Equal(g) {
					t.Errorf("Pretty round trip gave %s, want %s", back, g)
				}
				if back, err = ParseLine(g.String(), v); err != nil || !back.Equal(g) {
					t.Errorf("String round trip gave %v, %v", back, err)
				}
			})
		}
	}
}

func TestPrettyLayout(t *testing.T) {
	want := "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 3 | 4 1\n4 1 | 2 3\n"
	if got := pattern(2).Pretty(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		kind       error
		msg        string
	}{
		{"length", strings.Repeat(".", 80), ErrLength,
			"80 cells: a puzzle has 16, 81, 256 or 625 cells (4×4, 9×9, 16×16, 25×25); 36×36 puzzles (1296 cells) are written as whitespace-separated numbers, their digits pass the symbols"},
		{"empty", "", ErrLength, "0 cells: a puzzle has 16, 81, 256 or 625 cells (4×4, 9×9, 16×16, 25×25); 36×36 puzzles (1296 cells) are written as whitespace-separated numbers, their digits pass the symbols"},
		{"symbol", strings.Repeat(".", 11) + "x" + strings.Repeat(".", 69), ErrSymbol,
			`char 12 (r2c3): unknown symbol 'x' for a 9×9 grid`},
		{"symbol-too-big", "A" + strings.Repeat(".", 80), ErrSymbol,
			`char 1 (r1c1): unknown symbol 'A' for a 9×9 grid`},
		{"symbol-4x4", "5" + strings.Repeat(".", 15), ErrSymbol,
			`char 1 (r1c1): unknown symbol '5' for a 4×4 grid`},
		{"display-symbol", "1 2 | 3 4\n3 * | 1 2\n", ErrSymbol, `line 2, char 3: unknown symbol '*'`},
		{"display-length", "1 2 | 3 4\n3 4 | 1 2\n", ErrLength,
			"8 cells: a puzzle has 16, 81, 256 or 625 cells (4×4, 9×9, 16×16, 25×25); 36×36 puzzles (1296 cells) are written as whitespace-separated numbers, their digits pass the symbols"},
		// A fullwidth digit is three bytes: it is named, not counted as bytes.
		{"fullwidth-digit", "12\uff11" + strings.Repeat(".", 78), ErrSymbol,
			"U+FF11 FULLWIDTH DIGIT ONE at column 3: use ASCII digits 1-9 (and '.' for a blank)"},
		{"arabic-indic-digit", "\u0665" + strings.Repeat(".", 80), ErrSymbol,
			"U+0665 ARABIC-INDIC DIGIT FIVE at column 1: use ASCII digits 1-9 (and '.' for a blank)"},
		{"foreign-symbol", "1²" + strings.Repeat(".", 14), ErrSymbol,
			"U+00B2 SUPERSCRIPT TWO at column 2: a puzzle holds ASCII symbols only: digits 1-9, letters A… above 9, '.' for a blank"},
		{"binary-byte", "1\xb2" + strings.Repeat(".", 14), ErrNotText,
			"byte 0xB2 at column 2: not text: the input looks binary, not a file of puzzles"},
		{"binary-nul", "12\x00" + strings.Repeat(".", 13), ErrNotText,
			"control character 0x00 at column 3: not text: the input looks binary, not a file of puzzles"},
		{"display-fullwidth", "1 2 | 3 4\n3 \uff14 | 1 2\n", ErrSymbol,
			"U+FF14 FULLWIDTH DIGIT FOUR at line 2, column 3: use ASCII digits 1-9 (and '.' for a blank)"},
		// On 16×16, '0' is a blank (1-G) or a digit (0-F): refused, not guessed.
		{"zero-16", "0" + strings.Repeat(".", 255), ErrSymbol,
			"char 1 (r1c1): '0' is ambiguous in a 16×16 grid: a blank where the digits are 1-9 and A-G (this suite's symbols), the digit 0 where they are 0-9 and A-F (hexadecimal); write blanks as '.', and shift 0-based digits up by one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text, Classic)
			checkError(t, err, tt.kind, tt.msg)
		})
	}
}

// checkError asserts that err is a *Error of the kind with the message.
func checkError(t *testing.T, err error, kind error, msg string) {
	t.Helper()
	var se *Error
	switch {
	case err == nil:
		t.Fatalf("no error, want %q", msg)
	case !errors.Is(err, kind):
		t.Errorf("error %q is not of kind %q", err, kind)
	case !errors.As(err, &se):
		t.Errorf("error %q is a %T, not a *sudoku.Error", err, err)
	}
	if err.Error() != msg {
		t.Errorf("message %q\nwant    %q", err, msg)
	}
}

func TestParseVariant(t *testing.T) {
	for in, want := range map[string]Variant{"": Classic, "classic": Classic, "Diagonal": Diagonal, " x ": Diagonal} {
		if got, err := ParseVariant(in); err != nil || got != want {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseVariant("killer"); err == nil {
		t.Error(`ParseVariant("killer") gave no error`)
	}
}

func TestSHA256(t *testing.T) {
	line := pattern(3).String()
	classic, _ := ParseLine(line, Classic)
	diagonal, _ := ParseLine(line, Diagonal)
	if classic.SHA256() == diagonal.SHA256() || len(classic.SHA256()) != 64 {
		t.Errorf("classic %s, diagonal %s", classic.SHA256(), diagonal.SHA256())
	}
}

func FuzzParse(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	f.Add("1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n")
	f.Add(strings.Repeat("0", 16))
	f.Add(pattern(4).String())
	f.Add("?")
	f.Add(pattern(2).Numbers())
	f.Add("0 12 0 16 " + strings.Repeat(". ", 252))
	f.Add("\ufeff1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1")
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range []Variant{Classic, Diagonal} {
			g, err := Parse(text, v)
			if err != nil {
				continue
			}
			back, err := ParseLine(g.String(), v)
			if err != nil || !back.Equal(g) {
				t.Fatalf("%q parsed to %s, which reads back as %v, %v", text, g, back, err)
			}
			if back, err = Parse(g.Pretty(), v); err != nil || !back.Equal(g) {
				t.Fatalf("%q: Pretty reads back as %v, %v", text, back, err)
			}
			if back, err = Parse(g.Numbers(), v); err != nil || !back.Equal(g) {
				t.Fatalf("%q: Numbers reads back as %v, %v", text, back, err)
			}
			_ = g.Validate()
		}
	})
}

// A display grid past 9×9 may write its cells as numbers, as Pretty does
// past 25×25: one number a cell, '.' a blank, separators anywhere.
func TestParseDisplayNumbers(t *testing.T) {
	g := pattern(4)
	g.Set(0, 0)
	var rows []string
	for r := range 16 {
		var cells []string
		for c := range 16 {
			text := fmt.Sprint(g.At(r, c))
			if text == "0" {
				text = "."
			}
			cells = append(cells, text)
			if c%4 == 3 && c < 15 {
				cells = append(cells, "|")
			}
		}
		rows = append(rows, strings.Join(cells, " "))
		if r%4 == 3 && r < 15 {
			rows = append(rows, strings.Repeat("-", 20))
		}
	}
	back, err := Parse(strings.Join(rows, "\n"), Classic)
	if err != nil || !back.Equal(g) {
		t.Fatalf("Parse = %v, %v; want %s", back, err, g)
	}
	pretty := pattern(6).Pretty()
	if first, _, _ := strings.Cut(pretty, "\n"); !strings.HasPrefix(first, " 1  2  3  4  5  6 |  7 ") {
		t.Errorf("36×36 display row %q: want numbers right aligned in two columns", first)
	}
}

// FuzzManyFields holds manyFields to strings.Fields on the text ParseLine
// gives it (CheckText has passed it: ASCII only).
func FuzzManyFields(f *testing.F) {
	for _, s := range []string{"", " ", "1.3", " 1 ", "1 2", "1\t2\n", "\v1\f", "1\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if CheckText(s) != nil {
			return
		}
		if got, want := manyFields(s), len(strings.Fields(s)) > 1; got != want {
			t.Fatalf("manyFields(%q) = %v, strings.Fields says %v", s, got, want)
		}
	})
}
