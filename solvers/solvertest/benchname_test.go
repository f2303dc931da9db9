package solvertest_test

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers/registry"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// Every pipeline's benchmark name is one key=value part, as benchstat
// splits names (at '/', and a trailing -N as GOMAXPROCS), and reads back
// as the pipeline's name.
func TestBenchSolverKeepsEveryNameWhole(t *testing.T) {
	for _, in := range registry.Default().All() {
		t.Run("solver="+in.Name, func(t *testing.T) {
			part := solvertest.BenchSolver(in.Name)
			key, value, ok := strings.Cut(part, "=")
			if !ok || key != "solver" || strings.ContainsAny(value, "/= \t") {
				t.Fatalf("%q is not one solver=value part", part)
			}
			if got := strings.ReplaceAll(value, ":", "/"); got != in.Name {
				t.Errorf("%q reads back as %q", part, got)
			}
		})
	}
}
