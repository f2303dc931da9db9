package registry

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Every incomplete pipeline gives up on a 9×9 puzzle without a solution,
// under a short deadline: no grid, no error, no crash. (Complete engines
// answer unsat: their packages run the conformance suite.)
func TestIncompletePipelinesGiveUpOnIllPosedPuzzles(t *testing.T) {
	for _, in := range Default().All() {
		if !in.Incomplete {
			continue
		}
		t.Run("solver="+in.Name, func(t *testing.T) {
			if err := in.Check(); err != nil {
				t.Skipf("cannot run here: %v", err)
			}
			for _, p := range solvertest.IllPosedPuzzles(3, sudoku.Classic) {
				ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
				res, err := in.New().Solve(ctx, solvers.Request{Puzzle: p.Grid, Mode: solvers.First, Seed: 1})
				cancel()
				if err != nil || res.Status != solvers.GaveUp || res.Solution != nil {
					t.Errorf("%s: status %s (%s), solution %v, error %v; want gave-up without a grid", p.Name, res.Status, res.Detail, res.Solution, err)
				}
			}
		})
	}
}

// Every stochastic pipeline reports its reads and the reads that solved,
// under the contract's names, on a puzzle it solves and on one it gives up
// on: the report's success per read and TTS99 are made from them, and a
// sampler that misspelt them would silently drop out of those tables.
func TestStochasticPipelinesCountReads(t *testing.T) {
	easy := solvertest.Corpus(t, "17-clue+40", 1)[0].Grid
	illPosed := solvertest.IllPosedPuzzles(3, sudoku.Classic)[0].Grid
	for _, in := range Default().All() {
		if !in.Stochastic {
			continue
		}
		t.Run("solver="+in.Name, func(t *testing.T) {
			if err := in.Check(); err != nil {
				t.Skipf("cannot run here: %v", err)
			}
			for _, p := range []*sudoku.Grid{easy, illPosed} {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				res, err := in.New().Solve(ctx, solvers.Request{Puzzle: p, Mode: solvers.First, Seed: 1})
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				for _, k := range []solvers.Counter{solvers.Reads, solvers.ReadsSolved} {
					if _, ok := res.Counters.Get(k); !ok {
						t.Errorf("%s on %s: no %q counter among %v", res.Status, p, k, res.Counters)
					}
				}
			}
		})
	}
}

// The default registry holds the Go engines and the shipped definitions.
func TestDefaultHoldsTheShippedDefinitions(t *testing.T) {
	reg := Default()
	for _, name := range []string{"exactcover/dlx", "sat/picosat/extended", "cp/minizinc/gecode", "smt/z3/int", "asp/clasp", "milp/minisat-plus"} {
		in, err := reg.Lookup(name)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if defined := in.Source != nil; defined != (name != "exactcover/dlx") {
			t.Errorf("%s: source %v", name, in.Source)
		}
	}
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const mine = `[[solver]]
name    = "sh/mine"
input   = "puzzle"
stdin   = true
command = ["sh", "-c", "cat"]
output  = "grid"
unique  = "none"
`

// Definition files add their pipelines; a name given twice, by two files
// or by a file and the suite, is refused with where it was first.
func TestWithDefinitions(t *testing.T) {
	dir := t.TempDir()
	a := write(t, dir, "a.toml", mine)
	reg, err := WithDefinitions([]string{a})
	if err != nil {
		t.Fatal(err)
	}
	if in, err := reg.Lookup("sh/mine"); err != nil || in.Source.File != a || in.Family != "direct" {
		t.Fatalf("sh/mine: %+v, %v", in, err)
	}
	b := write(t, dir, "b.toml", "\n"+mine)
	if _, err := WithDefinitions([]string{a, b}); err == nil || !strings.Contains(err.Error(), "b.toml:3: [[solver]] sh/mine: key name: sh/mine is already defined in "+a+":1") {
		t.Errorf("twice: %v", err)
	}
	c := write(t, dir, "c.toml", strings.Replace(mine, `"sh/mine"`, `"propagate/norvig"`, 1))
	if _, err := WithDefinitions([]string{c}); err == nil || !strings.Contains(err.Error(), "propagate/norvig is a pipeline already, built into the suite") {
		t.Errorf("built-in name: %v", err)
	}
}
