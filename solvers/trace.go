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
	Options uint64
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

// Digits lists a set of digits (bit d for digit d) in increasing order.
func Digits(options uint64) []int {
	var ds []int
	for m := options; m != 0; m &= m - 1 {
		ds = append(ds, bits.TrailingZeros64(m))
	}
	return ds
}

// FormatOptions writes a set of digits as "{1,4,7}".
func FormatOptions(options uint64) string {
	var ds []string
	for _, d := range Digits(options) {
		ds = append(ds, strconv.Itoa(d))
	}
	return "{" + strings.Join(ds, ",") + "}"
}

// Replayer applies a trace, step by step, to its puzzle: placements fill
// cells, and a Backtrack empties every cell placed since the guess it
// withdraws. A step that contradicts the grid (a placement on a filled
// cell, a backtrack of a guess not in force, a solution with empty cells)
// is an error, so that a trace checks itself against the search it
// claims to describe. It holds one grid, however long the trace.
type Replayer struct {
	grid     *sudoku.Grid
	placed   []Step // placements in force, oldest first
	steps    int
	solution *sudoku.Grid
}

// NewReplayer starts a replay of a trace of puzzle.
func NewReplayer(puzzle *sudoku.Grid) *Replayer { return &Replayer{grid: puzzle.Clone()} }

// Apply replays the next step.
func (r *Replayer) Apply(s Step) error {
	r.steps++
	g := r.grid
	switch s.Kind {
	case Guess, Force:
		if s.Cell < 0 || s.Cell >= len(g.Cells()) || s.Value < 1 || s.Value > g.N() {
			return fmt.Errorf("step %d: %s of %d at cell %d, outside the grid", r.steps, s.Kind, s.Value, s.Cell)
		}
		if g.Cell(s.Cell) != 0 {
			return fmt.Errorf("step %d: %s %d at %s, which holds %d", r.steps, s.Kind, s.Value, g.Geometry().CellName(s.Cell), g.Cell(s.Cell))
		}
		g.Set(s.Cell, s.Value)
		r.placed = append(r.placed, s)
	case Backtrack:
		if err := r.undoGuess(s); err != nil {
			return fmt.Errorf("step %d: %w", r.steps, err)
		}
	case Found:
		if !g.Complete() {
			return fmt.Errorf("step %d: solution claimed with %d cells empty", r.steps, g.Geometry().Cells-g.Hints())
		}
		if r.solution == nil {
			r.solution = g.Clone()
		}
	}
	return nil
}

// undoGuess empties the cells placed since the guess that s withdraws.
func (r *Replayer) undoGuess(s Step) error {
	for n := len(r.placed) - 1; n >= 0; n-- {
		p := r.placed[n]
		if p.Kind == Guess && p.Cell == s.Cell && p.Value == s.Value {
			for _, q := range r.placed[n:] {
				r.grid.Set(q.Cell, 0)
			}
			r.placed = r.placed[:n]
			return nil
		}
	}
	return fmt.Errorf("backtrack of %d at %s, a guess not in force", s.Value, r.grid.Geometry().CellName(s.Cell))
}

// Solution returns the grid at the trace's first Found step, or nil.
func (r *Replayer) Solution() *sudoku.Grid { return r.solution }

// Replay replays a whole trace, every step checked (a unique-mode search
// goes on past its first solution), and returns the grid at its first
// Found step; a trace that finds no solution is an error.
func Replay(puzzle *sudoku.Grid, steps []Step) (*sudoku.Grid, error) {
	r := NewReplayer(puzzle)
	for _, s := range steps {
		if err := r.Apply(s); err != nil {
			return nil, err
		}
	}
	if r.solution == nil {
		return nil, fmt.Errorf("the trace of %d steps reaches no solution", len(steps))
	}
	return r.solution, nil
}
