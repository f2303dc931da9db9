package corpora_test

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// dataDir is the shipped corpora, relative to this package.
const dataDir = "data"

// The counts and hint histograms recorded in corpora/SOURCES.md (taken from
// the upstream provenance notes).
var shipped = []struct {
	name      string
	puzzles   int
	histogram corpora.Histogram
}{
	{"17-clue", 49158, corpora.Histogram{17: 49158}},
	{"top1465", 1465, corpora.Histogram{17: 69, 18: 243, 19: 2, 20: 4, 21: 55, 22: 242, 23: 370, 24: 317, 25: 130, 26: 28, 27: 4, 28: 1}},
	{"hardest-1905-11plus", 48766, corpora.Histogram{20: 8, 21: 1762, 22: 6853, 23: 14126, 24: 14664, 25: 7712, 26: 3640, 37: 1}},
	{"hardest-1106", 375, corpora.Histogram{20: 2, 21: 89, 22: 183, 23: 97, 24: 4}},
	{"serg", 10000, corpora.Histogram{34: 2500, 35: 7500}},
	{"norvig-top95", 95, corpora.Histogram{17: 38, 19: 2, 21: 7, 22: 10, 23: 19, 24: 11, 25: 7, 26: 1}},
	{"norvig-hardest", 11, corpora.Histogram{22: 3, 23: 2, 24: 2, 26: 1, 28: 3}},
	{"tdoku-tests", 43, corpora.Histogram{21: 5, 22: 16, 23: 3, 33: 3, 34: 7, 35: 9}},
}

func TestShippedCorpora(t *testing.T) {
	for _, c := range shipped {
		t.Run("corpus="+c.name, func(t *testing.T) {
			s, err := corpora.Summarize(dataDir, c.name, corpora.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if s.Puzzles != c.puzzles {
				t.Errorf("%d puzzles, want %d", s.Puzzles, c.puzzles)
			}
			if !maps.Equal(s.Histogram, c.histogram) {
				t.Errorf("hint histogram %v, want %v", s.Histogram, c.histogram)
			}
			checkSHA(t, c.name)
		})
	}
}

func checkSHA(t *testing.T, name string) {
	t.Helper()
	e, err := corpora.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := corpora.Verify(dataDir, e)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Match() || sum.Warning() != "" {
		t.Errorf("checksum: %s", sum.Warning())
	}
}

func TestChecksumMismatchIsAWarning(t *testing.T) {
	e, _ := corpora.Lookup("norvig-hardest")
	e.SHA256 = strings.Repeat("0", 64)
	sum, err := corpora.Verify(dataDir, e)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Match() || !strings.Contains(sum.Warning(), "differs from the catalog") {
		t.Errorf("mismatch not reported: match=%v warning=%q", sum.Match(), sum.Warning())
	}
}

func TestPuzzleFields(t *testing.T) {
	tests := []struct {
		corpus    string
		id        string
		solutions int
		solution  bool
	}{
		{"top1465", "top1465:3", 1, false},
		{"hardest-1905-11plus", "hardest-1905-11plus:1", 1, false},
		{"serg", "serg:3", -1, false},
		{"tdoku-tests", "tdoku-tests:1", 1, true},
		{"17-clue", "17-clue:5", 1, false},
	}
	for _, tt := range tests {
		t.Run("corpus="+tt.corpus, func(t *testing.T) {
			p := first(t, tt.corpus, corpora.Options{})
			if p.ID != tt.id || p.Corpus != tt.corpus || p.Solutions != tt.solutions || (p.Solution != nil) != tt.solution {
				t.Errorf("got id %s corpus %s solutions %d solution %v, want %s %s %d %v",
					p.ID, p.Corpus, p.Solutions, p.Solution != nil, tt.id, tt.corpus, tt.solutions, tt.solution)
			}
			if p.Hints != p.Grid.Hints() {
				t.Errorf("hints %d, grid has %d", p.Hints, p.Grid.Hints())
			}
		})
	}
}

func first(t *testing.T, corpus string, opts corpora.Options) corpora.Puzzle {
	t.Helper()
	var got []corpora.Puzzle
	opts.Limit = 1
	if _, err := corpora.Load(dataDir, corpus, opts, collect(&got)); err != nil || len(got) != 1 {
		t.Fatalf("load %s: %v (%d puzzles)", corpus, err, len(got))
	}
	return got[0]
}

func collect(dst *[]corpora.Puzzle) func(corpora.Puzzle) error {
	return func(p corpora.Puzzle) error {
		*dst = append(*dst, p)
		return nil
	}
}

// TestTdokuCounts checks the puzzle:count[:solution] lines: 10 with no
// solution, 18 unique with their solution, 15 with several.
func TestTdokuCounts(t *testing.T) {
	var none, unique, several, solutions int
	_, err := corpora.Load(dataDir, "tdoku-tests", corpora.Options{}, func(p corpora.Puzzle) error {
		switch {
		case p.Solutions == 0:
			none++
		case p.Solutions == 1:
			unique++
		default:
			several++
		}
		if p.Solution != nil {
			solutions++
			if err := sudoku.CheckSolution(p.Grid, p.Solution); err != nil {
				t.Errorf("%s: %v", p.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if none != 10 || unique != 18 || several != 15 || solutions != 18 {
		t.Errorf("counts 0/1/2+: %d/%d/%d with %d solutions, want 10/18/15 with 18", none, unique, several, solutions)
	}
}

const (
	puzzleA   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	puzzleB   = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
	solutionA = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

func scan(t *testing.T, text string, opts corpora.Options) ([]corpora.Puzzle, corpora.Stats, error) {
	t.Helper()
	var got []corpora.Puzzle
	stats, err := corpora.Scan(strings.NewReader(text), "x.txt", "x", opts, collect(&got))
	return got, stats, err
}

func TestLineForms(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		lines     []int
		solutions []int
	}{
		{"form=plain", puzzleA + "\n" + puzzleB + "\n", []int{1, 2}, []int{-1, -1}},
		{"form=crlf", puzzleA + "\r\n\r\n" + puzzleB + "\r\n", []int{1, 3}, []int{-1, -1}},
		{"form=no-final-newline", puzzleA + "\n" + puzzleB, []int{1, 2}, []int{-1, -1}},
		{"form=comments", "# header\n#\n" + puzzleA + "\n  \n# " + puzzleB + "\n", []int{3}, []int{-1}},
		{"form=remark", puzzleA + "  ED=11.9/1.2/1.2\n", []int{1}, []int{-1}},
		{"form=count", puzzleA + ":1:" + solutionA + "\n" + puzzleB + ":0\n", []int{1, 2}, []int{1, 0}},
		{"form=csv", "quizzes,solutions\r\n" + puzzleA + "," + solutionA + "\r\n", []int{2}, []int{-1}},
		{"form=zeros", strings.ReplaceAll(puzzleA, ".", "0") + "\n", []int{1}, []int{-1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := scan(t, tt.text, corpora.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.lines) {
				t.Fatalf("%d puzzles, want %d", len(got), len(tt.lines))
			}
			for i, p := range got {
				if p.Line != tt.lines[i] || p.Solutions != tt.solutions[i] || p.ID != fmt.Sprintf("x:%d", tt.lines[i]) {
					t.Errorf("puzzle %d: id %s line %d solutions %d, want line %d solutions %d", i, p.ID, p.Line, p.Solutions, tt.lines[i], tt.solutions[i])
				}
			}
		})
	}
}

func TestCSVSolution(t *testing.T) {
	got, _, err := scan(t, "quizzes,solutions\n"+puzzleA+","+solutionA+"\n", corpora.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Solution == nil || got[0].Solution.String() != solutionA || got[0].Grid.String() != puzzleA {
		t.Errorf("csv line read as %v / %v", got[0].Grid, got[0].Solution)
	}
}

func TestBadLines(t *testing.T) {
	tests := []struct {
		name string
		line string
		kind error
	}{
		{"bad=length", puzzleA[:80], sudoku.ErrLength},
		{"bad=symbol", "x" + puzzleA[1:], sudoku.ErrSymbol},
		{"bad=count-word", puzzleA + ":one", corpora.ErrCount},
		{"bad=count-negative", puzzleA + ":-1", corpora.ErrCount},
		{"bad=count-zero-with-solution", puzzleA + ":0:" + solutionA, corpora.ErrCount},
		{"bad=fields-colon", puzzleA + ":1:" + solutionA + ":extra", corpora.ErrFields},
		{"bad=fields-csv", puzzleA + "," + solutionA + ",extra", corpora.ErrFields},
		{"bad=solution-short", puzzleA + ":1:" + solutionA[:80], corpora.ErrSolution},
		{"bad=solution-incomplete", puzzleA + ":1:." + solutionA[1:], corpora.ErrSolution},
		{"bad=solution-size", puzzleA + ":1:" + strings.Repeat("1", 16), corpora.ErrSolution},
		{"bad=too-long", strings.Repeat(".", 1<<17), corpora.ErrLineTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := scan(t, "# ok\n"+puzzleB+"\n"+tt.line+"\n"+puzzleB+"\n", corpora.Options{})
			var lerr *corpora.LineError
			if !errors.As(err, &lerr) || lerr.Line != 3 || !strings.HasPrefix(err.Error(), "x.txt:3: ") {
				t.Fatalf("error %v, want one at x.txt:3", err)
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("error %q is not of kind %q", err, tt.kind)
			}
		})
	}
}

func TestSkipInvalid(t *testing.T) {
	text := puzzleA + "\nbad\n" + puzzleB + "\nx" + puzzleA[1:] + "\n" + puzzleA + ":z\n"
	got, stats, err := scan(t, text, corpora.Options{SkipInvalid: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || stats.Invalid != 3 || len(stats.Warnings) != 3 || stats.Puzzles != 2 || stats.Lines != 5 {
		t.Fatalf("got %d puzzles, stats %+v", len(got), stats)
	}
	for i, want := range []string{"x.txt:2: ", "x.txt:4: ", "x.txt:5: "} {
		if !strings.HasPrefix(stats.Warnings[i].Error(), want) {
			t.Errorf("warning %d %q, want prefix %q", i, stats.Warnings[i], want)
		}
	}
}

// A malformed line anywhere refuses the input before a single puzzle
// reaches the caller, whatever the selection: one rule for every command.
func TestBadLineRefusesTheInput(t *testing.T) {
	text := puzzleA + "\n" + puzzleB + "\n" + puzzleA[:80] + "\n" + puzzleB + "\n"
	for _, opts := range []corpora.Options{{}, {Limit: 1}, {Sample: 1}, {Hints: corpora.HintRange{Min: 17, Max: 17}}} {
		t.Run(fmt.Sprintf("limit=%d/sample=%d/hints=%s", opts.Limit, opts.Sample, opts.Hints), func(t *testing.T) {
			got, stats, err := scan(t, text, opts)
			if len(got) != 0 || stats.Yielded != 0 {
				t.Errorf("%d puzzles yielded before the bad line was refused", len(got))
			}
			if !strings.HasPrefix(fmt.Sprint(err), "x.txt:3: ") || !corpora.Skippable(err) {
				t.Errorf("error %v, want x.txt:3, one SkipInvalid skips", err)
			}
		})
	}
	if _, _, err := scan(t, "\x00\x01", corpora.Options{}); err == nil || corpora.Skippable(err) {
		t.Errorf("binary input: %v, want an error no skipping helps", err)
	}
}

// A listed solution must solve the puzzle, and a listed count of one or
// more must not belong to a puzzle whose givens already clash: each is an
// input error naming the line and the cell.
func TestListedSolutionAndCountAreChecked(t *testing.T) {
	changed := "5" + solutionA[1:]                  // r1c1: the given 4 made 5
	swapped := solutionA[:1] + "71" + solutionA[3:] // r1c2 and r1c3 (blank) swapped: columns 2 and 3 break
	clashing := "4...4" + puzzleA[5:]               // 4 given at r1c1 and at r1c5
	tests := []struct {
		name, line, want string
		kind             error
	}{
		{"count-line=given-changed", puzzleA + ":1:" + changed, "r1c1: given 4 changed to 5", corpora.ErrSolution},
		{"csv=given-changed", puzzleA + "," + changed, "r1c1: given 4 changed to 5", corpora.ErrSolution},
		{"csv=rule-broken", puzzleA + "," + swapped, "column 2: 7 at r1c2 and ", corpora.ErrSolution},
		{"count=clashing-givens", clashing + ":1", "row 1: 4 at r1c1 and r1c5", corpora.ErrCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := scan(t, puzzleB+"\n"+tt.line+"\n", corpora.Options{})
			if !errors.Is(err, tt.kind) || !strings.HasPrefix(fmt.Sprint(err), "x.txt:2: ") || !strings.Contains(fmt.Sprint(err), tt.want) {
				t.Errorf("error %v, want a %v at x.txt:2 naming %q", err, tt.kind, tt.want)
			}
		})
	}
}

func TestVariantOption(t *testing.T) {
	got, _, err := scan(t, puzzleA+"\n", corpora.Options{Variant: sudoku.Diagonal})
	if err != nil {
		t.Fatal(err)
	}
	if v := got[0].Grid.Geometry().Variant; v != sudoku.Diagonal {
		t.Errorf("variant %v, want diagonal", v)
	}
}

func TestLoadDoesNotValidate(t *testing.T) {
	dup := "11" + puzzleA[2:]
	got, _, err := scan(t, dup+":0\n", corpora.Options{})
	if err != nil || len(got) != 1 {
		t.Fatalf("a puzzle with duplicate givens must reach the caller: %v", err)
	}
}

func TestUnknownCorpus(t *testing.T) {
	for _, name := range []string{"nope", "17-clue+65", "17-clue+x", "top1465+3", "17-clue+08"} {
		t.Run("name="+name, func(t *testing.T) {
			if _, err := corpora.Load(dataDir, name, corpora.Options{Oracle: backtrackOracle{}}, collect(new([]corpora.Puzzle))); err == nil {
				t.Errorf("no error for corpus %q", name)
			}
		})
	}
}

func TestMissingFile(t *testing.T) {
	_, err := corpora.Load(t.TempDir(), "top1465", corpora.Options{}, collect(new([]corpora.Puzzle)))
	if err == nil || !strings.Contains(err.Error(), "--corpora") {
		t.Errorf("error %v should say how to point at the data", err)
	}
}

func TestYieldErrorStops(t *testing.T) {
	stop := errors.New("stop")
	stats, err := corpora.Load(dataDir, "top1465", corpora.Options{}, func(corpora.Puzzle) error { return stop })
	if !errors.Is(err, stop) || stats.Yielded != 0 {
		t.Errorf("error %v after %d puzzles, want the caller's error at once", err, stats.Yielded)
	}
}

func FuzzScan(f *testing.F) {
	f.Add(puzzleA + "\r\n# c\n" + puzzleB + ":2\n")
	f.Add("quizzes,solutions\n" + puzzleA + "," + solutionA + "\n")
	f.Add(puzzleA + ":1:" + solutionA + "\n" + strings.Repeat("1", 16))
	f.Add("\ufeff" + strings.Repeat("0 ", 80) + "9\n" + strings.Repeat("1 ", 15) + "2\n")
	f.Add(strings.Repeat("0 12 . 16 ", 64) + "," + strings.Repeat("1 ", 256) + "\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, skip := range []bool{false, true} {
			var got []corpora.Puzzle
			stats, _ := corpora.Scan(strings.NewReader(text), "fuzz", "fuzz", corpora.Options{SkipInvalid: skip, Sample: 2}, collect(&got))
			if len(got) != stats.Yielded || len(got) > 2 {
				t.Fatalf("yielded %d, stats say %d", len(got), stats.Yielded)
			}
		}
	})
}

// serg's puzzles carry the catalog's lower bound of two solutions, which
// a seeded sample bears out, and no puzzle of a corpus that gives its
// counts carries one.
func TestMinSolutions(t *testing.T) {
	var serg []corpora.Puzzle
	if _, err := corpora.Load(dataDir, "serg", corpora.Options{Sample: 40, Seed: 3}, collect(&serg)); err != nil {
		t.Fatal(err)
	}
	for _, p := range serg {
		if p.Solutions != -1 || p.MinSolutions != 2 {
			t.Errorf("%s: solutions %d, at least %d; want unknown, at least 2", p.ID, p.Solutions, p.MinSolutions)
		}
		if n := dlx.CountSolutions(p.Grid, 2); n != 2 {
			t.Errorf("%s: %d solutions, the catalog says 2 or more", p.ID, n)
		}
	}
	for _, name := range []string{"17-clue", "tdoku-tests"} {
		if p := first(t, name, corpora.Options{}); p.MinSolutions != 0 {
			t.Errorf("%s: at least %d solutions, want no bound beside a known count", p.ID, p.MinSolutions)
		}
	}
}
