package export

import (
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/sudoku"
)

func puzzle(t *testing.T, corpus string, line, solutions int, text string) corpora.Puzzle {
	t.Helper()
	g, err := sudoku.ParseLine(text, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	return corpora.Puzzle{ID: corpus + ":" + string(rune('0'+line)), Corpus: corpus, Line: line, Grid: g, Hints: g.Hints(), Solutions: solutions}
}

var lineFormat = Format{Name: "puzzle", Ext: "txt", Write: func(w io.Writer, g *sudoku.Grid) error {
	_, err := io.WriteString(w, g.String()+"\n")
	return err
}}

// Each puzzle gets its instance and a task definition with the verdicts
// its corpus knows; the list names every task with its SHA-256 sums.
func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	puzzles := []corpora.Puzzle{
		puzzle(t, "unique", 1, 1, "1.3..2.....1...4"),
		puzzle(t, "many", 2, 2, "1.3..2.....1...."),
		puzzle(t, "none", 3, 0, "11.............."),
		puzzle(t, "dir/mine.txt", 4, -1, "1.3..2.....1...."),
		puzzle(t, "dir/mine.txt", 4, -1, "1.3..2.....1...."),
		puzzle(t, "serg", 5, -1, "1.3..2.....1...."),
	}
	puzzles[5].MinSolutions = 2 // as the catalog says of serg
	sum, err := Write(Config{Dir: dir, Format: lineFormat}, puzzles)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Tasks != 6 {
		t.Errorf("%d tasks", sum.Tasks)
	}
	tests := []struct {
		task      string
		want, not []string
	}{
		{"unique_1", []string{`format_version: "2.0"`, `input_files: "unique_1.txt"`, "property_file: properties/solvable.prp\n    expected_verdict: true", "property_file: properties/unique.prp\n    expected_verdict: true"}, nil},
		{"many_2", []string{"properties/solvable.prp\n    expected_verdict: true", "properties/unique.prp\n    expected_verdict: false"}, nil},
		{"none_3", []string{"properties/solvable.prp\n    expected_verdict: false", "properties/unique.prp\n    expected_verdict: false"}, nil},
		{"mine.txt_4", []string{"properties/solvable.prp\n"}, []string{"expected_verdict", "unique.prp"}},
		{"mine.txt_4_2", []string{`input_files: "mine.txt_4_2.txt"`}, nil},
		{"serg_5", []string{"properties/solvable.prp\n    expected_verdict: true", "properties/unique.prp\n    expected_verdict: false", `solutions: "2+"`}, nil},
	}
	for _, tt := range tests {
		yml, err := os.ReadFile(filepath.Join(dir, tt.task+".yml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(string(yml), w) {
				t.Errorf("%s.yml lacks %q:\n%s", tt.task, w, yml)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(string(yml), w) {
				t.Errorf("%s.yml has %q:\n%s", tt.task, w, yml)
			}
		}
	}
	f, err := os.Open(filepath.Join(dir, ListFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 7 || rows[6][7] != "2+" || rows[1][0] != "unique_1" || rows[1][9] != puzzles[0].Grid.SHA256() || len(rows[1][11]) != 64 {
		t.Errorf("list %v, %v", rows, err)
	}
	for _, prop := range []string{SolvableProperty, UniqueProperty} {
		if _, err := os.Stat(filepath.Join(dir, prop)); err != nil {
			t.Error(err)
		}
	}
}

// An export replaces nothing without Force, writes nothing when it would,
// and never writes into a run's directory.
func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	puzzles := []corpora.Puzzle{puzzle(t, "c", 1, 1, "1.3..2.....1...4"), puzzle(t, "c", 2, 1, "1.3..2.....1...4")}
	if err := os.WriteFile(filepath.Join(dir, "c_2.txt"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Write(Config{Dir: dir, Format: lineFormat}, puzzles)
	if err == nil || !strings.Contains(err.Error(), "c_2.txt") || !strings.Contains(err.Error(), "--force") {
		t.Errorf("existing file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "c_1.txt")); err == nil {
		t.Error("wrote a file before refusing")
	}
	if _, err := Write(Config{Dir: dir, Format: lineFormat, Force: true}, puzzles); err != nil {
		t.Errorf("forced: %v", err)
	}
	run := t.TempDir()
	if err := os.WriteFile(filepath.Join(run, record.ManifestFile), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(Config{Dir: run, Format: lineFormat, Force: true}, puzzles); err == nil || !strings.Contains(err.Error(), "holds a benchmark run") {
		t.Errorf("run directory: %v", err)
	}
}

// A directory that is a file is refused in words, before anything is
// written; a forced export replaces names, never the content of a file
// that has other names (a hard link keeps what it held).
func TestWriteReplacesNamesOnly(t *testing.T) {
	puzzles := []corpora.Puzzle{puzzle(t, "c", 1, 1, "1.3..2.....1...4")}
	file := filepath.Join(t.TempDir(), "FILE")
	if err := os.WriteFile(file, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(Config{Dir: file, Format: lineFormat}, puzzles); err == nil || !strings.Contains(err.Error(), "is a file, not a directory") {
		t.Errorf("a file as the directory: %v", err)
	}
	dir := t.TempDir()
	if err := os.Link(file, filepath.Join(dir, "c_1.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(Config{Dir: dir, Format: lineFormat, Force: true}, puzzles); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "mine\n" {
		t.Errorf("the other name of a replaced file now holds %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "c_1.txt")); string(b) != "1.3..2.....1...4\n" {
		t.Errorf("c_1.txt holds %q", b)
	}
}

// Every shipped corpus knows both verdicts of each of its puzzles, so
// every task it exports states both, with an expected verdict: serg's
// unique property among them (false: two or more solutions each), which
// a BenchExec uniqueness benchmark would otherwise skip.
func TestShippedTasksStateEveryVerdict(t *testing.T) {
	for _, name := range corpora.Names() {
		t.Run("corpus="+name, func(t *testing.T) {
			var puzzles []corpora.Puzzle
			_, err := corpora.Load("", name, corpora.Options{Sample: 3, Seed: 1}, func(p corpora.Puzzle) error {
				puzzles = append(puzzles, p)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if _, err := Write(Config{Dir: dir, Format: lineFormat}, puzzles); err != nil {
				t.Fatal(err)
			}
			tasks, _ := filepath.Glob(filepath.Join(dir, "*.yml"))
			for _, task := range tasks {
				yml, err := os.ReadFile(task)
				if err != nil {
					t.Fatal(err)
				}
				for _, prop := range []string{SolvableProperty, UniqueProperty} {
					if !strings.Contains(string(yml), prop+"\n    expected_verdict: ") {
						t.Errorf("%s: no expected verdict of %s:\n%s", filepath.Base(task), prop, yml)
					}
				}
			}
			if len(tasks) != len(puzzles) {
				t.Errorf("%d tasks for %d puzzles", len(tasks), len(puzzles))
			}
		})
	}
}
