package harness

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/registry"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// benchSample is the number of puzzles per corpus in BenchmarkSolve: the
// same seeded sample that the default `sudokubench run` draws, so that the
// two can be compared to measure the harness's overhead.
const (
	benchSample = DefaultLimit
	benchSeed   = DefaultSeed
)

// BenchmarkSolve times every pure-Go solver of the default registry on a
// fixed sample of each shipped corpus, in-process and in unique mode. One
// pass verifies every answer and counts the engine's work before timing;
// the timed loop then cycles through the sample. benchstat reads the
// sub-benchmark names as solver and corpus keys (solver=exactcover:dlx:
// see solvertest.BenchSolver) and mode keys, and ns/puzzle as a time. The
// mode comes last so that a corpus name ending in -digits (hardest-1106)
// is not taken for the -GOMAXPROCS suffix, which go test leaves out at
// GOMAXPROCS=1.
func BenchmarkSolve(b *testing.B) {
	infos, err := registry.Default().Select("pure")
	if err != nil {
		b.Fatal(err)
	}
	for _, corpus := range corpora.Names() {
		puzzles := grids(benchPuzzles(b, corpus))
		for _, in := range infos {
			b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+corpus+"/mode=unique", func(b *testing.B) {
				benchmarkSolver(b, in, puzzles)
			})
		}
	}
}

// benchPuzzles loads the benchmark's sample of a corpus.
func benchPuzzles(b *testing.B, corpus string) []corpora.Puzzle {
	var puzzles []corpora.Puzzle
	opts := corpora.Options{SkipInvalid: true, Sample: benchSample, Seed: benchSeed}
	_, err := corpora.Load(filepath.Join("..", "corpora", "data"), corpus, opts, func(p corpora.Puzzle) error {
		if p.Grid.Validate() == nil {
			puzzles = append(puzzles, p)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return puzzles
}

func grids(puzzles []corpora.Puzzle) []*sudoku.Grid {
	out := make([]*sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		out[i] = p.Grid
	}
	return out
}

func benchmarkSolver(b *testing.B, in solvers.Info, puzzles []*sudoku.Grid) {
	s := in.New()
	solved, counters := verifyPass(b, s, puzzles)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	cpu0 := processCPU(false)
	i := 0
	for b.Loop() {
		if _, err := s.Solve(ctx, solvers.Request{Puzzle: puzzles[i%len(puzzles)], Mode: solvers.Unique, Seed: benchSeed}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
	b.ReportMetric(float64((processCPU(false)-cpu0).Nanoseconds())/n, "cpu-ns/puzzle")
	b.ReportMetric(solved, "solved-fraction")
	for name, total := range counters {
		b.ReportMetric(total/float64(len(puzzles)), name+"/puzzle")
	}
}

// verifyPass solves each puzzle once, checks every answer, and returns the
// fraction settled and the engine counters summed over the sample.
func verifyPass(b *testing.B, s solvers.Solver, puzzles []*sudoku.Grid) (float64, map[string]float64) {
	counters := make(map[string]float64)
	settledRuns := 0
	for _, p := range puzzles {
		res, err := s.Solve(context.Background(), solvers.Request{Puzzle: p, Mode: solvers.Unique, Seed: benchSeed})
		if err != nil {
			b.Fatalf("%s: %v", p, err)
		}
		if res.Solution != nil {
			if err := sudoku.CheckSolution(p, res.Solution); err != nil {
				b.Fatalf("%s: wrong answer: %v", p, err)
			}
		}
		if settled(res.Status) {
			settledRuns++
		}
		for name, v := range res.Counters {
			counters[name] += v
		}
	}
	return float64(settledRuns) / float64(len(puzzles)), counters
}

// BenchmarkIsolated times exactcover/dlx the way `sudokubench run` does, on
// BenchmarkSolve's samples: each solve goes to a worker child process over
// its pipe, is timed there and verified by the parent. ns/op is the whole
// round trip; ns/puzzle is the mean solve time the records hold, to set
// against BenchmarkSolve's ns/puzzle, and folded-ns/puzzle the mean over
// puzzles of each puzzle's median record, which is what a report folds
// repetitions into.
func BenchmarkIsolated(b *testing.B) {
	in, err := testRegistry().Lookup(dlx.Name)
	if err != nil {
		b.Fatal(err)
	}
	for _, corpus := range corpora.Names() {
		puzzles := benchPuzzles(b, corpus)
		b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+corpus+"/mode=unique", func(b *testing.B) {
			benchmarkIsolated(b, in, puzzles)
		})
	}
}

func benchmarkIsolated(b *testing.B, in solvers.Info, puzzles []corpora.Puzzle) {
	ex := NewExecutor(testLaunch, time.Minute, 0)
	defer ex.Close()
	runs := make([]Run, len(puzzles))
	for i, p := range puzzles {
		runs[i] = Run{Key: p.ID, Solver: in, Puzzle: p, Mode: solvers.Unique, Seed: benchSeed}
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
			folded += report.Median(slices.Sorted(slices.Values(w)))
			timed++
		}
	}
	b.ReportMetric(sum/float64(b.N), "ns/puzzle")
	b.ReportMetric(folded/float64(timed), "folded-ns/puzzle")
}

// isolatedRun executes one run and returns the wall time it recorded.
func isolatedRun(b *testing.B, ex *Executor, run Run) float64 {
	rec, err := ex.Do(context.Background(), run)
	if err != nil {
		b.Fatal(err)
	}
	if !rec.Solved() {
		b.Fatalf("%s: %s %s", run.Puzzle.ID, rec.Status, rec.Detail)
	}
	return float64(rec.WallNS)
}
