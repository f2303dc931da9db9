package milp

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/solvers/external"
)

// glpsolMPS solves a model written as free MPS with glpsol, as runGLPK
// solves it written as CPLEX LP.
func glpsolMPS(t *testing.T, m *milp.Model) Solution {
	t.Helper()
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := milp.WriteMPS(&buf, m); err != nil {
		t.Fatal(err)
	}
	model, solution := filepath.Join(dir, "model.mps"), filepath.Join(dir, "solution.txt")
	if err := os.WriteFile(model, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := external.Run(context.Background(), "glpsol", []string{"--freemps", model, "-o", solution}, nil)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(solution)
	if err != nil {
		t.Fatalf("glpsol wrote no solution (exit %d): %s", out.ExitCode, out.Tail(300))
	}
	s, err := ReadGLPK(out, text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTightnessProbeInMPS solves the maximisation written as MPS (negated
// objective) and as LP, and expects the same optimum up to sign.
func TestTightnessProbeInMPS(t *testing.T) {
	if err := glpkProgram.Available(); err != nil {
		t.Skip(err)
	}
	p := corporatest.Sample(t, "norvig-top95", 2, sampleSeed)[1].Grid
	res := solve(t, Pipelines()[0], p, "first")
	m, err := milp.Pose(p, milp.Options{Form: milp.Eliminated})
	if err != nil {
		t.Fatal(err)
	}
	probe, err := m.TightnessProbe(res.Solution)
	if err != nil {
		t.Fatal(err)
	}
	lp, err := runGLPK(context.Background(), probe)
	if err != nil {
		t.Fatal(err)
	}
	mps := glpsolMPS(t, probe)
	if !lp.Feasible || !mps.Feasible || lp.Objective != -mps.Objective {
		t.Errorf("LP optimum %v, MPS optimum %v: want both feasible, opposite signs", lp.Objective, mps.Objective)
	}
	t.Logf("probe optimum %v", lp.Objective)
}

// outcome names what a reader made of a program's answer.
func outcome(s Solution) string {
	switch {
	case s.Feasible:
		return "feasible"
	case s.Infeasible:
		return "infeasible"
	}
	return "stopped"
}

func TestReadCBCStatuses(t *testing.T) {
	stdout := external.Output{Stdout: []byte("Enumerated nodes:               12\nTotal iterations:               345\n\nTotal time (CPU seconds):       0.37   (Wallclock seconds):       0.41\n")}
	for _, c := range []struct {
		solution, want string
	}{
		{"Optimal - objective value 0.00000000\n      3 x_1_1_4  1  0\n", "feasible"},
		{"Infeasible - objective value 0.00000000\n", "infeasible"},
		{"Integer infeasible - objective value 0.00000000\n", "infeasible"},
		{"Stopped on time - objective value 1e+50\n", "stopped"},
	} {
		s, err := ReadCBC(stdout, []byte(c.solution))
		if err != nil || outcome(s) != c.want {
			t.Errorf("%q: %s, %v; want %s", c.solution, outcome(s), err, c.want)
		}
		if s.Counters["nodes"] != 12 || s.Counters["lp_iterations"] != 345 || s.Counters["reported_cpu_s"] != 0.37 {
			t.Errorf("%q: counters %v, want 12 nodes, 345 iterations and the 0.37 s it reports", c.solution, s.Counters)
		}
	}
	if s, err := ReadCBC(stdout, []byte("Optimal - objective value 0.00000000\n      3 x_1_1_4  1  0\n")); err != nil || s.Values["x_1_1_4"] != 1 {
		t.Errorf("values %v, %v; want x_1_1_4 = 1", s.Values, err)
	}
	if _, err := ReadCBC(stdout, nil); err == nil {
		t.Error("missing solution file accepted")
	}
}

func TestReadGLPKStatuses(t *testing.T) {
	columns := "   No. Column name       Activity     Lower bound   Upper bound\n" +
		"------ ------------    ------------- ------------- -------------\n" +
		"     1 x_1_1_4      *              1             0             1 \n" +
		"     2 a_very_long_column_name\n" +
		"                   *              0             0             1 \n\n"
	for _, c := range []struct {
		status, stdout, want string
	}{
		{"INTEGER OPTIMAL", "+    40: mip = 0 <= tree is empty 0.0% (0; 13)\n", "feasible"},
		{"INTEGER EMPTY", "PROBLEM HAS NO INTEGER FEASIBLE SOLUTION\n", "infeasible"},
		{"INTEGER UNDEFINED", "PROBLEM HAS NO PRIMAL FEASIBLE SOLUTION\n", "infeasible"},
		{"INTEGER UNDEFINED", "TIME LIMIT EXCEEDED; SEARCH TERMINATED\n", "stopped"},
	} {
		solution := "Status:     " + c.status + "\nObjective:  obj = 0 (MINimum)\n\n" + columns
		s, err := ReadGLPK(external.Output{Stdout: []byte(c.stdout)}, []byte(solution))
		if err != nil || outcome(s) != c.want {
			t.Errorf("%s / %q: %s, %v; want %s", c.status, c.stdout, outcome(s), err, c.want)
		}
		if c.want == "feasible" && (s.Values["x_1_1_4"] != 1 || len(s.Values) != 2 || s.Counters["nodes"] != 13 || s.Counters["lp_iterations"] != 40) {
			t.Errorf("values %v, counters %v", s.Values, s.Counters)
		}
	}
}

func TestTimeLimitIsBelowTheDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10e9)
	defer cancel()
	if limit := limitSeconds(ctx); limit <= 0 || limit >= 10 {
		t.Errorf("limit %v s for a 10 s deadline", limit)
	}
	if limitSeconds(context.Background()) != 0 {
		t.Error("a limit without a deadline")
	}
}

// A value or objective in a solution that is not a finite number is an
// answer that does not read, never a 0 (a NaN value read as "not set",
// a NaN objective as a tight relaxation); a count that overflows is left
// out.
func TestSolutionsRefuseNumbersThatAreNoNumbers(t *testing.T) {
	huge := strings.Repeat("9", 400)
	if s, err := ReadCBC(external.Output{Stdout: []byte("Enumerated nodes: " + huge + "\n")}, []byte("Optimal - objective value 0\n      3 x_1_1_4  nan  0\n")); err == nil || s.Counters["nodes"] != 0 {
		t.Errorf("cbc: a nan value read (%v), nodes %v", err, s.Counters["nodes"])
	}
	columns := "   No. Column name       Activity     Lower bound   Upper bound\n" +
		"------ ------------    ------------- ------------- -------------\n" +
		"     1 x_1_1_4      *              %s             0             1 \n\n"
	for _, c := range []struct{ objective, value string }{{"nan", "1"}, {"0", "inf"}, {"0", huge}} {
		solution := "Status:     INTEGER OPTIMAL\nObjective:  obj = " + c.objective + " (MINimum)\n\n" + fmt.Sprintf(columns, c.value)
		if _, err := ReadGLPK(external.Output{}, []byte(solution)); err == nil {
			t.Errorf("glpk: objective %s, value %.10s read", c.objective, c.value)
		}
	}
}
