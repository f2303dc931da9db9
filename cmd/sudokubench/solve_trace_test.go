package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestSolveTraceReplays reads the printed trace back and replays it: it
// must lead to the printed solution, for every tracing solver.
func TestSolveTraceReplays(t *testing.T) {
	const puzzle = "..45.21781...9..3....8....46..45.....7.9...128.12.35..4.......935..6.8.7.9.3..62."
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tt := range []struct{ solver, puzzle string }{
		{"backtrack/naive", puzzle}, {"backtrack/tracked", hard}, {"propagate/norvig", hard},
	} {
		t.Run("solver="+tt.solver, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, tt.puzzle+"\n", "solve", "--solver", tt.solver, "--trace", "--trace-limit", "1000000", "--json")
			if err != nil {
				t.Fatalf("%v\n%s", err, errOut)
			}
			steps, result := readTrace(t, out)
			g, _ := sudoku.ParseLine(tt.puzzle, sudoku.Classic)
			replayed, err := solvers.Replay(g, steps)
			if err != nil {
				t.Fatal(err)
			}
			if replayed.String() != result.Solution || result.Status != solvers.Solved {
				t.Fatalf("trace of %d steps replays to %s; the solve printed %s %s", len(steps), replayed, result.Status, result.Solution)
			}
		})
	}
}

// readTrace parses --trace --json output: step lines, then the result.
func readTrace(t *testing.T, out string) ([]solvers.Step, solveLine) {
	t.Helper()
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	kinds := map[string]solvers.StepKind{}
	for _, k := range []solvers.StepKind{solvers.Guess, solvers.Force, solvers.Backtrack, solvers.Found} {
		kinds[k.String()] = k
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var steps []solvers.Step
	for i, text := range lines[:len(lines)-1] {
		var ts traceStep
		if err := json.Unmarshal([]byte(text), &ts); err != nil || ts.Step != i+1 {
			t.Fatalf("line %d: %q is not step %d (%v)", i+1, text, i+1, err)
		}
		s := solvers.Step{Kind: kinds[ts.Kind], Value: ts.Value, Depth: ts.Depth}
		if ts.Cell != "" {
			var r, c int
			if _, err := fmt.Sscanf(ts.Cell, "r%dc%d", &r, &c); err != nil {
				t.Fatalf("line %d: cell %q: %v", i+1, ts.Cell, err)
			}
			s.Cell = (r-1)*geo.N + c - 1
		}
		steps = append(steps, s)
	}
	var result solveLine
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &result); err != nil {
		t.Fatal(err)
	}
	return steps, result
}

func TestSolveTraceText(t *testing.T) {
	out, _, err := runCLIInput(t, fourByFour+"\n", "solve", "--solver", "backtrack/tracked", "--trace", "--trace-limit", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# trace of stdin:1", "guess      r2c1    {2,3}", "force      r3c1", "the last 13 not shown (--trace-limit)", "15 steps: 5 guesses, 9 forced"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSolveTraceRefusesUntraceableSolver(t *testing.T) {
	_, _, err := runCLIInput(t, fourByFour+"\n", "solve", "--solver", "exactcover/dlx", "--trace")
	if err == nil || !strings.Contains(err.Error(), "cannot trace") || !strings.Contains(err.Error(), "propagate/norvig") {
		t.Errorf("err = %v, want one that names the solvers that trace", err)
	}
}
