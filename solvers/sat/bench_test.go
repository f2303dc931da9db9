package sat

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// BenchmarkSAT times every SAT pipeline (encode + solve + decode) in unique
// mode on the first 1,000 puzzles of 17-clue, top1465 and hardest-1106, and
// reports ns, decisions and conflicts per puzzle. The figures to beat are
// in-process minisat's on the complete encoding (BENCHMARKS.md).
func BenchmarkSAT(b *testing.B) {
	corpora := map[string][]corpora.Puzzle{
		"17-clue":      corporatest.First(b, "17-clue", 1000),
		"top1465":      corporatest.First(b, "top1465", 1000),
		"hardest-1106": corporatest.First(b, "hardest-1106", 1000),
	}
	for _, in := range Pipelines() {
		for name, lines := range corpora {
			b.Run(solvertest.BenchSolver(in.Name)+"/corpus="+name+"/mode=unique", func(b *testing.B) {
				if err := in.Check(); err != nil {
					b.Skip(err)
				}
				s := in.New()
				var decisions, conflicts float64
				start := time.Now()
				for i := 0; i < b.N; i++ {
					res, err := s.Solve(context.Background(), solvers.Request{Puzzle: lines[i%len(lines)].Grid, Mode: solvers.Unique})
					if err != nil || res.Status != solvers.Solved {
						b.Fatalf("puzzle %d: %s %v", i%len(lines), res.Status, err)
					}
					decisions += res.Counters["decisions"]
					conflicts += res.Counters["conflicts"]
				}
				n := float64(b.N)
				b.ReportMetric(float64(time.Since(start).Nanoseconds())/n, "ns/puzzle")
				b.ReportMetric(decisions/n, "decisions/puzzle")
				b.ReportMetric(conflicts/n, "conflicts/puzzle")
			})
		}
	}
}

// BenchmarkGophersatBuild compares two ways of giving gophersat the
// extended formula of a puzzle: solver.ParseSlice on [][]int, and building
// the clauses directly (buildProblem, what the pipelines use).
func BenchmarkGophersatBuild(b *testing.B) {
	p := corporatest.First(b, "17-clue", 1)[0].Grid
	inst, err := cnf.Pose(p, cnf.Options{Encoding: cnf.Extended})
	if err != nil {
		b.Fatal(err)
	}
	full := inst.Full()
	b.Run("via=ParseSlice", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			solver.New(solver.ParseSliceNb(full.Clauses, full.Vars))
		}
	})
	b.Run("via=direct", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			pb, _ := buildProblem(full)
			solver.New(pb)
		}
	})
}

// BenchmarkBoardProblem times the suite's own share of the propagated
// extended pipelines before gophersat starts: unit propagation of the
// givens on candidate masks and writing the reduced formula's
// constraints (boardReducer.reduce and problem), per puzzle of
// top1465's first 300, for native and pairwise at-most-one.
func BenchmarkBoardProblem(b *testing.B) {
	puzzles := corporatest.First(b, "top1465", 300)
	for _, pairwise := range []bool{false, true} {
		b.Run(fmt.Sprintf("pairwise=%v", pairwise), func(b *testing.B) {
			br := newBoardReducer(puzzles[0].Grid.Geometry(), pairwise)
			var constraints int
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if !br.reduce(puzzles[i%len(puzzles)].Grid) {
					b.Fatalf("puzzle %d: contradicted by propagation", i%len(puzzles))
				}
				constraints += len(br.problem().Clauses)
			}
			b.ReportMetric(float64(constraints)/float64(b.N), "constraints/puzzle")
		})
	}
}
