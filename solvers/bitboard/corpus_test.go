package bitboard

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// loadCorpus returns the puzzles of a shipped corpus: all of them when
// sample is 0, else the seeded sample the default benchmark draws.
func loadCorpus(tb testing.TB, name string, sample int) []corpora.Puzzle {
	tb.Helper()
	var out []corpora.Puzzle
	opts := corpora.Options{Sample: sample, Seed: benchSeed}
	_, err := corpora.Load(filepath.Join("..", "..", "corpora", "data"), name, opts, func(p corpora.Puzzle) error {
		out = append(out, p)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestCorpora solves every puzzle of every shipped corpus with a unique
// solution (all 49,158 17-clue puzzles among them) and verifies each
// answer; serg's puzzles have several solutions.
func TestCorpora(t *testing.T) {
	tests := []struct {
		corpus string
		mode   solvers.Mode
		want   solvers.Status
	}{
		{"17-clue", solvers.Unique, solvers.Solved},
		{"top1465", solvers.Unique, solvers.Solved},
		{"top1465", solvers.First, solvers.Solved},
		{"hardest-1905-11plus", solvers.Unique, solvers.Solved},
		{"hardest-1106", solvers.Unique, solvers.Solved},
		{"norvig-top95", solvers.Unique, solvers.Solved},
		{"norvig-hardest", solvers.Unique, solvers.Solved},
		{"serg", solvers.Unique, solvers.Multiple},
		{"serg", solvers.First, solvers.Solved},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("corpus=%s/mode=%s", tt.corpus, tt.mode), func(t *testing.T) {
			puzzles := loadCorpus(t, tt.corpus, 0)
			solvertest.CheckAll(t, NewSolver(), solvertest.Grids(puzzles), tt.mode, tt.want)
			t.Logf("%d puzzles", len(puzzles))
		})
	}
}
