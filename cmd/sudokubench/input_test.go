package main

import (
	"os"
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
