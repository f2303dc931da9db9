package worker

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/registry"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// BenchmarkSolve times every pure-Go pipeline of the default registry on
// a fixed sample of each shipped corpus, in process, in unique mode or, for
// a pipeline that cannot prove uniqueness, in the first mode it runs in
// (Info.ModeFor). One pass verifies every answer and counts the engine's
// work before timing; the timed loop then cycles through the sample,
// with transient requests as the worker sends them.
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
		puzzles := harnesstest.Grids(harnesstest.BenchPuzzles(b, corpus))
		for _, in := range infos {
			mode := in.ModeFor(solvers.Unique)
			b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+corpus+"/mode="+string(mode), func(b *testing.B) {
				benchmarkSolver(b, in, mode, puzzles)
			})
		}
	}
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
		if _, err := s.Solve(ctx, solvers.Request{Puzzle: puzzles[i%len(puzzles)], Mode: mode, Seed: harnesstest.BenchSeed, Transient: true}); err != nil {
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
		res, err := s.Solve(context.Background(), solvers.Request{Puzzle: p, Mode: mode, Seed: harnesstest.BenchSeed})
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
