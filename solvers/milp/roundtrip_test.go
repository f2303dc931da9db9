package milp

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/sudoku"
)

// glpkMPSTool is glpsol reading free MPS, for the writer round trips.
type glpkMPSTool struct{ glpkTool }

func (glpkMPSTool) format() string { return "mps" }

func (t glpkMPSTool) args(model, solution string, limit float64) []string {
	args := t.glpkTool.args(model, solution, limit)
	args[0] = "--freemps"
	return args
}

// cbcLPTool is CBC reading CPLEX LP, for the writer round trips.
type cbcLPTool struct{ cbcTool }

func (cbcLPTool) format() string { return "lp" }

func roundTripTools() map[string]tool {
	return map[string]tool{
		"glpsol-lp": glpkTool{}, "glpsol-mps": glpkMPSTool{},
		"cbc-lp": cbcLPTool{}, "cbc-mps": cbcTool{},
	}
}

func runOrSkip(t *testing.T, tl tool, m *milp.Model) outcome {
	t.Helper()
	if err := tl.program().Available(); err != nil {
		t.Skipf("needs %s: %v", tl.program().Name, err)
	}
	o, _, err := runTool(context.Background(), tl, m)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestWritersRoundTrip writes each form in each format, has each program
// solve it, and decodes what it wrote back.
func TestWritersRoundTrip(t *testing.T) {
	puzzles := []namedPuzzle{{"top95-1", corporatest.Sample(t, "norvig-top95", 1, sampleSeed)[0].Grid}}
	diag := sudoku.MustGeometry(2, sudoku.Diagonal)
	puzzles = append(puzzles, namedPuzzle{"4x4-diagonal", sudoku.NewGrid(diag)})
	for name, tl := range roundTripTools() {
		for _, p := range puzzles {
			for _, form := range []milp.Form{milp.Fixed, milp.Eliminated} {
				t.Run(fmt.Sprintf("tool=%s/puzzle=%s/form=%s", name, p.name, form), func(t *testing.T) {
					m := milp.New(p.grid, form)
					o := runOrSkip(t, tl, m)
					if o.verdict != feasible {
						t.Fatalf("verdict %d (%s), want feasible", o.verdict, o.detail)
					}
					g, err := m.DecodeNamed(o.values)
					if err != nil {
						t.Fatal(err)
					}
					if err := sudoku.CheckSolution(p.grid, g); err != nil {
						t.Fatalf("decoded %s: %v", g, err)
					}
				})
			}
		}
	}
}

// TestWritersKeepConflicts checks that a row emptied by elimination, and
// the fixed form of the same puzzle, read back as infeasible.
func TestWritersKeepConflicts(t *testing.T) {
	g, err := sudoku.ParseLine("12345678.........9"+strings.Repeat(".", 63), sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	for name, tl := range roundTripTools() {
		for _, form := range []milp.Form{milp.Fixed, milp.Eliminated} {
			t.Run(fmt.Sprintf("tool=%s/form=%s", name, form), func(t *testing.T) {
				if o := runOrSkip(t, tl, milp.New(g, form)); o.verdict != infeasible {
					t.Fatalf("verdict %d (%s), want infeasible", o.verdict, o.detail)
				}
			})
		}
	}
}

// TestTightnessProbeInMPS solves the maximisation written as MPS (negated
// objective) and as LP, and expects the same optimum up to sign.
func TestTightnessProbeInMPS(t *testing.T) {
	p := corporatest.Sample(t, "norvig-top95", 2, sampleSeed)[1].Grid
	res := solve(t, Pipelines()[0], p, "first")
	probe, err := milp.New(p, milp.Eliminated).TightnessProbe(res.Solution)
	if err != nil {
		t.Fatal(err)
	}
	lp := runOrSkip(t, glpkTool{}, probe)
	mps := runOrSkip(t, glpkMPSTool{}, probe)
	if lp.objective != -mps.objective {
		t.Errorf("LP optimum %v, MPS optimum %v: want opposite signs", lp.objective, mps.objective)
	}
	t.Logf("probe optimum %v", lp.objective)
}

func TestReadCBCStatuses(t *testing.T) {
	stdout := external.Output{Stdout: []byte("Enumerated nodes:               12\nTotal iterations:               345\n")}
	for _, c := range []struct {
		solution string
		want     verdict
	}{
		{"Optimal - objective value 0.00000000\n      3 x_1_1_4  1  0\n", feasible},
		{"Infeasible - objective value 0.00000000\n", infeasible},
		{"Integer infeasible - objective value 0.00000000\n", infeasible},
		{"Stopped on time - objective value 1e+50\n", stopped},
	} {
		o, err := cbcTool{}.read(stdout, []byte(c.solution))
		if err != nil || o.verdict != c.want {
			t.Errorf("%q: verdict %d, %v; want %d", c.solution, o.verdict, err, c.want)
		}
		if o.counters["nodes"] != 12 || o.counters["lp_iterations"] != 345 {
			t.Errorf("%q: counters %v, want 12 nodes and 345 iterations", c.solution, o.counters)
		}
	}
	if _, err := (cbcTool{}).read(stdout, nil); err == nil {
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
		status, stdout string
		want           verdict
	}{
		{"INTEGER OPTIMAL", "+    40: mip = 0 <= tree is empty 0.0% (0; 13)\n", feasible},
		{"INTEGER EMPTY", "PROBLEM HAS NO INTEGER FEASIBLE SOLUTION\n", infeasible},
		{"INTEGER UNDEFINED", "PROBLEM HAS NO PRIMAL FEASIBLE SOLUTION\n", infeasible},
		{"INTEGER UNDEFINED", "TIME LIMIT EXCEEDED; SEARCH TERMINATED\n", stopped},
	} {
		solution := "Status:     " + c.status + "\nObjective:  obj = 0 (MINimum)\n\n" + columns
		o, err := glpkTool{}.read(external.Output{Stdout: []byte(c.stdout)}, []byte(solution))
		if err != nil || o.verdict != c.want {
			t.Errorf("%s / %q: verdict %d, %v; want %d", c.status, c.stdout, o.verdict, err, c.want)
		}
		if c.want == feasible && (o.values["x_1_1_4"] != 1 || len(o.values) != 2 || o.counters["nodes"] != 13 || o.counters["lp_iterations"] != 40) {
			t.Errorf("values %v, counters %v", o.values, o.counters)
		}
	}
}

func TestTimeLimitIsBelowTheDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10e9)
	defer cancel()
	limit := limitSeconds(ctx)
	if limit <= 0 || limit >= 10 {
		t.Errorf("limit %v s for a 10 s deadline", limit)
	}
	if limitSeconds(context.Background()) != 0 {
		t.Error("a limit without a deadline")
	}
	args := cbcTool{}.args("m.mps", "s.txt", limit)
	if args[1] != "sec" || args[2] != strconv.FormatFloat(limit, 'f', 2, 64) {
		t.Errorf("cbc args %v", args)
	}
}
