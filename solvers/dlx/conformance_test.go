package dlx_test

import (
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// The suite's tests import this package as their oracle, so its own run of
// them lives in the external test package.
func TestConformance(t *testing.T) {
	solvertest.Suite{
		New:     func() solvers.Solver { return dlx.NewSolver() },
		Samples: []solvertest.Sample{{Corpus: "17-clue", N: 50}, {Corpus: "hardest-1106", N: 10}},
	}.Run(t)
}
