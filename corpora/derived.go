package corpora

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Streams that keep the generators of a derived puzzle apart: one picks the
// cells to add, one is handed to the oracle, one draws k in a range.
const (
	cellStream   = 0x17c1
	oracleStream = 0x17c2
	rangeStream  = 0x17c3
)

// lookupDerived reads the k of a derived corpus's name: "8", or a range
// "19..28" whose puzzles spread over 19 to 28 added cells.
func lookupDerived(name, base, k string) (Entry, error) {
	if base != DerivedBase {
		return Entry{}, fmt.Errorf("unknown corpus %q: only %s+k can be derived", name, DerivedBase)
	}
	lo, hi, isRange := strings.Cut(k, "..")
	if !isRange {
		hi = lo
	}
	added, errLo := parseAdded(lo)
	most, errHi := parseAdded(hi)
	if errLo != nil || errHi != nil || (isRange && most <= added) {
		return Entry{}, fmt.Errorf("corpus %q: k must be a whole number from 0 to %d, or a range a..b with a < b (%s+19..28)", name, MaxAdded, DerivedBase)
	}
	source := fmt.Sprintf("%s puzzles with %d cells of their unique solution added (Palm et al.)", base, added)
	if isRange {
		source = fmt.Sprintf("%s puzzles with %d to %d cells of their unique solution added, the number drawn per puzzle (Palm et al.)", base, added, most)
	}
	return Entry{Name: name, Source: source, Unique: true, Base: base, Added: added, AddedMax: most}, nil
}

func parseAdded(k string) (int, error) {
	added, err := strconv.Atoi(k)
	if err != nil || added < 0 || added > MaxAdded || strconv.Itoa(added) != k {
		return 0, fmt.Errorf("bad k %q", k)
	}
	return added, nil
}

// addedFor returns how many cells a derived corpus adds to the base puzzle
// on a line: Added, or for a range a number drawn uniformly from Added to
// AddedMax by a generator seeded by seed and the line, so that a line
// gets the same number in every selection.
func (e Entry) addedFor(seed uint64, line int) int {
	if e.AddedMax <= e.Added {
		return e.Added
	}
	rng := rand.New(rand.NewPCG(seed^rangeStream, uint64(line)))
	return e.Added + rng.IntN(e.AddedMax-e.Added+1)
}

// loadDerived streams 17-clue+k: each selected 17-clue puzzle with k cells
// of its unique solution added. k and the cells depend only on the seed and
// the base puzzle's line, so an id names the same puzzle in every
// selection.
func loadDerived(dir string, e Entry, opts Options, yield func(Puzzle) error) (Stats, error) {
	if opts.Oracle == nil {
		return Stats{}, fmt.Errorf("corpus %s needs an oracle to complete the %s puzzles (Options.Oracle)", e.Name, e.Base)
	}
	base, err := Lookup(e.Base)
	if err != nil {
		return Stats{}, err
	}
	p := newPipeline(opts, func(pz Puzzle) int { return e.addedFor(opts.Seed, pz.Line) }, yield)
	p.transform = func(pz Puzzle) (Puzzle, error) { return addSolutionCells(pz, e, opts.Seed, opts.Oracle) }
	src := source{corpus: e.Name, knownCount: 1}
	return scanData(dir, base.File, src, p)
}

// addSolutionCells turns a base puzzle into its derived form: k of its
// empty cells (e.addedFor), chosen with a generator seeded by seed and the
// puzzle's line, are filled from the solution the oracle finds. The base puzzle must
// have a unique solution, as every 17-clue puzzle has.
func addSolutionCells(pz Puzzle, e Entry, seed uint64, o Oracle) (Puzzle, error) {
	line := uint64(pz.Line)
	sol, ok := o.RandomSolution(pz.Grid, rand.New(rand.NewPCG(seed^oracleStream, line)))
	if !ok {
		return Puzzle{}, fmt.Errorf("%s: base puzzle %s:%d has no solution", e.Name, e.Base, pz.Line)
	}
	g := pz.Grid.Clone()
	empty := emptyCells(g)
	k := e.addedFor(seed, pz.Line)
	if len(empty) < k {
		return Puzzle{}, fmt.Errorf("%s: base puzzle %s:%d has %d empty cells, fewer than the %d to add", e.Name, e.Base, pz.Line, len(empty), k)
	}
	rng := rand.New(rand.NewPCG(seed^cellStream, line))
	rng.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	for _, cell := range empty[:k] {
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
