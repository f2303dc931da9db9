package nn

import (
	"math"
	"math/rand/v2"
)

// BatchNorm normalises each column (channel) to mean 0 and variance 1 over
// the rows of a batch (every cell of every board), then scales by a gain
// and shifts by a bias per column (Ioffe and Szegedy). In training it uses
// the batch's own mean and (biased) variance and reports them through the
// Grad of its two statistics, Mean and Var (Param.Stat), which the trainer
// folds into their running averages (Params.FoldStats); at inference it
// uses those running averages, so that a board's answer does not depend on
// the other boards of its batch. A layer may run once per forward pass.
type BatchNorm struct {
	Gain, Bias, Mean, Var *Param
}

// NewBatchNorm adds name+".g" (ones), name+".b" (zeros) and the statistics
// name+".mean" (zeros) and name+".var" (ones) to ps.
func NewBatchNorm(ps *Params, name string, cols int, rng *rand.Rand) BatchNorm {
	l := BatchNorm{Gain: ps.New(name+".g", 1, cols, Ones, rng), Bias: ps.New(name+".b", 1, cols, Zeros, rng),
		Mean: ps.New(name+".mean", 1, cols, Zeros, rng), Var: ps.New(name+".var", 1, cols, Ones, rng)}
	l.Mean.Stat, l.Var.Stat = true, true
	return l
}

// BatchNormFrom returns the layer whose parameters are named after name in
// ps.
func BatchNormFrom(ps Params, name string) BatchNorm {
	return BatchNorm{Gain: ps.Lookup(name + ".g"), Bias: ps.Lookup(name + ".b"),
		Mean: ps.Lookup(name + ".mean"), Var: ps.Lookup(name + ".var")}
}

// batchNormEps keeps the normalisation finite for a constant column.
const batchNormEps = 1e-5

// Forward returns the normalised batch and what Backward needs: with the
// batch's statistics when training (which it adds to the statistics'
// Grad), with the running ones otherwise.
func (l BatchNorm) Forward(ar *Arena, x Mat, training bool) (Mat, Normalized) {
	cols := x.Cols
	st := Normalized{XHat: ar.Mat(x.Rows, cols), RStd: ar.Mat(1, cols).Data}
	shift := ar.Mat(1, cols).Data // the mean subtracted
	if training {
		l.batchStats(x, shift, st.RStd)
	} else {
		for j := range cols {
			shift[j] = l.Mean.Value.Data[j]
			st.RStd[j] = float32(1 / math.Sqrt(float64(l.Var.Value.Data[j])+batchNormEps))
		}
	}
	y := ar.Mat(x.Rows, cols)
	g, b := l.Gain.Value.Data, l.Bias.Value.Data
	for r := range x.Rows {
		row, xh, yr := x.Row(r), st.XHat.Row(r), y.Row(r)
		for j, v := range row {
			xh[j] = (v - shift[j]) * st.RStd[j]
			yr[j] = float32(xh[j]*g[j]) + b[j]
		}
	}
	return y, st
}

// batchStats sets each column's mean and 1/σ of x and adds the mean and
// variance to the statistics' Grad. Sums run in float64, rows in order.
func (l BatchNorm) batchStats(x Mat, mean, rstd []float32) {
	cols, n := x.Cols, float64(x.Rows)
	sum := make([]float64, 2*cols)
	sq := sum[cols:]
	for r := range x.Rows {
		for j, v := range x.Row(r) {
			sum[j] += float64(v)
		}
	}
	for j := range cols {
		sum[j] /= n
		mean[j] = float32(sum[j])
	}
	for r := range x.Rows {
		for j, v := range x.Row(r) {
			d := float64(v) - sum[j]
			sq[j] += d * d
		}
	}
	for j := range cols {
		variance := sq[j] / n
		rstd[j] = float32(1 / math.Sqrt(variance+batchNormEps))
		l.Mean.Grad.Data[j] += mean[j]
		l.Var.Grad.Data[j] += float32(variance)
	}
}

// Backward adds to the gain's and bias's gradients and adds the input's
// gradient to dx, for a forward pass in training (the batch's mean and
// variance depend on every row).
func (l BatchNorm) Backward(st Normalized, dy, dx Mat) {
	cols, n := dy.Cols, float32(dy.Rows)
	sums := make([]float32, 2*cols)
	sumDY, sumDYX := sums[:cols], sums[cols:]
	for r := range dy.Rows {
		xh := st.XHat.Row(r)
		for j, d := range dy.Row(r) {
			sumDY[j] += d
			sumDYX[j] += float32(d * xh[j])
		}
	}
	g := l.Gain.Value.Data
	Add(l.Gain.Grad.Data, sumDYX)
	Add(l.Bias.Grad.Data, sumDY)
	for r := range dy.Rows {
		xh, dxr := st.XHat.Row(r), dx.Row(r)
		for j, d := range dy.Row(r) {
			dxr[j] += g[j] * st.RStd[j] * (d - (sumDY[j]+xh[j]*sumDYX[j])/n)
		}
	}
}

// BackwardFrozen adds to the gain's and bias's gradients and adds the
// input's gradient to dx, for a forward pass with the running statistics
// (not training): the statistics are constants then, and the layer is
// the affine map y = gain·(x − mean)/σ + bias of each column. A learner
// that fine-tunes a network on its own samples, one or a few boards at a
// time, trains through it so.
func (l BatchNorm) BackwardFrozen(st Normalized, dy, dx Mat) {
	g := l.Gain.Value.Data
	gg, bg := l.Gain.Grad.Data, l.Bias.Grad.Data
	for r := range dy.Rows {
		xh, dxr := st.XHat.Row(r), dx.Row(r)
		for j, d := range dy.Row(r) {
			gg[j] += d * xh[j]
			bg[j] += d
			dxr[j] += d * g[j] * st.RStd[j]
		}
	}
}
