package genetic

import (
	"cmp"
	"context"
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
	if err := checkRequest(req); err != nil {
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
	cfg  StrongConfig
	p    *problem
	rng  *rand.Rand
	done <-chan struct{}

	pop, next    [][]uint8
	fit, nextFit []int
	order        []int
	mutation     float64
	rowOf        []int
	allFree      []int
	board        board
	match        matcher
	moves        int64
}

func newMemetic(cfg StrongConfig, p *problem, rng *rand.Rand, done <-chan struct{}) *memetic {
	m := &memetic{cfg: cfg, p: p, rng: rng, done: done, rowOf: make([]int, p.geo.Cells)}
	for r, free := range p.free {
		for _, c := range free {
			m.rowOf[c] = r
		}
		m.allFree = append(m.allFree, free...)
	}
	m.pop, m.next = make([][]uint8, cfg.Population), make([][]uint8, cfg.Population)
	m.fit, m.nextFit, m.order = make([]int, cfg.Population), make([]int, cfg.Population), make([]int, cfg.Population)
	for i := range m.pop {
		m.pop[i], m.next[i] = slices.Clone(p.start), slices.Clone(p.start)
	}
	m.board = newBoard(p)
	m.match = newMatcher(p.geo.N)
	return m
}

// run evolves populations, each a read, until one holds a solution, the
// budget is spent or the context ends.
func (m *memetic) run() read {
	r := read{conflicts: -1}
	for r.generations < m.cfg.Generations && !r.solved && !r.stopped {
		r.reads++
		m.evolve(&r)
	}
	return r
}

// evolve runs one read: a fresh population bred until it solves, stalls,
// or the budget or the context ends.
func (m *memetic) evolve(r *read) {
	m.seedPopulation()
	bestSoFar, stalled := -1, 0
	m.mutation = m.cfg.MutationMin
	for ; r.generations < m.cfg.Generations; r.generations++ {
		m.rank()
		best := m.fit[m.order[0]]
		if r.conflicts < 0 || best < r.conflicts {
			r.conflicts = best
		}
		if best == 0 {
			r.best, r.solved = slices.Clone(m.pop[m.order[0]]), true
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
		m.breed()
	}
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

// seedPopulation draws every row of every individual as a random matching
// of its free cells to its missing digits, and improves each individual.
func (m *memetic) seedPopulation() {
	for i, cells := range m.pop {
		for r := range m.p.free {
			m.match.draw(m.p, cells, r, m.rng)
		}
		m.fit[i] = m.improve(cells)
	}
}

func (m *memetic) rank() {
	for i := range m.order {
		m.order[i] = i
	}
	slices.SortStableFunc(m.order, func(a, b int) int { return cmp.Compare(m.fit[a], m.fit[b]) })
}

// breed makes the next generation: the elite copied, the rest children of
// two parents chosen by tournament, each row redrawn with the current
// mutation chance, each child improved by local search.
func (m *memetic) breed() {
	for i := 0; i < m.cfg.Elite; i++ {
		copy(m.next[i], m.pop[m.order[i]])
		m.nextFit[i] = m.fit[m.order[i]]
	}
	for i := m.cfg.Elite; i < len(m.next); i++ {
		child := m.next[i]
		crossRows(child, m.pop[m.tournament()], m.pop[m.tournament()], m.p, m.rng)
		for r := range m.p.free {
			if m.rng.Float64() < m.mutation {
				m.match.draw(m.p, child, r, m.rng)
			}
		}
		m.nextFit[i] = m.improve(child)
	}
	m.pop, m.next = m.next, m.pop
	m.fit, m.nextFit = m.nextFit, m.fit
}

func (m *memetic) tournament() int {
	best := m.rng.IntN(len(m.pop))
	for k := 1; k < m.cfg.Tournament; k++ {
		if i := m.rng.IntN(len(m.pop)); m.fit[i] < m.fit[best] {
			best = i
		}
	}
	return best
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
	n := len(m.allFree)
	start := m.rng.IntN(n)
	for i := range n {
		if c := m.allFree[(start+i)%n]; m.board.conflicted(c) {
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
	for _, c := range m.p.free[m.rowOf[a]] {
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
func prune(puzzle *sudoku.Grid) (*sudoku.Grid, []uint32) {
	cand := puzzle.Candidates()
	fixed := puzzle.Clone()
	for c, d := range puzzle.Cells() {
		switch m := cand[c]; {
		case d != 0:
			cand[c] = 1 << d
		case m != 0 && m&(m-1) == 0:
			fixed.Set(c, bits.TrailingZeros32(m))
		}
	}
	return fixed, cand
}
