package asp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestWrite(t *testing.T) {
	tests := []struct {
		name      string
		variant   sudoku.Variant
		exclude   string
		want, not []string
	}{
		{"variant=classic", sudoku.Classic, "",
			[]string{"#const b = 2.", "1 { x(R, C, V) : val(V) } 1 :- cell(R, C).", "given(1, 3, 3).\n", "#show x/3."},
			[]string{"diagonal", ":- x("}},
		{"variant=diagonal", sudoku.Diagonal, "1432321423414123",
			[]string{"in(diagonal, I, I) :- val(I).", "in(antidiagonal, I, n + 1 - I) :- val(I).", ":- x(1, 2, 4), x(1, 4, 2),"},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Pose(sudokutest.Parse(t, "1.3..2.....1....", tt.variant), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.exclude != "" {
				if err := p.Exclude(sudokutest.Parse(t, tt.exclude, tt.variant)); err != nil {
					t.Fatal(err)
				}
			}
			var buf bytes.Buffer
			if err := p.Write(&buf); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("program lacks %q:\n%s", w, buf.String())
				}
			}
			for _, w := range tt.not {
				if strings.Contains(buf.String(), w) {
					t.Errorf("program has %q", w)
				}
			}
		})
	}
}

func TestDecode(t *testing.T) {
	p, err := Pose(sudokutest.Parse(t, "1.3..2.....1....", sudoku.Classic), Options{})
	if err != nil {
		t.Fatal(err)
	}
	atoms := strings.Fields("x(1,1,1) x(3,4,1) x(2,2,2) x(1,3,3) x(2,3,1) x(4,2,1) x(1,4,2) x(3,3,2) x(4,1,2) x(2,1,3) x(3,2,3) x(4,4,3) x(1,2,4) x(2,4,4) x(3,1,4) x(4,3,4) other(1)")
	g, err := p.Decode(atoms)
	if err != nil || g.String() != "1432321443212143" {
		t.Fatalf("decoded %v, %v", g, err)
	}
	for name, bad := range map[string][]string{
		"missing cell": atoms[:15],
		"two digits":   append(append([]string{}, atoms...), "x(1,1,2)"),
		"out of range": append(append([]string{}, atoms[1:]...), "x(1,1,5)"),
		"not a triple": append(append([]string{}, atoms[1:]...), "x(1,1)"),
	} {
		if _, err := p.Decode(bad); err == nil {
			t.Errorf("%s: decoded without an error", name)
		}
	}
}
