package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
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
			if out != "" {
				t.Errorf("the input is refused before any puzzle is solved, but solve printed:\n%s", out)
			}
		})
	}
}

// A puzzle without a solution is no bad input: the solver says unsat, in
// a worker as in this process (--trace), and solve exits 1 as for any
// puzzle left unsolved.
func TestSolveCallsAnIllPosedPuzzleUnsat(t *testing.T) {
	for _, args := range [][]string{
		{"solve"},
		{"solve", "--solver", "backtrack/tracked", "--trace"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out, errOut, err := runCLIInput(t, top95First+"\n"+dupInRow3+"\n", args...)
			if code := exitCode(err); code != 1 {
				t.Fatalf("exit code %d, want 1 (%v)", code, err)
			}
			if !strings.Contains(errOut, "stdin:2: unsat") || !strings.Contains(out, "# stdin:2 unsat") {
				t.Errorf("stdout %q, stderr %q; want stdin:2 unsat on both", out, errOut)
			}
		})
	}
}

// decodeSolveLines reads solve --json's output.
func decodeSolveLines(t *testing.T, out string) []solveLine {
	t.Helper()
	var lines []solveLine
	for _, text := range strings.Split(strings.TrimSpace(out), "\n") {
		var l solveLine
		if err := json.Unmarshal([]byte(text), &l); err != nil {
			t.Fatalf("not a JSON line: %q", text)
		}
		lines = append(lines, l)
	}
	return lines
}

// An incomplete solver asked for unique mode runs in first mode and says
// so: a note on standard error, once, and each JSON line's mode is the
// one it ran in, beside the one asked for; a complete solver's line
// carries its mode alone.
func TestSolveSaysWhichModeItRanIn(t *testing.T) {
	tests := []struct {
		solver      string
		mode, asked solvers.Mode
		notes       int
	}{
		{"genetic/strong", solvers.First, solvers.Unique, 1},
		{"exactcover/dlx", solvers.Unique, "", 0},
	}
	for _, tt := range tests {
		t.Run("solver="+tt.solver, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, fourByFour+"\n"+fourByFour+"\n", "solve", "--solver", tt.solver, "--mode", "unique", "--json")
			if code := exitCode(err); code > 1 { // 1: dlx calls this 4×4 puzzle multiple
				t.Fatalf("exit code %d: %v\n%s", code, err, errOut)
			}
			if got := strings.Count(errOut, "runs in first mode, not unique"); got != tt.notes {
				t.Errorf("%d notes on stderr, want %d:\n%s", got, tt.notes, errOut)
			}
			for _, l := range decodeSolveLines(t, out) {
				if l.Mode != tt.mode || l.ModeAsked != tt.asked {
					t.Errorf("%s: mode %q asked %q, want %q and %q", l.ID, l.Mode, l.ModeAsked, tt.mode, tt.asked)
				}
			}
		})
	}
}

// A false unsat on a user's puzzle is caught by the cross-check: the
// cutting-planes pipeline claims that the empty 25×25 grid has no
// solution, and exactcover/dlx's solution makes the answer wrong.
func TestSolveCrossChecksUnsat(t *testing.T) {
	empty := strings.Repeat(".", 625)
	for _, args := range [][]string{
		{"solve", "--json", "--solver", "milp/gophersat-pb/cutting-planes"},
		{"solve", "--json", "--solver", "exactcover/dlx", "--mode", "unique"},
	} {
		t.Run(strings.Join(args[2:], " "), func(t *testing.T) {
			out, _, err := runCLIInput(t, empty+"\n"+dupInRow3+"\n", args...)
			if code := exitCode(err); code != 1 {
				t.Fatalf("exit code %d, want 1 (%v)", code, err)
			}
			lines := decodeSolveLines(t, out)
			if len(lines) != 2 || !lines[1].CrossChecked || lines[1].Status != solvers.Unsat {
				t.Fatalf("lines %+v, want two, the second a cross-checked unsat", lines)
			}
			switch first := lines[0]; first.Status {
			case solvers.Multiple: // dlx: the empty grid has many solutions
				if !first.CrossChecked {
					t.Errorf("multiple not cross-checked: %+v", first)
				}
			case solvers.Wrong:
				if !first.CrossChecked || !strings.Contains(first.Detail, "reported unsat, but exactcover/dlx finds a solution: ") {
					t.Errorf("wrong without the oracle's solution: %+v", first)
				}
			default:
				t.Errorf("the empty 25×25 grid: %s (%s); want a cross-checked multiple, or a refuted unsat", first.Status, first.Detail)
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

// Input that is no puzzle says so, where, and exits non-zero.
func TestSolveSaysWhatTheInputIs(t *testing.T) {
	tests := []struct {
		name, input string
		says        string
	}{
		{"input=empty", "", "stdin: no puzzle: the input is empty"},
		{"input=comments", "# nothing yet\n\n", "stdin: no puzzle: its 2 lines are blank or comments"},
		{"input=fullwidth", "\uff14" + top95First[1:] + "\n", "stdin:1: U+FF14 FULLWIDTH DIGIT FOUR at column 1: use ASCII digits"},
		{"input=binary", "\x7fELF\x02\x01\x01\x00\x00", "stdin:1: control character 0x7F at column 1: not text: the input looks binary"},
		{"input=hex-16x16", "0" + strings.Repeat(".", 255) + "\n", "'0' is ambiguous in a 16×16 grid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, err := runCLIInput(t, tt.input, "solve")
			if exitCode(err) == 0 {
				t.Fatal("exit code 0")
			}
			if msg := errOut + errorText(err); !strings.Contains(msg, tt.says) {
				t.Errorf("messages lack %q:\n%s", tt.says, msg)
			}
		})
	}
}

// A grid written as nine bare rows is one puzzle.
func TestSolveReadsBareRows(t *testing.T) {
	var rows strings.Builder
	for r := range 9 {
		rows.WriteString(top95First[9*r:9*r+9] + "\n")
	}
	out, errOut, err := runCLIInput(t, rows.String(), "solve")
	if err != nil || !strings.HasPrefix(out, "417369825") {
		t.Fatalf("%v: %q %s", err, out, errOut)
	}
}

// --timeout means what run's does: nonsense is refused, and an answer past
// the limit is a timeout, not a solution (gophersat's pseudo-Boolean
// pipeline takes about 9 ms on the hardest puzzles, and cannot be
// interrupted).
func TestSolveTimeoutMeansWhatRunsDoes(t *testing.T) {
	for _, bad := range []string{"-1s", "1ns", "999us"} {
		_, _, err := runCLIInput(t, top95First, "solve", "--timeout", bad)
		if err == nil || !strings.Contains(err.Error(), "at least 1ms") {
			t.Errorf("--timeout %s: %v, want a refusal", bad, err)
		}
	}
	// A 25×25 grid with its first row given: gophersat, which does not
	// look at its context, takes about 250 ms over it on this project's VM.
	wide := "123456789ABCDEFGHIJKLMNOP" + strings.Repeat(".", 600)
	out, _, err := runCLIInput(t, wide, "solve", "--json", "--timeout", "1ms", "--solver", "sat/gophersat/extended")
	var line solveLine
	if jerr := json.Unmarshal([]byte(out), &line); jerr != nil || exitCode(err) != 1 {
		t.Fatalf("exit %d (%v), output %q", exitCode(err), err, out)
	}
	if line.Status != solvers.Timeout || line.Solution != "" {
		t.Errorf("status %s, solution %q after %.0f µs: want a timeout and no solution", line.Status, line.Solution, line.Micros)
	}
}

// A file's puzzles are named FILE:LINE.
func TestSolveNamesPuzzlesByPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.txt")
	if err := os.WriteFile(path, []byte("# one\n"+top95First+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCLIInput(t, "", "solve", "--json", path)
	var line solveLine
	if err != nil || json.Unmarshal([]byte(out), &line) != nil || line.ID != path+":2" || line.Status != solvers.Solved {
		t.Fatalf("%v: %s", err, out)
	}
}

// Puzzles go to the worker many at a time; their answers still come out
// one per puzzle in input order, each judged: solved, multiple and unsat
// (the last two cross-checked) in turn, far past the stream's window.
func TestSolveKeepsInputOrderAcrossManyPuzzles(t *testing.T) {
	cycle := []struct {
		line string
		want solvers.Status
	}{{top95First, solvers.Solved}, {sergFirst, solvers.Multiple}, {dupInRow3, solvers.Unsat}}
	const n = 200
	var in strings.Builder
	for i := range n {
		in.WriteString(cycle[i%len(cycle)].line + "\n")
	}
	out, errOut, err := runCLIInput(t, in.String(), "solve", "--mode", "unique", "--json")
	if code := exitCode(err); code != 1 {
		t.Fatalf("exit code %d (%v), want 1\n%s", code, err, errOut)
	}
	lines := decodeSolveLines(t, out)
	if len(lines) != n {
		t.Fatalf("%d lines for %d puzzles", len(lines), n)
	}
	for i, l := range lines {
		want := cycle[i%len(cycle)]
		if id := fmt.Sprintf("stdin:%d", i+1); l.ID != id || l.Puzzle != want.line || l.Status != want.want {
			t.Fatalf("line %d: %s %s, want %s %s", i+1, l.ID, l.Status, id, want.want)
		}
		if checked := l.Status != solvers.Solved; l.CrossChecked != checked {
			t.Errorf("%s: %s cross-checked %v", l.ID, l.Status, l.CrossChecked)
		}
	}
}
