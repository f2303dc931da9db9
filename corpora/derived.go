package corpora

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Streams that keep the generators of a derived puzzle apart: one picks the
// cells to add, one is handed to the oracle.
const (
	cellStream   = 0x17c1
	oracleStream = 0x17c2
)

// loadDerived streams 17-clue+k: each selected 17-clue puzzle with k cells
// of its unique solution added. The cells depend only on the seed and the
// base puzzle's line, so an id names the same puzzle in every selection.
func loadDerived(dir string, e Entry, opts Options, yield func(Puzzle) error) (Stats, error) {
	if opts.Oracle == nil {
		return Stats{}, fmt.Errorf("corpus %s needs an oracle to complete the %s puzzles (Options.Oracle)", e.Name, e.Base)
	}
	base, err := Lookup(e.Base)
	if err != nil {
		return Stats{}, err
	}
	p := newPipeline(opts, e.Added, yield)
	p.transform = func(pz Puzzle) (Puzzle, error) { return addSolutionCells(pz, e, opts.Seed, opts.Oracle) }
	src := source{corpus: e.Name, knownCount: 1}
	return scanData(dir, base.File, src, p)
}

// addSolutionCells turns a base puzzle into its derived form: e.Added of
// its empty cells, chosen with a generator seeded by seed and the puzzle's
// line, are filled from the solution the oracle finds. The base puzzle must
// have a unique solution, as every 17-clue puzzle has.
func addSolutionCells(pz Puzzle, e Entry, seed uint64, o Oracle) (Puzzle, error) {
	line := uint64(pz.Line)
	sol, ok := o.RandomSolution(pz.Grid, rand.New(rand.NewPCG(seed^oracleStream, line)))
	if !ok {
		return Puzzle{}, fmt.Errorf("%s: base puzzle %s:%d has no solution", e.Name, e.Base, pz.Line)
	}
	g := pz.Grid.Clone()
	empty := emptyCells(g)
	if len(empty) < e.Added {
		return Puzzle{}, fmt.Errorf("%s: base puzzle %s:%d has %d empty cells, fewer than the %d to add", e.Name, e.Base, pz.Line, len(empty), e.Added)
	}
	rng := rand.New(rand.NewPCG(seed^cellStream, line))
	rng.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	for _, cell := range empty[:e.Added] {
		g.Set(cell, sol.Cell(cell))
	}
	pz.Grid, pz.Hints, pz.Solutions, pz.Solution = g, g.Hints(), 1, sol
	return pz, nil
}

func emptyCells(g *sudoku.Grid) []int {
	var cells []int
	for i, d := range g.Cells() {
		if d == 0 {
			cells = append(cells, i)
		}
	}
	return cells
}
