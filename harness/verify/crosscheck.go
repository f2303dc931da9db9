package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// CrossChecker settles the claims that verification cannot check: that a
// puzzle has no solution (unsat) or more than one (multiple). The command
// line and the server pass solvers/dlx's oracle; the harness imports no
// engine.
type CrossChecker interface {
	// Name names the checker in a record's detail: "exactcover/dlx".
	Name() string
	// Settle searches g for up to limit solutions until ctx ends. It
	// returns how many it found, the first of them (nil when none), and
	// whether the search finished: when complete, solutions is g's count
	// capped at limit.
	Settle(ctx context.Context, g *sudoku.Grid, limit int) (solutions int, first *sudoku.Grid, complete bool)
}

// CrossCheckBudget is how long a checker may search to settle one claim.
// Dancing Links settles a 9×9 puzzle in well under a millisecond and finds
// a solution of the empty 25×25 grid in tens of milliseconds; a claim it
// cannot settle in time is recorded as not cross-checked, and why.
const CrossCheckBudget = 5 * time.Second

// CrossCheck settles an unsat or multiple verdict in rec with c, in the
// parent and after the worker's timed solve (runner's Executor and Pool call it;
// solve --trace, which judges in its own process, too). grid is the run's
// verified solution (multiple only). A claim the checker refutes is wrong, with what
// it found as the detail; one it confirms is marked cross-checked; one it
// cannot settle within the budget keeps its status and says why it was not
// checked. A nil checker checks nothing. It reports ctx's end, in which case
// rec is to be dropped.
func CrossCheck(ctx context.Context, c CrossChecker, rec *record.Record, puzzle, grid *sudoku.Grid) error {
	status := solvers.Status(rec.Status)
	if c == nil || (status != solvers.Unsat && status != solvers.Multiple) {
		return nil
	}
	budget, cancel := context.WithTimeout(ctx, CrossCheckBudget)
	defer cancel()
	limit := 1 // one solution refutes unsat
	if status == solvers.Multiple {
		limit = 2
	}
	found, first, complete := c.Settle(budget, puzzle, limit)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if status == solvers.Unsat {
		settleUnsat(c.Name(), rec, puzzle, found, first, complete)
	} else {
		settleMultiple(c.Name(), rec, puzzle, grid, found, first, complete)
	}
	return nil
}

// settleUnsat judges an unsat claim by what the checker found: a solution
// that verifies refutes it, a finished search that found none confirms it.
func settleUnsat(name string, rec *record.Record, puzzle *sudoku.Grid, found int, first *sudoku.Grid, complete bool) {
	switch {
	case found > 0 && sudoku.CheckSolution(puzzle, first) == nil:
		rec.CrossChecked = true
		rec.Status = string(solvers.Wrong)
		rec.Detail = fmt.Sprintf("reported unsat, but %s finds a solution: %s", name, first)
	case found > 0:
		rec.CrossCheckNote = fmt.Sprintf("%s reported a solution that does not verify; its finding is not used", name)
	case complete:
		rec.CrossChecked = true
	default:
		rec.CrossCheckNote = fmt.Sprintf("%s did not settle it within %s", name, CrossCheckBudget)
	}
}

// settleMultiple judges a multiple claim, whose first solution grid has
// been verified: a second solution found confirms it, a finished search
// that found the returned grid alone refutes it. A checker that misses the
// returned grid is not believed.
func settleMultiple(name string, rec *record.Record, puzzle, grid *sudoku.Grid, found int, first *sudoku.Grid, complete bool) {
	switch {
	case found >= 2:
		rec.CrossChecked = true
	case found == 1 && complete && first != nil && first.Equal(grid):
		rec.CrossChecked = true
		rec.Status = string(solvers.Wrong)
		rec.Detail = fmt.Sprintf("reported multiple, but %s finds exactly one solution, the one returned", name)
	case found == 1 && sudoku.CheckSolution(puzzle, first) == nil && !first.Equal(grid):
		rec.CrossChecked = true // two different verified grids: the claim is proved
	case complete:
		rec.CrossCheckNote = fmt.Sprintf("%s finished without the returned solution; its finding is not used", name)
	default:
		rec.CrossCheckNote = fmt.Sprintf("%s did not settle it within %s", name, CrossCheckBudget)
	}
}
