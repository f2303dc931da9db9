package dlx_test

import (
	"os"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// The suite's tests import this package as their oracle, so its own run of
// them lives in the external test package. Up to 25×25 it runs in full; at
// 36×36, where drawing its puzzles takes minutes, the default run checks
// the ill-posed puzzles (TestSizesAndVariants solves 36×36 puzzles of
// both variants), and SUDOKUBENCH_DLX_LONG=1 the whole suite.
func TestConformance(t *testing.T) {
	suite := solvertest.Suite{
		New:     func() solvers.Solver { return dlx.NewSolver() },
		Samples: []solvertest.Sample{{Corpus: "17-clue", N: 50}, {Corpus: "hardest-1106", N: 10}},
		MaxBox:  5,
	}
	suite.Run(t)
	suite.MinBox, suite.MaxBox = 6, 6
	if os.Getenv("SUDOKUBENCH_DLX_LONG") == "" {
		suite.RunIllPosed(t)
		return
	}
	suite.Run(t)
}
