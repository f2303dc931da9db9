package stats

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// MaxExactSignedRank is the largest number of non-zero differences for
// which SignedRank computes its p-value from the exact distribution;
// above it, from the normal approximation.
const MaxExactSignedRank = 20

// SignedRankTest is the outcome of Wilcoxon's signed-rank test.
type SignedRankTest struct {
	N     int     // non-zero differences: the sample the test ranks
	Zeros int     // differences of exactly 0, left out
	WPlus float64 // sum of the ranks of the positive differences
	P     float64 // two-sided; NaN when N is 0
	Exact bool    // P from the exact distribution, not the normal approximation
}

// SignedRank is Wilcoxon's signed-rank test of whether the differences ds
// are centred on 0, two-sided. Zeros are left out (Wilcoxon's own
// treatment); tied absolute values share their mean rank. With at most
// MaxExactSignedRank differences left, P comes from the exact distribution
// of W+ over the 2^N equally likely sign assignments of those ranks
// (midranks included, so it stays exact with ties); with more, from the
// normal approximation with the tie correction of the variance,
// Var = N(N+1)(2N+1)/24 − Σ(t³−t)/48 over groups of t tied values, and no
// continuity correction.
func SignedRank(ds []float64) SignedRankTest {
	abs, positive := nonZero(ds)
	ranks, ties := midranks(abs)
	test := signedRankTest(ranks, positive, ties, len(abs) <= MaxExactSignedRank)
	test.Zeros = len(ds) - len(abs)
	return test
}

// nonZero returns the absolute values of the non-zero differences, and
// which of them are positive.
func nonZero(ds []float64) (abs []float64, positive []bool) {
	for _, d := range ds {
		if d != 0 {
			abs = append(abs, math.Abs(d))
			positive = append(positive, d > 0)
		}
	}
	return abs, positive
}

// signedRankTest tests the ranks of the non-zero differences, the signs
// of the differences, exactly or by the normal approximation; ties is
// Σ(t³−t) over groups of tied ranks.
func signedRankTest(ranks []float64, positive []bool, ties float64, exact bool) SignedRankTest {
	test := SignedRankTest{N: len(ranks), P: math.NaN(), Exact: exact}
	for i, r := range ranks {
		if positive[i] {
			test.WPlus += r
		}
	}
	switch n := float64(test.N); {
	case test.N == 0:
		test.Exact = false
	case exact:
		test.P = exactSignedRankP(ranks, test.WPlus)
	default:
		if variance := n*(n+1)*(2*n+1)/24 - ties/48; variance > 0 {
			z := (test.WPlus - n*(n+1)/4) / math.Sqrt(variance)
			test.P = math.Erfc(math.Abs(z) / math.Sqrt2) // 2·(1 − Φ(|z|)), without 1 − Φ's cancellation
		}
	}
	return test
}

// midranks ranks xs from 1, tied values sharing the mean of their ranks,
// and returns Σ(t³−t) over the groups of t tied values.
func midranks(xs []float64) (ranks []float64, ties float64) {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		switch {
		case xs[a] < xs[b]:
			return -1
		case xs[a] > xs[b]:
			return 1
		}
		return 0
	})
	ranks = make([]float64, len(xs))
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && xs[order[hi]] == xs[order[lo]] {
			hi++
		}
		mid := float64(lo+hi+1) / 2 // mean of the ranks lo+1 … hi
		for _, i := range order[lo:hi] {
			ranks[i] = mid
		}
		t := float64(hi - lo)
		ties += t*t*t - t
		lo = hi
	}
	return ranks, ties
}

// exactSignedRankP is the two-sided p-value of W+ = wPlus under the null
// hypothesis that each rank's sign is + or − with probability ½: twice the
// probability of a W+ as far or farther from its mean on the nearer side,
// at most 1. Ranks are whole or halves, so doubled they index the counts
// of the sums that the 2^N sign assignments reach.
func exactSignedRankP(ranks []float64, wPlus float64) float64 {
	total := 0
	counts := []float64{1} // counts[s]: assignments whose doubled W+ is s
	for _, r := range ranks {
		step := int(math.Round(2 * r))
		next := make([]float64, len(counts)+step)
		for s, c := range counts {
			next[s] += c      // this rank's sign is −
			next[s+step] += c // +
		}
		counts = next
		total += step
	}
	w := int(math.Round(2 * wPlus))
	tail := min(w, total-w) // the distribution is symmetric about total/2
	below := 0.0
	for s := 0; s <= tail; s++ {
		below += counts[s]
	}
	return math.Min(1, 2*below/math.Ldexp(1, len(ranks)))
}

// MeanInterval is the mean of xs with its 95% t interval, m ±
// t(0.975, n−1)·s/√n; the interval is NaN with fewer than minN values
// (and never computed from fewer than 2).
func MeanInterval(xs []float64, minN int) (m, lo, hi float64) {
	m = Mean(xs)
	n := len(xs)
	if n < max(minN, 2) {
		return m, math.NaN(), math.NaN()
	}
	se := math.Sqrt(sumSquares(xs) / float64(n-1) / float64(n))
	half := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975) * se
	return m, m - half, m + half
}
