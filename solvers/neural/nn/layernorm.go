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
	n := float32(x.Cols)
	for r := range x.Rows {
		row, xh, yr := x.Row(r), st.XHat.Row(r), y.Row(r)
		mean := sum8(row) / n
		for j, v := range row {
			xh[j] = v - mean
		}
		rstd := float32(1 / math.Sqrt(float64(dot8(xh, xh)/n)+layerNormEps))
		st.RStd[r] = rstd
		for j, d := range xh {
			xh[j] = d * rstd
			yr[j] = float32(xh[j]*g[j]) + b[j]
		}
	}
	return y, st
}

// sum8 returns the sum of v in eight interleaved partial sums added in a
// fixed order: as deterministic as one running sum, without its chain of
// dependent additions.
func sum8(v []float32) float32 {
	var s [8]float32
	i := 0
	for ; i+8 <= len(v); i += 8 {
		w := v[i : i+8 : i+8]
		s[0], s[1], s[2], s[3] = s[0]+w[0], s[1]+w[1], s[2]+w[2], s[3]+w[3]
		s[4], s[5], s[6], s[7] = s[4]+w[4], s[5]+w[5], s[6]+w[6], s[7]+w[7]
	}
	for ; i < len(v); i++ {
		s[i%8] += v[i]
	}
	return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
}

// dot8 returns Σ a[i]·b[i], summed as sum8 sums, each product rounded.
func dot8(a, b []float32) float32 {
	var s [8]float32
	b = b[:len(a)]
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := a[i:i+8:i+8], b[i:i+8:i+8]
		s[0], s[1] = s[0]+float32(x[0]*y[0]), s[1]+float32(x[1]*y[1])
		s[2], s[3] = s[2]+float32(x[2]*y[2]), s[3]+float32(x[3]*y[3])
		s[4], s[5] = s[4]+float32(x[4]*y[4]), s[5]+float32(x[5]*y[5])
		s[6], s[7] = s[6]+float32(x[6]*y[6]), s[7]+float32(x[7]*y[7])
	}
	for ; i < len(a); i++ {
		s[i%8] += float32(a[i] * b[i])
	}
	return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
}

// Backward adds to the gain's and bias's gradients and adds the input's
// gradient to dx.
func (l LayerNorm) Backward(st Normalized, dy, dx Mat) {
	g, dg, db := l.Gain.Value.Data, l.Gain.Grad.Data, l.Bias.Grad.Data
	n := float32(dy.Cols)
	gdy := make([]float32, dy.Cols)
	for r := range dy.Rows {
		xh, dyr, dxr := st.XHat.Row(r), dy.Row(r), dx.Row(r)
		for j, d := range dyr {
			dg[j] += float32(d * xh[j])
			db[j] += d
			gdy[j] = d * g[j]
		}
		sumG, sumGX := sum8(gdy), dot8(gdy, xh)
		rstd := st.RStd[r]
		for j, d := range gdy {
			dxr[j] += rstd * (d - (sumG+float32(xh[j]*sumGX))/n)
		}
	}
}
