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

// startup is what one call of the programs costs on a trivial puzzle, by
// both clocks a run is timed with: wall time, and CPU time — this
// process's (writing the input, starting and tracing the programs,
// reading their output) and the programs' own, as a worker charges a
// run.
type startup struct {
	wall, cpu time.Duration
}

// measureStartup times the programs on a trivial puzzle — the input
// written, the programs run to their end, their answer not read — and
// keeps the shortest of startupTrials calls, by each clock, as the
// pipeline's start-up: what a call costs before the program has any
// search to do. Solve measures it before its first call, whatever that
// call is, so that a harness worker pays for it while priming, untimed;
// it reports it per run as startup_ns and startup_cpu_ns, times the
// calls it made, so that the run's time less those estimates the
// programs' own work.
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
	best := startup{wall: math.MaxInt64, cpu: math.MaxInt64}
	for range startupTrials {
		res := solvers.Result{Counters: make(map[string]float64)}
		c := &call{p: p, ctx: ctx, req: solvers.Request{Puzzle: puzzle, Mode: solvers.First}, dir: dir, res: &res}
		cpu0, start := external.CPUTime(true), time.Now()
		if _, err := c.execute(inst, 1); err != nil {
			return fmt.Errorf("measuring start-up: %w", err)
		}
		best.wall = min(best.wall, time.Since(start))
		best.cpu = min(best.cpu, external.CPUTime(true)-cpu0)
	}
	p.startup = startup{wall: max(best.wall, time.Nanosecond), cpu: max(best.cpu, 0)}
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
