// Package neural solves Sudoku with neural networks trained here, in Go:
// the graph-convolution network of the GCN article (neural/gcn), the same
// network without the graph's adjacency (neural/cnn), and a recurrent
// relational network after Palm et al. (neural/rrn), with the suite's own
// generator as their data, the
// Sudoku symmetries as augmentation, shipped weights with their
// provenance, and three ways to turn a network's beliefs into an answer:
// one shot, iterative filling, and a complete search that branches in the
// network's order.
//
// The package's opinion: a network is measured on whole puzzles, by hint
// count, on puzzles it never saw, and its answers are verified like any
// other solver's. Cell accuracy is a secondary figure, labelled as such.
// Training is a deterministic function of the model, the seed and the step
// budget, whatever the number of goroutines (sums in a fixed order),
// whether the machine has AVX, and however many pieces a run is split into
// (a stopped run's checkpoint resumes to the same bits), so that shipped
// weights can be rebuilt bit for bit by one documented command. Test
// puzzles come from the 17-clue corpus, which no training run reads, or
// from a separate seed stream of the generator; a network never sees a
// solution, and a board that breaks a rule is wrong.
package neural

import (
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Board geometry: the networks read 9×9 classic Sudoku only.
const (
	Side   = 9
	Cells  = Side * Side
	Digits = 9
)

// Batch is boards and, for training, the digit each blank cell must take.
type Batch struct {
	// Boards holds the boards one after another, 81 cells each, row-major,
	// 0 for a blank and 1..9 for a digit.
	Boards []uint8
	// Targets holds, per cell, the solution's digit − 1 for blank cells and
	// nn.Ignore for givens; nil when only predicting.
	Targets []int
}

// Len returns the number of boards.
func (b Batch) Len() int { return len(b.Boards) / Cells }

// Model is a network that gives, for each cell of a board, a distribution
// over the nine digits. A Model is not safe for concurrent use; Replica
// gives another that shares its weights.
type Model interface {
	// Kind is "cnn", "gcn" or "rrn".
	Kind() string
	// Config is the model's shape, saved in checkpoints.
	Config() any
	Params() nn.Params
	// Train runs the batch forward and back, adding the gradient of the
	// batch's summed loss, times scale, to the parameters' gradients. It
	// returns the summed cross-entropy per blank cell of the final output
	// and the number of blank cells.
	Train(ar *nn.Arena, b Batch, scale float32) (loss float64, blanks int)
	// Predict returns one row of nine probabilities per cell of the batch.
	Predict(ar *nn.Arena, b Batch) nn.Mat
	// Replica returns a model that shares the weights but has its own
	// gradients.
	Replica() Model
}

// initStream separates weight initialisation from the other uses of a seed.
const initStream = 0x1217

// blankTargets returns the targets of boards: each blank cell's solution
// digit − 1, and nn.Ignore for givens.
func blankTargets(boards, solutions []uint8) []int {
	t := make([]int, len(boards))
	for i, d := range boards {
		if d != 0 {
			t[i] = nn.Ignore
		} else {
			t[i] = int(solutions[i]) - 1
		}
	}
	return t
}

// geometry is the classic 9×9 geometry the networks read.
func geometry() *sudoku.Geometry { return sudoku.MustGeometry(3, sudoku.Classic) }
