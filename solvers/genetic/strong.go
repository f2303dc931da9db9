package genetic

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// StrongConfig sets the memetic algorithm.
type StrongConfig struct {
	Population int
	Elite      int // best individuals copied unchanged into the next generation
	Tournament int // individuals drawn per selection; the fittest wins
	// LocalSteps is how many min-conflicts moves improve each new
	// individual at most.
	LocalSteps int
	// Stall is how many generations may pass without a better best
	// individual before the population restarts as a new read.
	Stall int
	// Generations is the budget over all reads.
	Generations int
	// MutationMin and MutationMax bound the chance that a row is redrawn:
	// it starts at MutationMin and grows by half each stalled generation.
	MutationMin, MutationMax float64
}

// DefaultStrongConfig is genetic/strong's setting.
var DefaultStrongConfig = StrongConfig{
	Population: 40, Elite: 4, Tournament: 3, LocalSteps: 60, Stall: 60, Generations: 3000,
	MutationMin: 0.02, MutationMax: 0.3,
}

func (c StrongConfig) check() error {
	if c.Stall < 1 || c.LocalSteps < 0 {
		return fmt.Errorf("stall %d, local steps %d: a read needs at least 1 generation to stall, and no negative steps", c.Stall, c.LocalSteps)
	}
	return checkSizes(c.Population, c.Elite, c.Tournament, c.Generations)
}

// Strong is the genetic/strong pipeline. It is not safe for concurrent use.
type Strong struct {
	cfg StrongConfig
}

// NewStrong returns the memetic algorithm with a setting.
func NewStrong(cfg StrongConfig) *Strong { return &Strong{cfg: cfg} }

// Solve prunes the candidates by the givens, then evolves populations from
// the request's seed until an individual has no conflict or the generation
// budget is spent. Counters: reads (populations evolved), reads_solved,
// generations, conflicts (of the best individual of all reads), fixed
// (cells the pruning left one candidate, fixed before evolution) and moves
// (local-search swaps made).
func (s *Strong) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if err := cmp.Or(checkRequest(req), s.cfg.check()); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	start := time.Now()
	fixed, cand := prune(req.Puzzle)
	p, ok := newProblem(fixed, cand)
	if !ok {
		return unsolvable("a row holds a digit twice"), nil
	}
	m := newMemetic(s.cfg, p, newRand(req.Seed), ctx.Done())
	res := m.run().result(p, map[string]float64{
		"fixed": float64(fixed.Hints() - req.Puzzle.Hints()), "moves": float64(m.moves),
	})
	res.Phases.Solve = time.Since(start)
	return res, nil
}

// memetic is one run of the memetic algorithm.
type memetic struct {
	cfg      StrongConfig
	p        *problem
	rng      *rand.Rand
	done     <-chan struct{}
	mutation float64 // the chance that a row is redrawn, now
	board    board
	match    matcher
	moves    int64
}

func newMemetic(cfg StrongConfig, p *problem, rng *rand.Rand, done <-chan struct{}) *memetic {
	return &memetic{cfg: cfg, p: p, rng: rng, done: done, board: newBoard(p), match: newMatcher(p.geo.N)}
}

// run evolves populations, each a read, until one holds a solution, the
// budget is spent or the context ends.
func (m *memetic) run() read {
	r := read{conflicts: -1}
	g := newGeneration(m.p, m.cfg.Population, m.rng)
	for r.generations < m.cfg.Generations && !r.solved && !r.stopped {
		r.reads++
		m.evolve(g, &r)
	}
	return r
}

// evolve runs one read: a fresh population, every row of every individual
// a random matching of its free cells to its missing digits, improved and
// bred until it solves, stalls, or the budget or the context ends.
func (m *memetic) evolve(g *generation, r *read) {
	g.fill(func(cells []uint8) int {
		for row := range m.p.free {
			m.match.draw(m.p, cells, row, m.rng)
		}
		return m.improve(cells)
	})
	bestSoFar, stalled := -1, 0
	m.mutation = m.cfg.MutationMin
	for ; r.generations < m.cfg.Generations; r.generations++ {
		fittest, best := g.rank()
		if r.conflicts < 0 || best < r.conflicts {
			r.conflicts = best
		}
		if best == 0 {
			r.best, r.solved = slices.Clone(fittest), true
			return
		}
		if bestSoFar < 0 || best < bestSoFar {
			bestSoFar, stalled, m.mutation = best, 0, m.cfg.MutationMin
		} else {
			stalled++
			m.mutation = min(m.cfg.MutationMax, m.mutation*1.5)
		}
		if stalled >= m.cfg.Stall || m.cancelled(r) {
			return
		}
		g.breed(m.cfg.Elite, m.cfg.Tournament, m.finish)
	}
}

// finish mutates a child, each row redrawn with the current chance, and
// improves it; it returns the conflicts left.
func (m *memetic) finish(child []uint8) int {
	for row := range m.p.free {
		if m.rng.Float64() < m.mutation {
			m.match.draw(m.p, child, row, m.rng)
		}
	}
	return m.improve(child)
}

func (m *memetic) cancelled(r *read) bool {
	select {
	case <-m.done:
		r.stopped = true
		return true
	default:
		return false
	}
}

// improve runs min-conflicts local search on cells: up to LocalSteps times,
// a conflicted free cell drawn at random swaps with the cell of its row
// that lowers the conflicts most (ties drawn at random, sideways moves
// allowed), both keeping digits among their candidates. It returns the
// conflicts left.
func (m *memetic) improve(cells []uint8) int {
	b := &m.board
	b.load(cells)
	for step := 0; step < m.cfg.LocalSteps && b.cost > 0; step++ {
		a := m.conflictedCell()
		if a < 0 {
			break
		}
		if other, delta := m.bestSwap(a); other >= 0 && delta <= 0 {
			b.swap(a, other)
			m.moves++
		}
	}
	return b.cost
}

// conflictedCell returns a free cell in conflict, scanning from a random
// start, or -1 when only fixed cells conflict (givens that break a rule).
func (m *memetic) conflictedCell() int {
	n := len(m.p.allFree)
	start := m.rng.IntN(n)
	for i := range n {
		if c := m.p.allFree[(start+i)%n]; m.board.conflicted(c) {
			return c
		}
	}
	return -1
}

// bestSwap returns the cell of a's row whose swap with a lowers the
// conflicts most, with the change; -1 when no swap keeps the candidates.
func (m *memetic) bestSwap(a int) (int, int) {
	b, cand := &m.board, m.p.cand
	best, bestDelta, ties := -1, 0, 0
	for _, c := range m.p.free[m.p.rowOf[a]] {
		if c == a || cand[a]&(1<<b.cells[c]) == 0 || cand[c]&(1<<b.cells[a]) == 0 {
			continue
		}
		delta := b.swap(a, c)
		b.swap(a, c)
		switch {
		case best < 0 || delta < bestDelta:
			best, bestDelta, ties = c, delta, 1
		case delta == bestDelta:
			if ties++; m.rng.IntN(ties) == 0 {
				best = c
			}
		}
	}
	return best, bestDelta
}

// prune returns each cell's candidates, the digits no given among its peers
// holds (a given keeps its own), and the puzzle with every cell left a
// single candidate filled in. It is one pass over the givens, not
// propagation: the cells it fills do not prune further.
func prune(puzzle *sudoku.Grid) (*sudoku.Grid, []uint64) {
	cand := puzzle.Candidates()
	fixed := puzzle.Clone()
	for c, d := range puzzle.Cells() {
		switch m := cand[c]; {
		case d != 0:
			cand[c] = 1 << d
		case m != 0 && m&(m-1) == 0:
			fixed.Set(c, bits.TrailingZeros64(m))
		}
	}
	return fixed, cand
}
