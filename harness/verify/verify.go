package verify

import (
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Judge verifies the answer and holds the run to its limit (0: none): a
// grid that breaks the rules or the givens is wrong (the detail says why,
// then what the solver said of it), an unsat claim against
// a known solution is wrong, and an answer that came after the limit is a
// timeout. It returns the verified grid of a run that stays solved or
// multiple.
func Judge(rec *record.Record, run plan.Run, solution string, timeout time.Duration) *sudoku.Grid {
	var grid *sudoku.Grid
	switch solvers.Status(rec.Status) {
	case solvers.Solved, solvers.Multiple:
		var err error
		if grid, err = verify(run.Puzzle.Grid, solution); err != nil {
			detail := err.Error()
			if rec.Detail != "" {
				detail += "; the solver said: " + rec.Detail
			}
			rec.Status, rec.Detail = string(solvers.Wrong), detail
			return nil
		}
	case solvers.Unsat:
		if run.Puzzle.Solutions > 0 {
			rec.Status = string(solvers.Wrong)
			rec.Detail = fmt.Sprintf("reported unsat, but the corpus lists %d solution(s)", run.Puzzle.Solutions)
			return nil
		}
	default:
		return nil
	}
	if timeout > 0 && rec.WallNS > int64(timeout) {
		rec.Status = string(solvers.Timeout)
		rec.Detail = fmt.Sprintf("answered after %s, past the %s limit", time.Duration(rec.WallNS), timeout)
		return nil
	}
	return grid
}

// CountRightCells records how many blank cells a returned grid fills with
// the known solution's digit, when the corpus gives a solution that is
// the puzzle's only one (corpora.SolutionIsTheOne) and the grid is
// readable.
func CountRightCells(rec *record.Record, pz corpora.Puzzle, solution string) {
	if !corpora.SolutionIsTheOne(pz) || len(solution) != len(pz.Solution.Cells()) {
		return
	}
	for i, d := range pz.Grid.Cells() {
		if d != 0 {
			continue
		}
		rec.BlankCells++
		if sudoku.Symbol(int(pz.Solution.Cells()[i])) == solution[i] {
			rec.BlankCellsRight++
		}
	}
}

// verify checks a returned grid against the puzzle and returns it parsed.
func verify(puzzle *sudoku.Grid, solution string) (*sudoku.Grid, error) {
	if solution == "" {
		return nil, fmt.Errorf("reported a solution but returned no grid")
	}
	g, err := sudoku.ParseLine(solution, puzzle.Geometry().Variant)
	if err != nil {
		return nil, fmt.Errorf("returned grid unreadable: %w", err)
	}
	if err := sudoku.CheckSolution(puzzle, g); err != nil {
		return nil, fmt.Errorf("wrong solution: %w", err)
	}
	return g, nil
}
