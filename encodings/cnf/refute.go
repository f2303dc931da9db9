package cnf

import (
	"errors"
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Refutation returns the formula whose unsatisfiability settles a verdict
// on a puzzle, encoded with opt as a SAT pipeline hands it to a program
// (Instance.Full: the givens as unit clauses, or folded in by a
// reduction). With solution nil the verdict is "no solution" and the
// formula is the puzzle's; with a solution it is "no other solution" and
// the formula also holds the clause that blocks the solution
// (Instance.Blocking), empty when the puzzle has no blank cell. A proof
// that refutes the formula certifies the verdict, so the formula must come
// from the puzzle and a verified solution, never from the solver that
// claims the verdict.
//
// When a reduction finds the givens contradictory (ErrUnsat), the solver
// had nothing to refute, and the formula is the unreduced one, which unit
// propagation alone refutes: an empty proof certifies it.
func Refutation(puzzle, solution *sudoku.Grid, opt Options) (*Formula, error) {
	if opt.AtMostOne == Native {
		return nil, errors.New("a formula with native cardinality constraints has no DRAT refutation: use the pairwise or sequential at-most-one strategy")
	}
	if solution != nil && solution.Geometry() != puzzle.Geometry() {
		return nil, fmt.Errorf("solution is %s, puzzle is %s", solution.Geometry(), puzzle.Geometry())
	}
	inst, err := Pose(puzzle, opt)
	if errors.Is(err, ErrUnsat) && solution == nil {
		opt.Reduce, opt.Propagate = false, false
		inst, err = Pose(puzzle, opt)
	}
	if err != nil {
		return nil, err
	}
	full := inst.Full()
	if solution == nil {
		return full, nil
	}
	out := *full
	out.Clauses = append(full.Clauses[:len(full.Clauses):len(full.Clauses)], inst.Blocking(inst.model(solution)))
	out.Comment += ", the solution blocked"
	return &out, nil
}

// model is the assignment of the instance's variables that sets a grid's
// cells: model[v-1] for variable v of the instance's formula.
func (inst *Instance) model(g *sudoku.Grid) []bool {
	n := g.N()
	model := make([]bool, inst.Formula.Vars)
	for cell, d := range g.Cells() {
		if d == 0 {
			continue
		}
		v := CellVar(n, cell, int(d))
		if r := inst.Reduction; r != nil {
			v = r.Reduced(v)
		}
		if v > 0 && v <= len(model) {
			model[v-1] = true
		}
	}
	return model
}
