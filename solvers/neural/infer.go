package neural

import (
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// Predictor runs a model on one board at a time and reuses its buffers.
// It is not safe for concurrent use.
type Predictor struct {
	model Model
	ar    nn.Arena
	// Passes counts forward passes since the predictor was made.
	Passes int
}

// NewPredictor returns a predictor for m.
func NewPredictor(m Model) *Predictor { return &Predictor{model: m} }

// Probabilities returns the network's 81×9 digit probabilities for the
// board. The matrix is valid until the next call.
func (p *Predictor) Probabilities(board *[Cells]uint8) Mat {
	p.ar.Reset()
	p.Passes++
	return p.model.Predict(&p.ar, Batch{Boards: board[:]})
}

// best returns a cell's most probable digit (1..9) and its probability.
func best(probs []float32) (digit uint8, p float32) {
	for d, v := range probs {
		if v > p {
			digit, p = uint8(d+1), v
		}
	}
	return digit, p
}

// OneShot fills every blank cell with its most probable digit, from one
// forward pass.
func (p *Predictor) OneShot(board [Cells]uint8) [Cells]uint8 {
	probs := p.Probabilities(&board)
	for c, d := range board {
		if d == 0 {
			board[c], _ = best(probs.Row(c))
		}
	}
	return board
}

// Iterative fills the board over several passes: after each pass every
// blank cell whose most probable digit has at least the threshold's
// probability takes it (the single most confident cell when none has), and
// the board goes back into the network, until no blank is left. It
// returns the full board and the number of passes.
func (p *Predictor) Iterative(board [Cells]uint8, threshold float32) ([Cells]uint8, int) {
	passes := 0
	for hasBlank(&board) {
		topCell, topP := -1, float32(-1)
		probs := p.Probabilities(&board)
		passes++
		var fill [Cells]uint8
		for c, d := range board {
			if d != 0 {
				continue
			}
			digit, pr := best(probs.Row(c))
			if pr >= threshold {
				fill[c] = digit
			}
			if pr > topP {
				topCell, topP = c, pr
			}
		}
		filled := false
		for c, d := range fill {
			if d != 0 {
				board[c], filled = d, true
			}
		}
		if !filled {
			board[topCell], _ = best(probs.Row(topCell))
		}
	}
	return board, passes
}

func hasBlank(board *[Cells]uint8) bool {
	for _, d := range board {
		if d == 0 {
			return true
		}
	}
	return false
}
