package genetic

import (
	"math/bits"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// problem is a puzzle as the genetic algorithms see it: the cells fixed
// from the start, and for each row the free cells and the digits missing
// from it. An individual is a full grid in which each row's free cells
// hold a permutation of the row's missing digits, so rows never conflict
// and the fitness counts conflicts in the other units.
type problem struct {
	geo     *sudoku.Geometry
	start   []uint8   // the fixed cells, 0 elsewhere
	free    [][]int   // per row, its free cells in order
	digits  [][]uint8 // per row, the digits missing from it
	allFree []int     // every free cell, row by row
	rowOf   []int     // per cell, its row
	// cand is, per cell, the digits it may take (bit d for digit d); every
	// digit for the seed algorithm, the propagated candidates for the
	// strong one.
	cand []uint64
	// scored are the units whose conflicts count: every unit but the rows.
	scored [][]int
	// cellScored lists, per cell, the indices in scored of its units.
	cellScored [][]int
}

// newProblem builds the problem of a grid whose filled cells are fixed, the
// other cells allowed the digits of cand (nil: any digit). It returns false
// when a row has a given twice or a candidate set rules a row out; the
// callers check the puzzle first, so that is a puzzle without solution.
func newProblem(fixed *sudoku.Grid, cand []uint64) (*problem, bool) {
	geo := fixed.Geometry()
	p := &problem{geo: geo, start: fixed.Clone().Cells(), free: make([][]int, geo.N), digits: make([][]uint8, geo.N),
		rowOf: make([]int, geo.Cells), cand: cand}
	if p.cand == nil {
		p.cand = make([]uint64, geo.Cells)
		for c := range p.cand {
			p.cand[c] = uint64(1)<<(geo.N+1) - 2
		}
	}
	for r := 0; r < geo.N; r++ {
		var present uint64
		for c := r * geo.N; c < (r+1)*geo.N; c++ {
			if d := p.start[c]; d != 0 {
				if present&(1<<d) != 0 {
					return nil, false
				}
				present |= 1 << d
			} else {
				p.free[r] = append(p.free[r], c)
			}
			p.rowOf[c] = r
		}
		for d := 1; d <= geo.N; d++ {
			if present&(1<<d) == 0 {
				p.digits[r] = append(p.digits[r], uint8(d))
			}
		}
		p.allFree = append(p.allFree, p.free[r]...)
	}
	p.cellScored = make([][]int, geo.Cells)
	for _, u := range geo.Units {
		if u.Kind == sudoku.Row {
			continue
		}
		for _, c := range u.Cells {
			p.cellScored[c] = append(p.cellScored[c], len(p.scored))
		}
		p.scored = append(p.scored, u.Cells)
	}
	return p, true
}

// conflicts is the fitness of a full grid: over every scored unit, the
// number of its cells beyond the first holding a digit it repeats (N minus
// the digits it holds). 0 is a solution.
func (p *problem) conflicts(cells []uint8) int {
	total := 0
	for _, u := range p.scored {
		var seen uint64
		for _, c := range u {
			seen |= 1 << cells[c]
		}
		total += len(u) - bits.OnesCount64(seen)
	}
	return total
}

// randomRow fills row r's free cells of cells with a random permutation of
// its missing digits.
func (p *problem) randomRow(cells []uint8, r int, rng *rand.Rand) {
	free, digits := p.free[r], p.digits[r]
	for i, j := range rng.Perm(len(free)) {
		cells[free[i]] = digits[j]
	}
}

// grid returns cells as a grid of the problem's geometry.
func (p *problem) grid(cells []uint8) *sudoku.Grid {
	g := sudoku.NewGrid(p.geo)
	copy(g.Cells(), cells)
	return g
}
