package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness"
)

func TestCorporaCommands(t *testing.T) {
	const data = "../../corpora/data"
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"cmd=corpora", []string{"--corpora", data, "corpora"}, []string{"49158", "hardest-1905-11plus", "20-37", "23.63"}},
		{"cmd=show", []string{"--corpora", data, "corpora", "show", "norvig-hardest"}, []string{"matches the catalog", "28    │ 3", "norvig.com/hardest.txt"}},
		{"cmd=show-derived", []string{"--corpora", data, "corpora", "show", "17-clue+3", "--sample", "5"}, []string{"puzzles  5 (hints 20", "Palm"}},
		{"cmd=generate", []string{"generate", "--hints", "8", "--count", "2", "--size", "4", "--seed", "3"}, []string{"# sudokubench generate --hints 8 --count 2 --seed 3 --size 4"}},
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
		{"err=unknown-corpus", []string{"--corpora", "../../corpora/data", "corpora", "show", "nope"}, "unknown corpus"},
		{"err=unreachable", []string{"generate", "--hints", "3", "--size", "4", "--attempts", "3"}, "3 attempts"},
		{"err=size", []string{"generate", "--hints", "30", "--size", "10"}, "--size 10"},
		{"err=count", []string{"generate", "--hints", "30", "--count", "0"}, "--count 0"},
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
