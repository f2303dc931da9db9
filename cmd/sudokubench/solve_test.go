package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// dupInRow3 has a 7 at r3c1 and at r3c7.
var dupInRow3 = strings.Repeat(".", 18) + "7....." + "7" + strings.Repeat(".", 56)

const (
	top95First   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	sergFirst    = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	fourByFour   = "1...........4..."
	diagonalGrid = "1...............................................................................9"
)

func TestSolvePrintsVerifiedSolutions(t *testing.T) {
	tests := []struct {
		name, solver, mode, variant, input string
	}{
		{"solver=dlx/mode=first", "exactcover/dlx", "first", "classic", top95First},
		{"solver=dlx/mode=unique", "exactcover/dlx", "unique", "classic", top95First},
		{"solver=gophersat/mode=unique", "sat/gophersat/extended-reduced", "unique", "classic", top95First},
		{"solver=gophersat-pb/mode=unique", "milp/gophersat-pb", "unique", "classic", top95First},
		{"size=4x4", "exactcover/dlx", "first", "classic", fourByFour},
		{"variant=diagonal", "exactcover/dlx", "first", "diagonal", diagonalGrid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, "# a comment line\n"+tt.input+"\r\n",
				"solve", "--solver", tt.solver, "--mode", tt.mode, "--variant", tt.variant)
			if err != nil {
				t.Fatalf("%v\n%s", err, errOut)
			}
			variant, _ := sudoku.ParseVariant(tt.variant)
			puzzle, _ := sudoku.ParseLine(tt.input, variant)
			solution, err := sudoku.ParseLine(strings.TrimSpace(out), variant)
			if err != nil {
				t.Fatalf("output %q is not one solution line: %v", out, err)
			}
			if err := sudoku.CheckSolution(puzzle, solution); err != nil {
				t.Fatalf("printed solution is wrong: %v", err)
			}
		})
	}
}

func TestSolveJSONReportsStatusPerPuzzle(t *testing.T) {
	out, _, err := runCLIInput(t, top95First+"\n"+sergFirst+"\n", "solve", "--mode", "unique", "--json", "-")
	if code := exitCode(err); code != 1 {
		t.Fatalf("exit code %d (%v), want 1: one puzzle has two solutions", code, err)
	}
	var lines []solveLine
	for _, text := range strings.Split(strings.TrimSpace(out), "\n") {
		var l solveLine
		if err := json.Unmarshal([]byte(text), &l); err != nil {
			t.Fatalf("not a JSON line: %q", text)
		}
		lines = append(lines, l)
	}
	if len(lines) != 2 || lines[0].Status != "solved" || lines[1].Status != "multiple" {
		t.Fatalf("statuses = %+v, want solved then multiple", lines)
	}
	if lines[0].ID != "stdin:1" || lines[1].ID != "stdin:2" || lines[0].Counters["nodes"] <= 0 {
		t.Errorf("ids/counters = %q %q %v, want stdin:1, stdin:2 and a node count", lines[0].ID, lines[1].ID, lines[0].Counters)
	}
}

func TestSolveRejectsBadInputWithWhereAndWhat(t *testing.T) {
	tests := []struct {
		name, input string
		code        int
		says        string
	}{
		{"bad=duplicate", top95First + "\n" + dupInRow3 + "\n", 1, "stdin:2: error: row 3: 7 at r3c1 and r3c7"},
		{"bad=length", top95First + "\n" + top95First[:80] + "\n", 2, "stdin:2: 80 cells"},
		{"bad=symbol", strings.Replace(top95First, "4", "x", 1) + "\n", 2, "stdin:1: char 1 (r1c1): unknown symbol 'x'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, tt.input, "solve")
			if code := exitCode(err); code != tt.code {
				t.Fatalf("exit code %d, want %d (%v)", code, tt.code, err)
			}
			if msg := errOut + errorText(err); !strings.Contains(msg, tt.says) {
				t.Errorf("messages lack %q:\n%s", tt.says, msg)
			}
			if tt.name != "bad=symbol" && !strings.HasPrefix(out, "417369825") {
				t.Errorf("the good puzzle before the bad line was not printed first:\n%s", out)
			}
		})
	}
}

func TestSolveUnknownSolverNamesTheKnownOnes(t *testing.T) {
	_, _, err := runCLIInput(t, top95First, "solve", "--solver", "nope")
	if err == nil || !strings.Contains(err.Error(), "exactcover/dlx") {
		t.Fatalf("err = %v, want the list of known solvers", err)
	}
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	var e *exitError
	if errors.As(err, &e) {
		return e.err.Error()
	}
	return err.Error()
}

func TestSolveReadsTheDisplayForm(t *testing.T) {
	pretty := `4 . . | . . . | 8 . 5
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
	out, errOut, err := runCLIInput(t, pretty, "solve", "--mode", "unique")
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	puzzle, _ := sudoku.ParseLine(top95First, sudoku.Classic)
	solution, err := sudoku.ParseLine(strings.TrimSpace(out), sudoku.Classic)
	if err != nil || sudoku.CheckSolution(puzzle, solution) != nil {
		t.Fatalf("output %q does not solve the pretty-printed puzzle (%v)", out, err)
	}
}
