package genetic

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
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
	if err := checkRequest(req); err != nil {
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

	pop, next    [][]uint8
	fit, nextFit []int
	order        []int // indices of pop, fittest first
	rowOf        []int // per cell, its row
	allFree      []int // every free cell, row by row
}

func (e *seedEvolution) run() read {
	e.init()
	r := read{reads: 1}
	for gen := 0; ; gen++ {
		e.rank()
		best := e.order[0]
		r.best, r.conflicts, r.generations = e.pop[best], e.fit[best], gen
		if r.solved = e.fit[best] == 0; r.solved || gen == e.cfg.Generations {
			return r
		}
		select {
		case <-e.done:
			r.stopped = true
			return r
		default:
		}
		e.breed()
	}
}

// init draws the first population: every row a random permutation of its
// missing digits.
func (e *seedEvolution) init() {
	p := e.p
	e.rowOf = make([]int, p.geo.Cells)
	for r, free := range p.free {
		for _, c := range free {
			e.rowOf[c] = r
		}
		e.allFree = append(e.allFree, free...)
	}
	e.pop, e.next = make([][]uint8, e.cfg.Population), make([][]uint8, e.cfg.Population)
	e.fit, e.nextFit, e.order = make([]int, e.cfg.Population), make([]int, e.cfg.Population), make([]int, e.cfg.Population)
	for i := range e.pop {
		e.pop[i], e.next[i] = slices.Clone(p.start), slices.Clone(p.start)
		for r := range p.free {
			p.randomRow(e.pop[i], r, e.rng)
		}
		e.fit[i] = p.conflicts(e.pop[i])
	}
}

// rank sorts the population's indices by fitness, fewest conflicts first
// (stable, so that equal individuals keep their order and a seed its run).
func (e *seedEvolution) rank() {
	for i := range e.order {
		e.order[i] = i
	}
	slices.SortStableFunc(e.order, func(a, b int) int { return cmp.Compare(e.fit[a], e.fit[b]) })
}

// breed makes the next generation: the elite copied, the rest children of
// two parents chosen by tournament, mutated.
func (e *seedEvolution) breed() {
	for i := 0; i < e.cfg.Elite; i++ {
		copy(e.next[i], e.pop[e.order[i]])
		e.nextFit[i] = e.fit[e.order[i]]
	}
	for i := e.cfg.Elite; i < len(e.next); i++ {
		child := e.next[i]
		crossRows(child, e.pop[e.tournament()], e.pop[e.tournament()], e.p, e.rng)
		e.mutate(child)
		e.nextFit[i] = e.p.conflicts(child)
	}
	e.pop, e.next = e.next, e.pop
	e.fit, e.nextFit = e.nextFit, e.fit
}

// tournament returns the fittest of Tournament individuals drawn at random.
func (e *seedEvolution) tournament() int {
	best := e.rng.IntN(len(e.pop))
	for k := 1; k < e.cfg.Tournament; k++ {
		if i := e.rng.IntN(len(e.pop)); e.fit[i] < e.fit[best] {
			best = i
		}
	}
	return best
}

// crossRows fills child with each row of a or of b, at even odds.
func crossRows(child, a, b []uint8, p *problem, rng *rand.Rand) {
	n := p.geo.N
	for r := 0; r < n; r++ {
		from := a
		if rng.IntN(2) == 1 {
			from = b
		}
		copy(child[r*n:(r+1)*n], from[r*n:(r+1)*n])
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
	for i := e.skip(logq); i < len(e.allFree); i += 1 + e.skip(logq) {
		a := e.allFree[i]
		free := e.p.free[e.rowOf[a]]
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
	return int(math.Min(math.Log(1-e.rng.Float64())/logq, float64(len(e.allFree))))
}
