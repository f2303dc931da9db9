package stats

import (
	"math"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

func TestWelchTestByHand(t *testing.T) {
	for _, c := range []struct {
		name       string
		xs, ys     []float64
		diff, half float64 // the interval is diff ± half
		p          float64
	}{
		// Equal sizes and variances: Welch is Student's test. se = √(2/3),
		// t = 2.449 on 4 degrees of freedom: p = 0.0704, t(0.975, 4) = 2.776.
		{"equal-variances", []float64{1, 2, 3}, []float64{-1, 0, 1}, 2, 2.7764451 * math.Sqrt(2.0/3), 0.0704},
		// Variances 5/3 and 4 over 4 and 3 values: se = √1.75 = 1.3229,
		// t = 1.8898 on 3.2347 Welch–Satterthwaite degrees of freedom,
		// p = 0.1485, t(0.975, 3.2347) = 3.0557 (computed apart from gonum
		// by integrating the t density). Student's pooled test would say
		// t = 2.03 on 5 degrees of freedom, p = 0.098.
		{"unequal-variances", []float64{1, 2, 3, 4}, []float64{-2, 0, 2}, 2.5, 3.0557 * math.Sqrt(1.75), 0.1485},
		{"no-spread", []float64{1, 1}, []float64{0, 0}, 1, math.NaN(), math.NaN()},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, lo, hi, p := Welch(c.xs, c.ys)
			if !sudokutest.Near(d, c.diff, 1e-12) || !sudokutest.Near(lo, c.diff-c.half, 2e-3) || !sudokutest.Near(hi, c.diff+c.half, 2e-3) || !sudokutest.Near(p, c.p, 1e-4) {
				t.Errorf("Welch: diff %g [%g, %g] p %g, want %g [%g, %g] p %g", d, lo, hi, p, c.diff, c.diff-c.half, c.diff+c.half, c.p)
			}
		})
	}
}
