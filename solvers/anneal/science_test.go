package anneal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// sciencePuzzles loads a fixed-seed sample of a corpus (17-clue+k needs
// the DLX oracle to complete its base puzzles).
func sciencePuzzles(t testing.TB, corpus string, n int) []*sudoku.Grid {
	t.Helper()
	var out []*sudoku.Grid
	opts := corpora.Options{Sample: n, Seed: 1, Oracle: dlx.Oracle{}}
	_, err := corpora.Load(filepath.Join("..", "..", "corpora", "data"), corpus, opts, func(p corpora.Puzzle) error {
		out = append(out, p.Grid)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// solvedShare runs a pipeline on puzzles, each with a budget of attempted
// updates instead of a deadline, so that the share does not depend on the
// machine, and returns how many it solved.
func solvedShare(t *testing.T, s sampler, f qubo.Formulation, puzzles []*sudoku.Grid, budget int64) int {
	t.Helper()
	p := newPipeline(t, s, f, budget)
	solved := 0
	for _, g := range puzzles {
		res := solve(t, p, g, 1, 0)
		switch res.Status {
		case solvers.Solved:
			if err := sudoku.CheckSolution(g, res.Solution); err != nil {
				t.Fatal(err)
			}
			solved++
		case solvers.GaveUp:
		default:
			t.Fatalf("%s: %s %s", g, res.Status, res.Detail)
		}
	}
	return solved
}

// scienceBudget is the updates a run gets in the science checks: the
// 1e8 attempted updates that took about a second where the issue was
// measured.
const scienceBudget = 1e8

// TestDWaveFormulationCollapsesBelowThirtyFiveGivens reproduces what the
// issue measured of D-Wave's formulation under neal's defaults (90% at 35
// givens, 17% at 30, none at 25): at least 90% of a fixed sample at 35
// givens, and a collapse at 25. Each run takes its whole budget of about a
// second where it fails, so by default the test takes the first 4 of the
// 10 puzzles at 35 givens and the first of the 2 at 25; with
// SUDOKUBENCH_QUBO_TARGETS set (as for TestTargets) it takes them all.
func TestDWaveFormulationCollapsesBelowThirtyFiveGivens(t *testing.T) {
	at35, at25 := sciencePuzzles(t, "17-clue+18", 10), sciencePuzzles(t, "17-clue+8", 2)
	if os.Getenv(targetsEnv) == "" {
		at35, at25 = at35[:4], at25[:1]
	}
	if got, want := solvedShare(t, Neal, qubo.Fixed, at35, scienceBudget), (9*len(at35)+9)/10; got < want {
		t.Errorf("35 givens: %d of %d solved, want at least 90%% (%d)", got, len(at35), want)
	}
	if got := solvedShare(t, Neal, qubo.Fixed, at25, scienceBudget); got > 0 {
		t.Errorf("25 givens: %d of %d solved, want the collapse (none)", got, len(at25))
	}
}
