package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
)

func TestCorporaCommands(t *testing.T) {
	const data = "../../corpora/data"
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"cmd=corpora", []string{"--corpora", data, "corpora"}, []string{"49158", "hardest-1905-11plus", "20-37", "23.63"}},
		{"cmd=show", []string{"--corpora", data, "corpora", "show", "norvig-hardest"}, []string{"matches the catalog", "   28        3  27.27%", "norvig.com/hardest.txt"}},
		{"cmd=show-ratings", []string{"--corpora", data, "corpora", "show", "norvig-top95", "--rate", "10"},
			[]string{"Ratings of a seeded sample of 10 of the 95 puzzles", "failed-literals, guesses 1-10", "mean guesses"}},
		{"cmd=show-ratings-of-sample", []string{"--corpora", data, "corpora", "show", "top1465", "--sample", "30", "--rate", "10"},
			[]string{"puzzles  30 ", "Ratings of a seeded sample of 10 of the 30 puzzles"}},
		{"cmd=show-ratings-all", []string{"--corpora", data, "corpora", "show", "norvig-hardest"}, []string{"Ratings of all 11 puzzles"}},
		{"cmd=show-derived", []string{"--corpora", data, "corpora", "show", "17-clue+3", "--sample", "5"}, []string{"puzzles  5 (hints 20", "Palm"}},
		// Rating a 16×16 puzzle with 40% givens takes seconds (the inference
		// ladder's rungs); the cases above check the ratings.
		{"cmd=show-generated", []string{"--corpora", data, "corpora", "show", "holes-16@0.40", "--limit", "2", "--rate", "0"}, []string{"puzzles  2 (hints 102", "none: generated from --seed", "No file: generated"}},
		{"cmd=show-unique", []string{"--corpora", data, "corpora", "show", "unique-9@0.40", "--limit", "2"}, []string{"puzzles  2 (hints 32", "unique   true"}},
		{"cmd=generate", []string{"generate", "--hints", "8", "--count", "2", "--size", "4", "--seed", "3"}, []string{"# sudokubench generate --hints 8 --count 2 --seed 3 --size 4 --variant classic --attempts 50\n"}},
		{"cmd=generate-attempts", []string{"generate", "--hints", "30", "--attempts", "7"}, []string{"--attempts 7\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(t, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.wants {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

func TestCorporaCommandErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		says string
	}{
		{"err=no-dir", []string{"--corpora", "/nonexistent", "corpora"}, "does not exist"},
		{"err=rate", []string{"--corpora", "../../corpora/data", "corpora", "show", "serg", "--rate", "-1"}, "--rate -1: need 0"},
		{"err=unknown-corpus", []string{"--corpora", "../../corpora/data", "corpora", "show", "nope"}, "unknown corpus"},
		{"err=share-out-of-range", []string{"corpora", "show", "holes-16@1.5"}, `share of givens "1.5" must be a number above 0 and at most 1`},
		{"err=unknown-side", []string{"corpora", "show", "unique-10@0.5"}, "side 10: use one of [4 9 16 25 36]"},
		{"err=below-minimum-4x4", []string{"generate", "--hints", "3", "--size", "4"}, "no 4×4 classic puzzle with 3 hints has a unique solution, the fewest that can is 4"},
		{"err=below-minimum-9x9", []string{"generate", "--hints", "16"}, "the fewest that can is 17"},
		{"err=unreachable", []string{"generate", "--hints", "18", "--attempts", "3"},
			"3 attempts on 9×9 classic reached 22 hints at best, not 18; removing cells at random stops where no further cell can go without a second solution: ask for 22 hints or more, or a larger attempt budget; unique 9×9 puzzles exist down to 17 hints, but random removal rarely ends below about 20 (puzzle 1 of 1: try --hints 22 or more, or --attempts above 3)"},
		{"err=size", []string{"generate", "--hints", "30", "--size", "10"}, "--size 10"},
		{"err=count", []string{"generate", "--hints", "30", "--count", "0"}, "--count 0"},
		{"err=attempts-zero", []string{"generate", "--hints", "30", "--attempts", "0"}, "--attempts 0: a puzzle needs at least one full grid"},
		{"err=attempts-negative", []string{"generate", "--hints", "30", "--attempts", "-2"}, "--attempts -2"},
		{"err=timeout-negative", []string{"generate", "--hints", "30", "--timeout", "-1s"}, "--timeout -1s"},
		{"err=timeout", []string{"generate", "--hints", "200", "--size", "25", "--timeout", "2s"},
			"generate: the --timeout of 2s ran out on puzzle 1 of 1, in attempt "},
		{"err=timeout-at-once", []string{"generate", "--hints", "200", "--size", "25", "--timeout", "1ns"},
			"generate: the --timeout of 1ns ran out on puzzle 1 of 1, in attempt 1 of 50 on 25×25 classic, before a single cell was removed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := runCLI(t, tt.args...); err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want one saying %q", err, tt.says)
			}
		})
	}
}

// run --corpus takes a puzzle file whose name holds a comma whole, and a
// name its commas keep from a file says which file and how to name it.
func TestRunCorpusListWithCommaFile(t *testing.T) {
	t.Chdir(t.TempDir())
	puzzle := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	for _, name := range []string{"a,b.txt", "top1465,x.txt"} {
		if err := os.WriteFile(name, []byte(puzzle), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	given := func(name string) bool { return name == "corpus" }
	var cfg harness.Config
	if err := applyFlags(&cfg, &runFlags{corpus: "a,b.txt,top1465"}, given); err != nil || !slices.Equal(cfg.Corpora, []string{"a,b.txt", "top1465"}) {
		t.Errorf("--corpus a,b.txt,top1465: corpora %q, %v; want the file a,b.txt and top1465", cfg.Corpora, err)
	}
	err := applyFlags(&cfg, &runFlags{corpus: "top1465,x.txt"}, given)
	if err == nil || !strings.Contains(err.Error(), "write ./top1465,x.txt to read the file") {
		t.Errorf("--corpus top1465,x.txt: error %v, want one saying to write ./top1465,x.txt", err)
	}
}

// Every command that takes --corpus reads a puzzle file whose name holds
// a comma whole, in a directory whose name holds one too: export's list
// as run's, certify's and analyze's single corpus as it is.
func TestEveryCorpusFlagTakesACommaFileWhole(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("in,put", 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("in,put", "a,b.txt")
	if err := os.WriteFile(file, []byte(top95First+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		says string
	}{
		{"export", []string{"export", "--corpus", file + ",serg", "--limit", "1", "--to", "puzzle", "--out", "inst"}, "2 tasks (puzzle) written to inst"},
		{"analyze", []string{"analyze", "--up", "--corpus", file}, "unit propagation alone, " + file},
		{"certify", []string{"certify", "--corpus", file, "--out", "cert"}, "1 puzzles of " + file + ": 1 certified"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "certify" {
				harnesstest.NeedCadical(t)
			}
			out, err := runCLI(t, tt.args...)
			if err != nil || !strings.Contains(out, tt.says) {
				t.Errorf("%v: %v, want output saying %q:\n%s", tt.args, err, tt.says, out)
			}
		})
	}
}

// The progress note says where the puzzle under way stands; away from a
// terminal, quick generation writes nothing.
func TestGenerateProgressNote(t *testing.T) {
	var out strings.Builder
	f := generateFlags{hints: 200, count: 3, size: 25, attempts: 50}
	show := newGenerateProgress(&out, f)
	show.startPuzzle(1)
	show.made(1)
	show.startPuzzle(2)
	p := corpora.GenerateProgress{Attempt: 4, Hints: 412, Fewest: 380}
	show.update(p)
	if got, want := show.status(p), "puzzle 2: attempt 4 of 50, 412 hints (fewest 380, asked 200)"; got != want {
		t.Errorf("note %q, want %q", got, want)
	}
	show.end()
	if out.Len() != 0 {
		t.Errorf("a quick generation printed %q", out.String())
	}
}

// TestSamplePuzzles checks the rating sample: n puzzles in their order,
// the same for the same seed, all of them when there are no more than n.
func TestSamplePuzzles(t *testing.T) {
	var puzzles []corpora.Puzzle
	for i := range 50 {
		puzzles = append(puzzles, corpora.Puzzle{Line: i})
	}
	lines := func(ps []corpora.Puzzle) []int {
		var out []int
		for _, p := range ps {
			out = append(out, p.Line)
		}
		return out
	}
	a, b, c := lines(samplePuzzles(puzzles, 10, 1)), lines(samplePuzzles(puzzles, 10, 1)), lines(samplePuzzles(puzzles, 10, 2))
	if len(a) != 10 || !slices.IsSorted(a) || !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Errorf("samples %v, %v (seed 1 twice), %v (seed 2): want 10 in order, the same for one seed", a, b, c)
	}
	if got := samplePuzzles(puzzles[:5], 10, 1); len(got) != 5 {
		t.Errorf("10 of 5 puzzles gave %d, want all 5", len(got))
	}
}
