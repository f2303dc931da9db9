package rl

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/solvers/neural"
)

// objective is −w·log π(a) − β·H(π) for logits of one board.
func (p *Policy) objective(logits []float32, mask []uint8, a int, w, beta float64) float64 {
	l := make([]float32, actions)
	logProbs(logits, l)
	pi := make([]float64, actions)
	h := p.distribution(l, mask, pi)
	return -w*math.Log(pi[a]) - beta*h
}

// TestPolicyGradient checks addGradient against central differences of
// the objective in the logits.
func TestPolicyGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := stepOf(patternBoard(40, 3))
	logits := make([]float32, actions)
	for i := range logits {
		logits[i] = float32(rng.NormFloat64())
	}
	a := greedyLegal(s.mask[:])
	for _, tc := range []struct{ tau, w, beta float64 }{{1, 1, 0}, {3, -0.7, 0}, {2, 0.5, 0.1}, {1, 0, 1}} {
		p := &Policy{Temperature: tc.tau}
		grad := make([]float32, actions)
		p.addGradient(logits, s.mask[:], a, tc.w, tc.beta, grad)
		for i := range logits {
			orig := logits[i]
			logits[i] = orig + 1e-2
			up := p.objective(logits, s.mask[:], a, tc.w, tc.beta)
			logits[i] = orig - 1e-2
			down := p.objective(logits, s.mask[:], a, tc.w, tc.beta)
			logits[i] = orig
			if num := (up - down) / 2e-2; math.Abs(num-float64(grad[i])) > 1e-3*math.Max(1, math.Abs(num)) {
				t.Fatalf("τ %g w %g β %g: logit %d: analytic %g, numerical %g", tc.tau, tc.w, tc.beta, i, grad[i], num)
			}
		}
	}
}

// patternBoard is a valid full grid under a random symmetry with blanks.
func patternBoard(blanks int, seed uint64) []uint8 {
	rng := rand.New(rand.NewPCG(seed, 0))
	var ex neural.Example
	for c := range cells {
		r, col := c/side, c%side
		ex.Solution[c] = uint8((r*3+r/3+col)%side + 1)
	}
	ex.Puzzle = ex.Solution
	for _, c := range rng.Perm(cells)[:blanks] {
		ex.Puzzle[c] = 0
	}
	ex = neural.Augment(ex, rng)
	return ex.Puzzle[:]
}

func greedyLegal(mask []uint8) int {
	for a, m := range mask {
		if m == 1 {
			return a
		}
	}
	return -1
}
