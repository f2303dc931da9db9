package corpora

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Oracle is the solver the generator and the derived corpora lean on. It
// lives in another package of the same layer (solvers/dlx provides
// dlx.Oracle{}); tests may supply a simple one.
type Oracle interface {
	// CountSolutions counts the solutions of g, stopping at limit.
	CountSolutions(g *sudoku.Grid, limit int) int
	// RandomSolution returns a completion of g chosen with rng, or false
	// when g has none.
	RandomSolution(g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool)
}

// ContextOracle is an Oracle whose answers a context can cut short: each
// method returns the context's error once it ends, and otherwise answers
// as the Oracle method of the same name does, drawing from rng alike. The
// generator uses these methods where an oracle has them, so that a
// deadline stops it within one oracle call, not only between two.
type ContextOracle interface {
	Oracle
	CountSolutionsContext(ctx context.Context, g *sudoku.Grid, limit int) (int, error)
	RandomSolutionContext(ctx context.Context, g *sudoku.Grid, rng *rand.Rand) (*sudoku.Grid, bool, error)
}

// ExclusionOracle is an Oracle that can also say whether a grid has a
// solution other than a known one at a cell: the one question the
// generator asks after each removal, cheaper than counting to two, since
// the search need not find the known solution again and may look near it
// for another. The generator uses it where an oracle has it.
type ExclusionOracle interface {
	// HasOtherSolution says whether g has a solution whose cell (empty in
	// g) differs from solution's: Yes, No, or, when a positive budget of
	// guesses runs out first, Unknown. It stops with the context's error
	// when ctx ends first.
	HasOtherSolution(ctx context.Context, g, solution *sudoku.Grid, cell, budget int) (Answer, error)
}

// Answer is an oracle's answer to a yes-or-no question it may not settle.
type Answer int

// The answers.
const (
	Unknown Answer = iota
	Yes
	No
)

// DefaultCheckBudget is the guess budget of a uniqueness check when the
// options name none. Measured on 25×25 at 45% givens, budgets of 5 to 20
// guesses made a puzzle in about 0.3 s, 100 in 1.3 s and 1,000 in 9 s: the
// few removals whose proof runs long are the ones a budget gives up on,
// and another cell serves as well.
const DefaultCheckBudget = 20

// GenerateOptions say what puzzles to generate.
type GenerateOptions struct {
	Box     int // box side, 2..6: 3 for 9×9
	Variant sudoku.Variant
	Hints   int // hint count every puzzle must have
	Seed    uint64
	// Attempts is how many full grids one puzzle may use up before the
	// generator gives up; 0 means DefaultAttempts.
	Attempts int
	// Progress, if set, is told how the puzzle being made stands after
	// every cell the generator tries, on the generator's goroutine.
	Progress func(GenerateProgress)
	// CheckBudget bounds the search of each uniqueness check, in the
	// guesses of an ExclusionOracle (other oracles ignore it): a cell
	// whose removal the oracle cannot prove safe within it stays a given.
	// 0 means DefaultCheckBudget; a negative budget is no bound.
	CheckBudget int
}

// GenerateProgress is how the making of one puzzle stands.
type GenerateProgress struct {
	Attempt int // the attempt under way, from 1
	Hints   int // hints the attempt's grid has now
	Fewest  int // the fewest hints any attempt at this puzzle got down to
}

// DefaultAttempts is the attempt budget per puzzle when none is given.
const DefaultAttempts = 50

// ErrUnreachable is the kind of error a generator returns when no attempt
// reached the hint count, or when no puzzle of that hint count can exist.
var ErrUnreachable = errors.New("hint count not reached")

// GiveUpError is a puzzle the generator did not make, and how near it came:
// no attempt reached the hint count (Err is ErrUnreachable), or the context
// ended first (Err is the context's error).
type GiveUpError struct {
	Geometry *sudoku.Geometry
	Hints    int   // the hint count asked for
	Attempts int   // attempts begun; when the context ended, the last was cut short
	Budget   int   // the attempt budget
	Fewest   int   // the fewest hints an attempt got down to
	Err      error // ErrUnreachable or the context's error
}

func (e *GiveUpError) Error() string {
	if !errors.Is(e.Err, ErrUnreachable) {
		return fmt.Sprintf("generate: stopped (%v) in attempt %d of %d on %s: the fewest hints reached was %d, not %d; ask for more hints or allow more time",
			e.Err, e.Attempts, e.Budget, e.Geometry, e.Fewest, e.Hints)
	}
	return fmt.Sprintf("generate: %v: %s on %s reached %d hints at best, not %d; removing cells at random stops where no further cell can go without a second solution: ask for %d hints or more, or a larger attempt budget%s",
		ErrUnreachable, attempts(e.Attempts), e.Geometry, e.Fewest, e.Hints, e.Fewest, randomRemovalNote(e.Geometry))
}

// attempts writes a count of attempts: "1 attempt", "50 attempts".
func attempts(n int) string {
	if n == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", n)
}

// Unwrap returns ErrUnreachable or the context's error, for errors.Is.
func (e *GiveUpError) Unwrap() error { return e.Err }

// knownMinimum returns the fewest hints a puzzle with a unique solution
// has on a geometry, where that is known, and how it is known.
func knownMinimum(geo *sudoku.Geometry) (int, string, bool) {
	switch {
	case geo.N == 4 && geo.Variant == sudoku.Classic:
		return 4, "every 4×4 puzzle of 3 hints has several solutions or none", true
	case geo.N == 4 && geo.Variant == sudoku.Diagonal:
		return 3, "every 4×4 diagonal puzzle of 2 hints has several solutions", true
	case geo.N == 9 && geo.Variant == sudoku.Classic:
		return 17, "McGuire, Tugemann and Civario's exhaustive search, 2012", true
	}
	return 0, "", false
}

// randomRemovalNote says, for the geometries where it is known, how the
// fewest hints random removal reaches compares with the true minimum.
func randomRemovalNote(geo *sudoku.Geometry) string {
	if geo.N == 9 && geo.Variant == sudoku.Classic {
		return "; unique 9×9 puzzles exist down to 17 hints, but random removal rarely ends below about 20"
	}
	return ""
}

// Generator makes unique puzzles: a random full grid, then cells removed in
// random order as long as the puzzle keeps a unique solution, until the hint
// count is reached. The sequence of puzzles is fixed by the seed (and the
// oracle's own determinism).
type Generator struct {
	oracle Oracle
	opts   GenerateOptions
	geo    *sudoku.Geometry
	rng    *rand.Rand
}

// generatorStream separates the generator's random numbers from other uses
// of a seed.
const generatorStream = 0x6e6e

// NewGenerator checks the options and returns a generator. A hint count
// below the known minimum for the geometry (4 on 4×4, 17 on 9×9) is
// refused at once, as ErrUnreachable.
func NewGenerator(o Oracle, opts GenerateOptions) (*Generator, error) {
	geo, err := sudoku.NewGeometry(opts.Box, opts.Variant)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if opts.Hints < 0 || opts.Hints > geo.Cells {
		return nil, fmt.Errorf("generate: %d hints asked for a %s grid, which has %d cells", opts.Hints, geo, geo.Cells)
	}
	if least, why, known := knownMinimum(geo); known && opts.Hints < least {
		return nil, fmt.Errorf("generate: %w: no %s puzzle with %d hints has a unique solution, the fewest that can is %d (%s): ask for %d hints or more",
			ErrUnreachable, geo, opts.Hints, least, why, least)
	}
	if opts.Attempts < 0 {
		return nil, fmt.Errorf("generate: attempt budget %d is negative", opts.Attempts)
	}
	if opts.Attempts == 0 {
		opts.Attempts = DefaultAttempts
	}
	switch {
	case opts.CheckBudget == 0:
		opts.CheckBudget = DefaultCheckBudget
	case opts.CheckBudget < 0:
		opts.CheckBudget = 0
	}
	return &Generator{oracle: o, opts: opts, geo: geo, rng: rand.New(rand.NewPCG(opts.Seed, generatorStream))}, nil
}

// Next returns the next puzzle: unique, with exactly the asked hint count.
func (g *Generator) Next() (*sudoku.Grid, error) { return g.NextContext(context.Background()) }

// NextContext is Next, giving up when ctx ends: within one oracle call for
// a ContextOracle, else before the next one. Every error of either is a
// *GiveUpError, or a failure of the oracle. After the context has ended
// the generator's sequence is no longer the seed's.
func (g *Generator) NextContext(ctx context.Context) (*sudoku.Grid, error) {
	fewest := g.geo.Cells
	for attempt := 1; attempt <= g.opts.Attempts; attempt++ {
		puzzle, err := g.attempt(ctx, attempt, &fewest)
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, &GiveUpError{Geometry: g.geo, Hints: g.opts.Hints, Attempts: attempt, Budget: g.opts.Attempts, Fewest: fewest, Err: ctx.Err()}
		case err != nil:
			return nil, err
		case puzzle.Hints() == g.opts.Hints:
			return puzzle, nil
		}
	}
	return nil, &GiveUpError{Geometry: g.geo, Hints: g.opts.Hints, Attempts: g.opts.Attempts, Budget: g.opts.Attempts, Fewest: fewest, Err: ErrUnreachable}
}

// attempt removes cells from a fresh full grid in random order, keeping
// each removal only if the solution stays unique, and stops at the target
// hint count or when every cell has been tried. It keeps *fewest, the
// fewest hints of any attempt, up to date.
func (g *Generator) attempt(ctx context.Context, attempt int, fewest *int) (*sudoku.Grid, error) {
	puzzle, ok, err := g.randomSolution(ctx, sudoku.NewGrid(g.geo))
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, fmt.Errorf("generate: the oracle found no completion of an empty %s grid", g.geo)
	}
	solution := puzzle.Clone()
	hints := g.geo.Cells
	for _, cell := range g.rng.Perm(g.geo.Cells) {
		if hints == g.opts.Hints {
			break
		}
		d := puzzle.Cell(cell)
		puzzle.Set(cell, 0)
		unique, err := g.staysUnique(ctx, puzzle, solution, cell)
		if err != nil {
			return nil, err
		}
		if unique {
			hints--
			*fewest = min(*fewest, hints)
		} else {
			puzzle.Set(cell, d)
		}
		g.report(GenerateProgress{Attempt: attempt, Hints: hints, Fewest: *fewest})
	}
	return puzzle, nil
}

// staysUnique reports whether a puzzle whose only solution was solution,
// cell now emptied, still has one solution: whether it has none with
// another digit in the cell, since one with solution's there is solution.
func (g *Generator) staysUnique(ctx context.Context, puzzle, solution *sudoku.Grid, cell int) (bool, error) {
	if forcedByPeers(puzzle, cell, solution.Cell(cell)) {
		return true, ctx.Err()
	}
	if o, ok := g.oracle.(ExclusionOracle); ok {
		other, err := o.HasOtherSolution(ctx, puzzle, solution, cell, g.opts.CheckBudget)
		return other == No, err
	}
	if o, ok := g.oracle.(ContextOracle); ok {
		n, err := o.CountSolutionsContext(ctx, puzzle, 2)
		return n == 1, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	return g.oracle.CountSolutions(puzzle, 2) == 1, nil
}

// randomSolution asks the oracle for a random completion, through the
// context where the oracle takes one.
func (g *Generator) randomSolution(ctx context.Context, grid *sudoku.Grid) (*sudoku.Grid, bool, error) {
	if o, ok := g.oracle.(ContextOracle); ok {
		return o.RandomSolutionContext(ctx, grid, g.rng)
	}
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	sol, ok := g.oracle.RandomSolution(grid, g.rng)
	return sol, ok, nil
}

func (g *Generator) report(p GenerateProgress) {
	if g.opts.Progress != nil {
		g.opts.Progress(p)
	}
}

// forcedByPeers reports whether the givens among a cell's peers rule out
// every digit but d. Emptying such a cell of a unique puzzle keeps it
// unique, with no need to ask the oracle.
func forcedByPeers(g *sudoku.Grid, cell, d int) bool {
	var seen uint64
	for _, peer := range g.Geometry().Peers[cell] {
		seen |= 1 << g.Cell(peer)
	}
	all := uint64(1)<<(g.N()+1) - 2 // bits 1..N
	return seen&all == all&^(1<<d)
}
