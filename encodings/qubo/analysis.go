package qubo

import (
	"maps"
	"slices"

	"github.com/sudokubench/sudokubench/sudoku"
)

// SizeFormulations are the formulations a SizeAnalysis compares: the
// three that differ in what the givens remove (the Wildqat model always
// has N³ variables).
var SizeFormulations = []Formulation{Fixed, Pruned, Propagated}

// SizeBucket sums, for one hint count, the model sizes of each of
// SizeFormulations over the puzzles analysed.
type SizeBucket struct {
	Hints   int
	Puzzles int
	// Variables and Couplers are totals, indexed like SizeFormulations.
	Variables, Couplers []int
	// Empty counts the puzzles whose propagated model has no variable:
	// singles settled them and nothing is left to anneal.
	Empty int
}

// MeanVariables returns the mean variables of formulation k.
func (b *SizeBucket) MeanVariables(k int) float64 { return mean(b.Variables[k], b.Puzzles) }

// MeanCouplers returns the mean couplers of formulation k.
func (b *SizeBucket) MeanCouplers(k int) float64 { return mean(b.Couplers[k], b.Puzzles) }

// EmptyShare returns the share of puzzles the propagated model leaves
// empty.
func (b *SizeBucket) EmptyShare() float64 { return mean(b.Empty, b.Puzzles) }

func mean(total, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(total) / float64(n)
}

func (b *SizeBucket) add(o *SizeBucket) {
	b.Puzzles += o.Puzzles
	b.Empty += o.Empty
	for k := range SizeFormulations {
		b.Variables[k] += o.Variables[k]
		b.Couplers[k] += o.Couplers[k]
	}
}

// SizeAnalysis tallies model sizes over puzzles by hint count. Not safe
// for concurrent use.
type SizeAnalysis struct {
	builders []*Builder
	buckets  map[int]*SizeBucket
}

// NewSizeAnalysis returns an empty tally for the given weights.
func NewSizeAnalysis(w Weights) (*SizeAnalysis, error) {
	a := &SizeAnalysis{buckets: make(map[int]*SizeBucket)}
	for _, f := range SizeFormulations {
		b, err := NewBuilder(f, w)
		if err != nil {
			return nil, err
		}
		a.builders = append(a.builders, b)
	}
	return a, nil
}

func newSizeBucket(hints int) *SizeBucket {
	return &SizeBucket{Hints: hints, Variables: make([]int, len(SizeFormulations)), Couplers: make([]int, len(SizeFormulations))}
}

// Add builds a puzzle's models and counts their sizes under its hint
// count.
func (a *SizeAnalysis) Add(puzzle *sudoku.Grid) {
	h := puzzle.Hints()
	b := a.buckets[h]
	if b == nil {
		b = newSizeBucket(h)
		a.buckets[h] = b
	}
	b.Puzzles++
	for k, bld := range a.builders {
		m := bld.Build(puzzle)
		b.Variables[k] += len(m.Vars)
		b.Couplers[k] += len(m.Couplers)
		if m.Formulation == Propagated && m.Empty() {
			b.Empty++
		}
	}
}

// Buckets returns the hint counts seen, in order.
func (a *SizeAnalysis) Buckets() []*SizeBucket {
	out := make([]*SizeBucket, 0, len(a.buckets))
	for _, h := range slices.Sorted(maps.Keys(a.buckets)) {
		out = append(out, a.buckets[h])
	}
	return out
}

// Total returns the sums over every hint count (Hints −1).
func (a *SizeAnalysis) Total() *SizeBucket {
	t := newSizeBucket(-1)
	for _, b := range a.buckets {
		t.add(b)
	}
	return t
}
