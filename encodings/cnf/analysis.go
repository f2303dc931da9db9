package cnf

import "github.com/sudokubench/sudokubench/sudoku"

// SolvesPuzzle reports whether unit propagation of the puzzle's givens over
// the propagator's formula fixes every cell — the puzzle is settled without
// a single decision. consistent is false when propagation reaches a
// conflict (the puzzle has no solution).
func (p *Propagator) SolvesPuzzle(puzzle *sudoku.Grid) (solved, consistent bool) {
	a, ok := p.Propagate(Givens(puzzle))
	if !ok {
		return false, false
	}
	_, complete := a.Grid(puzzle.Geometry())
	return complete, true
}
