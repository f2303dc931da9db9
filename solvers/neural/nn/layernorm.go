package nn

import (
	"math"
	"math/rand/v2"
)

// LayerNorm normalises each row to mean 0 and variance 1, then scales by
// a gain and shifts by a bias per column (Ba, Kiros and Hinton).
type LayerNorm struct {
	Gain, Bias *Param
}

// layerNormEps keeps the normalisation finite for a constant row.
const layerNormEps = 1e-5

// NewLayerNorm adds name+".g" (ones) and name+".b" (zeros) to ps.
func NewLayerNorm(ps *Params, name string, cols int, rng *rand.Rand) LayerNorm {
	return LayerNorm{Gain: ps.New(name+".g", 1, cols, Ones, rng), Bias: ps.New(name+".b", 1, cols, Zeros, rng)}
}

// LayerNormFrom returns the layer whose parameters are name+".g" and
// name+".b" in ps.
func LayerNormFrom(ps Params, name string) LayerNorm {
	return LayerNorm{Gain: ps.Lookup(name + ".g"), Bias: ps.Lookup(name + ".b")}
}

// Normalized is what LayerNorm's backward pass needs of its forward pass.
type Normalized struct {
	XHat Mat       // the rows normalised, before gain and bias
	RStd []float32 // 1/σ of each row
}

// Forward returns the normalised rows and what Backward needs.
func (l LayerNorm) Forward(ar *Arena, x Mat) (Mat, Normalized) {
	y := ar.Mat(x.Rows, x.Cols)
	st := Normalized{XHat: ar.Mat(x.Rows, x.Cols), RStd: ar.Mat(1, x.Rows).Data}
	g, b := l.Gain.Value.Data, l.Bias.Value.Data
	n := float64(x.Cols)
	for r := range x.Rows {
		row, xh, yr := x.Row(r), st.XHat.Row(r), y.Row(r)
		var mean, sq float64
		for _, v := range row {
			mean += float64(v)
		}
		mean /= n
		for _, v := range row {
			d := float64(v) - mean
			sq += d * d
		}
		rstd := 1 / math.Sqrt(sq/n+layerNormEps)
		st.RStd[r] = float32(rstd)
		for j, v := range row {
			xh[j] = float32((float64(v) - mean) * rstd)
			yr[j] = xh[j]*g[j] + b[j]
		}
	}
	return y, st
}

// Backward adds to the gain's and bias's gradients and adds the input's
// gradient to dx.
func (l LayerNorm) Backward(st Normalized, dy, dx Mat) {
	g, dg, db := l.Gain.Value.Data, l.Gain.Grad.Data, l.Bias.Grad.Data
	n := float32(dy.Cols)
	for r := range dy.Rows {
		xh, dyr, dxr := st.XHat.Row(r), dy.Row(r), dx.Row(r)
		var sumG, sumGX float32
		for j, d := range dyr {
			dg[j] += d * xh[j]
			db[j] += d
			gj := d * g[j]
			sumG += gj
			sumGX += gj * xh[j]
		}
		rstd := st.RStd[r]
		for j, d := range dyr {
			dxr[j] += rstd * (d*g[j] - (sumG+xh[j]*sumGX)/n)
		}
	}
}
