package bitboard

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The benchmark's puzzles are the seeded sample the default `sudokubench
// run` draws from each corpus (and BENCHMARKS.md's reference figures use), so
// that the C references can be timed on the same puzzles.
const (
	benchSample = 50
	benchSeed   = 1
)

// BenchmarkSolve times the pipeline through the Solver interface, with
// transient requests as the harness's worker sends them, cycling through
// each corpus's sample, and reports wall and CPU time per puzzle
// (the CPU figure is the reference figures', and steadier on a shared machine),
// the solver's own Phases.Solve (the search without building the result,
// what a run record's solve_ns holds) with the search's guesses and nodes
// per puzzle.
func BenchmarkSolve(b *testing.B) {
	for _, corpus := range []string{"17-clue", "top1465", "hardest-1905-11plus", "hardest-1106"} {
		var puzzles []*sudoku.Grid
		for _, p := range corporatest.Sample(b, corpus, benchSample, benchSeed) {
			puzzles = append(puzzles, p.Grid)
		}
		for _, mode := range []solvers.Mode{solvers.Unique, solvers.First} {
			b.Run(fmt.Sprintf("corpus=%s/mode=%s", corpus, mode), func(b *testing.B) {
				benchmarkSolve(b, puzzles, mode)
			})
		}
	}
}

// BenchmarkSizes times the cell board on generated unique puzzles of the
// other geometries (corpora's generator, exactcover/dlx as its oracle).
func BenchmarkSizes(b *testing.B) {
	for _, opts := range []corpora.GenerateOptions{
		{Box: 2, Hints: 5},
		{Box: 3, Variant: sudoku.Diagonal, Hints: 22},
		{Box: 4, Hints: 110},
		{Box: 4, Variant: sudoku.Diagonal, Hints: 100},
		{Box: 5, Hints: 380},
	} {
		opts.Seed = benchSeed
		gen, err := corpora.NewGenerator(dlx.Oracle{}, opts)
		if err != nil {
			b.Fatal(err)
		}
		puzzles := make([]*sudoku.Grid, 8)
		for i := range puzzles {
			if puzzles[i], err = gen.Next(); err != nil {
				b.Fatal(err)
			}
		}
		geo := puzzles[0].Geometry()
		b.Run(fmt.Sprintf("size=%d/variant=%s/hints=%d", geo.N, geo.Variant, opts.Hints), func(b *testing.B) {
			benchmarkSolve(b, puzzles, solvers.Unique)
		})
	}
}

// BenchmarkFiles times unique mode on every puzzle of each file named in
// SUDOKUBENCH_BITBOARD_FILES (a list separated as PATH is), one
// sub-benchmark per file: the tight-loop side of a comparison with the C
// reference solvers timed on the same files. It is skipped when the
// variable is unset.
func BenchmarkFiles(b *testing.B) {
	list := os.Getenv("SUDOKUBENCH_BITBOARD_FILES")
	if list == "" {
		b.Skip("SUDOKUBENCH_BITBOARD_FILES names no puzzle files")
	}
	for _, path := range filepath.SplitList(list) {
		var puzzles []*sudoku.Grid
		for _, p := range corporatest.Load(b, path, corpora.Options{}) {
			puzzles = append(puzzles, p.Grid)
		}
		if len(puzzles) == 0 {
			b.Fatalf("%s: no puzzles", path)
		}
		b.Run("file="+filepath.Base(path), func(b *testing.B) {
			benchmarkSolve(b, puzzles, solvers.Unique)
		})
	}
}

func benchmarkSolve(b *testing.B, puzzles []*sudoku.Grid, mode solvers.Mode) {
	s := NewSolver()
	ctx := context.Background()
	var guesses, nodes float64
	var solve time.Duration
	cpu := solvertest.ProcessCPU()
	i := 0
	for b.Loop() {
		res, err := s.Solve(ctx, solvers.Request{Puzzle: puzzles[i%len(puzzles)], Mode: mode, Transient: true})
		if err != nil || res.Status != solvers.Solved {
			b.Fatalf("puzzle %d: %s %v", i%len(puzzles), res.Status, err)
		}
		guesses += res.Counters["guesses"]
		nodes += res.Counters["nodes"]
		solve += res.Phases.Solve
		i++
	}
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
	b.ReportMetric(float64((solvertest.ProcessCPU()-cpu).Nanoseconds())/n, "cpu-ns/puzzle")
	b.ReportMetric(float64(solve.Nanoseconds())/n, "solve-ns/puzzle")
	b.ReportMetric(guesses/n, "guesses/puzzle")
	b.ReportMetric(nodes/n, "nodes/puzzle")
}
