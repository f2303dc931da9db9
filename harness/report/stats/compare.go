package stats

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Welch is Welch's two-sample t test on xs against ys: the difference
// of their means, its 95% confidence interval, and the two-sided p-value.
// Each side keeps its own variance (runs of two builds, or of one build on
// two days, need not vary alike), and the degrees of freedom are
// Welch–Satterthwaite's. It needs two values a side. When neither side
// varies at all, nothing can be judged: the interval and p are NaN.
func Welch(xs, ys []float64) (diff, lo, hi, p float64) {
	nx, ny := float64(len(xs)), float64(len(ys))
	diff = Mean(xs) - Mean(ys)
	vx, vy := sumSquares(xs)/(nx-1)/nx, sumSquares(ys)/(ny-1)/ny // squared standard errors
	se := math.Sqrt(vx + vy)
	if se == 0 {
		return diff, math.NaN(), math.NaN(), math.NaN()
	}
	df := (vx + vy) * (vx + vy) / (vx*vx/(nx-1) + vy*vy/(ny-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	half := t.Quantile(0.975) * se
	return diff, diff - half, diff + half, 2 * t.Survival(math.Abs(diff)/se)
}

// sumSquares is the sum of squared deviations from the mean.
func sumSquares(xs []float64) float64 {
	m, s := Mean(xs), 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return s
}

// Mean is the arithmetic mean of xs, NaN for no values.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// BootstrapMean returns the 95% percentile bootstrap interval of the mean
// of xs, from a generator with a fixed seed.
func BootstrapMean(xs []float64, resamples int) (lo, hi float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	means := make([]float64, resamples)
	for i := range means {
		s := 0.0
		for range xs {
			s += xs[rng.IntN(len(xs))]
		}
		means[i] = s / float64(len(xs))
	}
	slices.Sort(means)
	return Quantile(means, 0.025), Quantile(means, 0.975)
}
