package cnf

import (
	"errors"
	"maps"
	"slices"
)

// LadderBucket counts, for one hint count, the puzzles each encoding ×
// inference solves and how many got each rating.
type LadderBucket struct {
	Hints   int
	Puzzles int
	solved  [Augmented + 1][DoubleLookahead + 1]int
	rated   [RatingSearch + 1]int
}

// Solved returns how many of the bucket's puzzles the inference on the
// encoding solves.
func (b *LadderBucket) Solved(e Encoding, inf Inference) int { return b.solved[e][inf] }

// Rated returns how many of the bucket's puzzles got the rating.
func (b *LadderBucket) Rated(r Rating) int { return b.rated[r] }

func (b *LadderBucket) add(o *LadderBucket) {
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

// LadderAnalysis tallies puzzles' profiles by hint count. Not safe for
// concurrent use.
type LadderAnalysis struct {
	buckets map[int]*LadderBucket
	// NoSolution counts the puzzles that reasoning proved contradictory,
	// and OverBudget those whose profile ran out of probes; neither is in
	// the buckets.
	NoSolution, OverBudget int
}

// NewLadderAnalysis returns an empty tally.
func NewLadderAnalysis() *LadderAnalysis {
	return &LadderAnalysis{buckets: make(map[int]*LadderBucket)}
}

// Add counts a puzzle with its hint count and what Rater.Profile returned
// for it. An error wrapping ErrNoSolution or ErrBudget is counted; any
// other error is returned.
func (a *LadderAnalysis) Add(hints int, pr Profile, err error) error {
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
		b = &LadderBucket{Hints: hints}
		a.buckets[hints] = b
	}
	b.Puzzles++
	for _, e := range Encodings {
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
func (a *LadderAnalysis) Buckets() []*LadderBucket { return inHintOrder(a.buckets) }

// inHintOrder returns the buckets of a map by hint count, in order.
func inHintOrder[B any](buckets map[int]*B) []*B {
	out := make([]*B, 0, len(buckets))
	for _, h := range slices.Sorted(maps.Keys(buckets)) {
		out = append(out, buckets[h])
	}
	return out
}

// Total returns the sums over every hint count (Hints −1).
func (a *LadderAnalysis) Total() *LadderBucket {
	t := &LadderBucket{Hints: -1}
	for _, b := range a.buckets {
		t.add(b)
	}
	return t
}
