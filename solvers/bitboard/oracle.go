package bitboard

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Oracle answers the questions of the corpora generator and the derived
// corpora with this package's search (corpora.ContextOracle and
// corpora.ExclusionOracle): how many solutions a grid has, a random
// completion of a grid, and whether a grid has a solution other than a
// known one. Boards are pooled per geometry, so an Oracle is safe for
// concurrent use and allocates little per question.
//
// The oracle searches as the cell board does at every size: on 9×9
// classic puzzles a band board with the cell board's rules and branches
// (bandEngine.cellRules), which searches the same tree faster. The
// generator's guess budgets were set on those searches, and its answers
// and completions (so every generated corpus, for a seed) stay what they
// were before the solver's 9×9 boards took the intersection rules and
// configuration branches. A random completion branches on the cell with
// most unsettled peers among those with fewest digits and tries their
// digits in an order
// drawn from the generator, restarting with a doubled guess budget when a
// search runs long: a randomised search's time has a heavy tail, which
// restarts cut (an empty 36×36 grid completes in milliseconds where one
// long search can take minutes). The completion is a function of the grid
// and the generator's state.
type Oracle struct{}

// boardPools holds a sync.Pool of boards per geometry.
var boardPools sync.Map // *sudoku.Geometry → *sync.Pool

// borrow takes a board for a geometry from its pool, loaded with g.
func borrow(g *sudoku.Grid) (board, func()) {
	geo := g.Geometry()
	p, ok := boardPools.Load(geo)
	if !ok {
		p, _ = boardPools.LoadOrStore(geo, &sync.Pool{New: func() any { return oracleBoard(geo) }})
	}
	pool := p.(*sync.Pool)
	b := pool.Get().(board)
	b.load(g)
	return b, func() { pool.Put(b) }
}

// oracleBoard returns the oracle's board for a geometry: a band board with
// the cell board's rules for 9×9 classic, the cell board for every other.
func oracleBoard(geo *sudoku.Geometry) board {
	if geo.N == 9 && geo.Variant == sudoku.Classic {
		return &bandEngine{cellRules: true}
	}
	return newCellEngine(geo)
}

// CountSolutions counts the solutions of g, stopping at limit (a limit
// below 1 counts to 1).
func (o Oracle) CountSolutions(g *sudoku.Grid, limit int) int {
	n, _ := o.CountSolutionsContext(context.Background(), g, limit)
	return n
}

// CountSolutionsContext is CountSolutions, stopping with the context's
// error when it ends before the count is settled.
func (Oracle) CountSolutionsContext(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	b, done := borrow(g)
	defer done()
	out := search(b, b.frames(), limits{solutions: max(limit, 1), done: ctx.Done()})
	if out.stopped {
		return 0, ctx.Err()
	}
	return out.solutions, nil
}

// FirstSolutionGuesses returns the guesses (branch points) the oracle's
// search makes before it finds a first solution of g, and whether it
// finds one. harness/rating orders puzzles by it: on the tree the solver
// searched before its 9×9 boards took the intersection rules and
// configuration branches, so that a puzzle's rating stays what it was.
func (Oracle) FirstSolutionGuesses(g *sudoku.Grid) (guesses int, solved bool) {
	b, done := borrow(g)
	defer done()
	out := search(b, b.frames(), limits{solutions: 1})
	return out.guesses, out.solutions > 0
}

// HasOtherSolution reports whether g has a solution whose cell (empty in
// g) differs from solution's: for a grid that had solution as its only one
// before the cell was emptied, whether emptying it made the solution
// ambiguous. The search tries solution's digits first wherever it
// branches. With a positive budget it gives up after that many guesses,
// answering corpora.Unknown.
func (Oracle) HasOtherSolution(ctx context.Context, g, solution *sudoku.Grid, cell, budget int) (corpora.Answer, error) {
	if err := ctx.Err(); err != nil {
		return corpora.Unknown, err
	}
	b, done := borrow(g)
	defer done()
	b.exclude(cell, 1<<(solution.Cell(cell)-1))
	out := search(b, b.frames(), limits{solutions: 1, done: ctx.Done(), prefer: solution.Cells(), guesses: budget})
	switch {
	case out.stopped:
		return corpora.Unknown, ctx.Err()
	case out.overBudget:
		return corpora.Unknown, nil
	case out.solutions > 0:
		return corpora.Yes, nil
	}
	return corpora.No, nil
}

// RandomSolution returns a completion of g drawn with rng, and false when g
// has none.
func (o Oracle) RandomSolution(g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool) {
	sol, ok, _ := o.RandomSolutionContext(context.Background(), g, rng)
	return sol, ok
}

// firstBudget is the guess budget of a random completion's first search,
// in guesses per cell of the grid; each restart doubles it. An empty grid
// takes about one guess for every one to two cells (36×36: 1,000 to 1,500
// guesses when the search does not stray).
const firstBudget = 2

// RandomSolutionContext is RandomSolution, stopping with the context's
// error when it ends first. Until then it draws from rng exactly as
// RandomSolution does.
func (Oracle) RandomSolutionContext(ctx context.Context, g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	b, done := borrow(g)
	defer done()
	for budget := firstBudget * g.Geometry().Cells; ; budget *= 2 {
		out := search(b, b.frames(), limits{solutions: 1, done: ctx.Done(), rng: rng, guesses: budget})
		switch {
		case out.stopped:
			return nil, false, ctx.Err()
		case out.overBudget:
			b.load(g)
			continue
		case out.solutions == 0:
			return nil, false, nil
		}
		sol := sudoku.NewGrid(g.Geometry())
		copy(sol.Cells(), b.solution())
		return sol, true, nil
	}
}
