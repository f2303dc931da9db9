package corpora

import (
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

// GenerateOptions say what puzzles to generate.
type GenerateOptions struct {
	Box     int // box side, 2..5: 3 for 9×9
	Variant sudoku.Variant
	Hints   int // hint count every puzzle must have
	Seed    uint64
	// Attempts is how many full grids one puzzle may use up before the
	// generator gives up; 0 means DefaultAttempts.
	Attempts int
}

// DefaultAttempts is the attempt budget per puzzle when none is given.
const DefaultAttempts = 50

// ErrUnreachable is the kind of error a generator returns when no attempt
// reached the hint count.
var ErrUnreachable = errors.New("hint count not reached")

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

// NewGenerator checks the options and returns a generator.
func NewGenerator(o Oracle, opts GenerateOptions) (*Generator, error) {
	geo, err := sudoku.NewGeometry(opts.Box, opts.Variant)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if opts.Hints < 0 || opts.Hints > geo.Cells {
		return nil, fmt.Errorf("generate: %d hints asked for a %s grid, which has %d cells", opts.Hints, geo, geo.Cells)
	}
	if opts.Attempts < 0 {
		return nil, fmt.Errorf("generate: attempt budget %d is negative", opts.Attempts)
	}
	if opts.Attempts == 0 {
		opts.Attempts = DefaultAttempts
	}
	return &Generator{oracle: o, opts: opts, geo: geo, rng: rand.New(rand.NewPCG(opts.Seed, generatorStream))}, nil
}

// Next returns the next puzzle: unique, with exactly the asked hint count.
func (g *Generator) Next() (*sudoku.Grid, error) {
	fewest := g.geo.Cells
	for range g.opts.Attempts {
		puzzle, err := g.attempt()
		if err != nil {
			return nil, err
		}
		if puzzle.Hints() == g.opts.Hints {
			return puzzle, nil
		}
		fewest = min(fewest, puzzle.Hints())
	}
	return nil, fmt.Errorf("generate: %w: %d attempts on %s reached %d hints at best, not %d; removing cells at random ends at a minimal puzzle, and on 9×9 that is rarely below about 20 hints: ask for more hints or a larger attempt budget",
		ErrUnreachable, g.opts.Attempts, g.geo, fewest, g.opts.Hints)
}

// attempt removes cells from a fresh full grid in random order, keeping
// each removal only if the solution stays unique, and stops at the target
// hint count or when every cell has been tried.
func (g *Generator) attempt() (*sudoku.Grid, error) {
	puzzle, ok := g.oracle.RandomSolution(sudoku.NewGrid(g.geo), g.rng)
	if !ok {
		return nil, fmt.Errorf("generate: the oracle found no completion of an empty %s grid", g.geo)
	}
	hints := g.geo.Cells
	for _, cell := range g.rng.Perm(g.geo.Cells) {
		if hints == g.opts.Hints {
			break
		}
		d := puzzle.Cell(cell)
		puzzle.Set(cell, 0)
		if forcedByPeers(puzzle, cell, d) || g.oracle.CountSolutions(puzzle, 2) == 1 {
			hints--
			continue
		}
		puzzle.Set(cell, d)
	}
	return puzzle, nil
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
