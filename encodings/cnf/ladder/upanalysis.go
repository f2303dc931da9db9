package ladder

import (
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// UPEncodings are the encodings UPAnalysis compares: the minimal one,
// whose unit propagation applies naked singles, and the extended one,
// whose unit propagation applies hidden singles too.
var UPEncodings = []cnf.Encoding{cnf.Minimal, cnf.Extended}

// UPBucket counts, for one hint count, the puzzles and those that unit
// propagation solves under each of UPEncodings.
type UPBucket struct {
	Hints   int
	Puzzles int
	solved  [cnf.Augmented + 1]int
}

// Solved returns how many of the bucket's puzzles unit propagation solves
// on the encoding.
func (b *UPBucket) Solved(e cnf.Encoding) int { return b.solved[e] }

// UPAnalysis tallies, by hint count, the puzzles that unit propagation of
// the givens alone solves on each of UPEncodings, with a propagator per
// geometry and encoding built on first use. Not safe for concurrent use.
type UPAnalysis struct {
	propagators map[*sudoku.Geometry][]*cnf.Propagator
	buckets     map[int]*UPBucket
}

// NewUPAnalysis returns an empty tally.
func NewUPAnalysis() *UPAnalysis {
	return &UPAnalysis{propagators: make(map[*sudoku.Geometry][]*cnf.Propagator), buckets: make(map[int]*UPBucket)}
}

// Add propagates the puzzle's givens on each encoding and counts it. A
// puzzle whose givens propagate to a conflict counts as not solved.
func (a *UPAnalysis) Add(puzzle *sudoku.Grid) {
	geo := puzzle.Geometry()
	if a.propagators[geo] == nil {
		for _, e := range UPEncodings {
			a.propagators[geo] = append(a.propagators[geo], cnf.NewPropagator(cnf.Encode(geo, cnf.Options{Encoding: e})))
		}
	}
	b := a.buckets[puzzle.Hints()]
	if b == nil {
		b = &UPBucket{Hints: puzzle.Hints()}
		a.buckets[b.Hints] = b
	}
	b.Puzzles++
	for i, p := range a.propagators[geo] {
		if solved, _ := p.SolvesPuzzle(puzzle); solved {
			b.solved[UPEncodings[i]]++
		}
	}
}

// Buckets returns the hint counts seen, in order.
func (a *UPAnalysis) Buckets() []*UPBucket { return inHintOrder(a.buckets) }

// Total returns the sums over every hint count (Hints −1).
func (a *UPAnalysis) Total() *UPBucket {
	t := &UPBucket{Hints: -1}
	for _, b := range a.buckets {
		t.Puzzles += b.Puzzles
		for e := range t.solved {
			t.solved[e] += b.solved[e]
		}
	}
	return t
}
