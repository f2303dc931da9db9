package corpora_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/sudoku"
)

const top95First = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

// prettyTop95First is top95First in the display form, separators and all.
const prettyTop95First = `4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
`

func scanText(t *testing.T, text string, opts corpora.Options) ([]corpora.Puzzle, corpora.Stats, error) {
	t.Helper()
	var got []corpora.Puzzle
	stats, err := corpora.Scan(strings.NewReader(text), "in.txt", "in", opts, collect(&got))
	return got, stats, err
}

func TestDisplayFormIsRead(t *testing.T) {
	sixteen := sudoku.PatternGrid(4).String()
	var rows []string
	for r := 0; r < 16; r++ {
		row := []byte(sixteen[16*r : 16*r+16])
		row[r] = '?'
		rows = append(rows, strings.Join(strings.Split(string(row), ""), " "))
	}
	tests := []struct {
		name, text string
		want       []string // one-line forms
		lines      []int
	}{
		{"form=9x9-separators", prettyTop95First, []string{top95First}, []int{1}},
		{"form=crlf-after-comment", "# pretty\r\n" + strings.ReplaceAll(prettyTop95First, "\n", "\r\n"), []string{top95First}, []int{2}},
		{"form=mixed-with-lines", top95First + "\n\n" + prettyTop95First + top95First + "\n", []string{top95First, top95First, top95First}, []int{1, 3, 14}},
		{"form=4x4-question-marks", "1 ? | ? ?\n? ? | 3 ?\n-----+----\n? 3 | ? ?\n? ? | ? 1\n", []string{"1.....3..3.....1"}, []int{1}},
		{"form=16x16-letters", strings.Join(rows, "\n") + "\n", []string{func() string {
			b := []byte(sixteen)
			for r := 0; r < 16; r++ {
				b[17*r] = '.'
			}
			return string(b)
		}()}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := scanText(t, tt.text, corpora.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("%d puzzles, want %d", len(got), len(tt.want))
			}
			for i, p := range got {
				if p.Grid.String() != tt.want[i] || p.Line != tt.lines[i] {
					t.Errorf("puzzle %d = %s at line %d, want %s at line %d", i, p.Grid, p.Line, tt.want[i], tt.lines[i])
				}
			}
		})
	}
}

func TestDisplayFormErrorsSayWhere(t *testing.T) {
	rows := strings.Split(prettyTop95First, "\n")
	tests := []struct {
		name, text, says string
	}{
		{"bad=cut-short", strings.Join(rows[:5], "\n") + "\n", "in.txt:1: wrong length: the grid starting at line 1 ends after 4 of its 9 rows"},
		{"bad=cut-by-a-line", strings.Join(rows[:2], "\n") + "\n" + top95First + "\n", "in.txt:1: wrong length: the grid starting at line 1 ends after 2 of its 9 rows"},
		{"bad=short-row", strings.Join(rows[:2], "\n") + "\n. . | . .\n", "in.txt:3: wrong length: row 3 of the grid starting at line 1 has 4 cells, its first row has 9"},
		{"bad=odd-side", "1 2 3 | 4 5\n", "in.txt:1: wrong length: a display row of 5 cells"},
		{"bad=symbol", strings.Replace(prettyTop95First, "4 . . | . . . | 8", "4 . . | . x . | 8", 1), "in.txt:1: char 5 (r1c5): unknown symbol 'x'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := scanText(t, tt.text, corpora.Options{})
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("err = %v, want %q", err, tt.says)
			}
			var lerr *corpora.LineError
			if !errors.As(err, &lerr) {
				t.Errorf("err is %T, want a *corpora.LineError", err)
			}
		})
	}
}

func TestDisplayFormSkipInvalidGoesOn(t *testing.T) {
	rows := strings.Split(prettyTop95First, "\n")
	text := strings.Join(rows[:3], "\n") + "\n" + top95First + "\n" + prettyTop95First
	got, stats, err := scanText(t, text, corpora.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	// The cut-short grid is skipped; the line that cut it is still read.
	if len(got) != 2 || stats.Invalid != 1 || got[0].Line != 4 || got[1].Line != 5 {
		t.Fatalf("%d puzzles (lines %v), %d invalid; want the plain line 4 and the grid at line 5, 1 invalid", len(got), lines(got), stats.Invalid)
	}
}

func lines(ps []corpora.Puzzle) []int {
	var out []int
	for _, p := range ps {
		out = append(out, p.Line)
	}
	return out
}
