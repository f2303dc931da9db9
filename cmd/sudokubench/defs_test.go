package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// writeDefs writes a definition file into a temporary directory.
func writeDefs(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mine.toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// echoDef defines a direct solver in sh that prints a fixed line.
func echoDef(name, line string) string {
	return `[[solver]]
name    = "` + name + `"
input   = "puzzle"
stdin   = true
command = ["sh", "-c", "cat > /dev/null; echo ` + line + `"]
output  = "grid"
unique  = "none"
`
}

// A defined pipeline is listed beside the built-in ones; a bad file is
// refused with its file, line and key, and a name that is taken too.
func TestDefsJoinTheSolvers(t *testing.T) {
	good := writeDefs(t, echoDef("sh/echo", top95First))
	out, err := runCLI(t, "solvers", "--wide", "--defs", good)
	if err != nil || !strings.Contains(out, "sh/echo") || !strings.Contains(out, "exactcover/dlx") {
		t.Fatalf("%v: %s", err, out)
	}
	for _, tt := range []struct {
		name, text, want string
	}{
		{"unknown-input", strings.Replace(echoDef("sh/echo", "x"), `"puzzle"`, `"sudoku"`, 1), `mine.toml:3: [[solver]] sh/echo: key input: unknown input "sudoku"`},
		{"taken-name", strings.Replace(strings.Replace(echoDef("sat/picosat/extended", "x"), `"puzzle"`, `"cnf"`, 1), `"none"`, `"none"`+"\noptions = {}", 1), `mine.toml:2: [[solver]] sat/picosat/extended: key name: sat/picosat/extended is a pipeline already, shipped with the suite`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := runCLI(t, "solvers", "--defs", writeDefs(t, tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
	if _, err := runCLI(t, "solvers", "--defs", filepath.Join(t.TempDir(), "none.toml")); err == nil || !strings.Contains(err.Error(), "none.toml") {
		t.Errorf("missing file: %v", err)
	}
}

// satModelDef defines a SAT pipeline in sh that answers any CNF with a
// fixed model in the SAT competition's output.
func satModelDef(name string, lits []int) string {
	var v strings.Builder
	for _, l := range lits {
		fmt.Fprintf(&v, "%d ", l)
	}
	return `[[solver]]
name    = "` + name + `"
input   = "cnf"
stdin   = true
command = ["sh", "-c", "cat > /dev/null; echo s SATISFIABLE; echo v ` + v.String() + `0; exit 10"]
output  = "sat-competition"
unique  = "none"
`
}

// A defined pipeline goes through the worker and the verification like any
// other: a grid that breaks a rule is wrong, and so is a model that sets
// two digits in a cell (a false answer, not a failed pipeline), even when
// the first of them is right; output that does not read is an error with
// the program's words; a correct answer is solved.
func TestDefinedPipelineIsJudged(t *testing.T) {
	solution := "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	broken := "1" + solution[1:] // a given changed
	var model []int
	for cell, c := range solution {
		model = append(model, cnf.CellVar(9, cell, int(c-'0')))
	}
	twoInACell := append(slices.Clone(model), cnf.CellVar(9, 1, 9)) // r1c2 holds 1, and now 9 too
	path := writeDefs(t, echoDef("sh/right", solution)+"\n"+
		echoDef("sh/broken", broken)+"\n"+
		echoDef("sh/babble", "it-is-solved")+"\n"+
		satModelDef("sat/sh-right/extended", model)+"\n"+
		satModelDef("sat/sh-two-digits/extended", twoInACell))
	for _, tt := range []struct {
		solver string
		want   solvers.Status
		detail string
	}{
		{"sh/right", solvers.Solved, ""},
		{"sh/broken", solvers.Wrong, "wrong solution"},
		{"sh/babble", solvers.Error, "stdout ends: it-is-solved"},
		{"sat/sh-right/extended", solvers.Solved, ""},
		{"sat/sh-two-digits/extended", solvers.Wrong, "wrong solution: r1c2: no digit in the solution; the solver said: sh's answer is no solution: model puts both 1 and 9 in r1c2"},
	} {
		t.Run("solver="+tt.solver, func(t *testing.T) {
			out, _, _ := runCLIInput(t, top95First, "solve", "--json", "--defs", path, "--solver", tt.solver)
			var line solveLine
			if err := json.Unmarshal([]byte(out), &line); err != nil {
				t.Fatalf("%v: %q", err, out)
			}
			if line.Status != tt.want || !strings.Contains(line.Detail, tt.detail) {
				t.Errorf("status %s (%s), want %s with %q", line.Status, line.Detail, tt.want, tt.detail)
			}
		})
	}
}

// A run records the definitions it used, text and hash; resuming it with
// the file changed, or without it, is refused.
func TestRunRecordsDefinitions(t *testing.T) {
	text := echoDef("sh/right", "417369825632158947958724316825437169791586432346912758289643571573291684164875293")
	path := writeDefs(t, text)
	out := filepath.Join(t.TempDir(), "run")
	args := []string{"run", "--corpus", "top1465", "--limit", "1", "--sample=false", "--mode", "first", "--out", out}
	if msg, err := runCLI(t, append(args, "--solvers", "sh/right,exactcover/dlx", "--defs", path)...); err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
	m, err := record.ReadManifest(filepath.Join(out, record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Definitions) != 1 || m.Definitions[0].Text != text || m.Definitions[0].Solvers[0] != "sh/right" || m.Plan.Definitions["sh/right"] != m.Definitions[0].SHA256 {
		t.Fatalf("manifest definitions %+v, plan %v", m.Definitions, m.Plan.Definitions)
	}
	if _, ok := m.Plan.Definitions["exactcover/dlx"]; ok {
		t.Error("a built-in pipeline is listed as defined")
	}
	resume := []string{"run", "--out", out, "--resume"}
	if _, err := runCLI(t, resume...); err == nil || !strings.Contains(err.Error(), "pass --defs "+path) {
		t.Errorf("resume without --defs: %v", err)
	}
	if err := os.WriteFile(path, []byte(text+"# changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, append(resume, "--defs", path)...); err == nil || !strings.Contains(err.Error(), "the definition of sh/right changed") {
		t.Errorf("resume with the file changed: %v", err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := runCLI(t, append(resume, "--defs", path)...); err != nil {
		t.Errorf("resume with the same file: %v: %s", err, msg)
	}
}

// check-solver passes a sound pipeline, fails a broken one with what came
// back, and skips what a definition does not take.
func TestCheckSolver(t *testing.T) {
	path := writeDefs(t, echoDef("sh/broken", strings.Repeat("1", 81)))
	out, err := runCLI(t, "check-solver", "--defs", path, "--sizes", "9", "sh/broken")
	if exitCode(err) != 1 || !strings.Contains(out, "FAIL  17-clue, 9×9, first mode: 0 of 3 solved") || !strings.Contains(out, "wrong (wrong solution") {
		t.Errorf("broken: exit %d, output:\n%s", exitCode(err), out)
	}
	if !strings.Contains(out, "skip  17-clue, 9×9, unique mode: sh/broken runs in first mode only") {
		t.Errorf("broken: unique mode not skipped:\n%s", out)
	}
	out, err = runCLI(t, "check-solver", "--sizes", "4,9", "exactcover/dlx")
	if err != nil || !strings.Contains(out, "8 checks passed, 0 failed, 0 skipped") {
		t.Errorf("exactcover/dlx: %v:\n%s", err, out)
	}
}

// docs/solver-definitions.md shows the example files verbatim, the
// README's "Bring your own solver" shows part of the definition file as it
// is, and the files pass check-solver as written.
func TestReadmeBringYourOwnSolver(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "solver-definitions.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "docs", "bring-your-own")
	for _, name := range []string{"my-solvers.toml", "solve.py"} {
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), "\n"+string(text)+"```\n") {
			t.Errorf("docs/solver-definitions.md does not show docs/bring-your-own/%s verbatim, in a code block of its own", name)
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	definitions, err := os.ReadFile(filepath.Join(dir, "my-solvers.toml"))
	if err != nil {
		t.Fatal(err)
	}
	excerpts := codeBlocks(string(readme), "toml")
	if len(excerpts) == 0 {
		t.Error("README.md shows no toml code block: it should show part of docs/bring-your-own/my-solvers.toml")
	}
	for _, excerpt := range excerpts {
		if !strings.Contains(string(definitions), excerpt) {
			t.Errorf("README.md shows a definition that docs/bring-your-own/my-solvers.toml does not hold as written:\n%s", excerpt)
		}
	}
	for _, solver := range []struct{ name, program string }{{"sat/picosat/sequential", "picosat"}, {"python/backtrack", "python3"}} {
		t.Run("solver="+solver.name, func(t *testing.T) {
			if _, err := exec.LookPath(solver.program); err != nil {
				t.Skipf("%s not installed", solver.program)
			}
			out, err := runCLI(t, "check-solver", "--defs", filepath.Join(dir, "my-solvers.toml"), "--sizes", "4,9", solver.name)
			if err != nil || !strings.Contains(out, " 0 failed") {
				t.Errorf("%v:\n%s", err, out)
			}
		})
	}
}

// export writes instances that an outside solver decides as their task
// definitions say: picosat finds the unsolvable tdoku-tests puzzles
// unsatisfiable and the others satisfiable.
func TestExportInstancesDecideAsTheTasksSay(t *testing.T) {
	out := filepath.Join(t.TempDir(), "inst")
	msg, err := runCLI(t, "export", "--corpus", "tdoku-tests", "--limit", "30", "--sample=false", "--to", "cnf", "--out", out)
	if err != nil || !strings.Contains(msg, "30 tasks (cnf)") {
		t.Fatalf("%v: %s", err, msg)
	}
	if _, err := exec.LookPath("picosat"); err != nil {
		t.Skip("picosat not installed")
	}
	tasks, _ := filepath.Glob(filepath.Join(out, "*.yml"))
	checked := map[bool]int{}
	for _, task := range tasks {
		yml, err := os.ReadFile(task)
		if err != nil {
			t.Fatal(err)
		}
		verdict := strings.Contains(string(yml), "solvable.prp\n    expected_verdict: true")
		err = exec.Command("picosat", "-n", strings.TrimSuffix(task, ".yml")+".cnf").Run()
		code := 0
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		}
		if want := map[bool]int{true: 10, false: 20}[verdict]; code != want {
			t.Errorf("%s: picosat exit %d, want %d", filepath.Base(task), code, want)
		}
		checked[verdict]++
	}
	if checked[true] == 0 || checked[false] == 0 {
		t.Errorf("checked %v: want both verdicts among tdoku-tests' first 30", checked)
	}
	if _, err := runCLI(t, "export", "--corpus", "tdoku-tests", "--limit", "3", "--to", "cnf", "--out", out); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("second export into the same directory: %v", err)
	}
}

// codeBlocks returns the contents of a Markdown text's code blocks of one
// language, each with its final newline.
func codeBlocks(text, language string) []string {
	var blocks []string
	var block strings.Builder
	in := false
	for _, line := range strings.SplitAfter(text, "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```"+language:
			in = true
		case in && strings.TrimSpace(line) == "```":
			blocks = append(blocks, block.String())
			block.Reset()
			in = false
		case in:
			block.WriteString(line)
		}
	}
	return blocks
}
