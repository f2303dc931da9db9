package defs

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The shipped definitions parse, name distinct pipelines of every family
// that runs outside programs, say how to install their programs, and
// record their versions.
func TestShippedDefinitions(t *testing.T) {
	seen := make(map[string]bool)
	families := make(map[string]bool)
	for _, f := range Shipped() {
		if !strings.HasPrefix(f.Name, shippedDir+"/") {
			t.Errorf("%s: not named after its place in the repository", f.Name)
		}
		for _, d := range f.Definitions {
			if seen[d.Name] {
				t.Errorf("%s defined twice", d.Name)
			}
			seen[d.Name] = true
			families[d.Family] = true
			if d.Package == "" {
				t.Errorf("%s: no package to install", d.Name)
			}
			if d.Available() == nil && d.ProgramVersion() == "unknown" {
				t.Errorf("%s: no version recorded (a version command, or the package's)", d.Name)
			}
		}
	}
	for _, want := range []string{"cp", "smt", "asp", "sat", "milp"} {
		if !families[want] {
			t.Errorf("no shipped pipeline of family %s", want)
		}
	}
}

// slowAtSixteen are the pipelines too slow on 16×16 for a unit test: the
// pairwise one-hot SMT scripts take cvc5 20 s and z3 4 s to read and
// solve (their 9×9 and 4×4 runs are checked).
var slowAtSixteen = map[string]bool{"smt/cvc5/onehot": true, "smt/z3/onehot": true}

// longTestsEnv, set, makes the tests of the shipped pipelines check two
// corpus puzzles of each kind instead of one.
const longTestsEnv = "SUDOKUBENCH_LONG_TESTS"

// samplesPerCheck is how many corpus puzzles TestShippedPipelines checks
// of each kind: one by default, two with longTestsEnv set. The SMT
// programs take seconds a puzzle (z3 and cvc5 up to 10 s on an unsat
// one), which made the test several minutes of CPU.
func samplesPerCheck() int {
	if os.Getenv(longTestsEnv) != "" {
		return 2
	}
	return 1
}

// Each shipped pipeline whose programs are installed keeps the solver
// contract: corpus puzzles solved in both modes, a second solution found
// in unique mode, unsolvable puzzles unsat, every size up to 16×16 and the
// diagonal variant, on samplesPerCheck puzzles of each corpus. The SAT and
// MILP programs run the whole contract in TestShippedConformance instead.
func TestShippedPipelines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs outside programs")
	}
	n := samplesPerCheck()
	samples := solvertest.Grids(solvertest.Corpus(t, "17-clue", n))
	serg := solvertest.Grids(solvertest.Corpus(t, "serg", n))
	var unsat []*sudoku.Grid
	for _, p := range solvertest.WithSolutions(t, "tdoku-tests", 0)[:n] {
		unsat = append(unsat, p.Grid)
	}
	small := map[string][]*sudoku.Grid{
		"size=4/variant=classic":  solvertest.Generated(t, 2, sudoku.Classic, 6, 2, 4),
		"size=4/variant=diagonal": solvertest.Generated(t, 2, sudoku.Diagonal, 6, 2, 4),
		"size=9/variant=diagonal": solvertest.Generated(t, 3, sudoku.Diagonal, 30, 1, 9),
		"size=16/variant=classic": solvertest.Generated(t, 4, sudoku.Classic, 160, 1, 16),
	}
	for _, f := range Shipped() {
		for _, d := range f.Definitions {
			if _, whole := suiteRuns[d.Name]; whole {
				continue
			}
			t.Run("solver="+d.Name, func(t *testing.T) {
				if err := d.Available(); err != nil {
					t.Skipf("%v", err)
				}
				t.Parallel()
				check := func(name string, puzzles []*sudoku.Grid, mode solvers.Mode, want solvers.Status) {
					t.Run(name, func(t *testing.T) { solvertest.CheckAll(t, d.NewSolver(), puzzles, mode, want) })
				}
				for _, mode := range []solvers.Mode{solvers.First, solvers.Unique} {
					check(fmt.Sprintf("corpus=17-clue/mode=%s", mode), samples, mode, solvers.Solved)
				}
				check("corpus=serg/mode=unique", serg, solvers.Unique, solvers.Multiple)
				check("corpus=tdoku-tests/unsat", unsat, solvers.Unique, solvers.Unsat)
				for name, puzzles := range small {
					if strings.HasPrefix(name, "size=16") && slowAtSixteen[d.Name] {
						continue
					}
					check(name+"/mode=unique", puzzles, solvers.Unique, solvers.Solved)
				}
			})
		}
	}
}
