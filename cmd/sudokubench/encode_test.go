package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEncodeWritesEachFormat(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"to=cnf", []string{"--to", "cnf"}, []string{"p cnf 729 "}},
		{"to=cnf/minimal-reduced", []string{"--to", "cnf", "--encoding", "minimal", "--reduce"}, []string{"p cnf "}},
		// 11,745 clauses and 17 givens; 729 cell and 486 triad variables.
		{"to=cnf/efficient", []string{"--to", "cnf", "--encoding", "efficient"}, []string{"p cnf 729 11762\n"}},
		{"to=cnf/augmented", []string{"--to", "cnf", "--encoding", "augmented"}, []string{"p cnf 1215 "}},
		{"to=opb", []string{"--to", "opb"}, []string{"* #variable= 729"}},
		{"to=lp", []string{"--to", "lp", "--form", "fixed"}, []string{"Subject To", "Binar", "End"}},
		{"to=mps", []string{"--to", "mps"}, []string{"NAME          sudoku", "ROWS", "    x121      cellr1c2  1", "ENDATA"}},
		{"to=freemps", []string{"--to", "freemps"}, []string{"NAME sudoku", " x_1_2_1 cell_r1c2 1", "ENDATA"}},
		// D-Wave's formulation keeps 729 − 17 variables of this 17-given puzzle.
		{"to=qubo", []string{"--to", "qubo", "--formulation", "fixed"}, []string{"p qubo 0 712 712 ", "c variable 0 is 0,0_1"}},
		{"to=coo", []string{"--to", "coo", "--weights", "2:1:1:1"}, []string{"# vartype=BINARY", "weights 2:1:1:1:1"}},
		{"to=bqm", []string{"--to", "bqm", "--formulation", "propagated"}, []string{`"type":"BinaryQuadraticModel"`, `"bqm_schema":"3.0.0"`, `"offset":`}},
		{"to=mzn", []string{"--to", "mzn"}, []string{`include "alldifferent.mzn";`, "int: b = 3;", "givens = [|\n  4, 0, 0, 0, 0, 0, 8, 0, 5 |"}},
		{"to=smt2/int", []string{"--to", "smt2"}, []string{"(declare-const c_9_9 Int)", "(distinct c_1_1 "}},
		{"to=smt2/onehot", []string{"--to", "smt2", "--smt-form", "onehot"}, []string{"(declare-const x_9_9_9 Bool)"}},
		{"to=asp", []string{"--to", "asp"}, []string{"#const b = 3.", "given(1, 1, 4)."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, "", append(append([]string{"encode"}, tt.args...), top95First)...)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.wants {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%.300s", want, out)
				}
			}
			if !strings.Contains(errOut, " variables") {
				t.Errorf("model size not reported on stderr: %q", errOut)
			}
		})
	}
}

func TestEncodeRefusesBadModelFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--to", "bqm", "--formulation", "eliminated"}, `--formulation: "eliminated": the bqm format takes pruned, fixed`},
		{[]string{"--to", "cnf", "--amo", "native"}, `--amo: "native": the cnf format takes pairwise, sequential`},
		{[]string{"--to", "smt2", "--smt-form", "bits"}, `--smt-form: "bits"`},
		{[]string{"--to", "qubo", "--weights", "1:0:1:1"}, "--weights: row weight 0"},
	} {
		_, _, err := runCLIInput(t, "", append(append([]string{"encode"}, tt.args...), top95First)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err = %v, want %q", tt.args, err, tt.want)
		}
	}
}

func TestEncodeReadsTheFirstPuzzleOfAFile(t *testing.T) {
	out, _, err := runCLIInput(t, "", "encode", "--to", "cnf", "../../corpora/data/norvig-top95.txt")
	if err != nil || !strings.Contains(out, "p cnf 729") {
		t.Fatalf("err %v, output %.200s", err, out)
	}
}

// A puzzle without a solution is encoded like any other: the model holds
// the contradiction (the reduced CNF is the empty clause), and a SAT
// solver proves it unsatisfiable.
func TestEncodeWritesAnUnsolvablePuzzle(t *testing.T) {
	minisat, _ := exec.LookPath("minisat")
	tests := []struct {
		name  string
		args  []string
		wants []string
		sat   bool // a DIMACS file for minisat to refute
	}{
		{"to=cnf", []string{"--to", "cnf"}, []string{"p cnf 729 "}, true},
		{"to=cnf/reduced", []string{"--to", "cnf", "--reduce"}, []string{"c no solution: ", "p cnf 0 1\n0\n"}, true},
		{"to=opb/reduced", []string{"--to", "opb", "--reduce"}, []string{"#variable= 1 #constraint= 2", "+1 x1 >= 1 ;", "-1 x1 >= 0 ;"}, false},
		{"to=lp", []string{"--to", "lp"}, []string{"Subject To", "End"}, false},
		{"to=qubo", []string{"--to", "qubo", "--formulation", "fixed"}, []string{"p qubo 0 "}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLIInput(t, "", append(append([]string{"encode"}, tt.args...), dupInRow3)...)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.wants {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%.300s", want, out)
				}
			}
			if !strings.Contains(errOut, " variables") {
				t.Errorf("model size not reported on stderr: %q", errOut)
			}
			if !tt.sat || minisat == "" {
				return
			}
			path := filepath.Join(t.TempDir(), "model.cnf")
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			var exit *exec.ExitError
			if err := exec.Command(minisat, path).Run(); !errors.As(err, &exit) || exit.ExitCode() != 20 {
				t.Errorf("minisat on the model: %v, want exit 20 (unsatisfiable)", err)
			}
		})
	}
}

// solvers fits 100 columns when its output is no terminal, and lists every
// pipeline; --wide gives every column at full length.
func TestSolversListsEveryPipeline(t *testing.T) {
	for _, wide := range []bool{false, true} {
		args := []string{"solvers"}
		if wide {
			args = append(args, "--wide")
		}
		out, err := runCLI(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"exactcover/dlx", "sat/gophersat/extended", "sat/minisat/extended", "milp/cbc", "milp/gophersat-pb"} {
			if !strings.Contains(out, name) {
				t.Errorf("wide=%v: solvers lacks %s", wide, name)
			}
		}
		widest, rows := 0, 0
		for _, line := range strings.Split(out, "\n") {
			widest = max(widest, utf8.RuneCountInString(line))
			// Each pipeline's row says how --solvers reaches it.
			fields := strings.Fields(line)
			for name, sel := range map[string]string{"exactcover/dlx": "pure", "qubo/sa/pruned": "opt-in", "genetic/seed": "opt-in", "milp/cbc": "outside"} {
				if len(fields) > 2 && fields[0] == name {
					rows++
					if fields[2] != sel {
						t.Errorf("wide=%v: the row of %s does not say %s: %q", wide, name, sel, line)
					}
				}
			}
		}
		if rows != 4 {
			t.Errorf("wide=%v: %d rows of the four pipelines checked, want 4", wide, rows)
		}
		if fits := widest <= 100; fits == wide || (wide && !strings.Contains(out, "version")) {
			t.Errorf("wide=%v: widest line %d columns, want ≤ 100 exactly when not wide, and versions when wide", wide, widest)
		}
	}
}
