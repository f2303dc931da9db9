package registry

import (
	"context"
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
