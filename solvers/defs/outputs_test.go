package defs

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
)

// Each reader on outputs captured from the programs (shortened), and on
// what it must refuse.
func TestReaders(t *testing.T) {
	tests := []struct {
		name, output, text string
		exit               int
		verdict            verdict
		solutions          int
		exhausted          bool
		counter            string // a counter it must read, "" for none
		err                string // "" when it must read
	}{
		{name: "sat/sat", output: "sat-competition", text: "c 14 conflicts\nc 0 decisions\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n", exit: 10, verdict: sat, solutions: 1, exhausted: true, counter: "conflicts"},
		{name: "sat/minisat-result-file", output: "sat-competition", text: "SAT\n1 -2 3 0\n", verdict: sat, solutions: 1, exhausted: true},
		{name: "sat/cadical-time", output: "sat-competition", text: "c total process time since initialization:         0.25    seconds\ns SATISFIABLE\nv 1 0\n", exit: 10, verdict: sat, solutions: 1, exhausted: true, counter: string(solvers.ReportedCPU)},
		{name: "sat/unsat", output: "sat-competition", text: "c conflicts: 3\ns UNSATISFIABLE\n", exit: 20, verdict: unsat, exhausted: true, counter: "conflicts"},
		{name: "sat/exit-code-only", output: "sat-competition", text: "c nothing said\n", exit: 20, verdict: unsat, exhausted: true},
		{name: "sat/all-solutions", output: "sat-competition", text: "s SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\ns SOLUTIONS 2\n", verdict: sat, solutions: 2, exhausted: true},
		{name: "sat/unknown", output: "sat-competition", text: "s UNKNOWN\n", verdict: unknown, exhausted: true},
		{name: "sat/no-model", output: "sat-competition", text: "s SATISFIABLE\n", err: "no model"},
		{name: "sat/garbage", output: "sat-competition", text: "Segmentation fault\n", exit: 139, err: "unexpected line"},
		{name: "sat/bad-literal", output: "sat-competition", text: "s SATISFIABLE\nv 1 x 0\n", err: `value "x"`},
		{name: "sat/cut-short", output: "sat-competition", text: "s SATISFIABLE\nv 1 -2 3\nv -4", exit: 10, err: "cut short"},
		{name: "sat/minisat-result-file-cut-short", output: "sat-competition", text: "SAT\n1 -2 3", err: "cut short"},
		{name: "pb/sat", output: "pb-competition", text: "c conflicts : 17\ns SATISFIABLE\nv x1 -x2 x3\n", verdict: sat, solutions: 1, exhausted: true, counter: "conflicts"},
		{name: "pb/unsat", output: "pb-competition", text: "s UNSATISFIABLE\n", verdict: unsat, exhausted: true},
		{name: "pb/optimum", output: "pb-competition", text: "s OPTIMUM FOUND\nv ~x1 x2\n", verdict: sat, solutions: 1, exhausted: true},
		{name: "pb/bad-literal", output: "pb-competition", text: "s SATISFIABLE\nv y1\n", err: "x<number>"},
		{name: "minizinc/two", output: "minizinc", text: "1 2\n----------\n2 1\n----------\n%%%mzn-stat: nodes=3\n%%%mzn-stat-end\n", verdict: sat, solutions: 2, counter: "nodes"},
		{name: "minizinc/complete", output: "minizinc", text: "1 2\n----------\n==========\n", verdict: sat, solutions: 1, exhausted: true},
		{name: "minizinc/unsat", output: "minizinc", text: "=====UNSATISFIABLE=====\n", verdict: unsat, exhausted: true},
		{name: "minizinc/unknown", output: "minizinc", text: "=====UNKNOWN=====\n", verdict: unknown},
		{name: "minizinc/error", output: "minizinc", text: "=====ERROR=====\n", err: "error"},
		{name: "minizinc/nothing", output: "minizinc", text: "", err: "no solution and no status"},
		{name: "smtlib/sat", output: "smtlib", text: "sat\n((c_1_1 4)\n (c_1_2 (- 1)))\n(:conflicts 12\n :time 0.01)\n", verdict: sat, solutions: 1, exhausted: true, counter: "conflicts"},
		{name: "smtlib/unsat", output: "smtlib", text: "unsat\n(error \"line 9 column 10: model is not available\")\n", verdict: unsat, exhausted: true},
		{name: "smtlib/unknown", output: "smtlib", text: "unknown\n", verdict: unknown, exhausted: true},
		{name: "smtlib/error-first", output: "smtlib", text: "(error \"line 3: unknown constant c_1_1\")\n", err: "check-sat answered"},
		{name: "smtlib/z3-model", output: "smtlib", text: "sat\n(:conflicts 3\n :total-time 0.01)\n(\n  (define-fun c_1_1 () Int\n    4)\n  (define-fun c_1_2 () Int\n    (- 1))\n)\n", verdict: sat, solutions: 1, exhausted: true, counter: "conflicts"},
		{name: "smtlib/cvc5-model", output: "smtlib", text: "sat\n(\n(define-fun x_1_1_1 () Bool true)\n)\n", verdict: sat, solutions: 1, exhausted: true},
		{name: "smtlib/old-z3-model", output: "smtlib", text: "sat\n(model\n  (define-fun c_1_1 () Int 4)\n)\n", verdict: sat, solutions: 1, exhausted: true},
		{name: "smtlib/unsat-clean", output: "smtlib", text: "unsat\n(:conflicts 3)\n", verdict: unsat, exhausted: true, counter: "conflicts"},
		{name: "smtlib/no-values", output: "smtlib", text: "sat\n", err: "printed no values"},
		{name: "smtlib/error-after-sat", output: "smtlib", text: "sat\n(error \"model is not available\")\n", err: "then (error"},
		{name: "smtlib/function-model", output: "smtlib", text: "sat\n((define-fun f ((x Int)) Int x))\n", err: "want (define-fun NAME () SORT VALUE)"},
		{name: "smtlib/unclosed", output: "smtlib", text: "sat\n((c_1_1 4)", err: "unclosed"},
		{name: "clasp/two", output: "clasp", text: "Answer: 1\nx(1,1,1)\nAnswer: 2\nx(1,1,2)\nSATISFIABLE\n\nModels       : 2\nChoices      : 5\n", exit: 30, verdict: sat, solutions: 2, exhausted: true, counter: "choices"},
		{name: "clasp/one-of-more", output: "clasp", text: "Answer: 1\nx(1,1,1)\nSATISFIABLE\nModels       : 1+\n", exit: 10, verdict: sat, solutions: 1},
		{name: "clasp/one-exhausted", output: "clasp", text: "Answer: 1\nx(1,1,1)\nSATISFIABLE\nModels       : 1\n", exit: 30, verdict: sat, solutions: 1, exhausted: true},
		{name: "clasp/unsat", output: "clasp", text: "UNSATISFIABLE\nModels       : 0\n", exit: 20, verdict: unsat, exhausted: true},
		{name: "clasp/nothing", output: "clasp", text: "clasp version 3.3.5\nReading from stdin\n", exit: 65, err: "no verdict"},
		{name: "sample/qbsolv", output: "sample", text: "4 Number of bits in solution\n0110\n-2.00000 Energy of solution\n0 Number of Partitioned calls, 1 output sample\n", verdict: sat, solutions: 1},
		{name: "sample/json-labels", output: "sample", text: `{"0,0_1": 1, "0,0_2": 0}`, verdict: sat, solutions: 1},
		{name: "sample/json-list", output: "sample", text: "[1, 0, 0]\n", verdict: sat, solutions: 1},
		{name: "sample/not-binary", output: "sample", text: `{"0,0_1": 2}`, err: "want 0 or 1"},
		{name: "sample/nothing", output: "sample", text: "Energy of solution\n", err: "no line of 0s and 1s"},
		{name: "grid/one", output: "grid", text: "# a comment\n1234341221434321\n", verdict: sat, solutions: 1, exhausted: true},
		{name: "grid/unsat", output: "grid", text: "UNSAT\n", verdict: unsat, exhausted: true},
		{name: "grid/nothing", output: "grid", text: "\n\n", err: "neither"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := outputs[tt.output].read([]byte(tt.text), external.Output{ExitCode: tt.exit})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.verdict != tt.verdict || len(r.solutions) != tt.solutions || r.exhausted != tt.exhausted {
				t.Errorf("verdict %d, %d solutions, exhausted %v; want %d, %d, %v", r.verdict, len(r.solutions), r.exhausted, tt.verdict, tt.solutions, tt.exhausted)
			}
			if tt.counter != "" && r.counters[tt.counter] == 0 {
				t.Errorf("counters %v lack %s", r.counters, tt.counter)
			}
		})
	}
}

// The time a SAT solver reports it took is a counter, read from its
// output or, beside a result file, from its log: minisat's user time,
// CaDiCaL's process time.
func TestSATReadersKeepTheReportedTime(t *testing.T) {
	for _, c := range []struct {
		name, answer, log string
		want              float64
	}{
		{"minisat", "SAT\n1 -2 3 0\n", "conflicts             : 6              (1896 /sec)\nCPU time              : 0.003165 s\n\nSATISFIABLE\n", 0.003165},
		{"cadical", "c total process time since initialization:         0.25    seconds\nc total real time since initialization:            0.31    seconds\ns SATISFIABLE\nv 1 -2 3 0\n", "", 0.25},
		{"none", "s SATISFIABLE\nv 1 -2 3 0\n", "", 0},
	} {
		log := c.log
		if log == "" {
			log = c.answer
		}
		r, err := outputs["sat-competition"].read([]byte(c.answer), external.Output{Stdout: []byte(log), ExitCode: 10})
		if err != nil || r.counters[string(solvers.ReportedCPU)] != c.want {
			t.Errorf("%s: %s %v, %v; want %v", c.name, string(solvers.ReportedCPU), r.counters[string(solvers.ReportedCPU)], err, c.want)
		}
	}
}

// The readers hand each format's formats.Answer on as the input's decoder
// wants it.
func TestReadersKeepTheSolution(t *testing.T) {
	r, _ := readSATCompetition([]byte("s SATISFIABLE\nv 1 -2\nv 3 0\n"), 10)
	if !slices.Equal(r.solutions[0].Lits, []int{1, -2, 3}) {
		t.Errorf("sat-competition literals %v", r.solutions[0].Lits)
	}
	r, _ = readPBCompetition([]byte("s SATISFIABLE\nv x1 -x2 ~x3 x4\n"), 0)
	if !slices.Equal(r.solutions[0].Lits, []int{1, -2, -3, 4}) {
		t.Errorf("pb-competition literals %v", r.solutions[0].Lits)
	}
	for _, text := range []string{
		"sat\n((c_1_1 4) (c_1_2 (- 1)) (x true))",
		"sat\n(\n(define-fun c_1_1 () Int 4)\n(define-fun c_1_2 () Int (- 1))\n(define-fun x () Bool true)\n)\n",
	} {
		r, _ = readSMTLIB([]byte(text), 0)
		if v := r.solutions[0].Values; v["c_1_1"] != "4" || v["c_1_2"] != "-1" || v["x"] != "true" {
			t.Errorf("smtlib values %v from %q", v, text)
		}
	}
	r, _ = readSample([]byte("3 Number of bits in solution\n011\n"), 0)
	if s := r.solutions[0].Sample; len(s) != 3 || s["0"] != 0 || s["1"] != 1 || s["2"] != 1 {
		t.Errorf("qbsolv sample %v", s)
	}
	r, _ = readMiniZinc([]byte("1 2\n3 4\n----------\n"), 0)
	if r.solutions[0].Text != "1 2\n3 4" {
		t.Errorf("minizinc text %q", r.solutions[0].Text)
	}
	r, _ = readClasp([]byte("Answer: 1\nx(1,1,1) x(1,2,2)\nSATISFIABLE\n"), 10)
	if !slices.Equal(r.solutions[0].Atoms, []string{"x(1,1,1)", "x(1,2,2)"}) {
		t.Errorf("clasp atoms %v", r.solutions[0].Atoms)
	}
}

// Hostile output cannot exhaust the S-expression reader's stack.
func TestSMTLIBDepthIsBounded(t *testing.T) {
	text := "sat\n" + strings.Repeat("(", 100000)
	if _, err := readSMTLIB([]byte(text), 0); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("err %v, want a refusal of deep nesting", err)
	}
}

// A statistic a program prints that is not a finite number (nan, inf, or
// digits past float64's range) is left out: a NaN counter made the worker
// fail to send its reply, and a verified answer was recorded as a crash.
func TestReadersLeaveOutStatisticsThatAreNoNumbers(t *testing.T) {
	huge := strings.Repeat("9", 400)
	for _, c := range []struct {
		name, output, text string
		exit               int
	}{
		{"smtlib", "smtlib", "unsat\n(:conflicts nan :time inf :memory -Infinity :decisions 7)\n", 0},
		{"minizinc", "minizinc", "=====UNSATISFIABLE=====\n%%%mzn-stat: nodes=nan\n%%%mzn-stat: objectiveBound=inf\n%%%mzn-stat: decisions=7\n", 0},
		{"sat-competition", "sat-competition", "c conflicts: " + huge + "\nc decisions: 7\nc total process time since initialization: " + huge + " seconds\ns UNSATISFIABLE\n", 20},
		{"clasp", "clasp", "UNSATISFIABLE\nConflicts    : " + huge + "\nChoices      : 7\n", 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := outputs[c.output].read([]byte(c.text), external.Output{Stdout: []byte(c.text), ExitCode: c.exit})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := json.Marshal(r.counters); err != nil || len(r.counters) != 1 {
				t.Errorf("counters %v (%v), want the one that is a number", r.counters, err)
			}
		})
	}
}
