package defs

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// shipped returns the shipped definition of a pipeline.
func shipped(t *testing.T, name string) *Definition {
	t.Helper()
	for _, f := range Shipped() {
		for _, d := range f.Definitions {
			if d.Name == name {
				return d
			}
		}
	}
	t.Fatalf("no shipped definition of %s", name)
	return nil
}

// suiteRuns are the shipped pipelines that run the solver contract in
// full (solvertest.Suite): the SAT and MILP programs the suite has always
// run, with the corpus samples each takes.
var suiteRuns = map[string][]solvertest.Sample{
	"sat/minisat/extended":       {{Corpus: "17-clue", N: 5}, {Corpus: "hardest-1106", N: 2}},
	"sat/minisat/minimal":        {{Corpus: "17-clue", N: 5}, {Corpus: "hardest-1106", N: 2}},
	"sat/cadical/extended":       {{Corpus: "17-clue", N: 5}, {Corpus: "hardest-1106", N: 2}},
	"sat/cadical/minimal":        {{Corpus: "17-clue", N: 5}, {Corpus: "hardest-1106", N: 2}},
	"sat/cryptominisat/extended": {{Corpus: "17-clue", N: 5}, {Corpus: "hardest-1106", N: 2}},
	"sat/cryptominisat/minimal":  {{Corpus: "17-clue", N: 5}, {Corpus: "hardest-1106", N: 2}},
	"milp/cbc":                   {{Corpus: "17-clue", N: 3}},
	"milp/glpk":                  {{Corpus: "17-clue", N: 3}},
}

// maxBox is the largest box of the generated and ill-posed puzzles each
// program gets: CBC takes a minute or more on each ill-posed 16×16 puzzle
// on a busy 2-core machine, ten of them, so it stops at 9×9 (glpsol,
// which decides them in a second, checks the 16×16 model files).
var maxBox = map[string]int{"milp/cbc": 3}

// shortUnsatLines are the tdoku-tests puzzles without a solution that the
// conformance runs check unless SUDOKUBENCH_LONG_TESTS is set (then all
// ten): CBC takes seconds to exhaust each of them.
var shortUnsatLines = []int{19, 20, 21}

// TestShippedConformance runs the contract for complete solvers, up to
// 16×16 (9×9 for CBC: maxBox), on the SAT and MILP programs: corpus
// samples in both modes, generated puzzles of every size and both
// variants, ill-posed puzzles, tdoku's unsolvable ones and serg's with
// many solutions.
func TestShippedConformance(t *testing.T) {
	for name, samples := range suiteRuns {
		d := shipped(t, name)
		t.Run("solver="+name, func(t *testing.T) {
			if err := d.Available(); err != nil {
				t.Skipf("%v", err)
			}
			suite := solvertest.Suite{New: d.NewSolver, Samples: samples, MaxBox: cmp.Or(maxBox[name], 4)}
			if os.Getenv(longTestsEnv) == "" {
				suite.UnsatLines = shortUnsatLines
			}
			suite.Run(t)
		})
	}
}

// reportsTime are the programs whose own report of their time the
// output readers take (reported_cpu_s).
var reportsTime = map[string]bool{"minisat": true, "cadical": true, "cbc": true}

// Each SAT and MILP program reports what the Go pipelines it replaces
// reported: the calls it made (two in unique mode), its CPU time, its
// start-up times the calls by both clocks, its own counters, and the
// time it says it took where it says so.
func TestShippedCounters(t *testing.T) {
	puzzle := solvertest.Grids(solvertest.Corpus(t, "hardest-1106", 1))[0]
	for name := range suiteRuns {
		d := shipped(t, name)
		t.Run("solver="+name, func(t *testing.T) {
			if err := d.Available(); err != nil {
				t.Skipf("%v", err)
			}
			res, err := d.NewSolver().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.Unique})
			if err != nil || res.Status != solvers.Solved {
				t.Fatalf("status %s (%s), err %v", res.Status, res.Detail, err)
			}
			c := res.Counters
			if c["solves"] != 2 || c["process_cpu_s"] <= 0 || c["startup_ns"] <= 0 || c["startup_cpu_ns"] <= 0 {
				t.Errorf("solves %v, process_cpu_s %v, startup_ns %v, startup_cpu_ns %v: want 2 calls, their CPU time and start-up", c["solves"], c["process_cpu_s"], c["startup_ns"], c["startup_cpu_ns"])
			}
			want := []string{"decisions", "conflicts", "propagation_only"}
			if d.Family == "milp" {
				want = []string{"lp_iterations"}
			}
			if reportsTime[d.Engine()] {
				want = append(want, string(solvers.ReportedCPU))
			}
			for _, k := range want {
				if _, ok := c[k]; !ok {
					t.Errorf("no %s counter in %v", k, c)
				}
			}
		})
	}
}

// The 0/1 model reaches CBC and glpsol in every format and form the
// encodings write, and their answers decode: a solvable puzzle (and the
// empty 4×4 diagonal grid) solved and verified, a row that the givens
// leave empty (or, fixed, cannot satisfy) read as infeasible.
func TestMILPFormatsRoundTrip(t *testing.T) {
	solvable := []*sudoku.Grid{solvertest.Grids(solvertest.Corpus(t, "norvig-top95", 1))[0], sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Diagonal))}
	conflict, err := sudoku.ParseLine("12345678.........9"+strings.Repeat(".", 63), sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	programs := map[string]string{
		"glpk/lp":      `["glpsol", "--lp", "{input}", "-o", "{result}"]`,
		"glpk/mps":     `["glpsol", "--mps", "{input}", "-o", "{result}"]`,
		"glpk/freemps": `["glpsol", "--freemps", "{input}", "-o", "{result}"]`,
		"cbc/lp":       `["cbc", "{input}", "solve", "solu", "{result}"]`,
		"cbc/freemps":  `["cbc", "{input}", "solve", "solu", "{result}"]`,
	}
	for program, command := range programs {
		output, input, _ := strings.Cut(program, "/")
		for _, form := range []string{"fixed", "eliminated"} {
			d := define(t, fmt.Sprintf(`name = "milp/%s-%s-%s"
input = %q
options = { form = %q }
command = %s
output = %q
unique = "block"`, output, input, form, input, form, command, output))
			t.Run(fmt.Sprintf("program=%s/form=%s", program, form), func(t *testing.T) {
				if err := d.Available(); err != nil {
					t.Skipf("%v", err)
				}
				solvertest.CheckAll(t, d.NewSolver(), solvable, solvers.First, solvers.Solved)
				solvertest.CheckAll(t, d.NewSolver(), []*sudoku.Grid{conflict}, solvers.First, solvers.Unsat)
			})
		}
	}
}
