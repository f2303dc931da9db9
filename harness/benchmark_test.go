package harness

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/report/stats"

	"github.com/sudokubench/sudokubench/corpora"
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

// BenchmarkSolve times every pure-Go pipeline of the default registry on
// a fixed sample of each shipped corpus, in process, in unique mode or, for
// a pipeline that cannot prove uniqueness, in the first mode it runs in
// (Info.ModeFor). One pass verifies every answer and counts the engine's
// work before timing; the timed loop then cycles through the sample.
// A complete engine's wrong answer fails the benchmark; an incomplete
// pipeline's (a one-shot network's) is counted: its solved-fraction is the
// share of verified answers, its wrong-fraction the share of grids that
// break a rule or a given, and its time is the time of its answers, right
// or wrong. benchstat reads the sub-benchmark names as solver and corpus
// keys (solver=exactcover:dlx: see solvertest.BenchSolver) and mode keys,
// and ns/puzzle as a time. The mode comes last so that a corpus name
// ending in -digits (hardest-1106) is not taken for the -GOMAXPROCS
// suffix, which go test leaves out at GOMAXPROCS=1.
func BenchmarkSolve(b *testing.B) {
	infos, err := registry.Default().Select("pure")
	if err != nil {
		b.Fatal(err)
	}
	for _, corpus := range corpora.Names() {
		puzzles := grids(benchPuzzles(b, corpus))
		for _, in := range infos {
			mode := in.ModeFor(solvers.Unique)
			b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+corpus+"/mode="+string(mode), func(b *testing.B) {
				benchmarkSolver(b, in, mode, puzzles)
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

func benchmarkSolver(b *testing.B, in solvers.Info, mode solvers.Mode, puzzles []*sudoku.Grid) {
	s := in.New()
	tally, err := verifyPass(in, s, mode, puzzles)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	cpu0 := processCPU(false)
	i := 0
	for b.Loop() {
		if _, err := s.Solve(ctx, solvers.Request{Puzzle: puzzles[i%len(puzzles)], Mode: mode, Seed: benchSeed}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	n, total := float64(b.N), float64(len(puzzles))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
	b.ReportMetric(float64((processCPU(false)-cpu0).Nanoseconds())/n, "cpu-ns/puzzle")
	b.ReportMetric(float64(tally.settled)/total, "solved-fraction")
	if in.Incomplete {
		b.ReportMetric(float64(tally.wrong)/total, "wrong-fraction")
	}
	for name, sum := range tally.counters {
		b.ReportMetric(sum/total, name+"/puzzle")
	}
}

// passTally is what a verifying pass saw: the runs settled with a
// verified answer (solved, or a proof of unsat or of a second solution),
// the grids that break a rule or a given, and the engine counters summed.
type passTally struct {
	settled, wrong int
	counters       map[string]float64
}

// verifyPass solves each puzzle once and checks every answer. A complete
// engine's wrong answer is an error; an incomplete pipeline's is counted,
// since returning one is within its contract (it is recorded as wrong, not
// as a failure of the suite).
func verifyPass(in solvers.Info, s solvers.Solver, mode solvers.Mode, puzzles []*sudoku.Grid) (passTally, error) {
	tally := passTally{counters: make(map[string]float64)}
	for _, p := range puzzles {
		res, err := s.Solve(context.Background(), solvers.Request{Puzzle: p, Mode: mode, Seed: benchSeed})
		if err != nil {
			return tally, fmt.Errorf("%s: %s: %v", in.Name, p, err)
		}
		for name, v := range res.Counters {
			tally.counters[name] += v
		}
		if res.Solution != nil {
			if err := sudoku.CheckSolution(p, res.Solution); err != nil {
				if !in.Incomplete {
					return tally, fmt.Errorf("%s: %s: wrong answer: %v", in.Name, p, err)
				}
				tally.wrong++
				continue
			}
		}
		if settled(res.Status) {
			tally.settled++
		}
	}
	return tally, nil
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
			folded += stats.Median(slices.Sorted(slices.Values(w)))
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

// A verifying pass counts an incomplete pipeline's wrong grid and goes
// on, and stops at a complete engine's: BenchmarkSolve runs to the end
// over the one-shot networks and still catches a broken engine.
func TestVerifyPassCountsIncompleteWrongAnswers(t *testing.T) {
	puzzle, err := sudoku.ParseLine("1.3..2.....1...4", sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := sudoku.ParseLine("1234341221434321", sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	guesser := solvers.SolverFunc(func(context.Context, solvers.Request) (solvers.Result, error) {
		return solvers.Result{Status: solvers.Solved, Solution: wrong, Counters: solvers.Counters{"reads": 1}}, nil
	})
	puzzles := []*sudoku.Grid{puzzle, puzzle}
	tally, err := verifyPass(solvers.Info{Name: "neural/x/oneshot", Incomplete: true}, guesser, solvers.First, puzzles)
	if err != nil || tally.wrong != 2 || tally.settled != 0 || tally.counters["reads"] != 2 {
		t.Errorf("incomplete: %+v, %v; want 2 wrong, none settled, 2 reads, no error", tally, err)
	}
	_, err = verifyPass(solvers.Info{Name: "exactcover/x"}, guesser, solvers.Unique, puzzles)
	if err == nil || !strings.Contains(err.Error(), "wrong answer") {
		t.Errorf("complete engine's wrong answer: %v, want an error", err)
	}
}
