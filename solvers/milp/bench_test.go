package milp

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// benchSample is how many puzzles of each corpus a benchmark cycles through.
const benchSample = 50

// BenchmarkMILP solves puzzles of 17-clue and hardest-1106 in unique mode
// with each pipeline, one puzzle per iteration, reusing one solver. It
// reports ns/puzzle (wall, encode to decode) and the engine's decisions
// and conflicts per puzzle.
func BenchmarkMILP(b *testing.B) {
	for _, in := range Pipelines() {
		for _, corpus := range []string{"17-clue", "hardest-1106"} {
			b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+corpus+"/mode=unique", func(b *testing.B) {
				var grids []*sudoku.Grid
				for _, p := range corporatest.Sample(b, corpus, benchSample, sampleSeed) {
					grids = append(grids, p.Grid)
				}
				benchmarkSolver(b, in.New(), grids)
			})
		}
	}
}

func benchmarkSolver(b *testing.B, s solvers.Solver, grids []*sudoku.Grid) {
	counters := make(map[string]float64)
	ctx := context.Background()
	b.ResetTimer()
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		g := grids[i%len(grids)]
		res, err := s.Solve(ctx, solvers.Request{Puzzle: g, Mode: solvers.Unique})
		if err != nil || res.Status != solvers.Solved {
			b.Fatalf("%s: %s, %v", g, res.Status, err)
		}
		for k, v := range res.Counters {
			counters[k] += v
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/n, "ns/puzzle")
	for _, name := range []string{"decisions", "conflicts"} {
		if v, ok := counters[name]; ok {
			b.ReportMetric(v/n, name+"/puzzle")
		}
	}
}
