// Package backtrack holds the two plain depth-first searches of the suite's
// source articles, kept as the articles describe them so that the
// comparison table measures those algorithms and not better ones:
//
//   - backtrack/naive fills the first empty cell in reading order with the
//     digits 1..N in turn, checking each against the cell's row, column and
//     box (its peers) and propagating nothing. Hard puzzles take billions of
//     digit trials, so a node budget stops it (gave-up) beside the
//     harness's deadline.
//   - backtrack/tracked checks the puzzle first (duplicate givens, a cell
//     without candidates, two cells forced to one digit), then at each step
//     fills a cell with a single candidate if there is one, else guesses the
//     smallest candidate of the cell with the fewest, keeping every
//     assignment on a history stack that a backtrack unwinds.
//
// Both are complete: they honour unique mode (a second solution is
// multiple) and prove unsat by exhausting the search, and both report their
// steps to a callback (solvers.Tracer) so that a person can watch them.
package backtrack

import (
	"context"
	"strconv"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Pipeline names in the registry.
const (
	NaiveName   = "backtrack/naive"
	TrackedName = "backtrack/tracked"
)

// DefaultNodeBudget is backtrack/naive's default budget of digit trials:
// 1.5 to 2.5 seconds in isolated runs on the project's machine (8 to 13 ns
// a trial; more when it is loaded), so that the hardest puzzles give up in
// seconds rather than run for hours. Most 17-clue puzzles need more than 10⁹ trials; with four
// cells of their solution added, about a third need more than 2·10⁸.
const DefaultNodeBudget = 200_000_000

// ctxEvery is how many nodes pass between two looks at the context.
const ctxEvery = 4096

// Pipelines returns the registry entries of this package.
func Pipelines() []solvers.Info {
	return []solvers.Info{
		{
			Name:        NaiveName,
			Family:      "direct",
			Description: "naive backtracking: first empty cell in reading order, digits 1..N, validity by scanning peers, no propagation",
			Options:     map[string]string{"cell-order": "reading", "node-budget": strconv.Itoa(DefaultNodeBudget)},
			PureGo:      true,
			OptIn:       "gives up on most hard puzzles after seconds of search",
			New:         func() solvers.Solver { return NewNaive(DefaultNodeBudget) },
		},
		{
			Name:        TrackedName,
			Family:      "direct",
			Description: "tracked backtracking: sanity checks, then single-candidate cells, else the fewest-candidates cell, with an assignment history",
			Options:     map[string]string{"cell-order": "single-then-fewest", "value-order": "smallest"},
			PureGo:      true,
			New:         func() solvers.Solver { return NewTracked() },
		},
	}
}

// outcome is what a search found, for the Result.
type outcome struct {
	solutions   int
	first       *sudoku.Grid
	stopped     string // why the search stopped early; "" when it finished
	unsatDetail string
}

// result turns a finished search into the solver's Result.
func (o outcome) result(mode solvers.Mode, counters solvers.Counters) solvers.Result {
	res := solvers.Result{Counters: counters, Status: solvers.SearchStatus(mode, o.solutions, o.stopped != "")}
	switch res.Status {
	case solvers.GaveUp:
		res.Detail = o.stopped
	case solvers.Unsat:
		res.Detail = o.unsatDetail
	default:
		res.Solution = o.first
	}
	return res
}

// errorResult is the Result of a request the solver cannot take.
func errorResult(err error) solvers.Result {
	return solvers.Result{Status: solvers.Error, Detail: err.Error()}
}

// stopCheck looks at the context every ctxEvery calls.
type stopCheck struct {
	done  <-chan struct{}
	ctx   context.Context
	calls int
}

func newStopCheck(ctx context.Context) stopCheck { return stopCheck{done: ctx.Done(), ctx: ctx} }

// stopped reports whether the context is done, looking only every
// ctxEvery calls.
func (s *stopCheck) stopped() bool {
	if s.calls++; s.calls < ctxEvery {
		return false
	}
	s.calls = 0
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}
