package corpora

import (
	"errors"
	"math/rand/v2"
	"slices"
)

// pipeline takes puzzles in file order and hands the selected ones to the
// caller: hint filter, then sampling or the limit, then a transformation
// (adding solution cells for 17-clue+k) applied only to puzzles kept.
type pipeline struct {
	opts Options
	// hintsAdded is how many hints the transformation adds to a puzzle, so
	// that the filter sees the result; nil adds none.
	hintsAdded func(Puzzle) int
	transform  func(Puzzle) (Puzzle, error)
	yield      func(Puzzle) error
	reservoir  []Puzzle
	rng        *rand.Rand
	stats      Stats
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

// offer takes the next well-formed puzzle of the file. It returns errStop
// once the limit is reached.
func (p *pipeline) offer(pz Puzzle) error {
	hints := pz.Hints
	if p.hintsAdded != nil {
		hints += p.hintsAdded(pz)
	}
	if !p.opts.Hints.Contains(hints) {
		return nil
	}
	p.stats.InRange++
	if p.opts.Sample > 0 {
		p.sample(pz)
		return nil
	}
	return p.emit(pz)
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

// finish yields the sample, in file order, once the file has been read.
func (p *pipeline) finish() error {
	slices.SortFunc(p.reservoir, func(a, b Puzzle) int { return a.Line - b.Line })
	for _, pz := range p.reservoir {
		if err := p.emit(pz); err != nil {
			if errors.Is(err, errStop) {
				return nil
			}
			return err
		}
	}
	return nil
}

func (p *pipeline) emit(pz Puzzle) error {
	pz, err := p.transform(pz)
	if err != nil {
		return err
	}
	if err := p.yield(pz); err != nil {
		return err
	}
	p.stats.Yielded++
	if p.opts.Limit > 0 && p.stats.Yielded >= p.opts.Limit {
		return errStop
	}
	return nil
}
