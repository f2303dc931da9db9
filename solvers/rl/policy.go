package rl

import (
	"math"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// Board geometry: the learned agents play 9×9 classic Sudoku, as the
// networks they are made of read it.
const (
	side    = neural.Side
	cells   = neural.Cells
	digits  = neural.Digits
	actions = cells * digits
)

// Policy is an actor over the action mask: a network gives each cell's
// digits log-probabilities l(c, d) (a softmax per cell, as the supervised
// networks are trained to give), and the policy picks the legal action a
// = (c, d) with probability proportional to exp(τ·l(a)). Acting greedily
// it takes the legal action of highest l: the cell and digit the network
// is surest of, as the supervised networks' iterative filling does, but
// never one outside the mask.
type Policy struct {
	Net neural.Differentiable
	// Temperature is τ.
	Temperature float64
}

// step is one board and its action mask, as the network reads them.
type step struct {
	board [cells]uint8
	mask  [actions]uint8
}

// batchOf lays boards and masks out as the network's input.
func batchOf(states []*step) neural.Batch {
	b := neural.Batch{Boards: make([]uint8, 0, len(states)*cells), Legal: make([]uint8, 0, len(states)*actions)}
	for _, s := range states {
		b.Boards = append(b.Boards, s.board[:]...)
		b.Legal = append(b.Legal, s.mask[:]...)
	}
	return b
}

// logProbs writes each cell's log-softmax of the logits into l.
func logProbs(logits, l []float32) {
	for c := range cells {
		row, out := logits[c*digits:(c+1)*digits], l[c*digits:(c+1)*digits]
		top := row[0]
		for _, v := range row {
			top = max(top, v)
		}
		var sum float64
		for _, v := range row {
			sum += math.Exp(float64(v - top))
		}
		lse := top + float32(math.Log(sum))
		for d, v := range row {
			out[d] = v - lse
		}
	}
}

// distribution writes π over the legal actions into pi (0 elsewhere), from
// the log-probabilities l, and returns π's entropy.
func (p *Policy) distribution(l []float32, mask []uint8, pi []float64) float64 {
	top := math.Inf(-1)
	for a, m := range mask {
		if m == 1 {
			top = math.Max(top, float64(l[a]))
		}
	}
	var sum float64
	for a, m := range mask {
		pi[a] = 0
		if m == 1 {
			pi[a] = math.Exp(p.Temperature * (float64(l[a]) - top))
			sum += pi[a]
		}
	}
	var h float64
	for a, v := range pi {
		if v > 0 {
			pi[a] = v / sum
			h -= pi[a] * math.Log(pi[a])
		}
	}
	return h
}

// greedy returns the legal action of highest l, the first of equals; -1
// when no action is legal.
func greedy(l []float32, mask []uint8) int {
	best, top := -1, float32(math.Inf(-1))
	for a, m := range mask {
		if m == 1 && l[a] > top {
			best, top = a, l[a]
		}
	}
	return best
}

// sample draws an action from π with rng.
func sample(pi []float64, rng *rand.Rand) int {
	u, last := rng.Float64(), -1
	for a, v := range pi {
		if v == 0 {
			continue
		}
		if u -= v; u < 0 {
			return a
		}
		last = a
	}
	return last // rounding left u a hair above the total
}

// addGradient adds to dlogits the gradient, with respect to the network's
// logits of one board, of the loss −w·log π(a) − β·H(π): a policy-gradient
// term weighted by w (an advantage) and an entropy bonus. logits are that
// board's logits.
func (p *Policy) addGradient(logits []float32, mask []uint8, a int, w, beta float64, dlogits []float32) {
	l := make([]float32, actions)
	logProbs(logits, l)
	pi := make([]float64, actions)
	h := p.distribution(l, mask, pi)
	tau := p.Temperature
	// dloss/dl(b) for every legal b.
	dl := make([]float64, actions)
	for b, v := range pi {
		if v == 0 {
			continue
		}
		g := w * tau * v // from −w·log π(a): −w·τ·(δ(a,b) − π(b))
		if b == a {
			g -= w * tau
		}
		g += beta * tau * v * (math.Log(v) + h) // from −β·H
		dl[b] = g
	}
	// Back through the per-cell log-softmax: dL(c,d) = dl(c,d) −
	// softmax(L(c,·))(d)·Σ dl(c,·).
	for c := range cells {
		var total float64
		for d := range digits {
			total += dl[c*digits+d]
		}
		for d := range digits {
			i := c*digits + d
			dlogits[i] += float32(dl[i] - math.Exp(float64(l[i]))*total)
		}
	}
}

// passGradients runs the states forward and back (batch normalisation on
// its running statistics), adding to the network's gradients the loss of
// addGradient for each state's action, weight and entropy weight.
func (p *Policy) passGradients(ar *nn.Arena, states []*step, acts []int, weights, betas []float64) {
	pass := p.Net.Forward(ar, batchOf(states), false)
	dlogits := ar.Mat(pass.Logits.Rows, pass.Logits.Cols)
	for i := range states {
		span := i * actions
		p.addGradient(pass.Logits.Data[span:span+actions], states[i].mask[:], acts[i], weights[i], betas[i], dlogits.Data[span:span+actions])
	}
	p.Net.Backward(ar, pass, dlogits)
}
