package dlx

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/internal/cputest"
	"github.com/sudokubench/sudokubench/solvers"
)

// BenchmarkDLX times the whole pipeline (encode, search, decode) through the
// Solver interface, with transient requests as the harness's worker sends
// them, cycling through a fixed sample of each corpus. Beside wall
// time per puzzle it reports the process's CPU time per puzzle, the figure
// BENCHMARKS.md's reference tables use, and steadier on a shared machine.
func BenchmarkDLX(b *testing.B) {
	corpora := []struct {
		name   string
		sample int
	}{
		{"17-clue", 2000},
		{"top1465", 0},
		{"hardest-1905-11plus", 2000},
		{"hardest-1106", 0},
	}
	for _, c := range corpora {
		puzzles := corporatest.First(b, c.name, c.sample)
		for _, mode := range []solvers.Mode{solvers.Unique, solvers.First} {
			b.Run(fmt.Sprintf("corpus=%s/mode=%s", c.name, mode), func(b *testing.B) {
				benchmarkSolve(b, puzzles, mode)
			})
		}
	}
}

func benchmarkSolve(b *testing.B, puzzles []corpora.Puzzle, mode solvers.Mode) {
	s := NewSolver()
	ctx := context.Background()
	var guesses, nodes float64
	b.ResetTimer()
	cpu := cputest.Process()
	for i := 0; i < b.N; i++ {
		res, err := s.Solve(ctx, solvers.Request{Puzzle: puzzles[i%len(puzzles)].Grid, Mode: mode, Transient: true})
		if err != nil || res.Status != solvers.Solved {
			b.Fatalf("puzzle %d: %s %v", i%len(puzzles), res.Status, err)
		}
		guesses += res.Counters["guesses"]
		nodes += res.Counters["nodes"]
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/puzzle")
	b.ReportMetric(float64((cputest.Process()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/puzzle")
	b.ReportMetric(guesses/float64(b.N), "guesses/puzzle")
	b.ReportMetric(nodes/float64(b.N), "nodes/puzzle")
}

// BenchmarkHeavyTail25 solves heavyTail, the 25×25 puzzle whose one
// deterministic search runs past 2,000,000 nodes, in unique mode with the
// Solver's restarts. Beside the time it reports the speed in CPU time per
// node, which turns the node budgets of TestRestartRates into seconds.
func BenchmarkHeavyTail25(b *testing.B) {
	p := heavyTail(b)
	s := NewSolver()
	var nodes, restarts float64
	cpu := cputest.Process()
	for i := 0; i < b.N; i++ {
		res, err := s.Solve(context.Background(), solvers.Request{Puzzle: p, Mode: solvers.Unique, Seed: 1})
		if err != nil || res.Status != solvers.Multiple {
			b.Fatalf("%s %v", res.Status, err)
		}
		nodes += res.Counters["nodes"]
		restarts += res.Counters["restarts"]
	}
	spent := float64((cputest.Process() - cpu).Nanoseconds())
	b.ReportMetric(spent/float64(b.N), "cpu-ns/puzzle")
	b.ReportMetric(spent/nodes, "cpu-ns/node")
	b.ReportMetric(nodes/float64(b.N), "nodes/puzzle")
	b.ReportMetric(restarts/float64(b.N), "restarts/puzzle")
}
