package defs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A 4×4 puzzle with two solutions, and both.
const (
	twoSolutions = "1.3..2.....1...."
	solutionA    = "1432321423414123"
	solutionB    = "1432321443212143"
)

// define parses one definition given as the body of a [[solver]] table.
func define(t *testing.T, body string) *Definition {
	t.Helper()
	f, err := Parse("test.toml", []byte("[[solver]]\n"+body+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return f.Definitions[0]
}

func solve(t *testing.T, d *Definition, puzzle string, mode solvers.Mode) (solvers.Result, error) {
	t.Helper()
	g, err := sudoku.ParseLine(puzzle, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	return d.NewSolver().Solve(context.Background(), solvers.Request{Puzzle: g, Mode: mode})
}

// script is a direct solver in sh that reads the puzzle line on stdin.
func script(sh, unique string) string {
	return `name = "sh/test"
input = "puzzle"
command = ["sh", "-c", ` + "'" + sh + "'" + `]
stdin = true
output = "grid"
unique = "` + unique + `"`
}

// The program's answer decides the status; unique mode follows the
// definition's unique key.
func TestPipelineStatuses(t *testing.T) {
	tests := []struct {
		name, body string
		mode       solvers.Mode
		want       solvers.Status
		calls      float64
	}{
		{"unique=none/solved", script("read p; echo "+solutionA, "none"), solvers.First, solvers.Solved, 1},
		{"unique=none/unsat", script("echo UNSAT", "none"), solvers.First, solvers.Unsat, 1},
		{"unique=none/unknown", script("echo UNKNOWN", "none"), solvers.First, solvers.GaveUp, 1},
		{"unique=limit/multiple", script(`if [ {solutions} = 2 ]; then echo `+solutionA+`; echo `+solutionB+`; else echo `+solutionA+`; fi`, "limit"), solvers.Unique, solvers.Multiple, 1},
		{"unique=limit/solved", script("echo "+solutionA+" # {solutions}", "limit"), solvers.Unique, solvers.Solved, 1},
		{"unique=limit/first", script(`[ {solutions} = 1 ] && echo `+solutionA, "limit"), solvers.First, solvers.Solved, 1},
		// A cnf input answered by a grid: the second call's input holds the
		// blocking clause, and the program proves it unsatisfiable.
		{"unique=block/solved", `name = "sat/sh-test"
input = "cnf"
command = ["sh", "-c", "if [ -e {workdir}/seen ]; then echo UNSAT; else touch {workdir}/seen; echo ` + solutionA + `; fi; cat {input} > /dev/null"]
output = "grid"
unique = "block"`, solvers.Unique, solvers.Solved, 2},
		// A sampler answering a qbsolv file with a sample above energy 0
		// (every variable 0) gave up: it is incomplete, not wrong.
		{"output=sample/above-zero", `name = "qubo/sh-test"
input = "qubo"
command = ["sh", "-c", "n=$(grep -c \"^c variable\" {input}); printf \"%0\"$n\"d\\n\" 0"]
output = "sample"
unique = "none"`, solvers.First, solvers.GaveUp, 1},
		{"unique=block/multiple", `name = "sat/sh-test"
input = "cnf"
command = ["sh", "-c", "if [ -e {workdir}/seen ]; then echo ` + solutionB + `; else touch {workdir}/seen; echo ` + solutionA + `; fi; cat {input} > /dev/null"]
output = "grid"
unique = "block"`, solvers.Unique, solvers.Multiple, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := solve(t, define(t, tt.body), twoSolutions, tt.mode)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.want || res.Counters["solves"] != tt.calls {
				t.Errorf("status %s (%s) after %v calls, want %s after %v", res.Status, res.Detail, res.Counters["solves"], tt.want, tt.calls)
			}
			if (res.Status == solvers.Solved || res.Status == solvers.Multiple) && res.Solution.String() != solutionA {
				t.Errorf("solution %s, want the first one, %s", res.Solution, solutionA)
			}
		})
	}
}

// What a program printed that cannot be read is an error that shows its
// output's end; a program that lies about its answer is caught.
func TestPipelineErrors(t *testing.T) {
	tests := []struct {
		name, body string
		mode       solvers.Mode
		want       []string
	}{
		{"unreadable-grid", script(`echo "the answer is 42"; echo oops >&2`, "none"), solvers.First,
			[]string{"does not read as a grid", "stdout ends: the answer is 42", "stderr ends: oops"}},
		{"unreadable-sat", `name = "sat/sh-test"
input = "cnf"
command = ["sh", "-c", "echo Segmentation fault; exit 139", "{input}"]
output = "sat-competition"
unique = "none"`, solvers.First, []string{"sat-competition output does not read", "exit 139", "Segmentation fault"}},
		{"same-solution-twice", script("echo "+solutionA+"; echo "+solutionA+" # {solutions}", "limit"), solvers.Unique, []string{"printed the same solution twice"}},
		{"excluded-solution-again", `name = "sat/sh-test"
input = "cnf"
command = ["sh", "-c", "echo ` + solutionA + `", "{input}"]
output = "grid"
unique = "block"`, solvers.Unique, []string{"returned the solution it was asked to exclude"}},
		{"no-result-file", `name = "sat/sh-test"
input = "cnf"
command = ["sh", "-c", "true", "{input}", "{result}"]
output = "sat-competition"
unique = "none"`, solvers.First, []string{"wrote no {result} file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := solve(t, define(t, tt.body), twoSolutions, tt.mode)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// A grid that breaks a rule is handed on as solved: verification, in the
// harness, calls it wrong.
func TestPipelinePassesAWrongGridOn(t *testing.T) {
	res, err := solve(t, define(t, script("echo 1111222233334444", "none")), twoSolutions, solvers.First)
	if err != nil || res.Status != solvers.Solved {
		t.Fatalf("status %s, err %v", res.Status, err)
	}
	puzzle, _ := sudoku.ParseLine(twoSolutions, sudoku.Classic)
	if sudoku.CheckSolution(puzzle, res.Solution) == nil {
		t.Error("the broken grid verifies")
	}
}

// A program that runs past the deadline is killed with its context.
func TestPipelineStopsAtTheDeadline(t *testing.T) {
	d := define(t, script("sleep 30; echo "+solutionA, "none"))
	g, _ := sudoku.ParseLine(twoSolutions, sudoku.Classic)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := d.NewSolver().Solve(ctx, solvers.Request{Puzzle: g, Mode: solvers.First})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want the context's deadline", err)
	}
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("returned after %s: the program was not killed", elapsed)
	}
}

// The placeholders reach the program: the input file, the variant, the
// size, the seed and a time limit under the deadline.
func TestPipelinePlaceholders(t *testing.T) {
	d := define(t, `name = "sh/args"
input = "puzzle"
command = ["sh", "-c", "echo \"# $(cat {input}) {variant} {size} {seed} {timeout} {timeout_ms}\" >&2; cat {input}"]
output = "grid"
unique = "none"`)
	g, _ := sudoku.ParseLine(solutionA, sudoku.Classic)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := d.NewSolver().Solve(ctx, solvers.Request{Puzzle: g, Mode: solvers.First, Seed: 7})
	if err != nil || res.Status != solvers.Solved {
		t.Fatalf("status %s (%s), err %v", res.Status, res.Detail, err)
	}
	// A context of its own: the solve above may take over a second on a
	// loaded machine, and the limit counts down from the deadline.
	fresh, cancelFresh := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancelFresh()
	c := &call{p: d.NewSolver().(*pipeline), ctx: fresh, req: solvers.Request{Puzzle: g, Seed: 7}, dir: "/w"}
	cmds := c.commands("/w/input.txt", "/w/result.txt", 2)
	script := cmds[0].Args[1]
	for _, want := range []string{"cat /w/input.txt", "classic 4 7 17 17"} {
		if !strings.Contains(script, want) {
			t.Errorf("command %q lacks %q", script, want)
		}
	}
}

// {defdir} in a program's name is the definition file's directory, so that
// a script kept beside the file runs, is found available and gives the
// version, wherever the suite runs from.
func TestProgramBesideTheDefinition(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "solve.sh"), []byte("#!/bin/sh\n[ \"$1\" = --version ] && echo solve.sh 1.2 && exit\necho "+solutionA+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mine.toml")
	text := `[[solver]]
name = "sh/beside"
input = "puzzle"
command = ["{defdir}/solve.sh", "{input}"]
output = "grid"
unique = "none"
version = ["{defdir}/solve.sh", "--version"]
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	d := f.Definitions[0]
	if err := d.Available(); err != nil {
		t.Errorf("available: %v", err)
	}
	if v := d.ProgramVersion(); v != "solve.sh 1.2" {
		t.Errorf("version %q, want the script's", v)
	}
	if res, err := solve(t, d, twoSolutions, solvers.First); err != nil || res.Status != solvers.Solved || res.Solution.String() != solutionA {
		t.Errorf("status %s (%s), err %v; want the script's solution", res.Status, res.Detail, err)
	}
}

// A definition refuses requests outside its sizes and variants, and
// unique mode when it cannot prove uniqueness.
func TestPipelineRefuses(t *testing.T) {
	d := define(t, script("echo "+solutionA, "none")+"\nsizes = [9]")
	res, err := solve(t, d, twoSolutions, solvers.First)
	if err != nil || res.Status != solvers.Error || !strings.Contains(res.Detail, "9×9 grids, classic") {
		t.Errorf("4×4 puzzle: status %s (%s), err %v", res.Status, res.Detail, err)
	}
	res, err = solve(t, define(t, script("echo "+solutionA, "none")), twoSolutions, solvers.Unique)
	if err != nil || res.Status != solvers.Error || !strings.Contains(res.Detail, "first mode only") {
		t.Errorf("unique mode: status %s (%s), err %v", res.Status, res.Detail, err)
	}
}

// The start-up is measured at the first call of Solve, before any check,
// so that a harness worker priming the pipeline with a puzzle it refuses
// (a classic primer for a diagonal-only pipeline) still pays for it
// untimed; every later call reports it, by both clocks, times its calls.
func TestPipelineMeasuresStartupFirst(t *testing.T) {
	d := define(t, script("read p; echo "+solutionA, "none")+"\nsizes = [9]")
	s := d.NewSolver().(*pipeline)
	g, err := sudoku.ParseLine(twoSolutions, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(context.Background(), solvers.Request{Puzzle: g, Mode: solvers.First})
	if err != nil || res.Status != solvers.Error {
		t.Fatalf("a refused puzzle: status %s (%s), err %v", res.Status, res.Detail, err)
	}
	if s.startup.wall <= 0 || s.startup.cpu <= 0 {
		t.Fatalf("start-up %+v after the first call, want it measured by both clocks", s.startup)
	}
	measured := s.startup
	d4 := define(t, script("read p; echo "+solutionA, "none"))
	s.def = d4 // the same measured pipeline, now taking 4×4 puzzles
	res, err = s.Solve(context.Background(), solvers.Request{Puzzle: g, Mode: solvers.First})
	if err != nil || res.Status != solvers.Solved {
		t.Fatalf("status %s (%s), err %v", res.Status, res.Detail, err)
	}
	if s.startup != measured {
		t.Errorf("start-up measured again: %+v, then %+v", measured, s.startup)
	}
	if c := res.Counters; c["startup_ns"] != float64(measured.wall) || c["startup_cpu_ns"] != float64(measured.cpu) {
		t.Errorf("counters startup_ns %v, startup_cpu_ns %v; want the one call's %d and %d", c["startup_ns"], c["startup_cpu_ns"], measured.wall, measured.cpu)
	}
}
