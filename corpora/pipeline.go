package corpora

import (
	"math/rand/v2"
	"slices"
)

// pipeline takes puzzles in file order and hands the selected ones to the
// caller once the whole input has been read, so that a bad line anywhere
// refuses the input before the caller has seen a puzzle: hint filter, then
// sampling or the limit, then a transformation (adding solution cells for
// 17-clue+k) applied only to puzzles kept.
type pipeline struct {
	opts Options
	// hintsAdded is how many hints the transformation adds to a puzzle, so
	// that the filter sees the result; nil adds none.
	hintsAdded func(Puzzle) int
	transform  func(Puzzle) (Puzzle, error)
	yield      func(Puzzle) error
	// reservoir holds the sample, or the puzzles selected so far when
	// there is none, until the input ends.
	reservoir []Puzzle
	rng       *rand.Rand
	stats     Stats
}

// samplingStream separates the sampling generator from other uses of a seed.
const samplingStream = 0x5a3b1e

func newPipeline(opts Options, hintsAdded func(Puzzle) int, yield func(Puzzle) error) *pipeline {
	return &pipeline{
		opts:       opts,
		hintsAdded: hintsAdded,
		transform:  func(p Puzzle) (Puzzle, error) { return p, nil },
		yield:      yield,
		rng:        rand.New(rand.NewPCG(opts.Seed, samplingStream)),
	}
}

// offer takes the next well-formed puzzle of the file and keeps it if it
// is selected. Past the limit it keeps nothing more, but the input is
// still read to its end and checked.
func (p *pipeline) offer(pz Puzzle) {
	hints := pz.Hints
	if p.hintsAdded != nil {
		hints += p.hintsAdded(pz)
	}
	if !p.opts.Hints.Contains(hints) {
		return
	}
	p.stats.InRange++
	switch {
	case p.opts.Sample > 0:
		p.sample(pz)
	case p.opts.Limit <= 0 || len(p.reservoir) < p.opts.Limit:
		p.reservoir = append(p.reservoir, pz)
	}
}

// sample keeps a uniform sample of Sample puzzles of those seen so far
// (Algorithm R).
func (p *pipeline) sample(pz Puzzle) {
	if len(p.reservoir) < p.opts.Sample {
		p.reservoir = append(p.reservoir, pz)
		return
	}
	if j := p.rng.IntN(p.stats.InRange); j < p.opts.Sample {
		p.reservoir[j] = pz
	}
}

// finish yields the puzzles kept, in file order, once the input has been
// read: at most Limit of them when there is a limit.
func (p *pipeline) finish() error {
	slices.SortFunc(p.reservoir, func(a, b Puzzle) int { return a.Line - b.Line })
	if p.opts.Limit > 0 && len(p.reservoir) > p.opts.Limit {
		p.reservoir = p.reservoir[:p.opts.Limit]
	}
	for _, pz := range p.reservoir {
		pz, err := p.transform(pz)
		if err != nil {
			return err
		}
		if err := p.yield(pz); err != nil {
			return err
		}
		p.stats.Yielded++
	}
	p.reservoir = nil
	return nil
}
