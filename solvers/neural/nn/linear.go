package nn

import "math/rand/v2"

// Linear is y = x·W + b for rows of inputs: W is in×out, b is 1×out.
type Linear struct {
	W, B *Param
}

// NewLinear adds the weights name+".w" (He-initialised) and name+".b"
// (zero) to ps.
func NewLinear(ps *Params, name string, in, out int, rng *rand.Rand) Linear {
	return Linear{W: ps.New(name+".w", in, out, He, rng), B: ps.New(name+".b", 1, out, Zeros, rng)}
}

// LinearFrom returns the layer whose weights are name+".w" and name+".b"
// in ps (a replica's, say).
func LinearFrom(ps Params, name string) Linear {
	return Linear{W: ps.Lookup(name + ".w"), B: ps.Lookup(name + ".b")}
}

// Forward returns x·W + b.
func (l Linear) Forward(ar *Arena, x Mat) Mat {
	y := ar.Uninitialized(x.Rows, l.W.Value.Cols)
	b := l.B.Value.Data
	for r := range y.Rows {
		copy(y.Row(r), b)
	}
	MulAdd(x, false, l.W.Value, false, y)
	return y
}

// Backward adds to the weights' gradients and, unless dx is empty, adds
// dy·Wᵀ to dx.
func (l Linear) Backward(x, dy, dx Mat) {
	MulAdd(x, true, dy, false, l.W.Grad)
	db := l.B.Grad.Data
	for r := range dy.Rows {
		Add(db, dy.Row(r))
	}
	if !dx.Empty() {
		MulAdd(dy, false, l.W.Value, true, dx)
	}
}
