package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// layerRun is one forward pass of a layer under test, returning its output
// and the backward pass that adds to the parameters' gradients and to the
// inputs' gradients dins.
type layerRun func(ar *Arena) (y Mat, backward func(ar *Arena, dy Mat, dins []Mat))

// gradCheck compares the analytic gradients of L = Σ r·y, for a fixed
// random r, with central differences, for every input and parameter value.
func gradCheck(t *testing.T, ps Params, ins []Mat, run layerRun) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	var ar Arena
	y, _ := run(&ar)
	r := NewMat(y.Rows, y.Cols)
	for i := range r.Data {
		r.Data[i] = float32(rng.NormFloat64())
	}
	loss := func() float64 {
		var a Arena
		y, _ := run(&a)
		var s float64
		for i, v := range y.Data {
			s += float64(v) * float64(r.Data[i])
		}
		return s
	}
	ps.ZeroGrad()
	dins := make([]Mat, len(ins))
	for i, in := range ins {
		dins[i] = NewMat(in.Rows, in.Cols)
	}
	ar.Reset()
	_, backward := run(&ar)
	backward(&ar, r, dins)
	for i, in := range ins {
		compare(t, fmt.Sprintf("input %d", i), in.Data, dins[i].Data, loss)
	}
	for _, p := range ps {
		if !p.Stat { // a statistic's Grad holds what the batch measured
			compare(t, p.Name, p.Value.Data, p.Grad.Data, loss)
		}
	}
}

// compare checks each analytic derivative in grad against a central
// difference of loss in the value it belongs to.
func compare(t *testing.T, what string, values, grad []float32, loss func() float64) {
	t.Helper()
	const eps = 1e-2
	bad := 0
	for j := range values {
		orig := values[j]
		values[j] = orig + eps
		up := loss()
		values[j] = orig - eps
		down := loss()
		values[j] = orig
		num := (up - down) / (2 * eps)
		if diff := math.Abs(num - float64(grad[j])); diff > 2e-2*math.Max(math.Abs(num), 1) {
			bad++
			if bad <= 3 {
				t.Errorf("%s[%d]: analytic %.5f, numerical %.5f", what, j, grad[j], num)
			}
		}
	}
}

func randMat(rng *rand.Rand, rows, cols int) Mat {
	m := NewMat(rows, cols)
	for i := range m.Data {
		m.Data[i] = float32(rng.NormFloat64())
	}
	return m
}

func TestGradLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps Params
	l := NewLinear(&ps, "l", 5, 4, rng)
	randomize(ps, rng)
	x := randMat(rng, 6, 5)
	gradCheck(t, ps, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		return l.Forward(ar, x), func(_ *Arena, dy Mat, d []Mat) { l.Backward(x, dy, d[0]) }
	})
}

func TestGradReLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	x := randMat(rng, 5, 7)
	gradCheck(t, nil, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		y := ReLU(ar, x)
		return y, func(_ *Arena, dy Mat, d []Mat) { ReLUBackward(y, dy, d[0]) }
	})
}

func TestGradLayerNorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 4))
	var ps Params
	l := NewLayerNorm(&ps, "ln", 6, rng)
	randomize(ps, rng)
	x := randMat(rng, 4, 6)
	gradCheck(t, ps, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		y, st := l.Forward(ar, x)
		return y, func(_ *Arena, dy Mat, d []Mat) { l.Backward(st, dy, d[0]) }
	})
}

func TestGradEmbedding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 5))
	var ps Params
	e := NewEmbedding(&ps, "e", 4, 3, rng)
	symbols := []uint8{0, 3, 3, 1, 2}
	gradCheck(t, ps, nil, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		return e.Forward(ar, symbols), func(_ *Arena, dy Mat, _ []Mat) { e.Backward(symbols, dy) }
	})
}

func TestGradConv3(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 6))
	var ps Params
	c := NewConv3(&ps, "c", 4, 3, 2, rng)
	randomize(ps, rng)
	x := randMat(rng, 2*16, 3) // two 4×4 boards
	gradCheck(t, ps, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		y, col := c.Forward(ar, x)
		return y, func(ar *Arena, dy Mat, d []Mat) { c.Backward(ar, col, dy, d[0]) }
	})
}

func TestGradGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 7))
	gs := Groups{Members: [][]int{{0, 1, 2}, {2, 3}, {4}}}
	index := []int{2, 0, 1, 1, 0}
	x := randMat(rng, 5, 3)
	gradCheck(t, nil, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		s := gs.Sum(ar, x)
		y := ar.Mat(len(index), x.Cols)
		Gather(s, index, y)
		return y, func(ar *Arena, dy Mat, d []Mat) {
			ds := ar.Mat(s.Rows, s.Cols)
			GatherBackward(dy, index, ds)
			gs.SumBackward(ds, d[0])
		}
	})
}

func TestGradSoftmaxCrossEntropy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 8))
	x := randMat(rng, 5, 9)
	targets := []int{3, Ignore, 0, 8, 4}
	// The loss itself is the output: a 1×1 matrix whose upstream gradient
	// is the random weight of the check.
	gradCheck(t, nil, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		loss, _ := SoftmaxCrossEntropy(ar, x, targets, 0, Mat{})
		y := ar.Mat(1, 1)
		y.Data[0] = float32(loss)
		return y, func(ar *Arena, dy Mat, d []Mat) {
			SoftmaxCrossEntropy(ar, x, targets, dy.Data[0], d[0])
		}
	})
}

func TestGradBatchNorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 9))
	var ps Params
	l := NewBatchNorm(&ps, "bn", 4, rng)
	randomize(ps, rng)
	x := randMat(rng, 7, 4)
	gradCheck(t, ps, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		y, st := l.Forward(ar, x, true)
		return y, func(_ *Arena, dy Mat, d []Mat) { l.Backward(st, dy, d[0]) }
	})
}

func TestGradBatchNormFrozen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 11))
	var ps Params
	l := NewBatchNorm(&ps, "bn", 4, rng)
	randomize(ps, rng)
	for i := range l.Var.Value.Data {
		l.Var.Value.Data[i] = 0.5 + float32(i) // a variance must be positive
	}
	x := randMat(rng, 7, 4)
	gradCheck(t, ps, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		y, st := l.Forward(ar, x, false)
		return y, func(_ *Arena, dy Mat, d []Mat) { l.BackwardFrozen(st, dy, d[0]) }
	})
}

func TestGradAdjacency(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 10))
	a := NewAdjacency(randMat(rng, 5, 5)) // not symmetric: the backward pass must transpose
	x := randMat(rng, 3*5, 2)             // three boards of five cells
	gradCheck(t, nil, []Mat{x}, func(ar *Arena) (Mat, func(*Arena, Mat, []Mat)) {
		return a.Forward(ar, x), func(_ *Arena, dy Mat, d []Mat) { a.Backward(dy, d[0]) }
	})
}

// randomize gives biases and gains random values too, so that the check
// does not pass by a zero.
func randomize(ps Params, rng *rand.Rand) {
	for _, p := range ps {
		for i := range p.Value.Data {
			p.Value.Data[i] = float32(rng.NormFloat64() * 0.5)
		}
	}
}
