package worker

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/registry"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// timingSolvers are the pipelines BenchmarkTiming measures: the fastest,
// whose 2 µs solves the clock's cost distorts most, and exact cover's
// 20 µs ones.
var timingSolvers = []string{"propagate/bitboard", "exactcover/dlx"}

// BenchmarkTiming sets the worker's ways of timing a short run beside a
// tight loop over the same puzzles, in one process, so that the machine's
// load falls on all of them alike: timing=loop solves the sample in turn
// (BenchmarkSolve's loop, each solve's wall time read besides, for
// folded-wall-ns/puzzle); timing=cpu-clock warms up on earlier puzzles as
// the worker does, then times the solve between two readings of the CPU
// clock (solveDirect); timing=window warms up, then times the solve in a
// window (solveInWindow), as a worker does after a short run of a pure-Go
// pipeline. cpu-ns/puzzle is the mean CPU time the timing records,
// folded-cpu-ns/puzzle the mean over puzzles of each puzzle's median (what
// a report makes of repetitions), interrupted-share the share of windows
// whose thread lost the processor. ns/op is the whole iteration, warm-up
// included.
//
//	go test -run '^$' -bench 'Timing/solver=propagate:bitboard' -count 6 ./harness/worker
func BenchmarkTiming(b *testing.B) {
	puzzles := harnesstest.Grids(harnesstest.BenchPuzzles(b, "17-clue"))
	for _, name := range timingSolvers {
		info, err := registry.Default().Lookup(name)
		if err != nil {
			b.Fatal(err)
		}
		for _, timing := range []string{"loop", TimingClock, TimingWindow} {
			b.Run(solvertest.BenchSolver(name)+"/corpus=17-clue/timing="+timing, func(b *testing.B) {
				w := &worker{info: info, solver: info.New(), clockCost: cpuClockCost(false), windowClockCost: windowClockCost()}
				reqs := make([]solvers.Request, len(puzzles))
				for i, p := range puzzles {
					reqs[i] = solvers.Request{Puzzle: p, Mode: solvers.Unique, Seed: harnesstest.BenchSeed}
					w.warm.add(reqs[i])
				}
				ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
				defer cancel()
				w.cycleWarmPool(ctx, 100*time.Millisecond)
				if timing == "loop" {
					benchmarkLoop(b, w, ctx, reqs)
					return
				}
				benchmarkTimed(b, w, ctx, reqs, timing == TimingWindow)
			})
		}
	}
}

// benchmarkLoop solves the requests in turn and reports the CPU time per
// solve, and the mean over puzzles of each puzzle's median wall time
// (read by the vDSO around each solve): the loop's figure to set beside a
// folded record's.
func benchmarkLoop(b *testing.B, w *worker, ctx context.Context, reqs []solvers.Request) {
	walls := make([][]float64, len(reqs))
	cpu0, i := processCPU(false), 0
	for b.Loop() {
		k := i % len(reqs)
		start := time.Now()
		w.safeSolve(ctx, reqs[k])
		walls[k] = append(walls[k], float64(time.Since(start)))
		i++
	}
	b.ReportMetric(float64((processCPU(false)-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/puzzle")
	b.ReportMetric(folded(walls), "folded-wall-ns/puzzle")
}

// folded is the mean over puzzles of each puzzle's median time.
func folded(times [][]float64) float64 {
	var sum float64
	var n int
	for _, t := range times {
		if len(t) > 0 {
			sum += stats.Median(slices.Sorted(slices.Values(t)))
			n++
		}
	}
	return sum / float64(n)
}

// benchmarkTimed times each solve as a worker does after a short run,
// directly or, with window set, in a window too, and reports the CPU
// times recorded.
func benchmarkTimed(b *testing.B, w *worker, ctx context.Context, reqs []solvers.Request, window bool) {
	cpus := make([][]float64, len(reqs))
	var sum float64
	interrupted, i := 0, 0
	for b.Loop() {
		k := i % len(reqs)
		w.cycleWarmPool(ctx, warmUpSettle)
		var t timedSolve
		if window {
			t = w.solveInWindow(ctx, reqs[k])
		} else {
			t = w.solveDirect(ctx, reqs[k], false)
		}
		if t.timing == TimingWindowInterrupted {
			interrupted++
		}
		cpus[k] = append(cpus[k], float64(t.cpu))
		sum += float64(t.cpu)
		i++
	}
	b.ReportMetric(sum/float64(b.N), "cpu-ns/puzzle")
	b.ReportMetric(folded(cpus), "folded-cpu-ns/puzzle")
	b.ReportMetric(float64(interrupted)/float64(b.N), "interrupted-share")
}
