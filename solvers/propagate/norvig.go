// Package propagate solves Sudoku by constraint propagation and search, as
// Peter Norvig's essay does: every cell keeps its set of possible digits;
// placing a digit eliminates it from the cell's peers; a cell left with one
// digit places it (eliminate), a unit with one place left for a digit puts
// it there (only choice), and two cells of a unit left with the same two
// digits take them from the rest of the unit (naked twins), all to a
// fixpoint. When propagation stalls, a depth-first search guesses the
// digits of the cell with the fewest, on a copy of the state, in order.
//
// The package's opinion is Norvig's: the representation is the candidate
// sets, and the state is copied per guess rather than undone, which keeps
// the search short to write and easy to trust. It is the propagate/norvig
// pipeline, classic and diagonal, 4×4 to 36×36, complete (first and unique
// mode, unsat proved by exhaustion), and traceable (solvers.Tracer).
package propagate

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// NorvigName is the pipeline's name in the registry.
const NorvigName = "propagate/norvig"

// Pipelines returns the registry entries of this package.
func Pipelines() []solvers.Info {
	return []solvers.Info{{
		Name:        NorvigName,
		Family:      "direct",
		Description: "Norvig's constraint propagation (eliminate, only choice, naked twins) with depth-first search on the fewest-candidates cell",
		Options:     map[string]string{"rules": "eliminate,only-choice,naked-twins", "branch": "fewest-candidates", "state": "copied"},
		PureGo:      true,
		New:         func() solvers.Solver { return NewNorvig() },
	}}
}

// Norvig is the propagate/norvig pipeline. It is not safe for concurrent
// use.
type Norvig struct{}

// NewNorvig returns a Norvig solver.
func NewNorvig() *Norvig { return &Norvig{} }

// Solve runs propagation and search without a trace.
func (s *Norvig) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	return s.SolveTraced(ctx, req, nil)
}

// SolveTraced runs propagation and search, reporting each guess, each cell
// propagation decided and each backtrack to step when it is not nil.
// Counters: nodes (digits tried by the search), guesses (branch points) and
// backtracks (guessed digits withdrawn: refuted, or, in unique mode, left
// after the search below them was exhausted).
func (s *Norvig) SolveTraced(ctx context.Context, req solvers.Request, step func(solvers.Step)) (solvers.Result, error) {
	limit, err := req.SolutionLimit()
	if err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	start := time.Now()
	e := newEngine(req.Puzzle, step)
	e.limit, e.done = limit, ctx.Done()
	consistent := e.load()
	if consistent {
		e.search(0)
	}
	res := solvers.Result{Counters: solvers.SearchCounters(e.nodes, e.guesses)}
	res.Counters.Set(solvers.Backtracks, float64(e.backtracks))
	res.Status = solvers.SearchStatus(req.Mode, e.solutions, e.stopped)
	switch {
	case e.stopped:
		res.Detail = fmt.Sprintf("stopped after %d nodes: %v", e.nodes, ctx.Err())
	case !consistent:
		res.Detail = "propagating the givens leads to a contradiction"
	case res.Status != solvers.Unsat:
		res.Solution = e.first
	}
	res.Phases.Solve = time.Since(start)
	return res, nil
}

// engine is one solve: a stack of candidate states, one per search depth.
type engine struct {
	geo    *sudoku.Geometry
	puzzle *sudoku.Grid
	states [][]uint64
	step   func(solvers.Step)
	limit  int
	done   <-chan struct{}

	solutions                  int
	first                      *sudoku.Grid
	stopped                    bool
	nodes, guesses, backtracks int64
	depth                      int // guesses in force, for the trace
}

func newEngine(puzzle *sudoku.Grid, step func(solvers.Step)) *engine {
	geo := puzzle.Geometry()
	return &engine{geo: geo, puzzle: puzzle, states: [][]uint64{make([]uint64, geo.Cells)}, step: step}
}

// load fills state 0 with every digit everywhere, assigns the givens and
// reduces to a fixpoint; false on a contradiction.
func (e *engine) load() bool {
	v := e.states[0]
	all := uint64(1)<<(e.geo.N+1) - 2
	for c := range v {
		v[c] = all
	}
	for c, d := range e.puzzle.Cells() {
		if d != 0 && !e.assign(v, c, int(d)) {
			return false
		}
	}
	if !e.reduce(v) {
		return false
	}
	e.traceForced(nil, v, -1)
	return true
}

// state returns the state buffer of a depth, growing the stack.
func (e *engine) state(depth int) []uint64 {
	for len(e.states) <= depth {
		e.states = append(e.states, make([]uint64, e.geo.Cells))
	}
	return e.states[depth]
}

// assign places d at cell by eliminating every other digit there.
func (e *engine) assign(v []uint64, cell, d int) bool {
	for other := v[cell] &^ (1 << d); other != 0; other &= other - 1 {
		if !e.eliminate(v, cell, bits.TrailingZeros64(other)) {
			return false
		}
	}
	return true
}

// eliminate removes d from cell and propagates: a cell left with one digit
// takes it from its peers, and a unit left with one place for d puts it
// there. False on a contradiction: a cell or a unit with no place left.
func (e *engine) eliminate(v []uint64, cell, d int) bool {
	bit := uint64(1) << d
	if v[cell]&bit == 0 {
		return true
	}
	v[cell] &^= bit
	switch m := v[cell]; {
	case m == 0:
		return false
	case m&(m-1) == 0:
		last := bits.TrailingZeros64(m)
		for _, p := range e.geo.Peers[cell] {
			if !e.eliminate(v, p, last) {
				return false
			}
		}
	}
	for _, u := range e.geo.CellUnits[cell] {
		place, places := -1, 0
		for _, c := range e.geo.Units[u].Cells {
			if v[c]&bit != 0 {
				place, places = c, places+1
			}
		}
		switch {
		case places == 0:
			return false
		case places == 1 && v[place] != bit:
			if !e.assign(v, place, d) {
				return false
			}
		}
	}
	return true
}

// reduce applies naked twins until nothing changes, each elimination
// propagating as eliminate does; false on a contradiction.
func (e *engine) reduce(v []uint64) bool {
	for changed := true; changed; {
		changed = false
		for _, u := range e.geo.Units {
			ok, c := e.nakedTwins(v, u.Cells)
			if !ok {
				return false
			}
			changed = changed || c
		}
	}
	return true
}

// nakedTwins finds two cells of a unit with the same two digits and takes
// those digits from the unit's other cells. It reports whether the state
// is consistent and whether it changed.
func (e *engine) nakedTwins(v []uint64, unit []int) (ok, changed bool) {
	for i, a := range unit {
		m := v[a]
		if bits.OnesCount64(m) != 2 {
			continue
		}
		for _, b := range unit[i+1:] {
			if v[b] != m {
				continue
			}
			for _, c := range unit {
				if c == a || c == b || v[c]&m == 0 {
					continue
				}
				changed = true
				for ds := v[c] & m; ds != 0; ds &= ds - 1 {
					if !e.eliminate(v, c, bits.TrailingZeros64(ds)) {
						return false, true
					}
				}
			}
		}
	}
	return true, changed
}

// search guesses, in order, each digit of the undecided cell with the
// fewest, on a copy of the state, until limit solutions are found or the
// context is done; it returns true when the search must stop.
func (e *engine) search(depth int) bool {
	v := e.states[depth]
	cell, options := e.fewest(v)
	if cell < 0 {
		e.found(v)
		return e.solutions >= e.limit
	}
	e.guesses++
	for m := options; m != 0; m &= m - 1 {
		if e.cancelled() {
			return true
		}
		d := bits.TrailingZeros64(m)
		e.nodes++
		child := e.state(depth + 1)
		copy(child, v)
		e.trace(solvers.Guess, cell, d, options)
		if e.assign(child, cell, d) && e.reduce(child) {
			e.traceForced(v, child, cell)
			if e.search(depth + 1) {
				return true
			}
		}
		e.backtracks++
		e.trace(solvers.Backtrack, cell, d, 0)
	}
	return false
}

func (e *engine) cancelled() bool {
	select {
	case <-e.done:
		e.stopped = true
		return true
	default:
		return false
	}
}

// fewest returns the undecided cell with the fewest digits (the first in
// reading order among equals) and its digits, or -1 when every cell is
// decided.
func (e *engine) fewest(v []uint64) (int, uint64) {
	best, fewest := -1, e.geo.N+1
	for c, m := range v {
		if k := bits.OnesCount64(m); k > 1 && k < fewest {
			best, fewest = c, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		return -1, 0
	}
	return best, v[best]
}

// found records a state where every cell is decided.
func (e *engine) found(v []uint64) {
	e.solutions++
	if e.first == nil {
		e.first = sudoku.NewGrid(e.geo)
		for c, m := range v {
			e.first.Set(c, bits.TrailingZeros64(m))
		}
	}
	if e.step != nil {
		e.step(solvers.Step{Kind: solvers.Found, Depth: e.depth})
	}
}

// trace reports a guess or a backtrack, keeping the depth.
func (e *engine) trace(kind solvers.StepKind, cell, d int, options uint64) {
	if e.step == nil {
		return
	}
	switch kind {
	case solvers.Guess:
		e.depth++
	case solvers.Backtrack:
		e.depth--
	}
	e.step(solvers.Step{Kind: kind, Cell: cell, Value: d, Options: options, Depth: e.depth})
}

// traceForced reports, in reading order, the cells that propagation
// decided between two states (from the givens when before is nil), except
// the guessed cell.
func (e *engine) traceForced(before, after []uint64, guessed int) {
	if e.step == nil {
		return
	}
	for c, m := range after {
		decided := m&(m-1) == 0
		was := e.puzzle.Cell(c) != 0
		if before != nil {
			was = before[c]&(before[c]-1) == 0
		}
		if decided && !was && c != guessed {
			e.step(solvers.Step{Kind: solvers.Force, Cell: c, Value: bits.TrailingZeros64(m), Options: m, Depth: e.depth})
		}
	}
}
