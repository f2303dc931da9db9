package backtrack

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Tracked is the backtrack/tracked pipeline. It is not safe for concurrent
// use.
type Tracked struct{}

// NewTracked returns a tracked backtracking solver.
func NewTracked() *Tracked { return &Tracked{} }

// Solve runs the search without a trace.
func (s *Tracked) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	return s.SolveTraced(ctx, req, nil)
}

// SolveTraced checks the puzzle, then runs the search, reporting each
// assignment and backtrack to step when it is not nil. Counters: nodes
// (assignments, each retried candidate included), guesses (branch points:
// cells chosen with several candidates), forced (single-candidate
// assignments) and backtracks (guessed digits withdrawn).
func (s *Tracked) SolveTraced(ctx context.Context, req solvers.Request, step func(solvers.Step)) (solvers.Result, error) {
	limit, err := req.SolutionLimit()
	if err != nil {
		return errorResult(err), nil
	}
	start := time.Now()
	t := newTrackedSearch(ctx, req.Puzzle, step)
	var o outcome
	if err := req.Puzzle.Validate(); err != nil {
		o.unsatDetail = "sanity check: " + err.Error()
	} else {
		o = t.run(limit)
	}
	counters := solvers.SearchCounters(t.nodes, t.guesses)
	counters.Set(solvers.Backtracks, float64(t.backtracks))
	counters["forced"] = float64(t.forced)
	res := o.result(req.Mode, counters)
	res.Phases.Solve = time.Since(start)
	return res, nil
}

// assignment is one entry of the history: a cell, its digit, its
// candidates when it was chosen, and for a guess those not tried yet.
type assignment struct {
	cell             int
	value            int
	options, untried uint64
	guess            bool
}

// trackedSearch is one tracked search: the grid, the digits each unit
// holds, and the history of assignments.
type trackedSearch struct {
	geo     *sudoku.Geometry
	puzzle  *sudoku.Grid
	cells   []uint8
	used    []uint64 // per unit, bit d when d is in the unit
	all     uint64   // bits 1..N
	history []assignment
	stop    stopCheck
	step    func(solvers.Step)

	nodes, guesses, forced, backtracks int64
}

func newTrackedSearch(ctx context.Context, puzzle *sudoku.Grid, step func(solvers.Step)) *trackedSearch {
	geo := puzzle.Geometry()
	t := &trackedSearch{
		geo: geo, puzzle: puzzle, cells: puzzle.Clone().Cells(), used: make([]uint64, len(geo.Units)),
		all: uint64(1)<<(geo.N+1) - 2, stop: newStopCheck(ctx), step: step,
	}
	for c, d := range t.cells {
		if d != 0 {
			t.mark(c, int(d))
		}
	}
	return t
}

// candidates returns the digits no unit of cell holds.
func (t *trackedSearch) candidates(cell int) uint64 {
	m := t.all
	for _, u := range t.geo.CellUnits[cell] {
		m &^= t.used[u]
	}
	return m
}

func (t *trackedSearch) mark(cell, d int) {
	for _, u := range t.geo.CellUnits[cell] {
		t.used[u] |= 1 << d
	}
}

func (t *trackedSearch) unmark(cell, d int) {
	for _, u := range t.geo.CellUnits[cell] {
		t.used[u] &^= 1 << d
	}
}

// choice is the cell the search fills next.
type choice struct {
	cell    int // -1: the grid is full
	options uint64
	dead    bool // an empty cell has no candidate
}

// choose returns the first empty cell with a single candidate, else the
// first with the fewest; dead when some empty cell has none.
func (t *trackedSearch) choose() choice {
	best, fewest := choice{cell: -1}, t.geo.N+1
	for c, d := range t.cells {
		if d != 0 {
			continue
		}
		m := t.candidates(c)
		switch k := bits.OnesCount64(m); {
		case k == 0:
			return choice{cell: c, dead: true}
		case k == 1:
			return choice{cell: c, options: m}
		case k < fewest:
			best, fewest = choice{cell: c, options: m}, k
		}
	}
	return best
}

// run assigns cells until the grid is full (a solution) or a cell has no
// candidate (a backtrack), until limit solutions or the end of the search.
func (t *trackedSearch) run(limit int) outcome {
	var o outcome
	for {
		if t.stop.stopped() {
			o.stopped = fmt.Sprintf("stopped after %d assignments: %v", t.nodes, t.stop.ctx.Err())
			return o
		}
		ch := t.choose()
		switch {
		case ch.cell < 0:
			if t.found(&o); o.solutions >= limit {
				return o
			}
			if !t.backtrack() {
				return o
			}
		case ch.dead:
			if !t.backtrack() {
				return o
			}
		default:
			t.assign(ch.cell, ch.options)
		}
	}
}

// assign fills cell with its smallest candidate, as a forced assignment
// when it is the only one.
func (t *trackedSearch) assign(cell int, options uint64) {
	d := bits.TrailingZeros64(options)
	a := assignment{cell: cell, value: d, options: options, untried: options &^ (1 << d), guess: options&(options-1) != 0}
	kind := solvers.Force
	if a.guess {
		kind = solvers.Guess
		t.guesses++
	} else {
		t.forced++
	}
	t.nodes++
	t.push(a)
	t.report(kind, cell, d, options)
}

func (t *trackedSearch) push(a assignment) {
	t.cells[a.cell] = uint8(a.value)
	t.mark(a.cell, a.value)
	t.history = append(t.history, a)
}

// pop undoes the last assignment and returns it.
func (t *trackedSearch) pop() assignment {
	a := t.history[len(t.history)-1]
	t.history = t.history[:len(t.history)-1]
	t.cells[a.cell] = 0
	t.unmark(a.cell, a.value)
	return a
}

// backtrack unwinds the history to the latest guess with a candidate left
// and assigns that candidate instead; false when none is left anywhere.
func (t *trackedSearch) backtrack() bool {
	for len(t.history) > 0 {
		a := t.pop()
		if !a.guess {
			continue
		}
		t.backtracks++
		t.report(solvers.Backtrack, a.cell, a.value, 0)
		if a.untried == 0 {
			continue
		}
		a.value = bits.TrailingZeros64(a.untried)
		a.untried &^= 1 << a.value
		t.nodes++
		t.push(a)
		t.report(solvers.Guess, a.cell, a.value, a.options)
		return true
	}
	return false
}

func (t *trackedSearch) report(kind solvers.StepKind, cell, d int, options uint64) {
	if t.step != nil {
		t.step(solvers.Step{Kind: kind, Cell: cell, Value: d, Options: options, Depth: t.depth()})
	}
}

// depth counts the guesses in force: for the trace only.
func (t *trackedSearch) depth() int {
	n := 0
	for _, a := range t.history {
		if a.guess {
			n++
		}
	}
	return n
}

// found records a full grid.
func (t *trackedSearch) found(o *outcome) {
	o.solutions++
	if o.first == nil {
		o.first = t.puzzle.Clone()
		copy(o.first.Cells(), t.cells)
	}
	if t.step != nil {
		t.step(solvers.Step{Kind: solvers.Found, Depth: t.depth()})
	}
}
