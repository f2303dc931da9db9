package harness

import (
	"testing"

	"github.com/sudokubench/sudokubench/internal/harnesstest"
)

// The benchmarks' sample is the default run's, so that the two can be
// compared to measure the harness's overhead.
func TestBenchSampleIsTheDefaultRuns(t *testing.T) {
	if harnesstest.BenchSample != DefaultLimit || harnesstest.BenchSeed != DefaultSeed {
		t.Errorf("the benchmarks draw %d puzzles with seed %d, the default run %d with seed %d",
			harnesstest.BenchSample, harnesstest.BenchSeed, DefaultLimit, DefaultSeed)
	}
}
