package milp

import (
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestCuttingPlanesKnownUnsoundness documents a defect of gophersat v1.4.0
// that the suite's benchmarks exposed: with cutting planes on, the engine
// proves "unsat" for puzzles that have a unique solution. The harness records
// those runs as wrong (an unsat answer to a puzzle with a known solution).
// If this test fails, gophersat changed: update the pipeline's description.
func TestCuttingPlanesKnownUnsoundness(t *testing.T) {
	cases := map[string]string{
		"norvig-top95:62": "",
		"top1465:225":     "",
	}
	for _, corpus := range []string{"norvig-top95", "top1465"} {
		for _, p := range corporatest.Sample(t, corpus, 0, sampleSeed) {
			if _, ok := cases[p.ID]; ok {
				cases[p.ID] = p.Grid.String()
			}
		}
	}
	cutting, plain := pbInfo("cutting", true), pbInfo("plain", false)
	for id, line := range cases {
		t.Run("puzzle="+id, func(t *testing.T) {
			g, err := sudoku.ParseLine(line, sudoku.Classic)
			if err != nil {
				t.Fatalf("%s not found: %v", id, err)
			}
			if res := solve(t, plain, g, solvers.Unique); res.Status != solvers.Solved {
				t.Fatalf("plain gophersat-pb: %s, want solved", res.Status)
			}
			if res := solve(t, cutting, g, solvers.First); res.Status != solvers.Unsat {
				t.Fatalf("cutting planes now says %s (was unsat on this solvable puzzle): gophersat changed, update the docs", res.Status)
			}
		})
	}
}
