// Package bitboard is the suite's fastest solver, "propagate/bitboard": a
// direct solver written for speed, in the manner of jsolve and tdoku. Its
// opinion is that Sudoku is won in propagation done on bit masks, many
// cells or digits at once, and in a board small enough to copy whole at
// every branch point instead of undoing moves.
//
// 9×9 classic puzzles, the suite's corpora, run on a band board: per digit,
// three 27-bit words, one per band of three rows. Table lookups on a band
// word apply locked candidates along rows (a digit's rows and boxes in a
// band must pair up), column masks shared between a digit's bands apply
// them along columns, a cell left alone in its row is a hidden single
// (boxes and columns reduce to rows through those rules), and bit-sliced
// counts over the nine digits give the naked singles of a whole band at
// once. Every other geometry — 4×4 to 36×36, classic or diagonal — runs on
// one candidate mask per cell with the same deductions in cell form; on
// 9×9 classic puzzles the two boards search the same tree, the cell board
// five to seven times slower, which is why the band board exists. Both
// branch on the cell with most unsettled peers among those with fewest
// digits, which on the corpora takes half the guesses of the first such
// cell. Neither allocates while it searches; a Solver keeps its boards
// between puzzles.
//
// The solver is complete: in unique mode it goes on after the first
// solution until it finds a second (multiple) or proves there is none,
// and it proves unsat. Counters: nodes (boards propagated, the root
// included) and guesses (branch points).
package bitboard

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Name is the pipeline's name in the registry.
const Name = "propagate/bitboard"

// Pipelines returns the registry entries of this package.
func Pipelines() []solvers.Info {
	return []solvers.Info{{
		Name:        Name,
		Family:      "direct",
		Description: "bit-parallel singles and locked candidates on bit boards, board copied per guess, branch on the busiest cell with fewest digits",
		Options:     map[string]string{"board": "bands-9x9,cells", "branch": "fewest-candidates,most-open-peers"},
		PureGo:      true,
		New:         func() solvers.Solver { return NewSolver() },
	}}
}

// board is an engine that can take a puzzle and hand back its solution.
type board interface {
	engine
	load(g *sudoku.Grid)
	// exclude removes digits (a mask) from an empty cell of the loaded
	// puzzle, before the first propagation.
	exclude(cell int, digits uint64)
	frames() []frame
	solution() []uint8
}

// newBoard returns a board for a geometry: bands for 9×9 classic, cells
// for every other.
func newBoard(geo *sudoku.Geometry) board {
	if geo.N == 9 && geo.Variant == sudoku.Classic {
		return new(bandEngine)
	}
	return newCellEngine(geo)
}

// Solver is the propagate/bitboard pipeline. It keeps one board per
// geometry it has seen and is not safe for concurrent use.
type Solver struct {
	bands *bandEngine
	cells []*cellEngine
}

// NewSolver returns a Solver with no boards yet.
func NewSolver() *Solver { return &Solver{} }

func (s *Solver) boardFor(geo *sudoku.Geometry) board {
	if geo.N == 9 && geo.Variant == sudoku.Classic {
		if s.bands == nil {
			s.bands = new(bandEngine)
		}
		return s.bands
	}
	for _, e := range s.cells {
		if e.geo == geo {
			return e
		}
	}
	e := newCellEngine(geo)
	s.cells = append(s.cells, e)
	return e
}

// Solve searches the puzzle in the request's mode.
func (s *Solver) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	limit, err := req.SolutionLimit()
	if err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	start := time.Now()
	b := s.boardFor(req.Puzzle.Geometry())
	b.load(req.Puzzle)
	out := search(b, b.frames(), limits{solutions: limit, done: ctx.Done()})
	res := solvers.Result{
		Counters: solvers.SearchCounters(out.nodes, out.guesses),
		Phases:   solvers.Phases{Solve: time.Since(start)},
	}
	switch res.Status = solvers.SearchStatus(req.Mode, out.solutions, out.stopped); res.Status {
	case solvers.GaveUp:
		res.Detail = fmt.Sprintf("stopped after %d guesses: %v", out.guesses, ctx.Err())
		return res, nil
	case solvers.Unsat:
		return res, nil
	}
	res.Solution = sudoku.NewGrid(req.Puzzle.Geometry())
	copy(res.Solution.Cells(), b.solution())
	return res, nil
}
