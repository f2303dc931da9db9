package stats

import (
	"fmt"
	"math"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

func TestQuantileType7(t *testing.T) {
	// Hand-computed: h = (n−1)p, x[⌊h⌋] + frac(h)·(x[⌊h⌋+1] − x[⌊h⌋]).
	xs := []float64{1, 2, 3, 4}
	tests := []struct {
		xs   []float64
		p    float64
		want float64
	}{
		{xs, 0, 1},
		{xs, 0.25, 1.75}, // h = 0.75
		{xs, 0.5, 2.5},   // h = 1.5
		{xs, 0.75, 3.25}, // h = 2.25
		{xs, 0.9, 3.7},   // h = 2.7
		{xs, 1, 4},
		{[]float64{10, 20, 40}, 0.5, 20},
		{[]float64{10, 20, 40}, 0.9, 36}, // h = 1.8: 20 + 0.8·20
		{[]float64{7}, 0.9, 7},
		{nil, 0.5, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d/p=%g", len(tt.xs), tt.p), func(t *testing.T) {
			if got := Quantile(tt.xs, tt.p); !sudokutest.Near(got, tt.want, 1e-12) {
				t.Errorf("Quantile(%v, %g) = %g, want %g", tt.xs, tt.p, got, tt.want)
			}
		})
	}
}

func TestIQRAndMedian(t *testing.T) {
	xs := []float64{1, 2, 3, 4}
	if got := IQR(xs); !sudokutest.Near(got, 1.5, 1e-12) {
		t.Errorf("IQR = %g, want 1.5", got)
	}
	if got := Median([]float64{1, 3, 100}); got != 3 {
		t.Errorf("Median = %g, want 3", got)
	}
}

func TestWilson(t *testing.T) {
	// Hand-computed with z = 1.95996: centre (p + z²/2n)/(1 + z²/n),
	// half-width z·√(p(1−p)/n + z²/4n²)/(1 + z²/n).
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.27753},
		{5, 10, 0.23659, 0.76341},
		{10, 10, 0.72247, 1},
		{1, 1, 0.20654, 1},
		{0, 0, 0, 1},
		{45, 100, 0.35615, 0.54755},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("k=%d/n=%d", tt.k, tt.n), func(t *testing.T) {
			lo, hi := Wilson(tt.k, tt.n, Z95)
			if !sudokutest.Near(lo, tt.lo, 5e-5) || !sudokutest.Near(hi, tt.hi, 5e-5) {
				t.Errorf("Wilson(%d, %d) = [%.5f, %.5f], want [%.5f, %.5f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
			}
		})
	}
}

func TestPAR2(t *testing.T) {
	tests := []struct {
		name     string
		solved   []float64
		unsolved []float64 // their limits
		want     float64
	}{
		{"mixed", []float64{1, 2, 3}, []float64{10}, 6.5},        // (1+2+3+20)/4
		{"own-limits", []float64{1}, []float64{10, 1}, 23.0 / 3}, // (1+20+2)/3
		{"all-solved-no-limit", []float64{1, 2, 3}, nil, 2},
		{"none-solved", nil, []float64{5, 5}, 10},
		{"unsolved-without-limit", []float64{1}, []float64{0}, math.NaN()},
		{"empty", nil, nil, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PAR2(tt.solved, tt.unsolved); !sudokutest.Near(got, tt.want, 1e-12) {
				t.Errorf("PAR2 = %g, want %g", got, tt.want)
			}
		})
	}
}

func TestTTS99(t *testing.T) {
	tests := []struct{ t, p, want float64 }{
		{1, 0.5, 6.643856},  // ln 0.01 / ln 0.5
		{2, 0.9, 4},         // ln 0.01 / ln 0.1 = 2
		{3, 0.75, 9.965784}, // 3 · 3.321928
		{5, 1, 5},
		{5, 0.995, 5}, // formula < 1 run: one run
		{5, 0, math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("t=%g/p=%g", tt.t, tt.p), func(t *testing.T) {
			if got := TTS99(tt.t, tt.p); !sudokutest.Near(got, tt.want, 1e-6) {
				t.Errorf("TTS99(%g, %g) = %g, want %g", tt.t, tt.p, got, tt.want)
			}
		})
	}
}
