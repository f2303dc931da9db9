package corpora

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// The kinds of generated corpus, named by a prefix: holes-SIDE@SHARE and
// unique-SIDE@SHARE.
const (
	// HolesKind is a random full grid with cells emptied at random: always
	// solvable, not necessarily uniquely (quasigroup with holes).
	HolesKind = "holes"
	// UniqueKind is a random full grid with cells removed in random order
	// while the solution stays unique, as the generator does.
	UniqueKind = "unique"
)

// GeneratedSize is how many puzzles a generated corpus holds: its lines
// are 1 to GeneratedSize, each made from the seed and its line alone.
const GeneratedSize = 1000

// Streams that keep the generators of a generated puzzle apart.
const (
	holesGridStream  = 0x401e1
	holesCellStream  = 0x401e2
	uniqueSeedStream = 0x401e3
)

// GeneratedSides are the sides a generated corpus can have.
var GeneratedSides = []int{4, 9, 16, 25, 36}

// isGeneratedName reports whether a name asks for a generated corpus.
func isGeneratedName(name string) bool {
	return strings.HasPrefix(name, HolesKind+"-") || strings.HasPrefix(name, UniqueKind+"-")
}

// lookupGenerated reads "holes-16@0.40" or "unique-25@0.45": the kind, the
// side (4, 9, 16, 25 or 36) and the share of givens, above 0 and at most 1.
func lookupGenerated(name string) (Entry, error) {
	kind, rest, _ := strings.Cut(name, "-")
	sideText, shareText, ok := strings.Cut(rest, "@")
	if !ok {
		return Entry{}, fmt.Errorf("corpus %q: a generated corpus is named KIND-SIDE@SHARE, e.g. %s-16@0.40 or %s-25@0.45", name, HolesKind, UniqueKind)
	}
	side, err := strconv.Atoi(sideText)
	if err != nil || strconv.Itoa(side) != sideText {
		return Entry{}, fmt.Errorf("corpus %q: side %q is not a whole number: use one of %v", name, sideText, GeneratedSides)
	}
	geo, err := sudoku.GeometryForSide(side, sudoku.Classic)
	if err != nil {
		return Entry{}, fmt.Errorf("corpus %q: side %d: use one of %v", name, side, GeneratedSides)
	}
	share, err := strconv.ParseFloat(shareText, 64)
	if err != nil || math.IsNaN(share) || share <= 0 || share > 1 {
		return Entry{}, fmt.Errorf("corpus %q: share of givens %q must be a number above 0 and at most 1 (0.40 for 40%%)", name, shareText)
	}
	e := Entry{Name: name, Kind: kind, Box: geo.Box, Share: share, Unique: kind == UniqueKind}
	hints := e.GeneratedHints()
	if hints < 1 {
		return Entry{}, fmt.Errorf("corpus %q: a share of %s leaves no given on %d cells", name, shareText, geo.Cells)
	}
	switch kind {
	case HolesKind:
		e.Source = fmt.Sprintf("%d random full %d×%d grids with %d of %d cells left as givens (%.0f%%), the rest emptied at random: solvable, not necessarily uniquely", GeneratedSize, side, side, hints, geo.Cells, 100*share)
	default:
		if least, why, known := knownMinimum(geo); known && hints < least {
			return Entry{}, fmt.Errorf("corpus %q: %d givens, but no %s puzzle with fewer than %d has a unique solution (%s)", name, hints, geo, least, why)
		}
		e.Source = fmt.Sprintf("%d unique %d×%d puzzles of %d givens (%.0f%% of %d cells): random full grids, cells removed at random while the solution stays unique", GeneratedSize, side, side, hints, 100*share, geo.Cells)
	}
	return e, nil
}

// GeneratedHints is the number of givens of a generated corpus's puzzles:
// the share of the cells, rounded to the nearest.
func (e Entry) GeneratedHints() int {
	geo := sudoku.MustGeometry(e.Box, sudoku.Classic)
	return int(math.Round(e.Share * float64(geo.Cells)))
}

// loadGenerated streams a generated corpus: lines 1 to GeneratedSize, of
// which the pipeline selects, then makes only the puzzles selected, each
// from the seed and its line, so that an id names the same puzzle in every
// selection.
func loadGenerated(e Entry, opts Options, yield func(Puzzle) error) (Stats, error) {
	if opts.Oracle == nil {
		return Stats{}, fmt.Errorf("corpus %s needs an oracle to make its grids (Options.Oracle)", e.Name)
	}
	p := newPipeline(opts, nil, yield)
	p.transform = func(pz Puzzle) (Puzzle, error) { return makeGenerated(e, pz, opts.Seed, opts.Oracle) }
	hints := e.GeneratedHints()
	for line := 1; line <= GeneratedSize; line++ {
		p.stats.Lines++
		p.stats.Puzzles++
		p.offer(Puzzle{ID: fmt.Sprintf("%s:%d", e.Name, line), Corpus: e.Name, Line: line, Hints: hints})
	}
	return p.stats, p.finish()
}

// makeGenerated makes the puzzle of a generated corpus's line.
func makeGenerated(e Entry, pz Puzzle, seed uint64, o Oracle) (Puzzle, error) {
	geo := sudoku.MustGeometry(e.Box, sudoku.Classic)
	line := uint64(pz.Line)
	if e.Kind == HolesKind {
		full, ok := o.RandomSolution(sudoku.NewGrid(geo), rand.New(rand.NewPCG(seed^holesGridStream, line)))
		if !ok {
			return Puzzle{}, fmt.Errorf("%s: the oracle found no completion of an empty %s grid", pz.ID, geo)
		}
		pz.Grid = Holes(full, pz.Hints, rand.New(rand.NewPCG(seed^holesCellStream, line)))
		pz.Solutions, pz.Solution = -1, full
		return pz, nil
	}
	genSeed := rand.New(rand.NewPCG(seed^uniqueSeedStream, line)).Uint64()
	gen, err := NewGenerator(o, GenerateOptions{Box: e.Box, Hints: pz.Hints, Seed: genSeed})
	if err != nil {
		return Puzzle{}, fmt.Errorf("%s: %w", pz.ID, err)
	}
	g, err := gen.Next()
	if err != nil {
		return Puzzle{}, fmt.Errorf("%s: %w", pz.ID, err)
	}
	sol, ok := o.RandomSolution(g, rand.New(rand.NewPCG(seed^uniqueSeedStream, line)))
	if !ok {
		return Puzzle{}, fmt.Errorf("%s: the oracle found no solution of a generated puzzle", pz.ID)
	}
	pz.Grid, pz.Solutions, pz.Solution = g, 1, sol
	return pz, nil
}

// Holes returns a copy of a full grid with all but hints of its cells
// emptied, the cells drawn with rng: a puzzle that full solves, though
// perhaps not uniquely.
func Holes(full *sudoku.Grid, hints int, rng *rand.Rand) *sudoku.Grid {
	g := full.Clone()
	cells := rng.Perm(g.Geometry().Cells)
	for _, cell := range cells[:max(len(cells)-hints, 0)] {
		g.Set(cell, 0)
	}
	return g
}

// SolutionIsTheOne says whether a puzzle's known solution stands for any
// solution a solver may find, so that a board can be scored cell by cell
// against it: the puzzle is known to have one solution, or its count is
// unknown and its corpus does not say otherwise. A holes-SIDE@SHARE puzzle
// is solvable but not necessarily uniquely: its known solution is one of
// perhaps many.
func SolutionIsTheOne(p Puzzle) bool {
	switch {
	case p.Solution == nil || p.Solutions == 0 || p.Solutions > 1:
		return false
	case p.Solutions == 1:
		return true
	}
	if !isGeneratedName(p.Corpus) {
		return true
	}
	e, err := lookupGenerated(p.Corpus)
	return err == nil && e.Unique
}
