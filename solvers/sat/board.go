package sat

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// boardReducer makes, for puzzles of one geometry, the gophersat problem
// of the extended encoding reduced by unit propagation of the givens —
// the formula that cnf.Reducer makes with Propagate set, variable for
// variable, clause for clause and in the same order
// (TestBoardReductionMatchesReducer) — without going through clauses.
// Unit propagation on the extended encoding is exactly naked and hidden
// singles, so it runs on a candidate mask per cell; the reduced formula
// is then written straight from the masks: a variable per candidate of
// an open cell (cell-major, digits ascending, as the reducer numbers
// them), the at-least-one clause of each open cell and of each digit not
// yet placed in a unit, and their at-most-one constraints, native or
// pairwise. On top1465 the reducer and the problem builder took a fifth
// of the pipeline's instructions; this takes a few percent. It reuses
// its storage from one puzzle to the next: a problem is valid until the
// next reduce.
type boardReducer struct {
	geo      *sudoku.Geometry
	pairwise bool // at-most-one as pairwise clauses rather than native constraints

	cand    []uint64 // per cell, the digits it may hold (bit d-1)
	value   []uint8  // per cell, its digit once placed, else 0
	singles []int    // cells left with one candidate, to place
	placed  []uint64 // per unit, the digits placed in it

	varOf     []int32    // per cell×N + d-1, the reduced variable of an open cell's candidate
	cellDigit []int32    // per reduced variable - 1, its cell×N + d-1
	groups    [][2]int32 // per group of the last problem, where its literals lie in builder.lits (native at-most-one)
	builder   problemBuilder
	stats     cnf.Stats
}

func newBoardReducer(geo *sudoku.Geometry, pairwise bool) *boardReducer {
	return &boardReducer{
		geo: geo, pairwise: pairwise,
		cand: make([]uint64, geo.Cells), value: make([]uint8, geo.Cells),
		placed: make([]uint64, len(geo.Units)), varOf: make([]int32, geo.Cells*geo.N),
	}
}

// reduce propagates the puzzle's givens to a fixpoint; false means that
// unit propagation already contradicts them (the puzzle has no solution).
func (br *boardReducer) reduce(p *sudoku.Grid) bool {
	full := uint64(1)<<br.geo.N - 1
	for i := range br.cand {
		br.cand[i], br.value[i] = full, 0
	}
	br.singles = br.singles[:0]
	for cell, d := range p.Cells() {
		if d != 0 && !br.place(cell, int(d)) {
			return false
		}
	}
	return br.propagate()
}

// place puts digit d in an open cell and removes it from the cell's peers,
// queueing those left with a single candidate; false on a contradiction.
func (br *boardReducer) place(cell, d int) bool {
	bit := uint64(1) << (d - 1)
	if br.value[cell] != 0 || br.cand[cell]&bit == 0 {
		return br.value[cell] == uint8(d)
	}
	br.value[cell], br.cand[cell] = uint8(d), bit
	for _, peer := range br.geo.Peers[cell] {
		c := br.cand[peer]
		if br.value[peer] != 0 || c&bit == 0 {
			continue
		}
		c &^= bit
		br.cand[peer] = c
		switch {
		case c == 0:
			return false
		case c&(c-1) == 0:
			br.singles = append(br.singles, peer)
		}
	}
	return true
}

// propagate places naked and hidden singles until none is left.
func (br *boardReducer) propagate() bool {
	for {
		for len(br.singles) > 0 {
			cell := br.singles[len(br.singles)-1]
			br.singles = br.singles[:len(br.singles)-1]
			if br.value[cell] == 0 && !br.place(cell, bits.TrailingZeros64(br.cand[cell])+1) {
				return false
			}
		}
		progress := false
		for u := range br.geo.Units {
			placedAny, ok := br.hiddenSingles(u)
			if !ok {
				return false
			}
			progress = progress || placedAny
		}
		if !progress && len(br.singles) == 0 {
			return true
		}
	}
}

// hiddenSingles places each digit that has one open cell left in unit u
// and records the digits placed there; false when a digit has no place.
func (br *boardReducer) hiddenSingles(u int) (placedAny, ok bool) {
	cells := br.geo.Units[u].Cells
	var once, twice, placed uint64
	for _, cell := range cells {
		if br.value[cell] != 0 {
			placed |= br.cand[cell]
			continue
		}
		c := br.cand[cell]
		twice |= once & c
		once |= c
	}
	if once|placed != uint64(1)<<br.geo.N-1 {
		return false, false
	}
	hidden := once &^ twice &^ placed
	for hidden != 0 {
		bit := hidden & -hidden
		hidden &^= bit
		at := -1
		for _, cell := range cells {
			if br.value[cell] == 0 && br.cand[cell]&bit != 0 {
				at = cell
				break
			}
		}
		if at < 0 || !br.place(at, bits.TrailingZeros64(bit)+1) {
			return false, false
		}
		placed |= bit
		placedAny = true
	}
	br.placed[u] = placed
	return placedAny, true
}

// problem writes the reduced formula of the last reduce as a gophersat
// problem, numbering the open cells' candidates.
func (br *boardReducer) problem() *solver.Problem {
	n := br.geo.N
	br.cellDigit = br.cellDigit[:0]
	for cell, c := range br.cand {
		if br.value[cell] != 0 {
			continue
		}
		for ; c != 0; c &= c - 1 {
			cd := cell*n + bits.TrailingZeros64(c)
			br.cellDigit = append(br.cellDigit, int32(cd))
			br.varOf[cd] = int32(len(br.cellDigit))
		}
	}
	b := &br.builder
	b.reset()
	br.stats = cnf.Stats{Variables: len(br.cellDigit)}
	br.groups = br.groups[:0]
	br.eachGroup(br.exactlyOne)
	if !br.pairwise {
		br.atMostOneNative()
	}
	return b.problem(len(br.cellDigit))
}

// eachGroup appends to the builder's literals, in the reducer's order, the
// variables of each group that must hold exactly one true: each open
// cell's candidates, then, unit by unit and digit by digit, the open cells
// of a unit that may hold a digit not placed there; after each it calls
// f with the group's first index.
func (br *boardReducer) eachGroup(f func(start int)) {
	n := br.geo.N
	b := &br.builder
	for cell := range br.cand {
		if br.value[cell] != 0 {
			continue
		}
		start := len(b.lits)
		for c := br.cand[cell]; c != 0; c &= c - 1 {
			b.lits = append(b.lits, solver.IntToLit(br.varOf[cell*n+bits.TrailingZeros64(c)]))
		}
		f(start)
	}
	var open [sudoku.MaxBox * sudoku.MaxBox]int // a unit's open cells
	for u, unit := range br.geo.Units {
		k := 0
		for _, cell := range unit.Cells {
			if br.value[cell] == 0 {
				open[k] = cell
				k++
			}
		}
		for d := range n {
			bit := uint64(1) << d
			if br.placed[u]&bit != 0 {
				continue
			}
			start := len(b.lits)
			for _, cell := range open[:k] {
				if br.cand[cell]&bit != 0 {
					b.lits = append(b.lits, solver.IntToLit(br.varOf[cell*n+d]))
				}
			}
			f(start)
		}
	}
}

// exactlyOne turns the group of literals from start into its at-least-one
// clause, followed by the pairwise at-most-one clauses if the reducer
// writes them so; for native at-most-one it records where the group lies,
// for atMostOneNative.
func (br *boardReducer) exactlyOne(start int) {
	b := &br.builder
	group := len(b.lits) - start
	br.stats.Literals += group
	b.clause(start)
	br.stats.Clauses++
	if !br.pairwise {
		br.groups = append(br.groups, [2]int32{int32(start), int32(len(b.lits))})
		return
	}
	for i := start; i < start+group; i++ {
		for j := i + 1; j < start+group; j++ {
			pair := len(b.lits)
			b.lits = append(b.lits, b.lits[i].Negation(), b.lits[j].Negation())
			b.clause(pair)
		}
	}
	pairs := group * (group - 1) / 2
	br.stats.Clauses += pairs
	br.stats.Literals += 2 * pairs
}

// atMostOneNative appends, after the at-least-one clauses and in their
// order, each recorded group's at-most-one as a cardinality constraint:
// at least all but one of the negated literals. It reads the groups'
// literals back from the clauses rather than walking the board again.
func (br *boardReducer) atMostOneNative() {
	b := &br.builder
	for _, g := range br.groups {
		start := len(b.lits)
		for i := g[0]; i < g[1]; i++ {
			b.lits = append(b.lits, b.lits[i].Negation())
		}
		group := int(g[1] - g[0])
		b.card(start, group-1)
		br.stats.Literals += group
		br.stats.Cardinality++
	}
}

// grid returns the solution that a model of the last problem stands for:
// the placed digits and, in each open cell, the candidate the model makes
// true (the harness checks the grid).
func (br *boardReducer) grid(model []bool) *sudoku.Grid {
	g := sudoku.NewGrid(br.geo)
	cells := g.Cells()
	copy(cells, br.value)
	for v, cd := range br.cellDigit {
		if v < len(model) && model[v] {
			cells[int(cd)/br.geo.N] = uint8(int(cd)%br.geo.N + 1)
		}
	}
	return g
}

// blocking is the clause that excludes the grid of a model: the negation
// of every variable the model makes true (each stands for a cell's digit).
func (br *boardReducer) blocking(model []bool) []solver.Lit {
	var clause []solver.Lit
	for v, val := range model {
		if val {
			clause = append(clause, solver.IntToLit(int32(-v-1)))
		}
	}
	return clause
}

// boardPipeline is the gophersat pipeline on the extended encoding reduced
// by unit propagation of the givens, its formula made by a boardReducer.
type boardPipeline struct {
	pairwise bool
	reducers map[*sudoku.Geometry]*boardReducer
}

func newBoardPipeline(pairwise bool) *boardPipeline {
	return &boardPipeline{pairwise: pairwise, reducers: map[*sudoku.Geometry]*boardReducer{}}
}

// Solve reduces, solves and decodes one puzzle, as pipeline.Solve does.
func (p *boardPipeline) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if res, refused, err := refusal(ctx, req); refused {
		return res, err
	}
	start := time.Now()
	geo := req.Puzzle.Geometry()
	br := p.reducers[geo]
	if br == nil {
		br = newBoardReducer(geo, p.pairwise)
		p.reducers[geo] = br
	}
	if !br.reduce(req.Puzzle) {
		return unsatByPropagation(time.Since(start), fmt.Errorf("puzzle %s: %w", req.Puzzle, cnf.ErrUnsat)), nil
	}
	pb := br.problem()
	var res solvers.Result
	res.Phases.Encode = time.Since(start)
	res.Model = br.stats.Map()
	start = time.Now()
	ans := settled()
	if pb.NbVars > 0 {
		ans = runGophersat(solver.New(pb), nil, req.Mode == solvers.Unique, br.blocking)
	}
	res.Phases.Solve = time.Since(start)
	finish(&res, ans, func(model []bool) (*sudoku.Grid, error) { return br.grid(model), nil })
	return res, nil
}
