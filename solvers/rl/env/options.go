package env

import (
	"fmt"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Options describe an environment as a client asks for one (the fields
// of POST /api/env): where its puzzles come from, its rules, its seed.
type Options struct {
	// Corpus is a corpus spec (17-clue+28, top1465, holes-16@0.40, a
	// file) whose puzzles the resets draw from; DefaultCorpus when
	// neither it nor Generate is set.
	Corpus string `json:"corpus,omitempty"`
	// Generate, instead of a corpus, makes a new unique puzzle for every
	// reset with the suite's generator.
	Generate *GenerateOptions `json:"generate,omitempty"`
	Variant  string           `json:"variant,omitempty"` // classic (default) or diagonal
	Hints    string           `json:"hints,omitempty"`   // a corpus's hint range: 30, 30-40, 30-, -40
	// Deck is how many of the corpus's puzzles are drawn from: a seeded
	// sample of that many (DefaultDeck when 0).
	Deck    int    `json:"deck,omitempty"`
	Seed    uint64 `json:"seed,omitempty"`
	Reward  string `json:"reward,omitempty"`  // article (default) or sparse
	Invalid string `json:"invalid,omitempty"` // continue (default) or end
	Horizon int    `json:"horizon,omitempty"` // 0: twice the puzzle's blanks
}

// GenerateOptions say what puzzles the generator makes.
type GenerateOptions struct {
	Size  int `json:"size"`  // side: 4, 9, 16, 25 or 36
	Hints int `json:"hints"` // givens of every puzzle
}

// Defaults of Options.
const (
	DefaultCorpus = "17-clue+28"
	DefaultDeck   = 1000
)

// Rules returns the options' configuration, checked.
func (o Options) Rules() (Config, error) {
	reward, err := Scheme(o.Reward)
	if err != nil {
		return Config{}, err
	}
	invalid, err := ParseInvalidRule(o.Invalid)
	if err != nil {
		return Config{}, err
	}
	if o.Horizon < 0 {
		return Config{}, fmt.Errorf("horizon %d: want a positive step count, or 0 for twice the puzzle's blanks", o.Horizon)
	}
	return Config{Reward: reward, Invalid: invalid, Horizon: o.Horizon}, nil
}

// Source returns the options' source of puzzles: a deck read from the
// corpus (in dir, "" for the files built in) or the generator; oracle
// completes derived puzzles and makes generated ones.
func (o Options) Source(dir string, oracle corpora.Oracle) (Source, error) {
	variant, err := sudoku.ParseVariant(o.Variant)
	if err != nil {
		return nil, err
	}
	if o.Generate != nil {
		if o.Corpus != "" || o.Hints != "" || o.Deck != 0 {
			return nil, fmt.Errorf("generate and corpus, hints or deck: the generator makes its puzzles, give one or the other")
		}
		geo, err := sudoku.GeometryForSide(o.Generate.Size, variant)
		if err != nil {
			return nil, fmt.Errorf("generate: %w", err)
		}
		return NewGenerator(geo, o.Generate.Hints, oracle)
	}
	hints, err := corpora.ParseHintRange(o.Hints)
	if err != nil {
		return nil, fmt.Errorf("hints: %w", err)
	}
	deck := o.Deck
	if deck == 0 {
		deck = DefaultDeck
	}
	corpus := o.Corpus
	if corpus == "" {
		corpus = DefaultCorpus
	}
	return LoadDeck(DeckOptions{Corpus: corpus, Dir: dir, Variant: variant, Hints: hints, Size: deck, Seed: o.Seed, Oracle: oracle})
}

// Build returns the environment the options describe.
func (o Options) Build(dir string, oracle corpora.Oracle) (*Env, error) {
	cfg, err := o.Rules()
	if err != nil {
		return nil, err
	}
	src, err := o.Source(dir, oracle)
	if err != nil {
		return nil, err
	}
	return New(cfg, src, o.Seed)
}
