package corpora_test

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// backtrackOracle is a plain backtracking solver (fewest candidates first)
// that stands in for solvers/dlx in these tests.
type backtrackOracle struct{}

func (backtrackOracle) CountSolutions(g *sudoku.Grid, limit int) int {
	s := &search{grid: g.Clone(), limit: limit}
	s.run()
	return s.found
}

func (backtrackOracle) RandomSolution(g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool) {
	s := &search{grid: g.Clone(), limit: 1, rng: rng}
	s.run()
	return s.first, s.first != nil
}

type search struct {
	grid  *sudoku.Grid
	limit int
	rng   *rand.Rand // nil: digits in increasing order
	found int
	first *sudoku.Grid
}

// candidates returns the digits (bits 1..N) no peer of cell holds.
func (s *search) candidates(cell int) uint64 {
	used := uint64(0)
	for _, p := range s.grid.Geometry().Peers[cell] {
		used |= 1 << s.grid.Cell(p)
	}
	return (uint64(1)<<(s.grid.N()+1) - 2) &^ used
}

// run explores the empty cell with the fewest candidates; it reports
// whether the limit has been reached.
func (s *search) run() bool {
	cell, cands := -1, uint64(0)
	for i, d := range s.grid.Cells() {
		if d != 0 {
			continue
		}
		c := s.candidates(i)
		if cell < 0 || bits.OnesCount64(c) < bits.OnesCount64(cands) {
			cell, cands = i, c
		}
	}
	if cell < 0 {
		s.found++
		if s.first == nil {
			s.first = s.grid.Clone()
		}
		return s.found >= s.limit
	}
	for _, d := range s.order(cands) {
		s.grid.Set(cell, d)
		if s.run() {
			return true
		}
	}
	s.grid.Set(cell, 0)
	return false
}

func (s *search) order(cands uint64) []int {
	var digits []int
	for ; cands != 0; cands &= cands - 1 {
		digits = append(digits, bits.TrailingZeros64(cands))
	}
	if s.rng != nil {
		s.rng.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	return digits
}
