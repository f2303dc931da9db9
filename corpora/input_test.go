package corpora_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// bareRows writes a one-line puzzle as side rows without separators.
func bareRows(line string, side int) string {
	var b strings.Builder
	for r := 0; r < side; r++ {
		b.WriteString(line[r*side:(r+1)*side] + "\n")
	}
	return b.String()
}

// A grid written as plain rows, no separators, is one puzzle, as people
// write them; sixteen symbols 1-4 stay a 4×4 puzzle on one line.
func TestBareRowsAreAGrid(t *testing.T) {
	sixteen := sudoku.PatternGrid(4).String()
	fourByFour := "1...........4..."
	tests := []struct {
		name, text string
		want       []string
		lines      []int
	}{
		{"form=9-rows", bareRows(top95First, 9), []string{top95First}, []int{1}},
		{"form=9-rows-between-lines", top95First + "\n# next\n" + bareRows(top95First, 9) + top95First + "\n",
			[]string{top95First, top95First, top95First}, []int{1, 3, 12}},
		{"form=16-rows", bareRows(sixteen, 16), []string{sixteen}, []int{1}},
		{"form=4x4-lines", fourByFour + "\n" + fourByFour + "\n", []string{fourByFour, fourByFour}, []int{1, 2}},
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

// Input that is no puzzle file says what it looks like, and where.
func TestInputThatIsNoPuzzleFile(t *testing.T) {
	tests := []struct {
		name, text string
		kind       error
		says       string
	}{
		{"input=empty", "", corpora.ErrNoPuzzle, "in.txt: no puzzle: the input is empty"},
		{"input=comments", "# puzzles to come\n\n#\n", corpora.ErrNoPuzzle, "in.txt: no puzzle: its 3 lines are blank or comments"},
		{"input=binary", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", sudoku.ErrNotText,
			"in.txt:1: byte 0x89 at column 1: not text: the input looks binary, not a file of puzzles"},
		{"input=fullwidth", "12\uff13" + top95First[3:] + "\n", sudoku.ErrSymbol,
			"in.txt:1: U+FF13 FULLWIDTH DIGIT THREE at column 3: use ASCII digits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, skip := range []bool{false, true} {
				_, _, err := scanText(t, tt.text, corpora.Options{SkipInvalid: skip && tt.kind != sudoku.ErrSymbol})
				if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.says) {
					t.Errorf("skip-invalid=%v: error %v, want %q", skip, err, tt.says)
				}
			}
		})
	}
}

// Comments may hold any text; only the puzzle's own field must be ASCII.
func TestCommentsMayHoldAnyText(t *testing.T) {
	got, _, err := scanText(t, "# Sudoku – ① ½ ©\n"+top95First+" # ★★★\n", corpora.Options{})
	if err != nil || len(got) != 1 {
		t.Fatalf("%d puzzles, %v", len(got), err)
	}
}

// A path is a corpus: named as given, its ids path:line, its SHA-256 its
// provenance; a shipped name still means the shipped corpus.
func TestFileCorpus(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.txt")
	if err := os.WriteFile(path, []byte("# two\n"+top95First+"\n"+puzzleB+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := corpora.Lookup(path)
	if err != nil || !e.IsFile() || e.Name != path {
		t.Fatalf("Lookup(%q) = %+v, %v; want a file corpus", path, e, err)
	}
	var got []corpora.Puzzle
	if _, err := corpora.Load(dataDir, path, corpora.Options{}, collect(&got)); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != path+":2" || got[1].Corpus != path || got[0].Solutions != -1 {
		t.Fatalf("puzzles %+v, want ids %s:2 and :3 of corpus %s", got, path, path)
	}
	sum, err := corpora.Verify(dataDir, e)
	want, _ := corpora.FileSHA256(path)
	if err != nil || sum.Got != want || len(want) != 64 || sum.Warning() != "" {
		t.Errorf("checksum %+v, %v; want sha256 %s and no warning", sum, err, want)
	}

	t.Chdir(dir)
	if err := os.WriteFile("top1465", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if e, err := corpora.Lookup("top1465"); err != nil || e.IsFile() {
		t.Errorf("Lookup(top1465) = %+v, %v; want the shipped corpus", e, err)
	}
	if e, err := corpora.Lookup("./top1465"); err != nil || !e.IsFile() {
		t.Errorf("Lookup(./top1465) = %+v, %v; want the file", e, err)
	}
	if _, err := corpora.Lookup("missing.txt"); err == nil || !strings.Contains(err.Error(), "not a file") {
		t.Errorf("Lookup(missing.txt) error %v, want one saying it is not a file", err)
	}
}

// With no directory given, the corpora come from the binary: no file of
// the working directory is needed.
func TestBuiltInCorporaNeedNoDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv(corpora.EnvDir, "")
	dir, err := corpora.FindDir("")
	if err != nil {
		t.Fatal(err)
	}
	var got []corpora.Puzzle
	if _, err := corpora.Load(dir, "norvig-hardest", corpora.Options{}, collect(&got)); err != nil || len(got) != 11 {
		t.Fatalf("%d puzzles, %v; want the 11 built-in norvig-hardest puzzles", len(got), err)
	}
	if got[0].ID != "norvig-hardest:1" {
		t.Errorf("id %s, want norvig-hardest:1", got[0].ID)
	}
}

// A byte-order mark at the start of a file, as some editors write, is no
// part of its first line, whatever that line holds.
func TestByteOrderMarkIsDropped(t *testing.T) {
	const bom = "\ufeff"
	tests := []struct {
		name, text string
		lines      []int
	}{
		{"first=puzzle", bom + top95First + "\n" + puzzleB + "\n", []int{1, 2}},
		{"first=comment", bom + "# mine\n" + top95First + "\n", []int{2}},
		{"first=csv-header", bom + "quizzes,solutions\n" + puzzleA + "," + solutionA + "\n", []int{2}},
		{"first=display-row", bom + prettyTop95First, []int{1}},
		{"first=numbers", bom + sudokutest.Parse(t, top95First, sudoku.Classic).Numbers() + "\n", []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := scanText(t, tt.text, corpora.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(lines(got), tt.lines) {
				t.Errorf("puzzles at lines %v, want %v", lines(got), tt.lines)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "bom.txt")
	if err := os.WriteFile(path, []byte(bom+top95First+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []corpora.Puzzle
	if _, err := corpora.Load(dataDir, path, corpora.Options{SkipInvalid: true}, collect(&got)); err != nil || len(got) != 1 || got[0].Hints != 17 {
		t.Errorf("file with a byte-order mark: %d puzzles, %v; want its 17-hint puzzle", len(got), err)
	}
}

// A puzzle may be a line of whitespace-separated numbers, one a cell: on
// its own, as the puzzle and solution of a CSV line, or with a count; a
// 16×16 display grid still reads as one, even where a row holds only 1-4.
func TestNumbersLines(t *testing.T) {
	sixteen := sudoku.PatternGrid(4)
	blanked := sixteen.Clone()
	for i := range 16 * 3 {
		blanked.Set(i, 0)
	}
	four := sudokutest.Parse(t, "1...........4...", sudoku.Classic)
	nine, sol := sudokutest.Parse(t, puzzleA, sudoku.Classic), sudokutest.Parse(t, solutionA, sudoku.Classic)
	// Row 2 of these grids holds only 1-4 and blanks, as a 4×4 puzzle's
	// sixteen symbols do.
	lowGrid := sixteen.Clone()
	for c := range 16 {
		lowGrid.Set(16+c, map[int]int{0: 1, 15: 4}[c])
	}
	var spaced []string
	for _, row := range strings.Fields(bareRows(lowGrid.String(), 16)) {
		spaced = append(spaced, strings.Join(strings.Split(row, ""), " "))
	}
	tests := []struct {
		name, text string
		want       []*sudoku.Grid
	}{
		{"form=16x16-numbers", blanked.Numbers() + "\n", []*sudoku.Grid{blanked}},
		{"form=9x9-numbers-between-lines", puzzleB + "\n" + nine.Numbers() + "\n" + puzzleB + "\n",
			[]*sudoku.Grid{sudokutest.Parse(t, puzzleB, sudoku.Classic), nine, sudokutest.Parse(t, puzzleB, sudoku.Classic)}},
		{"form=4x4-numbers-lines", four.Numbers() + "\n" + four.Numbers() + "\n", []*sudoku.Grid{four, four}},
		{"form=numbers-csv", "quizzes,solutions\n" + nine.Numbers() + ", " + sol.Numbers() + "\n", []*sudoku.Grid{nine}},
		{"form=numbers-count", nine.Numbers() + " : 1 : " + sol.Numbers() + "\n", []*sudoku.Grid{nine}},
		{"form=16x16-display-low-row", strings.Join(spaced, "\n") + "\n", []*sudoku.Grid{lowGrid}},
		{"form=16x16-bare-rows-low-row", bareRows(lowGrid.String(), 16), []*sudoku.Grid{lowGrid}},
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
				if !p.Grid.Equal(tt.want[i]) {
					t.Errorf("puzzle %d = %s, want %s", i, p.Grid, tt.want[i])
				}
			}
			if strings.Contains(tt.name, "csv") || strings.Contains(tt.name, "count") {
				if !got[0].Solution.Equal(sol) {
					t.Errorf("solution %v, want %s", got[0].Solution, sol)
				}
			}
		})
	}
}

// A bad numbers line says what is wrong with it, as the symbol form does:
// its token count, or the cell, token and column of a bad number.
func TestNumbersLineErrors(t *testing.T) {
	tokens := strings.Fields(sudoku.PatternGrid(4).Numbers())
	outOfRange := append([]string(nil), tokens...)
	outOfRange[38] = "17"
	column := len(strings.Join(tokens[:38], " ")) + 2
	tests := []struct {
		name, text string
		kind       error
		says       string
	}{
		{"bad=one-missing", strings.Join(tokens[1:], " "), sudoku.ErrLength, "in.txt:1: 255 whitespace-separated tokens"},
		{"bad=out-of-range", strings.Join(outOfRange, " "), sudoku.ErrSymbol,
			fmt.Sprintf("in.txt:1: r3c7 (token 39, column %d): 17 out of range 1..16", column)},
		{"bad=letter", "A " + strings.Join(tokens[1:], " "), sudoku.ErrSymbol, `in.txt:1: r1c1 (token 1, column 1): "A" is a letter`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := scanText(t, tt.text+"\n", corpora.Options{})
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want %q", err, tt.says)
			}
		})
	}
}
