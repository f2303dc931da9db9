package genetic

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// generation is what both algorithms evolve: a population of individuals
// (full grids) with their conflicts, the buffers the next generation is
// bred into, and the order of the individuals by fitness.
type generation struct {
	p            *problem
	rng          *rand.Rand
	pop, next    [][]uint8
	fit, nextFit []int
	order        []int // indices of pop, fittest first, after rank
}

func newGeneration(p *problem, size int, rng *rand.Rand) *generation {
	g := &generation{p: p, rng: rng, pop: make([][]uint8, size), next: make([][]uint8, size),
		fit: make([]int, size), nextFit: make([]int, size), order: make([]int, size)}
	for i := range g.pop {
		g.pop[i], g.next[i] = slices.Clone(p.start), slices.Clone(p.start)
	}
	return g
}

// fill draws every individual afresh with draw, which returns its
// conflicts.
func (g *generation) fill(draw func(cells []uint8) int) {
	for i, cells := range g.pop {
		g.fit[i] = draw(cells)
	}
}

// rank orders the individuals by conflicts, fewest first (stable, so that
// equal individuals keep their order and a seed its run), and returns the
// fittest with its conflicts.
func (g *generation) rank() ([]uint8, int) {
	for i := range g.order {
		g.order[i] = i
	}
	slices.SortStableFunc(g.order, func(a, b int) int { return cmp.Compare(g.fit[a], g.fit[b]) })
	return g.pop[g.order[0]], g.fit[g.order[0]]
}

// breed makes the next generation and moves to it: the elite fittest
// copied unchanged, every other individual a child of two parents chosen by
// tournament, taking each row from one or the other, then finished by
// finish (mutation, local search), which returns its conflicts. rank must
// come first.
func (g *generation) breed(elite, tournament int, finish func(child []uint8) int) {
	for i := range elite {
		copy(g.next[i], g.pop[g.order[i]])
		g.nextFit[i] = g.fit[g.order[i]]
	}
	for i := elite; i < len(g.next); i++ {
		child := g.next[i]
		g.crossRows(child, g.pop[g.tournament(tournament)], g.pop[g.tournament(tournament)])
		g.nextFit[i] = finish(child)
	}
	g.pop, g.next = g.next, g.pop
	g.fit, g.nextFit = g.nextFit, g.fit
}

// tournament returns the fittest of size individuals drawn at random.
func (g *generation) tournament(size int) int {
	best := g.rng.IntN(len(g.pop))
	for k := 1; k < size; k++ {
		if i := g.rng.IntN(len(g.pop)); g.fit[i] < g.fit[best] {
			best = i
		}
	}
	return best
}

// crossRows fills child with each row of a or of b, at even odds.
func (g *generation) crossRows(child, a, b []uint8) {
	n := g.p.geo.N
	for r := 0; r < n; r++ {
		from := a
		if g.rng.IntN(2) == 1 {
			from = b
		}
		copy(child[r*n:(r+1)*n], from[r*n:(r+1)*n])
	}
}
