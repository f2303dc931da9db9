package verify

import (
	"context"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A checker interrupted by the caller's context drops the run: nothing
// half-checked is recorded.
func TestCrossCheckInterruptedDropsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := record.Record{Status: string(solvers.Unsat)}
	if err := CrossCheck(ctx, dlx.Oracle{}, &rec, sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)), nil); err == nil {
		t.Errorf("cross-check under a cancelled context: record %+v, want the context's error", rec)
	}
}
