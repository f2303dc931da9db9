package ladder

import (
	"errors"
	"maps"
	"slices"

	"github.com/sudokubench/sudokubench/encodings/cnf"
)

// Bucket counts, for one hint count, the puzzles each encoding ×
// inference solves and how many got each rating.
type Bucket struct {
	Hints   int
	Puzzles int
	solved  [cnf.Augmented + 1][DoubleLookahead + 1]int
	rated   [RatingSearch + 1]int
}

// Solved returns how many of the bucket's puzzles the inference on the
// encoding solves.
func (b *Bucket) Solved(e cnf.Encoding, inf Inference) int { return b.solved[e][inf] }

// Rated returns how many of the bucket's puzzles got the rating.
func (b *Bucket) Rated(r Rating) int { return b.rated[r] }

func (b *Bucket) add(o *Bucket) {
	b.Puzzles += o.Puzzles
	for e := range b.solved {
		for i := range b.solved[e] {
			b.solved[e][i] += o.solved[e][i]
		}
	}
	for r := range b.rated {
		b.rated[r] += o.rated[r]
	}
}

// Analysis tallies puzzles' profiles by hint count. Not safe for
// concurrent use.
type Analysis struct {
	buckets map[int]*Bucket
	// NoSolution counts the puzzles that reasoning proved contradictory,
	// and OverBudget those whose profile ran out of probes; neither is in
	// the buckets.
	NoSolution, OverBudget int
}

// NewAnalysis returns an empty tally.
func NewAnalysis() *Analysis {
	return &Analysis{buckets: make(map[int]*Bucket)}
}

// Add counts a puzzle with its hint count and what Rater.Profile returned
// for it. An error wrapping ErrNoSolution or ErrBudget is counted; any
// other error is returned.
func (a *Analysis) Add(hints int, pr Profile, err error) error {
	switch {
	case errors.Is(err, ErrNoSolution):
		a.NoSolution++
		return nil
	case errors.Is(err, ErrBudget):
		a.OverBudget++
		return nil
	case err != nil:
		return err
	}
	b := a.buckets[hints]
	if b == nil {
		b = &Bucket{Hints: hints}
		a.buckets[hints] = b
	}
	b.Puzzles++
	for _, e := range cnf.Encodings {
		for _, inf := range Inferences {
			if pr.Solves(e, inf) {
				b.solved[e][inf]++
			}
		}
	}
	b.rated[pr.Rating()]++
	return nil
}

// Buckets returns the hint counts seen, in order.
func (a *Analysis) Buckets() []*Bucket { return inHintOrder(a.buckets) }

// inHintOrder returns the buckets of a map by hint count, in order.
func inHintOrder[B any](buckets map[int]*B) []*B {
	out := make([]*B, 0, len(buckets))
	for _, h := range slices.Sorted(maps.Keys(buckets)) {
		out = append(out, buckets[h])
	}
	return out
}

// Total returns the sums over every hint count (Hints −1).
func (a *Analysis) Total() *Bucket {
	t := &Bucket{Hints: -1}
	for _, b := range a.buckets {
		t.add(b)
	}
	return t
}
