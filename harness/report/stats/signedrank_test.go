package stats

import (
	"math"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

// TestSignedRank checks Wilcoxon's signed-rank test against reference
// values. Darwin's Zea mays data (Fisher, The Design of Experiments),
// the example of scipy.stats.wilcoxon's documentation: the differences in
// height between cross- and self-fertilised plants, W+ = 96 (W− = 24),
// exact two-sided p = 0.041259765625 and, by the normal approximation,
// 0.04088813291185591 (scipy's documented outputs). The values with ties
// and zeros were computed independently by enumerating every sign
// assignment (2^11) and, for the normal approximation, from the formula
// with the tie correction.
func TestSignedRank(t *testing.T) {
	corn := []float64{6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75}
	tests := []struct {
		name     string
		ds       []float64
		n, zeros int
		wPlus, p float64
		exact    bool // false: the normal approximation, whatever n
	}{
		{"corn=exact", corn, 15, 0, 96, 0.041259765625, true},
		{"corn=normal", corn, 15, 0, 96, 0.04088813291185591, false},
		{"ties-and-zero=exact", []float64{1.5, -0.5, 2, 2, -2, 3, 0, 4.5, 1.5, -1, 3, 5}, 11, 1, 57, 0.0283203125, true},
		{"ties-and-zero=normal", []float64{1.5, -0.5, 2, 2, -2, 3, 0, 4.5, 1.5, -1, 3, 5}, 11, 1, 57, 0.03233745866729515, false},
		{"all-one-sign", []float64{1, 2, 3, 4, 5}, 5, 0, 15, 2.0 / 32, true},
		{"symmetric-with-ties", []float64{-1, 1, -2, 2}, 4, 0, 5, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SignedRank(tt.ds)
			if !tt.exact {
				got = signedRankNormal(tt.ds)
			}
			if got.N != tt.n || got.Zeros != tt.zeros || got.WPlus != tt.wPlus || got.Exact != tt.exact || !sudokutest.Near(got.P, tt.p, 1e-12) {
				t.Errorf("got %+v, want n %d zeros %d W+ %g p %.15g exact %v", got, tt.n, tt.zeros, tt.wPlus, tt.p, tt.exact)
			}
		})
	}
}

// signedRankNormal runs the test as above MaxExactSignedRank, whatever
// the sample's size: the normal approximation.
func signedRankNormal(ds []float64) SignedRankTest {
	abs, positive := nonZero(ds)
	ranks, ties := midranks(abs)
	test := signedRankTest(ranks, positive, ties, false)
	test.Zeros = len(ds) - len(abs)
	return test
}

func TestSignedRankLargeSampleUsesTheNormalApproximation(t *testing.T) {
	// 30 differences, one zero and many ties: W+ = 334.5 of 29 ranks, p
	// from the normal approximation with the tie correction (computed
	// independently from the formula).
	var ds []float64
	for i := range 30 {
		ds = append(ds, float64((i*37)%23-7)/4)
	}
	got := SignedRank(ds)
	if got.N != 29 || got.Zeros != 1 || got.WPlus != 334.5 || got.Exact || !sudokutest.Near(got.P, 0.011344212268919724, 1e-12) {
		t.Errorf("got %+v, want n 29, 1 zero, W+ 334.5, p 0.0113442122689197 by the normal approximation", got)
	}
	// All of one sign, 280 of them: p is about 2e-47, not 0 (1 − Φ(z)
	// would cancel to 0).
	many := make([]float64, 280)
	for i := range many {
		many[i] = -float64(i + 1)
	}
	if p := SignedRank(many).P; !(p > 0 && p < 1e-40) {
		t.Errorf("p = %g for 280 differences of one sign, want about 2e-47", p)
	}
	if got := SignedRank([]float64{0, 0, 0}); got.N != 0 || got.Zeros != 3 || !math.IsNaN(got.P) {
		t.Errorf("all zero: %+v, want no test", got)
	}
}

func TestMeanInterval(t *testing.T) {
	// Mean 0.3, s = 0.158114, t(0.975, 4) = 2.776445: half-width 0.196324.
	m, lo, hi := MeanInterval([]float64{0.1, 0.2, 0.3, 0.4, 0.5}, 5)
	if !sudokutest.Near(m, 0.3, 1e-12) || !sudokutest.Near(lo, 0.3-0.19632432, 1e-7) || !sudokutest.Near(hi, 0.3+0.19632432, 1e-7) {
		t.Errorf("got %g [%g, %g], want 0.3 [0.103676, 0.496324]", m, lo, hi)
	}
	if m, lo, hi := MeanInterval([]float64{0.1, 0.2, 0.3, 0.4}, 5); !sudokutest.Near(m, 0.25, 1e-12) || !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("four values with five needed: %g [%g, %g], want 0.25 and no interval", m, lo, hi)
	}
}
