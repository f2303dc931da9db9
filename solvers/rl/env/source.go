package env

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Deck is a source of puzzles loaded from a corpus once: each reset draws
// one of them uniformly.
type Deck struct {
	geo     *sudoku.Geometry
	puzzles []Puzzle
}

// DeckOptions say which puzzles of a corpus a deck holds.
type DeckOptions struct {
	// Corpus is any corpus spec the loader reads: a shipped corpus, a
	// derived one (17-clue+28, 17-clue+19..28), a generated one
	// (holes-16@0.40) or a puzzle file.
	Corpus  string
	Dir     string // the corpus files' directory; "" for those built in
	Variant sudoku.Variant
	Hints   corpora.HintRange
	// Size is how many puzzles the deck holds at most: a seeded uniform
	// sample of the corpus's puzzles in range.
	Size int
	Seed uint64
	// Oracle completes derived puzzles and makes generated ones.
	Oracle corpora.Oracle
}

// MaxDeck bounds a deck's size.
const MaxDeck = 100_000

// LoadDeck loads a deck. Every puzzle must have one geometry, so that the
// spaces of the environment stay fixed.
func LoadDeck(o DeckOptions) (*Deck, error) {
	if o.Size < 1 || o.Size > MaxDeck {
		return nil, fmt.Errorf("deck of %d puzzles: want 1 to %d", o.Size, MaxDeck)
	}
	d := &Deck{}
	opts := corpora.Options{Variant: o.Variant, Hints: o.Hints, Sample: o.Size, Seed: o.Seed, Oracle: o.Oracle}
	_, err := corpora.Load(o.Dir, o.Corpus, opts, func(p corpora.Puzzle) error {
		geo := p.Grid.Geometry()
		if d.geo == nil {
			d.geo = geo
		} else if geo != d.geo {
			return fmt.Errorf("%s is %s, %s was %s: an environment's puzzles share one size", p.ID, geo, d.puzzles[0].ID, d.geo)
		}
		d.puzzles = append(d.puzzles, Puzzle{ID: p.ID, Grid: p.Grid})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(d.puzzles) == 0 {
		return nil, fmt.Errorf("corpus %s has no puzzle in hint range %s", o.Corpus, o.Hints)
	}
	return d, nil
}

// NewDeck returns a deck of the given puzzles, which share one geometry.
func NewDeck(puzzles []Puzzle) (*Deck, error) {
	if len(puzzles) == 0 {
		return nil, errors.New("a deck needs a puzzle")
	}
	geo := puzzles[0].Grid.Geometry()
	for _, p := range puzzles {
		if p.Grid.Geometry() != geo {
			return nil, fmt.Errorf("%s is %s, %s is %s: an environment's puzzles share one size", p.ID, p.Grid.Geometry(), puzzles[0].ID, geo)
		}
	}
	return &Deck{geo: geo, puzzles: puzzles}, nil
}

// Geometry returns the deck's geometry.
func (d *Deck) Geometry() *sudoku.Geometry { return d.geo }

// Len returns the number of puzzles in the deck.
func (d *Deck) Len() int { return len(d.puzzles) }

// Draw returns one of the deck's puzzles, uniformly.
func (d *Deck) Draw(_ context.Context, rng *rand.Rand) (Puzzle, error) {
	return d.puzzles[rng.IntN(len(d.puzzles))], nil
}

// Generator is a source that makes a new unique puzzle for every reset
// with the suite's generator.
type Generator struct {
	geo    *sudoku.Geometry
	hints  int
	oracle corpora.Oracle
}

// NewGenerator returns a source of generated puzzles of a geometry with a
// hint count.
func NewGenerator(geo *sudoku.Geometry, hints int, oracle corpora.Oracle) (*Generator, error) {
	if hints < 1 || hints >= geo.Cells {
		return nil, fmt.Errorf("generator: %d hints on %s: want 1 to %d", hints, geo, geo.Cells-1)
	}
	return &Generator{geo: geo, hints: hints, oracle: oracle}, nil
}

// Geometry returns the generated puzzles' geometry.
func (g *Generator) Geometry() *sudoku.Geometry { return g.geo }

// Draw generates a puzzle from a seed drawn with rng; its id names the
// generator's settings and that seed.
func (g *Generator) Draw(ctx context.Context, rng *rand.Rand) (Puzzle, error) {
	seed := rng.Uint64()
	gen, err := corpora.NewGenerator(g.oracle, corpora.GenerateOptions{Box: g.geo.Box, Variant: g.geo.Variant, Hints: g.hints, Seed: seed})
	if err != nil {
		return Puzzle{}, err
	}
	grid, err := gen.NextContext(ctx)
	if err != nil {
		return Puzzle{}, err
	}
	name := fmt.Sprint(g.geo.N)
	if g.geo.Variant != sudoku.Classic {
		name += "-" + g.geo.Variant.String()
	}
	return Puzzle{ID: fmt.Sprintf("generated-%s@%d:%d", name, g.hints, seed), Grid: grid}, nil
}
