package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/formats"
)

// top95Solution is the solution of top95First.
const top95Solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

// solverRun is an outside program answering a model that encode wrote.
type solverRun struct {
	name   string
	encode []string // encode's flags
	// argv runs the program: MODEL and ANSWER stand for the files.
	argv []string
	// stdout says the answer is what the program prints (else the file
	// ANSWER).
	stdout bool
}

var solverRuns = []solverRun{
	{"minisat/cnf-reduced", []string{"--to", "cnf", "--reduce"}, []string{"minisat", "MODEL", "ANSWER"}, false},
	{"minisat/cnf-propagated", []string{"--to", "cnf", "--propagate"}, []string{"minisat", "MODEL", "ANSWER"}, false},
	{"minisat/cnf-minimal", []string{"--to", "cnf", "--encoding", "minimal"}, []string{"minisat", "MODEL", "ANSWER"}, false},
	{"cadical/cnf-reduced", []string{"--to", "cnf", "--reduce", "--amo", "sequential"}, []string{"cadical", "-q", "MODEL"}, true},
	{"cadical/cnf-propagated", []string{"--to", "cnf", "--propagate"}, []string{"cadical", "-q", "MODEL"}, true},
	{"minisat+/opb-reduced", []string{"--to", "opb", "--reduce"}, []string{"minisat+", "-v0", "MODEL"}, true},
	{"glpsol/lp", []string{"--to", "lp"}, []string{"glpsol", "--lp", "MODEL", "-o", "ANSWER"}, false},
	{"glpsol/mps", []string{"--to", "mps", "--form", "fixed"}, []string{"glpsol", "--mps", "MODEL", "-o", "ANSWER"}, false},
	{"glpsol/freemps", []string{"--to", "freemps"}, []string{"glpsol", "--freemps", "MODEL", "-o", "ANSWER"}, false},
	{"cbc/lp", []string{"--to", "lp", "--form", "fixed"}, []string{"cbc", "MODEL", "solve", "solu", "ANSWER"}, false},
	{"cbc/freemps", []string{"--to", "freemps"}, []string{"cbc", "MODEL", "solve", "solu", "ANSWER"}, false},
	{"minizinc/mzn", []string{"--to", "mzn"}, []string{"minizinc", "--solver", "gecode", "MODEL"}, true},
	{"z3/smt2-onehot", []string{"--to", "smt2", "--smt-form", "onehot"}, []string{"z3", "-model", "MODEL"}, true},
	{"cvc5/smt2-onehot", []string{"--to", "smt2", "--smt-form", "onehot"}, []string{"cvc5", "--dump-models", "MODEL"}, true},
	{"clasp/asp", []string{"--to", "asp"}, []string{"sh", "-c", "gringo MODEL | clasp"}, true},
}

// answer runs a program on a model file encode writes and returns the
// path of its answer.
func (r solverRun) answer(t *testing.T, puzzle string) (model, answer string) {
	t.Helper()
	dir := t.TempDir()
	to := r.encode[slices.Index(r.encode, "--to")+1]
	f, err := formats.Lookup(to)
	if err != nil {
		t.Fatal(err)
	}
	// Programs tell formats by their extension (cbc, minizinc, cvc5).
	model, answer = filepath.Join(dir, "model."+f.Ext), filepath.Join(dir, "answer")
	if _, _, err := runCLIInput(t, "", append(append([]string{"encode", "--out", model}, r.encode...), puzzle)...); err != nil {
		t.Fatal(err)
	}
	argv := make([]string, len(r.argv))
	for i, a := range r.argv {
		argv[i] = strings.NewReplacer("MODEL", model, "ANSWER", answer).Replace(a)
	}
	out, err := exec.Command(argv[0], argv[1:]...).Output()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("%v: %v", argv, err)
	}
	if r.stdout {
		if err := os.WriteFile(answer, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return model, answer
}

// A solver's answer to every model encode writes, from the programs
// installed here, decodes back to the puzzle's solution, verified: a
// reduced or propagated CNF's renumbered variables among them (minisat's
// result file, CaDiCaL's v lines), and every other format a solver
// answers. (Nothing read a reduced CNF's model back before.)
func TestDecodeReadsRealSolvers(t *testing.T) {
	for _, r := range solverRuns {
		t.Run(r.name, func(t *testing.T) {
			program := r.argv[0]
			if program == "sh" {
				program = "clasp"
			}
			if _, err := exec.LookPath(program); err != nil {
				t.Skipf("%s is not installed", program)
			}
			model, answer := r.answer(t, top95First)
			out, errOut, err := runCLIInput(t, "", "decode", model, answer)
			if err != nil || strings.TrimSpace(out) != top95Solution {
				t.Errorf("decode: %v\nstdout %q\nstderr %s", err, out, errOut)
			}
		})
	}
}

// An unsat answer is read as unsat and checked: against the contradiction
// a reduction found, or by the suite's own search; either way the status
// says no.
func TestDecodeUnsat(t *testing.T) {
	if _, err := exec.LookPath("minisat"); err != nil {
		t.Skip("minisat is not installed")
	}
	for _, tt := range []struct {
		name   string
		encode []string
		want   string
	}{
		{"plain", []string{"--to", "cnf"}, "which the suite's search (propagate/bitboard) confirms"},
		{"reduced", []string{"--to", "cnf", "--reduce"}, "as the suite found when it wrote the model"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := solverRun{encode: tt.encode, argv: []string{"minisat", "MODEL", "ANSWER"}}
			model, answer := r.answer(t, dupInRow3)
			out, errOut, err := runCLIInput(t, "", "decode", model, answer)
			if exitCode(err) != exitNo || strings.TrimSpace(out) != "unsat" || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d (%v), stdout %q, stderr %q; want 1, unsat, %q", exitCode(err), err, out, errOut, tt.want)
			}
		})
	}
}

// What does not hold is refused with what and where: a changed model
// (its line), an answer that does not read (exit 2); a wrong grid, a
// false unsat (exit 1).
func TestDecodeRefuses(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "p.cnf")
	if _, _, err := runCLIInput(t, "", "encode", "--to", "cnf", "--reduce", "--out", model, top95First); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	lines := strings.Split(string(text), "\n")
	lines[len(lines)-2] = "1 0"
	changed := write("changed.cnf", strings.Join(lines, "\n"))
	allFalse := write("false.out", "s SATISFIABLE\nv -1 -2 0\n")
	tests := []struct {
		name, model, answer string
		code                int
		want                string
	}{
		{"changed-model", changed, allFalse, exitUsage, fmt.Sprintf("changed.cnf: line %d differs", len(lines)-1)},
		{"garbage", model, write("garbage.out", "Segmentation fault\n"), exitUsage, `does not read as sat-competition output: unexpected line "Segmentation fault"`},
		{"output", model, allFalse, exitUsage, "--output cbc does not answer a cnf model"},
		{"wrong-grid", model, allFalse, exitNo, "solution 1 of 1 is not a solution"},
		{"cut-short", model, write("cut.out", "s SATISFIABLE\nv -1 -2"), exitUsage, "end without their closing 0: the output was cut short"},
		{"both-ways", model, write("both.out", "s SATISFIABLE\nv 1 -2 -1 0\n"), exitNo, "the model sets variable 1 both true and false"},
		{"past-the-formula", model, write("past.out", "s SATISFIABLE\nv -1 99999 0\n"), exitNo, "the model sets variable 99999, and the formula has"},
		{"false-unsat", model, write("unsat.out", "s UNSATISFIABLE\n"), exitNo, "has a solution (propagate/bitboard found one): the answer is wrong"},
		{"unknown", model, write("unknown.out", "s UNKNOWN\n"), exitNo, "stopped without deciding"},
		{"not-a-model", write("junk.txt", "hello\n"), allFalse, exitUsage, "neither a model file the suite wrote"},
		{"bad-header", write("bad.cnf", "c sudokubench model: format=cnf encoding=fancy variant=classic puzzle="+top95First+"\n"), allFalse, exitUsage, `bad.cnf: line 1: option encoding: "fancy"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"decode", tt.model, tt.answer}
			if tt.name == "output" {
				args = append(args, "--output", "cbc")
			}
			_, _, err := runCLIInput(t, "", args...)
			if exitCode(err) != tt.code || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("exit %d, %v; want %d, %q", exitCode(err), err, tt.code, tt.want)
			}
		})
	}
}

// Without a header, the puzzle and encode's flags pose the model, and
// its answer decodes the same.
func TestDecodeFromThePuzzle(t *testing.T) {
	if _, err := exec.LookPath("minisat"); err != nil {
		t.Skip("minisat is not installed")
	}
	r := solverRun{encode: []string{"--to", "cnf", "--propagate"}, argv: []string{"minisat", "MODEL", "ANSWER"}}
	_, answer := r.answer(t, top95First)
	out, _, err := runCLIInput(t, "", "decode", "--to", "cnf", "--propagate", top95First, answer)
	if err != nil || strings.TrimSpace(out) != top95Solution {
		t.Errorf("%v, %q", err, out)
	}
}
