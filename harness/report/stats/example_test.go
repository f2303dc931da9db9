package stats_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/report/stats"
)

// A pipeline solved 45 of 50 puzzles: its success rate with Wilson's 95%
// interval, and the median and PAR-2 of its times (ms), the five
// unsolved puzzles charged twice their 1000 ms limit.
func Example() {
	lo, hi := stats.Wilson(45, 50, stats.Z95)
	fmt.Printf("solved 90%% [%.1f%%, %.1f%%]\n", 100*lo, 100*hi)
	times := stats.Sorted([]float64{12, 3, 7, 30, 5})
	fmt.Printf("median %g ms, IQR %g ms\n", stats.Median(times), stats.IQR(times))
	fmt.Printf("PAR-2 %.1f ms\n", stats.PAR2(times, []float64{1000, 1000, 1000, 1000, 1000}))
	// Output:
	// solved 90% [78.6%, 95.7%]
	// median 7 ms, IQR 7 ms
	// PAR-2 1005.7 ms
}

// Two pipelines' log time ratios on eight puzzles: B was faster on seven.
func ExampleSignedRank() {
	test := stats.SignedRank([]float64{0.7, 0.4, 1.1, -0.2, 0.9, 0.3, 0.6, 0.5})
	fmt.Printf("n %d, W+ %g, p %.4f, exact %v\n", test.N, test.WPlus, test.P, test.Exact)
	// Output:
	// n 8, W+ 35, p 0.0156, exact true
}
