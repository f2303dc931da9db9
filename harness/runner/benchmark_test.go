package runner

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// BenchmarkIsolated times exactcover/dlx the way `sudokubench run` does, on
// BenchmarkSolve's samples: each solve goes to a worker child process over
// its pipe, is timed there and verified by the parent. ns/op is the whole
// round trip; ns/puzzle is the mean solve time the records hold, to set
// against BenchmarkSolve's ns/puzzle, and folded-ns/puzzle the mean over
// puzzles of each puzzle's median record, which is what a report folds
// repetitions into.
func BenchmarkIsolated(b *testing.B) {
	in, err := harnesstest.Registry().Lookup(dlx.Name)
	if err != nil {
		b.Fatal(err)
	}
	for _, corpus := range corpora.Names() {
		puzzles := harnesstest.BenchPuzzles(b, corpus)
		b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+corpus+"/mode=unique", func(b *testing.B) {
			benchmarkIsolated(b, in, puzzles)
		})
	}
}

func benchmarkIsolated(b *testing.B, in solvers.Info, puzzles []corpora.Puzzle) {
	ex := NewExecutor(testLaunch, time.Minute, 0)
	defer ex.Close()
	runs := make([]plan.Run, len(puzzles))
	for i, p := range puzzles {
		runs[i] = plan.Run{Key: p.ID, Solver: in, Puzzle: p, Mode: solvers.Unique, Seed: harnesstest.BenchSeed}
		isolatedRun(b, ex, runs[i]) // starts the worker and primes it, untimed
	}
	walls := make([][]float64, len(runs))
	i := 0
	for b.Loop() {
		k := i % len(runs)
		walls[k] = append(walls[k], isolatedRun(b, ex, runs[k]))
		i++
	}
	var sum, folded float64
	var timed int
	for _, w := range walls {
		for _, t := range w {
			sum += t
		}
		if len(w) > 0 {
			folded += stats.Median(slices.Sorted(slices.Values(w)))
			timed++
		}
	}
	b.ReportMetric(sum/float64(b.N), "ns/puzzle")
	b.ReportMetric(folded/float64(timed), "folded-ns/puzzle")
}

// isolatedRun executes one run and returns the wall time it recorded.
func isolatedRun(b *testing.B, ex *Executor, run plan.Run) float64 {
	rec, err := ex.Do(context.Background(), run)
	if err != nil {
		b.Fatal(err)
	}
	if !rec.Solved() {
		b.Fatalf("%s: %s %s", run.Puzzle.ID, rec.Status, rec.Detail)
	}
	return float64(rec.WallNS)
}
