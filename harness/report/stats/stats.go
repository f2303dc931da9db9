package stats

import (
	"math"
	"sort"
)

// Z95 is the standard normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Quantile returns the p-quantile (0 ≤ p ≤ 1) of the ascending values xs,
// Hyndman–Fan type 7: with h = (n−1)p, x[⌊h⌋] + (h−⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋])
// (0-based). It returns NaN for no values.
func Quantile(xs []float64, p float64) float64 {
	n := len(xs)
	if n == 0 {
		return math.NaN()
	}
	h := float64(n-1) * p
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return xs[n-1]
	}
	if lo < 0 {
		return xs[0]
	}
	return xs[lo] + (h-float64(lo))*(xs[lo+1]-xs[lo])
}

// Median is Quantile(xs, 0.5).
func Median(xs []float64) float64 { return Quantile(xs, 0.5) }

// IQR returns the interquartile range Q3 − Q1 of the ascending values xs.
func IQR(xs []float64) float64 { return Quantile(xs, 0.75) - Quantile(xs, 0.25) }

// Sorted returns an ascending copy of xs.
func Sorted(xs []float64) []float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s
}

// Wilson returns the Wilson score interval for k successes in n trials at
// the normal quantile z (Z95 for 95%). For n = 0 it returns [0, 1].
func Wilson(k, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// PAR2 returns the penalised average runtime: the mean over all runs where
// each solved run counts its time and each unsolved run twice its limit
// (unsolvedLimits holds one limit per unsolved run). It returns NaN for no
// runs, and NaN when an unsolved run has no positive limit to penalise it
// with.
func PAR2(solvedTimes, unsolvedLimits []float64) float64 {
	n := len(solvedTimes) + len(unsolvedLimits)
	if n == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, l := range unsolvedLimits {
		if !(l > 0) {
			return math.NaN()
		}
		sum += 2 * l
	}
	for _, t := range solvedTimes {
		sum += t
	}
	return sum / float64(n)
}

// TTS99 returns the expected time to reach a solution with 99% confidence by
// independent repetition of a run that takes t and succeeds with probability
// p: t·ln(0.01)/ln(1−p). It is +Inf for p ≤ 0, and t once p ≥ 0.99, where
// the formula would fall below one run (the usual convention, Rønnow et al.
// 2014).
func TTS99(t, p float64) float64 {
	switch {
	case p >= 1:
		return t
	case p <= 0:
		return math.Inf(1)
	}
	return t * math.Max(1, math.Log(0.01)/math.Log(1-p))
}
