package verify

import (
	"fmt"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// CheckCorpusClaims holds a settled run (verified, certified and
// cross-checked) against what its corpus lists of the puzzle: the count
// of solutions, and a solution, which the loader has verified. It returns
// grid, or nil after making the record wrong.
//
// What a run establishes depends on its verdict. Any verified grid shows
// that the puzzle has a solution; one that differs from the listed
// solution shows that it has two. A multiple verdict (settled by the
// cross-check where there is one) says two; a unique-mode solved says
// exactly one, a claim that a proof certifies when one was asked for. A
// first-mode run, which every incomplete solver makes, establishes
// nothing more than its grid does. So:
//
//   - a unique-mode solved whose grid differs from the listed solution is
//     refuted by the corpus's verified grid, as a cross-check refutes a
//     claim: the run is wrong;
//   - where the established count contradicts the listed one, the corpus
//     is in doubt, not the run: the status stays, and the record's
//     CorpusContradiction says what the run found.
func CheckCorpusClaims(rec *record.Record, run plan.Run, grid *sudoku.Grid) *sudoku.Grid {
	status := solvers.Status(rec.Status)
	if grid == nil || (status != solvers.Solved && status != solvers.Multiple) {
		return grid
	}
	pz := run.Puzzle
	other := pz.Solution != nil && !grid.Equal(pz.Solution)
	uniqueSolved := status == solvers.Solved && rec.Mode == string(solvers.Unique)
	switch {
	case pz.Solutions == 0:
		rec.CorpusContradiction = "the corpus lists no solution, but this run found one that verifies"
	case other && corpora.SolutionIsTheOne(pz):
		rec.CorpusContradiction = fmt.Sprintf("the corpus lists %s as the puzzle's only solution, but this run found another that verifies: %s", pz.Solution, grid)
	case status == solvers.Multiple && pz.Solutions == 1:
		rec.CorpusContradiction = "the corpus lists 1 solution, but this run found two" + crossChecked(rec)
	case uniqueSolved && pz.Solutions > 1 && !other:
		rec.CorpusContradiction = fmt.Sprintf("the corpus lists %d solutions, but this unique-mode run found exactly one%s", pz.Solutions, certified(rec))
	}
	if uniqueSolved && other {
		rec.Status = string(solvers.Wrong)
		rec.Detail = fmt.Sprintf("reported the only solution, but the corpus lists another that verifies: %s", pz.Solution)
		return nil
	}
	return grid
}

// crossChecked says whether a multiple verdict was settled by the
// cross-check.
func crossChecked(rec *record.Record) string {
	if rec.CrossChecked {
		return ", which the cross-check confirmed"
	}
	return ", not cross-checked"
}

// certified says whether a unique-mode verdict's proof checked.
func certified(rec *record.Record) string {
	if rec.Certified != nil && *rec.Certified {
		return ", with a checked proof that there is no other"
	}
	return ""
}

// CheckOriginal verifies the solution of a run on an equivalent form once
// more, against the corpus's puzzle: grid, verified against the form the
// solver was given, is mapped back by the inverse transform and must solve
// the original. It returns grid, or nil after making the record wrong.
// On the corpus's own form it has nothing to add.
func CheckOriginal(rec *record.Record, run plan.Run, grid *sudoku.Grid) *sudoku.Grid {
	if grid == nil || run.Transform == nil {
		return grid
	}
	back, err := run.Transform.Inverse().Apply(grid)
	if err == nil {
		err = sudoku.CheckSolution(run.Original, back)
	}
	if err != nil {
		rec.Status = string(solvers.Wrong)
		rec.Detail = fmt.Sprintf("the solution of form %d, mapped back to the corpus's puzzle, does not solve it: %v", run.Form, err)
		return nil
	}
	return grid
}
