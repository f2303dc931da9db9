package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// solve and encode read a file that opens with a byte-order mark, and
// puzzles written as whitespace-separated numbers, as run does.
func TestSolveAndEncodeReadEveryWrittenForm(t *testing.T) {
	nine, err := sudoku.ParseLine(top95First, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	sixteen := sudoku.PatternGrid(4)
	for i := range 40 {
		sixteen.Set(i*5, 0)
	}
	tests := []struct {
		name, input string
		want        *sudoku.Grid
	}{
		{"input=bom-line", "\ufeff" + top95First + "\n", nine},
		{"input=bom-display", "\ufeff" + nine.Pretty(), nine},
		{"input=numbers-9x9", nine.Numbers() + "\n", nine},
		{"input=bom-numbers-16x16", "\ufeff" + sixteen.Numbers() + "\n", sixteen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, tt.input, "solve", "-")
			if err != nil {
				t.Fatalf("solve: %v\n%s", err, errOut)
			}
			solution, err := sudoku.ParseLine(strings.TrimSpace(out), sudoku.Classic)
			if err != nil || sudoku.CheckSolution(tt.want, solution) != nil {
				t.Errorf("solve printed %q (%v), not a solution of %s", out, err, tt.want)
			}
			path := filepath.Join(t.TempDir(), "p.txt")
			if err := os.WriteFile(path, []byte(tt.input), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, source := range []string{path, strings.TrimSpace(tt.input)} {
				if strings.Contains(source, "\n") {
					continue // the display form is a file's, not an argument's
				}
				_, errOut, err := runCLIInput(t, "", "encode", "--to", "cnf", source)
				if err != nil || !strings.Contains(errOut, "cnf:") {
					t.Errorf("encode %.30q: %v, stderr %q", source, err, errOut)
				}
			}
		})
	}
}

// top95Second is norvig-top95's second puzzle, unique like the first.
const top95Second = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."

// One rule for malformed lines, through the corpus loader: every command
// that reads puzzles refuses a file with one, naming FILE:LINE, with exit
// 2 and before it has done anything (no puzzle solved or printed, no
// directory made); --skip-invalid skips the line instead, naming it.
func TestMalformedLineRefusedByEveryCommand(t *testing.T) {
	dir := t.TempDir()
	mixed := filepath.Join(dir, "mixed.txt")
	good := filepath.Join(dir, "good.txt")
	writeFile(t, mixed, top95First+"\n"+top95First[:80]+"\n"+top95Second+"\n")
	writeFile(t, good, top95First+"\n")
	out := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name string
		args []string
		made string // the directory the command would write, "" for none
	}{
		{"solve", []string{"solve", mixed}, ""},
		{"solve=missing-second-file", []string{"solve", good, filepath.Join(dir, "nope.txt")}, ""},
		{"run", []string{"run", "--corpus", mixed, "--solvers", "propagate/bitboard", "--out", out("run")}, out("run")},
		{"certify", []string{"certify", "--corpus", mixed, "--out", out("cert")}, out("cert")},
		{"export", []string{"export", "--corpus", mixed, "--to", "puzzle", "--out", out("inst")}, out("inst")},
		{"analyze", []string{"analyze", "--up", "--corpus", mixed}, ""},
	}
	for _, tt := range tests {
		t.Run("command="+tt.name, func(t *testing.T) {
			if tt.name == "certify" {
				skipWithoutCadical(t)
			}
			stdout, _, err := runCLIInput(t, "", tt.args...)
			want := mixed + ":2: "
			if tt.name == "solve=missing-second-file" {
				want = "nope.txt"
			}
			if code := exitCodeOf(err); code != exitUsage || !strings.Contains(fmt.Sprint(err), want) {
				t.Errorf("exit %d (%v), want %d naming %s", code, err, exitUsage, want)
			}
			if stdout != "" {
				t.Errorf("printed before refusing:\n%s", stdout)
			}
			if _, err := os.Stat(tt.made); tt.made != "" && err == nil {
				t.Errorf("the refused command made %s", tt.made)
			}
			if tt.name == "solve=missing-second-file" {
				return
			}
			stdout, stderr, err := runCLIInput(t, "", append(tt.args, "--skip-invalid")...)
			if err != nil {
				t.Fatalf("--skip-invalid: %v\n%s", err, stderr)
			}
			for _, want := range []string{"warning: skipped " + mixed + ":2: ", "1 malformed line(s) skipped, 2 puzzle(s) read"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("--skip-invalid: stderr lacks %q:\n%s", want, stderr)
				}
			}
			if tt.name == "solve" && strings.Count(stdout, "\n") != 2 {
				t.Errorf("--skip-invalid: solve printed\n%s\nwant the two good puzzles' solutions", stdout)
			}
		})
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func skipWithoutCadical(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
}
