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
// (boxes and columns reduce to rows through those rules), bit-sliced
// counts over the nine digits give the naked singles of a whole band at
// once, and bit-sliced counts of the digits that can and must lie in each
// minirow and minicolumn apply tdoku's intersection rules (three cells
// hold exactly three digits). It branches on a digit's configuration in a
// band or a stack — which box each of the digit's three rows (or columns)
// takes — in the unit with fewest configurations left, each open digit
// counting two more (tdoku's choice counts only the configurations).
// Where the CPU has AVX-512 (Intel Xeon since Skylake-SP, AMD since Zen 4)
// the propagation runs as an assembly kernel over all nine digits at once,
// a 512-bit register per band, and picks the branch too; elsewhere, or
// built with the purego tag, it runs in plain Go, digit by digit. The two
// reach the same fixpoints and search the same tree.
//
// Every other geometry — 4×4 to 36×36, classic or diagonal — runs on one
// candidate mask per cell with the singles and locked candidates in cell
// form, branching on the cell with most unsettled peers among those with
// fewest digits. From 16×16 up it searches in runs that restart with
// growing cutoffs (see restarting), which cuts the heavy tail of 25×25
// puzzles at 30–45% givens. Neither board allocates while it searches; a
// Solver keeps its boards between puzzles and, for a transient request
// (the harness's), the counters and grid of its result, so that such a
// 9×9 solve allocates nothing.
//
// The solver is complete: in unique mode it goes on after the first
// solution until it finds a second (multiple) or proves there is none,
// and it proves unsat. Counters: nodes (boards propagated, the root
// included), guesses (branch points) and, from 16×16 up, restarts.
package bitboard

import (
	"context"
	"fmt"
	"math/rand/v2"
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
		Description: "bit-parallel singles, locked candidates and intersection counts on bit boards (AVX-512 where the CPU has it), board copied per guess, branch on a digit's band or stack configuration",
		Options: map[string]string{
			"board":    nineBoardName() + ",cells",
			"branch":   "configurations-9x9,fewest-candidates",
			"restarts": "luby-16x16+",
		},
		PureGo: true,
		New:    func() solvers.Solver { return NewSolver() },
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
	// randomize sets the generator that breaks ties between equally good
	// branches, or none (the first is taken).
	randomize(rng *rand.Rand)
}

// nineBoardName names the board 9×9 classic puzzles run on here.
func nineBoardName() string {
	if vectorKernels {
		return "vector-avx512-9x9"
	}
	return "bands-9x9"
}

// newBandBoard returns the board for 9×9 classic puzzles: the vector board
// where the CPU runs its kernel, the portable band board elsewhere. The
// two search the same tree.
func newBandBoard() board {
	if vectorKernels {
		return new(vectorEngine)
	}
	return new(bandEngine)
}

// Solver is the propagate/bitboard pipeline. It keeps one board per
// geometry it has seen and is not safe for concurrent use.
type Solver struct {
	bands   board
	cells   []*cellEngine
	results solvers.ResultBuffers
}

// NewSolver returns a Solver with no boards yet.
func NewSolver() *Solver { return &Solver{} }

func (s *Solver) boardFor(geo *sudoku.Geometry) board {
	if geo.N == 9 && geo.Variant == sudoku.Classic {
		if s.bands == nil {
			s.bands = newBandBoard()
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
	geo := req.Puzzle.Geometry()
	b := s.boardFor(geo)
	lim := limits{solutions: limit, done: ctx.Done()}
	var out outcome
	restarts := -1
	if geo.Box >= restartsFrom {
		out, restarts = restarting(b, req.Puzzle, lim, uint64(req.Seed))
	} else {
		b.load(req.Puzzle)
		out = search(b, b.frames(), lim)
	}
	res := solvers.Result{
		Counters: solvers.SetSearchCounters(s.results.Counters(req), out.nodes, out.guesses),
		Phases:   solvers.Phases{Solve: time.Since(start)},
	}
	if restarts >= 0 {
		res.Counters["restarts"] = float64(restarts)
	}
	switch res.Status = solvers.SearchStatus(req.Mode, out.solutions, out.stopped); res.Status {
	case solvers.GaveUp:
		res.Detail = fmt.Sprintf("stopped after %d guesses: %v", out.guesses, ctx.Err())
		return res, nil
	case solvers.Unsat:
		return res, nil
	}
	res.Solution = s.results.Grid(req)
	copy(res.Solution.Cells(), b.solution())
	return res, nil
}
