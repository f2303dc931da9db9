package harnesstest

import (
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The sample the benchmarks of the worker and the executor draw from each
// corpus: the same seeded sample that the default `sudokubench run`
// draws (harness.DefaultLimit puzzles, harness.DefaultSeed, which the
// harness's tests hold these to), so that in-process and isolated times
// can be set against a run's records to measure the harness's overhead.
const (
	BenchSample = 50
	BenchSeed   = 1
)

// BenchPuzzles loads the benchmarks' sample of a corpus, its malformed
// and invalid lines left out.
func BenchPuzzles(b testing.TB, corpus string) []corpora.Puzzle {
	var puzzles []corpora.Puzzle
	for _, p := range corporatest.Load(b, corpus, corpora.Options{SkipInvalid: true, Sample: BenchSample, Seed: BenchSeed}) {
		if p.Grid.Validate() == nil {
			puzzles = append(puzzles, p)
		}
	}
	return puzzles
}

// Grids are the puzzles' grids.
func Grids(puzzles []corpora.Puzzle) []*sudoku.Grid {
	out := make([]*sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		out[i] = p.Grid
	}
	return out
}
