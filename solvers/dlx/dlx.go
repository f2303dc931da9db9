// Package dlx solves Sudoku as exact cover with Knuth's Algorithm X, always
// branching on an item with the fewest options, and among those on the one
// the last choice brought down first. It walks the matrix of
// encodings/exactcover in a flat array layout with the semantics of dancing
// links: an item's list of remaining options is a bit mask beside its size,
// choosing an option covers its items and removes their other options from
// the other items, and unchoosing, in the reverse order, puts them back.
// Runs that go on too long restart in a randomised order (restart.go), so
// that the heavy tails of large grids do not decide a solve. A solve
// allocates nothing in its search, and a Solver reuses its buffers across
// puzzles and, for a transient request (the harness's), the maps and grid
// of its result. It is the suite's reference engine: the corpora generator uses
// it as its uniqueness oracle, and it is the "exactcover/dlx" pipeline.
// Counters: nodes (options chosen by the search), guesses (branch points
// with more than one option) and restarts.
package dlx

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Name is the pipeline's name in the registry.
const Name = "exactcover/dlx"

// CountSolutions returns the number of solutions of g, counting no further
// than limit (a limit below 1 counts to 1). Two givens in conflict give 0.
func CountSolutions(g *sudoku.Grid, limit int) int {
	n, _ := countSolutions(g, limit, nil)
	return n
}

// countSolutions is CountSolutions, stopping when done closes; it reports
// whether it stopped before the count was settled.
func countSolutions(g *sudoku.Grid, limit int, done <-chan struct{}) (int, bool) {
	e := borrowEngine(g.Geometry())
	defer e.release()
	if !e.load(g) {
		return 0, false
	}
	interrupted := e.count(max(limit, 1), done)
	return e.solutions, interrupted
}

// oracleSeed seeds the restarts of the oracle's counts: they answer the
// same whatever the seed, and take the same time for the same puzzle.
const oracleSeed = 1

// count searches the loaded puzzle for limit solutions: with restarts up
// to 2, which a proof of uniqueness needs, and in one complete search for
// more.
func (e *engine) count(limit int, done <-chan struct{}) (interrupted bool) {
	if limit <= 2 {
		return e.solveWithRestarts(limit, oracleSeed, restarts, done)
	}
	return e.search(limit, done)
}

// RandomSolution returns a solution of g drawn by searching with an option
// order shuffled by rng, and false if g has none. The same rng state gives the
// same grid; on an empty grid it yields a random full grid. A search that
// runs past its node budget starts again with a new order and twice the
// budget: a randomised search's time has a heavy tail, which restarts cut
// (an empty 36×36 diagonal grid took minutes in one search).
func RandomSolution(g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool) {
	sol, ok, _ := randomSolution(g, rng, nil)
	return sol, ok
}

// firstBudget is the node budget of a random completion's first search:
// far more than a 9×9 grid needs, about what an empty 36×36 one does.
const firstBudget = 1 << 13

// randomSolution is RandomSolution, stopping when done closes; it reports
// whether it stopped before finding a solution or proving there is none.
func randomSolution(g *sudoku.Grid, rng *rand.Rand, done <-chan struct{}) (*sudoku.Grid, bool, bool) {
	for budget := int64(firstBudget); ; budget *= 2 {
		e := newShuffledEngine(g.Geometry(), rng)
		e.budget = budget
		if !e.load(g) {
			return nil, false, false
		}
		interrupted := e.search(1, done)
		solutions, first, _, _ := e.result()
		switch {
		case interrupted && isDone(done):
			return nil, false, true
		case interrupted:
			continue
		case solutions == 0:
			return nil, false, false
		}
		sol, err := e.exactCover().Decode(g, first)
		return sol, err == nil, false
	}
}

// Oracle answers the corpora generator's questions with this package's
// functions, through the Context methods stops when a context ends
// (corpora.ContextOracle), and settles the harness's cross-checks of unsat
// and multiple verdicts.
type Oracle struct{}

// Name is the pipeline's name, for the details of a cross-check.
func (Oracle) Name() string { return Name }

// Settle searches g for up to limit solutions (at least 1) until ctx ends,
// and returns how many it found, the first (nil when none), and whether
// the search finished, in which case solutions is g's count capped at
// limit. Two givens in conflict give 0, complete.
func (Oracle) Settle(ctx context.Context, g *sudoku.Grid, limit int) (solutions int, first *sudoku.Grid, complete bool) {
	e := borrowEngine(g.Geometry())
	defer e.release()
	if !e.load(g) {
		return 0, nil, true
	}
	interrupted := e.count(max(limit, 1), ctx.Done())
	solutions, chosen, _, _ := e.result()
	if solutions > 0 {
		first, _ = e.exactCover().Decode(g, chosen) // a grid that fails to decode is nil, which the caller does not trust
	}
	return solutions, first, !interrupted
}

// CountSolutions is the package's CountSolutions.
func (Oracle) CountSolutions(g *sudoku.Grid, limit int) int { return CountSolutions(g, limit) }

// RandomSolution is the package's RandomSolution.
func (Oracle) RandomSolution(g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool) {
	return RandomSolution(g, rng)
}

// CountSolutionsContext is CountSolutions, stopping with the context's
// error when it ends before the count is settled.
func (Oracle) CountSolutionsContext(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n, interrupted := countSolutions(g, limit, ctx.Done())
	if interrupted {
		return 0, ctx.Err()
	}
	return n, nil
}

// RandomSolutionContext is RandomSolution, stopping with the context's
// error when it ends first. Until then it draws from rng exactly as
// RandomSolution does.
func (Oracle) RandomSolutionContext(ctx context.Context, g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	sol, ok, interrupted := randomSolution(g, rng, ctx.Done())
	if interrupted {
		return nil, false, ctx.Err()
	}
	return sol, ok, nil
}

// Pipelines returns the registry entries of this package.
func Pipelines() []solvers.Info {
	return []solvers.Info{{
		Name:        Name,
		Family:      "exactcover",
		Description: "Knuth's Algorithm X on the exact-cover matrix, fewest-options item first, randomised restarts past a cutoff (array dancing links)",
		Options:     map[string]string{"heuristic": "fewest-options, last-updated first", "layout": "array", "restarts": "luby"},
		PureGo:      true,
		New:         func() solvers.Solver { return NewSolver() },
	}}
}

// Solver is the exactcover/dlx pipeline. It keeps one engine per geometry it
// has seen and is not safe for concurrent use.
type Solver struct {
	engines []*engine
	results solvers.ResultBuffers
}

// NewSolver returns a Solver with no buffers yet.
func NewSolver() *Solver { return &Solver{} }

func (s *Solver) engineFor(geo *sudoku.Geometry) *engine {
	for _, e := range s.engines {
		if e.exactCover().Geometry() == geo {
			return e
		}
	}
	e := newEngine(geo)
	s.engines = append(s.engines, e)
	return e
}

// Solve encodes the puzzle (the shared matrix with the givens chosen),
// searches it in the request's mode, and decodes the first solution.
func (s *Solver) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	limit, err := req.SolutionLimit()
	if err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	start := time.Now()
	e := s.engineFor(req.Puzzle.Geometry())
	consistent := e.load(req.Puzzle)
	stats := e.stats()
	encoded := time.Now()
	interrupted := consistent && e.solveWithRestarts(limit, uint64(req.Seed), restarts, ctx.Done())
	searched := time.Now()
	solutions, first, nodes, guesses := e.result()
	res := solvers.Result{Counters: solvers.SetSearchCounters(s.results.Counters(req), nodes, guesses)}
	res.Counters["restarts"] = float64(e.restarts)
	if consistent {
		// Clashing givens leave no matrix to measure: the model is left
		// out rather than the engine's last one reported.
		res.Model = s.results.Model(req)
		res.Model["items"], res.Model["options"], res.Model["nonzeros"] = stats.Items, stats.Options, stats.Nonzeros
		res.Status, res.Detail = searchStatus(req.Mode, solutions, nodes, interrupted, ctx.Err())
	} else {
		res.Status, res.Detail = solvers.Unsat, clashingGivens(req.Puzzle)
	}
	if res.Status == solvers.Solved || res.Status == solvers.Multiple {
		res.Solution = s.results.Grid(req)
		if err := e.exactCover().DecodeInto(res.Solution, req.Puzzle, first); err != nil {
			return solvers.Result{}, err
		}
	}
	res.Phases = solvers.Phases{
		Encode: encoded.Sub(start),
		Solve:  searched.Sub(encoded),
		Decode: time.Since(searched),
	}
	return res, nil
}

// searchStatus turns a finished search into the solver's status and detail.
func searchStatus(mode solvers.Mode, solutions int, nodes int64, interrupted bool, cause error) (solvers.Status, string) {
	if interrupted {
		return solvers.GaveUp, fmt.Sprintf("stopped after %d nodes: %v", nodes, cause)
	}
	return solvers.SearchStatus(mode, solutions, false), ""
}

// clashingGivens says why the givens could not all be chosen: two of them
// cover the same item, which is two equal digits in one unit, named with
// their cells ("row 1: 3 at r1c2 and r1c5").
func clashingGivens(puzzle *sudoku.Grid) string {
	return fmt.Sprintf("two givens cover the same item: %v", puzzle.Validate())
}
