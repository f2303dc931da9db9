// Package genetic solves Sudoku with genetic algorithms: the source
// article's, and a stronger one of this suite's design.
//
// Both keep the givens fixed and make each row of an individual a
// permutation of the digits missing from it, so that rows never conflict;
// fitness is the number of conflicts left in the columns, boxes (and
// diagonals), and 0 is a solution. Both are seeded (same seed, same
// answer), incomplete (they cannot prove a puzzle unsolvable or its
// solution unique: they run in first mode, and end without a solution as
// gave-up), and count each evolution from a fresh population as a read
// (counters reads, reads_solved, generations).
//
//   - genetic/seed is the article's algorithm as it states it: population
//     500, elite 50, mutation rate 0.01 (a free cell swaps with another of
//     its row), tournament selection, crossover taking whole rows from
//     either parent, 1000 generations, one read.
//   - genetic/strong is a memetic algorithm: each cell keeps only the
//     digits no given among its peers holds (one pass, no propagation; a
//     cell left one digit is fixed), rows are drawn as random matchings of
//     cells to candidate digits, every child is improved by a
//     min-conflicts local search of swaps within a row, mutation redraws a
//     row and grows while the best fitness stalls, and a population that
//     stalls too long restarts as a new read until the generation budget
//     is spent.
//
// The package's opinion: a genetic algorithm is measured by the share of
// puzzles it solves by hint count, with the budget stated; its answers are
// verified like any other, and one that ends without a solution says so.
package genetic

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/sudokubench/sudokubench/solvers"
)

// Pipeline names in the registry.
const (
	SeedName   = "genetic/seed"
	StrongName = "genetic/strong"
)

// Pipelines returns the registry entries of this package.
func Pipelines() []solvers.Info {
	seed, strong := DefaultSeedConfig, DefaultStrongConfig
	return []solvers.Info{
		{
			Name:        SeedName,
			Family:      "direct",
			Description: "the article's genetic algorithm: rows as permutations, population 500, elite 50, mutation 0.01, tournament selection, row crossover, 1000 generations",
			Options: map[string]string{
				"population": strconv.Itoa(seed.Population), "elite": strconv.Itoa(seed.Elite),
				"mutation": strconv.FormatFloat(seed.Mutation, 'g', -1, 64), "tournament": strconv.Itoa(seed.Tournament),
				"generations": strconv.Itoa(seed.Generations),
			},
			PureGo: true, Stochastic: true, Incomplete: true,
			OptIn: "evolves for about a second on every puzzle below 40 givens, and rarely solves one",
			New:   func() solvers.Solver { return NewSeed(seed) },
		},
		{
			Name:        StrongName,
			Family:      "direct",
			Description: "memetic genetic algorithm: candidates pruned by the givens, rows as random matchings, min-conflicts local search per child, adaptive mutation, restarts",
			Options: map[string]string{
				"population": strconv.Itoa(strong.Population), "elite": strconv.Itoa(strong.Elite),
				"tournament": strconv.Itoa(strong.Tournament), "local-steps": strconv.Itoa(strong.LocalSteps),
				"stall": strconv.Itoa(strong.Stall), "generations": strconv.Itoa(strong.Generations),
				"candidates": "pruned-by-givens",
			},
			PureGo: true, Stochastic: true, Incomplete: true,
			OptIn: "takes seconds on 17-clue and harder puzzles",
			New:   func() solvers.Solver { return NewStrong(strong) },
		},
	}
}

// rngStream separates the algorithms' random numbers from other uses of a
// seed.
const rngStream = 0x9e6e71c

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), rngStream)) }

// checkRequest refuses what an incomplete solver cannot do.
func checkRequest(req solvers.Request) error {
	switch {
	case req.Puzzle == nil:
		return fmt.Errorf("no puzzle")
	case req.Mode == solvers.Unique:
		return fmt.Errorf("a genetic algorithm cannot prove a solution unique: run it in first mode")
	case req.Mode != solvers.First:
		return fmt.Errorf("unknown mode %q: use first", req.Mode)
	}
	return nil
}

// checkSizes refuses a population that cannot breed: at least one
// individual, an elite no larger than the population, a tournament of one
// or more, and generations to run.
func checkSizes(population, elite, tournament, generations int) error {
	switch {
	case population < 1 || tournament < 1 || generations < 1:
		return fmt.Errorf("population %d, tournament %d, generations %d: each must be at least 1", population, tournament, generations)
	case elite < 0 || elite > population:
		return fmt.Errorf("elite %d: must be from 0 to the population, %d", elite, population)
	}
	return nil
}

// read is the outcome of a run: the best grid found and how it went.
type read struct {
	best        []uint8
	conflicts   int
	generations int
	reads       int
	solved      bool
	stopped     bool // the context ended the run
}

// result turns a run into the solver's Result.
func (r read) result(p *problem, extra map[string]float64) solvers.Result {
	res := solvers.Result{Counters: solvers.Counters{"conflicts": float64(r.conflicts)}}
	res.Counters.Set(solvers.Reads, float64(r.reads))
	res.Counters.Set(solvers.ReadsSolved, 0)
	res.Counters.Set(solvers.Generations, float64(r.generations))
	for k, v := range extra {
		res.Counters[k] = v
	}
	switch {
	case r.solved:
		res.Status, res.Solution = solvers.Solved, p.grid(r.best)
		res.Counters.Set(solvers.ReadsSolved, 1)
	case r.stopped:
		res.Status, res.Detail = solvers.GaveUp, fmt.Sprintf("stopped after %d generations, best with %d conflicts", r.generations, r.conflicts)
	default:
		res.Status, res.Detail = solvers.GaveUp, fmt.Sprintf("%d generations spent, best with %d conflicts", r.generations, r.conflicts)
	}
	return res
}

// unsolvable is the Result for a puzzle the algorithm found has no
// solution; it cannot prove that in general, so it gives up, saying why.
func unsolvable(why string) solvers.Result {
	res := solvers.Result{Status: solvers.GaveUp, Detail: "no solution: " + why, Counters: solvers.Counters{}}
	for _, k := range []solvers.Counter{solvers.Reads, solvers.ReadsSolved, solvers.Generations} {
		res.Counters.Set(k, 0)
	}
	return res
}
