package sudoku

import (
	"fmt"
	"strings"
	"testing"
)

// withBlanks returns the pattern grid of a box size read for a variant,
// every third cell emptied.
func withBlanks(t testing.TB, box int, v Variant) *Grid {
	t.Helper()
	g := mustParse(t, PatternGrid(box).String(), v)
	for i := 0; i < len(g.Cells()); i += 3 {
		g.Set(i, 0)
	}
	return g
}

// Every supported size, as numbers and back, through ParseLine and Parse.
func TestNumbersRoundTrip(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		for _, v := range []Variant{Classic, Diagonal} {
			for _, blanks := range []bool{false, true} {
				g := mustParse(t, PatternGrid(box).String(), v)
				if blanks {
					g = withBlanks(t, box, v)
				}
				t.Run(fmt.Sprintf("size=%d/variant=%s/blanks=%v", g.N(), v, blanks), func(t *testing.T) {
					text := g.Numbers()
					if n := len(strings.Fields(text)); n != g.Geometry().Cells || strings.Contains(text, "\n") {
						t.Fatalf("Numbers wrote %d tokens (newline: %v), want %d on one line", n, strings.Contains(text, "\n"), g.Geometry().Cells)
					}
					for name, parse := range map[string]func(string, Variant) (*Grid, error){"ParseLine": ParseLine, "Parse": Parse} {
						back, err := parse(text, v)
						if err != nil || !back.Equal(g) {
							t.Errorf("%s(Numbers()) = %v, %v; want %s", name, back, err, g)
						}
					}
				})
			}
		}
	}
}

// The numbers form read by hand: any run of blanks or tabs between tokens,
// '.' and 0 both blank, numbers past 9 as numbers.
func TestParseNumbersForm(t *testing.T) {
	sixteen := PatternGrid(4)
	tokens := strings.Fields(sixteen.Numbers())
	tokens[0], tokens[1] = "0", "."
	want := sixteen.Clone()
	want.Set(0, 0)
	want.Set(1, 0)
	tests := []struct {
		name, text string
		want       *Grid
	}{
		{"size=16/single-spaces", strings.Join(tokens, " "), want},
		{"size=16/tabs-and-runs", "  " + strings.Join(tokens, " \t  ") + "\t", want},
		{"size=9/digits", "5 3 0 0 7 0 0 0 0 6 0 0 1 9 5 0 0 0 0 9 8 0 0 0 0 6 0 8 0 0 0 6 0 0 0 3 4 0 0 8 0 3 0 0 1 7 0 0 0 2 0 0 0 6 0 6 0 0 0 0 2 8 0 0 0 0 4 1 9 0 0 5 0 0 0 0 8 0 0 7 9",
			mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", Classic)},
		{"size=9/leading-zeros", "05" + strings.Repeat(" .", 80), mustParse(t, "5"+strings.Repeat(".", 80), Classic)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseLine(tt.text, Classic)
			if err != nil || !g.Equal(tt.want) {
				t.Fatalf("got %v, %v; want %s", g, err, tt.want)
			}
		})
	}
}

func mustParse(t testing.TB, line string, v Variant) *Grid {
	t.Helper()
	g, err := ParseLine(line, v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Errors in the numbers form name the cell, the token and its column.
func TestParseNumbersErrors(t *testing.T) {
	sixteen := strings.Fields(PatternGrid(4).Numbers())
	with := func(at int, token string) string {
		tokens := append([]string(nil), sixteen...)
		tokens[at] = token
		return strings.Join(tokens, " ")
	}
	column39 := len(strings.Join(sixteen[:38], " ")) + 2
	tests := []struct {
		name, text string
		kind       error
		msg        string
	}{
		{"out-of-range", with(38, "17"), ErrSymbol,
			fmt.Sprintf("r3c7 (token 39, column %d): 17 out of range 1..16 (0 or '.' for a blank)", column39)},
		{"huge", with(0, "99999999999999999999999"), ErrSymbol,
			"r1c1 (token 1, column 1): 9999999999999999… out of range 1..16 (0 or '.' for a blank)"},
		{"letter", with(0, "A"), ErrSymbol,
			`r1c1 (token 1, column 1): "A" is a letter: in whitespace-separated numbers every digit is a number (10 for A)`},
		{"not-a-number", with(1, "-3"), ErrSymbol,
			`r1c2 (token 2, column 3): "-3" is not a number: write each cell as a number 1..16, or 0 or '.' for a blank`},
		{"question-mark", with(1, "?"), ErrSymbol,
			`r1c2 (token 2, column 3): "?" is not a number: write each cell as a number 1..16, or 0 or '.' for a blank`},
		{"one-missing", strings.Join(sixteen[1:], " "), ErrLength,
			`255 whitespace-separated tokens: a puzzle on one line is 16, 81, 256 or 625 symbols with nothing between them ("53..7...."), or 16, 81, 256, 625 or 1296 whitespace-separated numbers, one a cell ("5 3 0 0 7 …"; 4×4, 9×9, 16×16, 25×25, 36×36)`},
		{"puzzle-and-remark", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 3.4", ErrLength,
			`2 whitespace-separated tokens: a puzzle on one line is 16, 81, 256 or 625 symbols with nothing between them ("53..7...."), or 16, 81, 256, 625 or 1296 whitespace-separated numbers, one a cell ("5 3 0 0 7 …"; 4×4, 9×9, 16×16, 25×25, 36×36)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text, Classic)
			checkError(t, err, tt.kind, tt.msg)
		})
	}
}

// A byte-order mark, as some editors write at the start of a file, is no
// part of the puzzle.
func TestByteOrderMark(t *testing.T) {
	want := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", Classic)
	for name, text := range map[string]string{
		"form=line":    "\ufeff" + want.String(),
		"form=numbers": "\ufeff" + want.Numbers(),
		"form=display": "\ufeff" + want.Pretty(),
	} {
		t.Run(name, func(t *testing.T) {
			g, err := Parse(text, Classic)
			if err != nil || !g.Equal(want) {
				t.Errorf("Parse = %v, %v; want %s", g, err, want)
			}
		})
	}
	if g, err := ParseLine("\ufeff"+want.String(), Classic); err != nil || !g.Equal(want) {
		t.Errorf("ParseLine = %v, %v; want %s", g, err, want)
	}
}

// FuzzNumbers writes a grid of any supported size in the numbers form, its
// tokens separated by the fuzzer's blanks, and reads it back.
func FuzzNumbers(f *testing.F) {
	f.Add(uint8(2), []byte{1, 2, 3, 4, 0}, []byte(" "))
	f.Add(uint8(4), []byte{16, 12, 0, 9}, []byte("\t  "))
	f.Add(uint8(5), []byte{25, 1}, []byte(" \t"))
	f.Fuzz(func(t *testing.T, box uint8, digits, blanks []byte) {
		b := MinBox + int(box)%(MaxBox-MinBox+1)
		geo := MustGeometry(b, Classic)
		g := NewGrid(geo)
		for i := range g.Cells() {
			if len(digits) > 0 {
				g.Set(i, int(digits[i%len(digits)])%(geo.N+1))
			}
		}
		var sep strings.Builder
		for _, c := range blanks {
			sep.WriteByte(" \t"[c%2])
		}
		if sep.Len() == 0 {
			sep.WriteByte(' ')
		}
		text := strings.ReplaceAll(g.Numbers(), " ", sep.String())
		back, err := ParseLine(text, Classic)
		if err != nil || !back.Equal(g) {
			t.Fatalf("%q read back as %v, %v; want %s", text, back, err, g)
		}
	})
}
