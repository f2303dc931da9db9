package defs

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/sudoku"
)

// startupTrials is how many calls on a trivial puzzle the start-up
// measurement takes the shortest of, to shed cold caches and a busy
// machine.
const startupTrials = 3

// measureStartup times the programs on a trivial puzzle — the input
// written, the programs run to their end, their answer not read — and
// keeps the shortest of startupTrials calls as the pipeline's start-up:
// what a call costs before the program has any search to do. Solve
// reports it as startup_ns, times the calls it made, so that the solve
// phase less startup_ns estimates the programs' own work.
func (p *pipeline) measureStartup(ctx context.Context) error {
	puzzle := startupPuzzle(p.def)
	inst, err := p.in.Pose(puzzle, p.def.Options, p.cache)
	if err != nil {
		return fmt.Errorf("%s: measuring start-up: posing a trivial puzzle: %w", p.def.Name, err)
	}
	dir, cleanup, err := external.TempDir("defs")
	if err != nil {
		return err
	}
	defer cleanup()
	best := time.Duration(math.MaxInt64)
	for range startupTrials {
		res := solvers.Result{Counters: make(map[string]float64)}
		c := &call{p: p, ctx: ctx, req: solvers.Request{Puzzle: puzzle, Mode: solvers.First}, dir: dir, res: &res}
		start := time.Now()
		if _, err := c.execute(inst, 1); err != nil {
			return fmt.Errorf("measuring start-up: %w", err)
		}
		best = min(best, time.Since(start))
	}
	p.startup = max(best, time.Nanosecond)
	return nil
}

// startupPuzzle is the trivial puzzle of the start-up measurement: the
// classic pattern grid of the smallest side the definition takes, its
// first cell blank. Its answer is not read, so a program that takes only
// the diagonal variant is timed on it all the same.
func startupPuzzle(d *Definition) *sudoku.Grid {
	side := slices.Min(d.Sizes)
	box := int(math.Round(math.Sqrt(float64(side))))
	g := sudoku.PatternGrid(box)
	g.Set(0, 0)
	return g
}
