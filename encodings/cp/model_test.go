package cp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The model states the givens as data, alldifferent on each kind of unit,
// the diagonals only in the diagonal variant, and excluded solutions as
// data with one constraint.
func TestWrite(t *testing.T) {
	tests := []struct {
		name, puzzle string
		variant      sudoku.Variant
		exclude      string
		want, not    []string
	}{
		{"size=4/variant=classic", "1.3..2.....1....", sudoku.Classic, "",
			[]string{"int: b = 2;", "alldifferent([x[r, c] | c in N])", "givens = [|\n  1, 0, 3, 0 |\n  0, 2, 0, 0 |", " |];\n", "solve satisfy;"},
			[]string{"x[i, i]", "excluded"}},
		{"size=4/variant=diagonal", "1.3..2.....1....", sudoku.Diagonal, "1432321423414123",
			[]string{"alldifferent([x[i, i] | i in N])", "alldifferent([x[i, n + 1 - i] | i in N])", "array[1..1, N, N] of N: excluded;", "excluded = array3d(1..1, N, N, [\n  1, 4, 3, 2,"},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Pose(sudokutest.Parse(t, tt.puzzle, tt.variant), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.exclude != "" {
				if err := m.Exclude(sudokutest.Parse(t, tt.exclude, tt.variant)); err != nil {
					t.Fatal(err)
				}
			}
			var buf bytes.Buffer
			if err := m.Write(&buf); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("model lacks %q:\n%s", w, buf.String())
				}
			}
			for _, w := range tt.not {
				if strings.Contains(buf.String(), w) {
					t.Errorf("model has %q:\n%s", w, buf.String())
				}
			}
		})
	}
}

func TestDecode(t *testing.T) {
	m, err := Pose(sudokutest.Parse(t, "1.3..2.....1....", sudoku.Classic), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := m.Decode("1 4 3 2\n3 2 1 4\n2 3 4 1\n4 1 2 3\n")
	if err != nil || g.String() != "1432321423414123" {
		t.Fatalf("decoded %v, %v", g, err)
	}
	for _, bad := range []string{"1 4 3 2", "1 4 3 2 3 2 1 4 2 3 4 1 4 1 2 5", "1 4 3 2 3 2 1 4 2 3 4 1 4 1 2 x"} {
		if _, err := m.Decode(bad); err == nil {
			t.Errorf("decoded %q without an error", bad)
		}
	}
	if err := m.Exclude(sudokutest.Parse(t, "1432321423414123", sudoku.Diagonal)); err == nil {
		t.Error("excluded a grid of another geometry")
	}
	if s := m.Stats(); s.Variables != 16 || s.Givens != 4 || s.AllDifferent != 12 {
		t.Errorf("stats %+v", s)
	}
}
