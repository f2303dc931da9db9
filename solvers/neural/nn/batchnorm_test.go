package nn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBatchNormStatistics checks what training reports and inference
// uses: the batch's mean and variance in the statistics' Grad, folded
// into running values that then normalise a batch on their own.
func TestBatchNormStatistics(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	var ps Params
	l := NewBatchNorm(&ps, "bn", 2, rng)
	x := Mat{Rows: 4, Cols: 2, Data: []float32{1, 10, 2, 20, 3, 30, 6, 40}}
	var ar Arena
	y, _ := l.Forward(&ar, x, true)
	wantMean, wantVar := []float32{3, 25}, []float32{3.5, 125}
	for j := range 2 {
		if l.Mean.Grad.Data[j] != wantMean[j] || math.Abs(float64(l.Var.Grad.Data[j]-wantVar[j])) > 1e-4 {
			t.Errorf("column %d: batch mean %v variance %v, want %v and %v", j, l.Mean.Grad.Data[j], l.Var.Grad.Data[j], wantMean[j], wantVar[j])
		}
		var sum float32
		for r := range 4 {
			sum += y.Row(r)[j]
		}
		if math.Abs(float64(sum)) > 1e-5 {
			t.Errorf("column %d: normalised values sum to %v, want 0", j, sum)
		}
	}
	if ps.Count() != 4 || ps.Size() != 8 {
		t.Errorf("%d learnable and %d saved values, want 4 and 8", ps.Count(), ps.Size())
	}
	ps.FoldStats(0, 1) // take the batch's statistics as they are
	z, _ := l.Forward(&ar, x, false)
	for i, v := range z.Data {
		if math.Abs(float64(v-y.Data[i])) > 1e-4 {
			t.Fatalf("value %d: %v with the running statistics, %v with the batch's", i, v, y.Data[i])
		}
	}
	ps.ZeroGrad()
	adam := NewAdam(ps)
	for _, p := range ps {
		for i := range p.Grad.Data {
			p.Grad.Data[i] = 1
		}
	}
	before := append([]float32(nil), l.Mean.Value.Data...)
	adam.Step(0.1)
	if l.Mean.Value.Data[0] != before[0] || len(adam.Moments()) != 4 {
		t.Errorf("Adam moved a statistic (%v → %v) or keeps moments for it (%d)", before[0], l.Mean.Value.Data[0], len(adam.Moments()))
	}
}
