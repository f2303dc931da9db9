package nn

import "math"

// Ignore marks a row that the loss skips (a given cell, say).
const Ignore = -1

// Softmax writes the softmax of each row of logits into p.
func Softmax(logits, p Mat) {
	for r := range logits.Rows {
		row, out := logits.Row(r), p.Row(r)
		top := row[0]
		for _, v := range row {
			top = max(top, v)
		}
		var sum float32
		for j, v := range row {
			out[j] = float32(math.Exp(float64(v - top)))
			sum += out[j]
		}
		for j := range out {
			out[j] /= sum
		}
	}
}

// SoftmaxCrossEntropy returns the summed cross-entropy of the rows whose
// target (a column index) is not Ignore, and how many there were. It adds
// scale times the loss's gradient with respect to the logits to dlogits
// (p − onehot), unless dlogits is empty.
func SoftmaxCrossEntropy(ar *Arena, logits Mat, targets []int, scale float32, dlogits Mat) (loss float64, n int) {
	p := ar.Mat(logits.Rows, logits.Cols)
	Softmax(logits, p)
	for r, t := range targets {
		if t == Ignore {
			continue
		}
		n++
		pr := p.Row(r)
		loss -= math.Log(math.Max(float64(pr[t]), 1e-30))
		if dlogits.Empty() {
			continue
		}
		dr := dlogits.Row(r)
		for j, v := range pr {
			dr[j] += scale * v
		}
		dr[t] -= scale
	}
	return loss, n
}
