package sudoku

import (
	"math/bits"
	"slices"
)

// Validate looks for a contradiction that shows at sight: two equal givens
// in a unit, an empty cell left without a candidate, or two cells of a unit
// whose only candidate is the same digit. Each makes the puzzle unsolvable,
// not malformed: the suite passes such puzzles to the solvers, which must
// answer unsat, and uses Validate to say why (the error names the unit and
// cells, e.g. "row 3: 7 at r3c2 and r3c8") or to check its generator.
func (g *Grid) Validate() error {
	if err := g.checkDuplicates(); err != nil {
		return err
	}
	cand := g.Candidates()
	for i, d := range g.cells {
		if d == 0 && cand[i] == 0 {
			return errorf(ErrNoCandidate, "%s: no candidate left, every digit is already seen by its peers", g.geo.CellName(i))
		}
	}
	for _, u := range g.geo.Units {
		owner := make(map[uint64]int)
		for _, c := range u.Cells {
			if g.cells[c] != 0 || bits.OnesCount64(cand[c]) != 1 {
				continue
			}
			if prev, ok := owner[cand[c]]; ok {
				return errorf(ErrSameSingle, "%s: %s and %s can only be %d", u.Name(),
					g.geo.CellName(prev), g.geo.CellName(c), bits.TrailingZeros64(cand[c]))
			}
			owner[cand[c]] = c
		}
	}
	return nil
}

func (g *Grid) checkDuplicates() error {
	for _, u := range g.geo.Units {
		var seen uint64 // bit d: digit d seen in the unit (N ≤ 36)
		for _, c := range u.Cells {
			d := g.cells[c]
			if d == 0 {
				continue
			}
			if seen&(1<<d) != 0 {
				return g.duplicateError(u, c)
			}
			seen |= 1 << d
		}
	}
	return nil
}

// duplicateError names the digit at cell c and the first cell of u that
// holds it too.
func (g *Grid) duplicateError(u Unit, c int) error {
	d := g.cells[c]
	first := slices.IndexFunc(u.Cells, func(f int) bool { return g.cells[f] == d })
	return errorf(ErrDuplicate, "%s: %d at %s and %s", u.Name(), d, g.geo.CellName(u.Cells[first]), g.geo.CellName(c))
}

// Candidates returns, for each cell, a bit set of digits (bit d for digit d)
// that no peer holds; filled cells get 0.
func (g *Grid) Candidates() []uint64 {
	all := uint64(1)<<(g.geo.N+1) - 2
	cand := make([]uint64, len(g.cells))
	for i, d := range g.cells {
		if d != 0 {
			continue
		}
		m := all
		for _, p := range g.geo.Peers[i] {
			m &^= 1 << g.cells[p]
		}
		cand[i] = m
	}
	return cand
}

// CheckSolution verifies that solution solves puzzle: same shape, every cell
// filled, every given kept, and every unit holding each digit once. The error
// says which rule broke where.
func CheckSolution(puzzle, solution *Grid) error {
	if solution == nil {
		return errorf(ErrShape, "no solution grid")
	}
	if puzzle.geo != solution.geo {
		return errorf(ErrShape, "solution is %s, puzzle is %s", solution.geo, puzzle.geo)
	}
	geo := puzzle.geo
	for i, d := range solution.cells {
		switch {
		case d == 0 || int(d) > geo.N:
			return errorf(ErrEmptyCell, "%s: no digit in the solution", geo.CellName(i))
		case puzzle.cells[i] != 0 && puzzle.cells[i] != d:
			return errorf(ErrGivenChanged, "%s: given %d changed to %d", geo.CellName(i), puzzle.cells[i], d)
		}
	}
	if err := solution.checkDuplicates(); err != nil {
		return &Error{Kind: ErrRuleBroken, Msg: err.Error()}
	}
	return nil
}
