// Package solvertest holds what the tests of every engine package share:
// puzzles from the shipped corpora and from the generator, a check of one
// solve against the status it must have and the rules, a conformance suite
// of what the contract asks of a complete solver (corpora samples, every
// size and the diagonal variant, unsat, ill-posed puzzles such as two equal
// givens in a row, and multiple), a trace replay, and a
// Go benchmark that reports time and guesses per puzzle.
//
// Its opinion: a solver's test asserts what a user relies on, the verified
// answer and the status, never how the engine gets there.
package solvertest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Corpus returns the first n puzzles of a corpus (all when n ≤ 0); derived
// corpora (17-clue+k) are completed by exactcover/dlx.
func Corpus(tb testing.TB, name string, n int) []corpora.Puzzle {
	tb.Helper()
	return corporatest.Load(tb, name, corpora.Options{Limit: n, Oracle: dlx.Oracle{}})
}

// WithSolutions returns the puzzles of a corpus whose line records this
// many solutions (tdoku-tests).
func WithSolutions(tb testing.TB, name string, count int) []corpora.Puzzle {
	tb.Helper()
	var out []corpora.Puzzle
	for _, p := range Corpus(tb, name, 0) {
		if p.Solutions == count {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		tb.Fatalf("corpus %s has no puzzle with %d solutions", name, count)
	}
	return out
}

// Generated returns count unique puzzles of a shape with the given hints,
// made by the corpora generator with exactcover/dlx as its oracle.
func Generated(tb testing.TB, box int, v sudoku.Variant, hints, count int, seed uint64) []*sudoku.Grid {
	tb.Helper()
	gen, err := corpora.NewGenerator(dlx.Oracle{}, corpora.GenerateOptions{Box: box, Variant: v, Hints: hints, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]*sudoku.Grid, count)
	for i := range out {
		if out[i], err = gen.Next(); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// HolesPuzzles returns count solvable puzzles of a shape: full grids with
// all but share of their cells emptied at random, as the holes-SIDE@SHARE
// corpora make them. The full grids are random symmetries
// (sudoku.RandomTransform) of one valid grid: the pattern grid for the
// classic variant, a dlx completion of the empty grid for the diagonal one.
// A random dlx completion of each would take a minute for a classic 36×36
// grid, where its random search wanders, and the harness's conformance
// runs this for every complete engine.
func HolesPuzzles(tb testing.TB, box int, v sudoku.Variant, share float64, count int, seed uint64) []*sudoku.Grid {
	tb.Helper()
	geo := sudoku.MustGeometry(box, v)
	rng := rand.New(rand.NewPCG(seed, uint64(box)))
	base := sudoku.PatternGrid(box)
	if v != sudoku.Classic {
		var ok bool
		if base, ok = dlx.RandomSolution(sudoku.NewGrid(geo), rng); !ok {
			tb.Fatalf("dlx found no completion of an empty %s grid", geo)
		}
	}
	out := make([]*sudoku.Grid, count)
	for i := range out {
		full, err := sudoku.RandomTransform(geo, rng.Uint64()).Apply(base)
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = corpora.Holes(full, int(share*float64(geo.Cells)+0.5), rng)
	}
	return out
}

// Check solves one puzzle and returns what is wrong with the outcome: a
// status other than want, a solution that breaks a rule or a given, or a
// solution where there should be none.
func Check(s solvers.Solver, puzzle *sudoku.Grid, mode solvers.Mode, want solvers.Status) error {
	res, err := s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: mode, Seed: 1})
	switch {
	case err != nil:
		return err
	case res.Status != want:
		return fmt.Errorf("status %s (%s), want %s", res.Status, res.Detail, want)
	case res.Status == solvers.Solved || res.Status == solvers.Multiple:
		return sudoku.CheckSolution(puzzle, res.Solution)
	case res.Solution != nil:
		return fmt.Errorf("status %s with a solution", res.Status)
	}
	return nil
}

// CheckAll runs Check on each puzzle and reports failures as test errors,
// stopping after five.
func CheckAll(t *testing.T, s solvers.Solver, puzzles []*sudoku.Grid, mode solvers.Mode, want solvers.Status) {
	t.Helper()
	failures := 0
	for i, p := range puzzles {
		if err := Check(s, p, mode, want); err != nil {
			t.Errorf("puzzle %d %s: %v", i+1, p, err)
			if failures++; failures == 5 {
				t.Fatal("giving up after 5 failures")
			}
		}
	}
}

// Grids returns the grids of corpus puzzles.
func Grids(ps []corpora.Puzzle) []*sudoku.Grid {
	gs := make([]*sudoku.Grid, len(ps))
	for i, p := range ps {
		gs[i] = p.Grid
	}
	return gs
}

// ProcessCPU returns the CPU time (user + system) the process has used, so
// that benchmarks can report it beside wall time on a shared machine; 0
// where it cannot be read.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
