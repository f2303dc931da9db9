package solvers

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// StepKind says what one step of a traced search did.
type StepKind uint8

const (
	// Guess places Value at Cell as one choice among Options; a Backtrack
	// on the same cell and value undoes it.
	Guess StepKind = iota
	// Force places Value at Cell because the search proved it (a single
	// candidate, the only place for a digit, a consequence of propagation).
	Force
	// Backtrack reports that the guess Value at Cell failed: the guess and
	// every placement after it are undone.
	Backtrack
	// Found reports that the grid is complete: a solution.
	Found
)

// String names the kind as a trace prints it.
func (k StepKind) String() string {
	switch k {
	case Guess:
		return "guess"
	case Force:
		return "force"
	case Backtrack:
		return "backtrack"
	case Found:
		return "solution"
	}
	return "step-kind-" + strconv.Itoa(int(k))
}

// Step is one event of a traced search. Cell, Value and Options are unset
// for Found.
type Step struct {
	Kind  StepKind
	Cell  int // row-major index
	Value int // the digit placed, or the guess withdrawn
	// Options is the set of digits the cell could take when the step was
	// made (bit d for digit d, as sudoku.Grid.Candidates); a forced cell
	// has one.
	Options uint32
	// Depth is the number of guesses in force after the step.
	Depth int
}

// Tracer is a Solver that can also report each step of its search to a
// callback, so that a person can watch the search (`sudokubench solve
// --trace`). Solve must behave as SolveTraced with a nil callback and pay
// nothing for the option.
type Tracer interface {
	Solver
	SolveTraced(ctx context.Context, req Request, step func(Step)) (Result, error)
}

// FormatOptions writes a set of digits as "{1,4,7}".
func FormatOptions(options uint32) string {
	var digits []string
	for m := options; m != 0; m &= m - 1 {
		digits = append(digits, strconv.Itoa(bits.TrailingZeros32(m)))
	}
	return "{" + strings.Join(digits, ",") + "}"
}

// Replay applies a trace to its puzzle and returns the grid at its first
// Found step: placements fill cells, and a Backtrack empties every cell
// placed since the guess it withdraws. It fails when a step contradicts
// the grid (a placement on a filled cell, a backtrack of a guess that is
// not in force) or when the trace finds no solution, so that a trace
// checks itself against the search it claims to describe.
func Replay(puzzle *sudoku.Grid, steps []Step) (*sudoku.Grid, error) {
	g := puzzle.Clone()
	var placed []Step // placements in force, oldest first
	for i, s := range steps {
		switch s.Kind {
		case Guess, Force:
			if g.Cell(s.Cell) != 0 {
				return nil, fmt.Errorf("step %d: %s %d at %s, which holds %d", i+1, s.Kind, s.Value, g.Geometry().CellName(s.Cell), g.Cell(s.Cell))
			}
			g.Set(s.Cell, s.Value)
			placed = append(placed, s)
		case Backtrack:
			n, err := undoGuess(g, placed, s)
			if err != nil {
				return nil, fmt.Errorf("step %d: %w", i+1, err)
			}
			placed = placed[:n]
		case Found:
			if !g.Complete() {
				return nil, fmt.Errorf("step %d: solution claimed with %d cells empty", i+1, g.Geometry().Cells-g.Hints())
			}
			return g, nil
		}
	}
	return nil, fmt.Errorf("the trace of %d steps reaches no solution", len(steps))
}

// undoGuess empties the cells placed since the guess that s withdraws and
// returns how many placements stay in force.
func undoGuess(g *sudoku.Grid, placed []Step, s Step) (int, error) {
	for n := len(placed) - 1; n >= 0; n-- {
		g.Set(placed[n].Cell, 0)
		if placed[n].Kind == Guess && placed[n].Cell == s.Cell && placed[n].Value == s.Value {
			return n, nil
		}
	}
	return 0, fmt.Errorf("backtrack of %d at %s, a guess not in force", s.Value, g.Geometry().CellName(s.Cell))
}
