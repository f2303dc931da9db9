// Package stats holds the statistics the reports rest on, after
// golang.org/x/perf's benchmath: quantiles (Hyndman and Fan's type 7, R's
// and NumPy's default), the Wilson score interval of a success rate,
// PAR-2 and TTS99, the mean with its t interval, Welch's t test, a seeded
// bootstrap of the mean, and Wilcoxon's signed-rank test (exact up to
// MaxExactSignedRank differences).
//
// It formats nothing and reads or writes nothing: a number in, a number
// out. Resampling uses a fixed seed, so the same input gives the same
// interval every time. Which statistic a report shows for what, and why,
// is the report's opinion (package report).
package stats
