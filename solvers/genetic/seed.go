package genetic

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
)

// SeedConfig sets the article's genetic algorithm.
type SeedConfig struct {
	Population  int
	Elite       int     // best individuals copied unchanged into the next generation
	Mutation    float64 // chance that a free cell swaps with another of its row
	Tournament  int     // individuals drawn per selection; the fittest wins
	Generations int
}

// DefaultSeedConfig is the article's setting; the tournament size, which it
// does not state, is 3.
var DefaultSeedConfig = SeedConfig{Population: 500, Elite: 50, Mutation: 0.01, Tournament: 3, Generations: 1000}

// Seed is the genetic/seed pipeline. It is not safe for concurrent use.
type Seed struct {
	cfg SeedConfig
}

// NewSeed returns the article's genetic algorithm with a setting.
func NewSeed(cfg SeedConfig) *Seed { return &Seed{cfg: cfg} }

// Solve evolves one population from the request's seed until an
// individual has no conflict or the generations run out. Counters: reads
// (1), reads_solved, generations, conflicts (of the best individual).
func (s *Seed) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if err := cmp.Or(checkRequest(req), checkSizes(s.cfg.Population, s.cfg.Elite, s.cfg.Tournament, s.cfg.Generations)); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	start := time.Now()
	p, ok := newProblem(req.Puzzle, nil)
	if !ok {
		return unsolvable("a row holds a given twice"), nil
	}
	e := &seedEvolution{cfg: s.cfg, p: p, rng: newRand(req.Seed), done: ctx.Done()}
	res := e.run().result(p, nil)
	res.Phases.Solve = time.Since(start)
	return res, nil
}

// seedEvolution is one run of the article's algorithm.
type seedEvolution struct {
	cfg  SeedConfig
	p    *problem
	rng  *rand.Rand
	done <-chan struct{}
}

// run evolves one population, drawn with every row a random permutation
// of its missing digits, for the configured generations.
func (e *seedEvolution) run() read {
	g := newGeneration(e.p, e.cfg.Population, e.rng)
	g.fill(func(cells []uint8) int {
		for r := range e.p.free {
			e.p.randomRow(cells, r, e.rng)
		}
		return e.p.conflicts(cells)
	})
	r := read{reads: 1}
	for gen := 0; ; gen++ {
		r.best, r.conflicts = g.rank()
		r.generations = gen
		if r.solved = r.conflicts == 0; r.solved || gen == e.cfg.Generations {
			return r
		}
		select {
		case <-e.done:
			r.stopped = true
			return r
		default:
		}
		g.breed(e.cfg.Elite, e.cfg.Tournament, func(child []uint8) int {
			e.mutate(child)
			return e.p.conflicts(child)
		})
	}
}

// mutate swaps each free cell, with chance Mutation, with another free cell
// of its row; the cells to mutate are found by geometric skips, one random
// draw per mutation rather than one per cell.
func (e *seedEvolution) mutate(cells []uint8) {
	if e.cfg.Mutation <= 0 {
		return
	}
	logq := math.Log1p(-e.cfg.Mutation)
	for i := e.skip(logq); i < len(e.p.allFree); i += 1 + e.skip(logq) {
		a := e.p.allFree[i]
		free := e.p.free[e.p.rowOf[a]]
		if len(free) < 2 {
			continue
		}
		b := free[e.rng.IntN(len(free))]
		cells[a], cells[b] = cells[b], cells[a]
	}
}

// skip draws how many cells pass before the next mutation.
func (e *seedEvolution) skip(logq float64) int {
	if logq == 0 {
		return 0
	}
	return int(math.Min(math.Log(1-e.rng.Float64())/logq, float64(len(e.p.allFree))))
}
