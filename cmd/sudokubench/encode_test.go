package main

import (
	"strings"
	"testing"
)

func TestEncodeWritesEachFormat(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"to=cnf", []string{"--to", "cnf"}, []string{"p cnf 729 "}},
		{"to=cnf/minimal-reduced", []string{"--to", "cnf", "--encoding", "minimal", "--reduce"}, []string{"p cnf "}},
		{"to=opb", []string{"--to", "opb"}, []string{"* #variable= 729"}},
		{"to=lp", []string{"--to", "lp", "--form", "fixed"}, []string{"Subject To", "Binar", "End"}},
		{"to=mps", []string{"--to", "mps"}, []string{"ROWS", "COLUMNS", "ENDATA"}},
		// D-Wave's formulation keeps 729 − 17 variables of this 17-given puzzle.
		{"to=qubo", []string{"--to", "qubo", "--formulation", "fixed"}, []string{"p qubo 0 712 712 ", "c variable 0 is 0,0_1"}},
		{"to=coo", []string{"--to", "coo", "--weights", "2:1:1:1"}, []string{"# vartype=BINARY", "weights 2:1:1:1:1"}},
		{"to=bqm", []string{"--to", "bqm", "--formulation", "propagated"}, []string{`"type":"BinaryQuadraticModel"`, `"bqm_schema":"3.0.0"`, `"offset":`}},
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
			if !strings.Contains(errOut, "Variables") {
				t.Errorf("model size not reported on stderr: %q", errOut)
			}
		})
	}
}

func TestEncodeRefusesBadQUBOFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--to", "bqm", "--formulation", "eliminated"}, "unknown QUBO formulation"},
		{[]string{"--to", "qubo", "--weights", "1:0:1:1"}, "row weight 0"},
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

func TestEncodeRefusesAnInvalidPuzzle(t *testing.T) {
	_, _, err := runCLIInput(t, "", "encode", dupInRow3)
	if err == nil || !strings.Contains(err.Error(), "row 3: 7 at r3c1 and r3c7") {
		t.Fatalf("err = %v, want the duplicate named", err)
	}
}

func TestSolversListsEveryPipeline(t *testing.T) {
	out, err := runCLI(t, "solvers")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"exactcover/dlx", "sat/gophersat/extended", "sat/minisat/extended", "milp/cbc", "milp/gophersat-pb"} {
		if !strings.Contains(out, name) {
			t.Errorf("solvers lacks %s", name)
		}
	}
}
