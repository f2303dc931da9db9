package bitboard

import (
	"fmt"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

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
			puzzles := corporatest.Sample(t, tt.corpus, 0, benchSeed)
			solvertest.CheckAll(t, NewSolver(), solvertest.Grids(puzzles), tt.mode, tt.want)
			t.Logf("%d puzzles", len(puzzles))
		})
	}
}
