package backtrack

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Naive is the backtrack/naive pipeline. It is not safe for concurrent use.
type Naive struct {
	budget int64
}

// NewNaive returns a naive backtracking solver that gives up after budget
// digit trials (no budget when it is 0 or less).
func NewNaive(budget int64) *Naive { return &Naive{budget: budget} }

// Solve runs the search without a trace.
func (s *Naive) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	return s.SolveTraced(ctx, req, nil)
}

// SolveTraced runs the search, reporting each placement and backtrack to
// step when it is not nil. Counters: nodes (digit trials), guesses
// (digits placed) and backtracks (placements withdrawn).
func (s *Naive) SolveTraced(ctx context.Context, req solvers.Request, step func(solvers.Step)) (solvers.Result, error) {
	limit, err := req.SolutionLimit()
	if err != nil {
		return errorResult(err), nil
	}
	start := time.Now()
	n := newNaiveSearch(ctx, req.Puzzle, s.budget, step)
	var o outcome
	if o.unsatDetail = n.conflict(); o.unsatDetail == "" {
		o = n.run(limit)
	}
	counters := solvers.SearchCounters(n.nodes, n.guesses)
	counters.Set(solvers.Backtracks, float64(n.backtracks))
	res := o.result(req.Mode, counters)
	res.Phases.Solve = time.Since(start)
	return res, nil
}

// naiveSearch is one naive search: the grid being filled and its empty
// cells in reading order.
type naiveSearch struct {
	geo    *sudoku.Geometry
	puzzle *sudoku.Grid
	cells  []uint8
	empty  []int
	budget int64
	stop   stopCheck
	step   func(solvers.Step)

	nodes, guesses, backtracks int64
}

func newNaiveSearch(ctx context.Context, puzzle *sudoku.Grid, budget int64, step func(solvers.Step)) *naiveSearch {
	n := &naiveSearch{geo: puzzle.Geometry(), puzzle: puzzle, cells: puzzle.Clone().Cells(), budget: budget, stop: newStopCheck(ctx), step: step}
	for i, d := range n.cells {
		if d == 0 {
			n.empty = append(n.empty, i)
		}
	}
	return n
}

// conflict returns a description of two equal givens that see each other,
// or "": the search checks only the digits it places.
func (n *naiveSearch) conflict() string {
	for c, d := range n.cells {
		if d == 0 {
			continue
		}
		for _, p := range n.geo.Peers[c] {
			if p > c && n.cells[p] == d {
				return fmt.Sprintf("givens in conflict: %d at %s and %s", d, n.geo.CellName(c), n.geo.CellName(p))
			}
		}
	}
	return ""
}

// valid reports whether no peer of cell holds d.
func (n *naiveSearch) valid(cell int, d uint8) bool {
	for _, p := range n.geo.Peers[cell] {
		if n.cells[p] == d {
			return false
		}
	}
	return true
}

// run fills the empty cells in order, each with the next valid digit above
// the one it holds, and steps back a cell when none is left.
func (n *naiveSearch) run(limit int) outcome {
	var o outcome
	i := 0
	for i >= 0 {
		if i == len(n.empty) {
			if n.found(&o); o.solutions >= limit {
				return o
			}
			i = n.withdraw(i)
			continue
		}
		cell := n.empty[i]
		d, why := n.nextDigit(cell)
		if why != "" {
			o.stopped = why
			return o
		}
		if d == 0 {
			n.cells[cell] = 0
			i = n.withdraw(i)
			continue
		}
		n.place(cell, d, i+1)
		i++
	}
	return o
}

// nextDigit returns the smallest digit above the cell's current one that
// no peer holds, 0 when there is none, or why the search must stop.
func (n *naiveSearch) nextDigit(cell int) (uint8, string) {
	for d := n.cells[cell] + 1; int(d) <= n.geo.N; d++ {
		n.nodes++
		if n.budget > 0 && n.nodes > n.budget {
			n.nodes--
			return 0, fmt.Sprintf("node budget of %d digit trials spent", n.budget)
		}
		if n.stop.stopped() {
			return 0, fmt.Sprintf("stopped after %d digit trials: %v", n.nodes, n.stop.ctx.Err())
		}
		if n.valid(cell, d) {
			return d, ""
		}
	}
	return 0, ""
}

// place puts d into cell and reports the guess.
func (n *naiveSearch) place(cell int, d uint8, depth int) {
	n.guesses++
	if n.step != nil {
		n.step(solvers.Step{Kind: solvers.Guess, Cell: cell, Value: int(d), Options: n.options(cell), Depth: depth})
	}
	n.cells[cell] = d
}

// options is the set of digits no peer holds: for the trace only, since
// the search itself tries every digit.
func (n *naiveSearch) options(cell int) uint64 {
	var m uint64
	for d := 1; d <= n.geo.N; d++ {
		if n.valid(cell, uint8(d)) {
			m |= 1 << d
		}
	}
	return m
}

// withdraw steps back from position i to the previous empty cell, whose
// digit failed, and returns that position (-1 when the search is done).
// The digit stays in the cell, so that the search resumes above it.
func (n *naiveSearch) withdraw(i int) int {
	i--
	if i < 0 {
		return i
	}
	n.backtracks++
	if n.step != nil {
		cell := n.empty[i]
		n.step(solvers.Step{Kind: solvers.Backtrack, Cell: cell, Value: int(n.cells[cell]), Depth: i})
	}
	return i
}

// found records a complete grid.
func (n *naiveSearch) found(o *outcome) {
	o.solutions++
	if o.first == nil {
		o.first = n.puzzle.Clone()
		copy(o.first.Cells(), n.cells)
	}
	if n.step != nil {
		n.step(solvers.Step{Kind: solvers.Found, Depth: len(n.empty)})
	}
}
