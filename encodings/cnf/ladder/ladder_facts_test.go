package ladder

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
)

// profileCorpus profiles every puzzle of a shipped corpus as analyze
// --inference does, on a ProfilePool of GOMAXPROCS goroutines.
func profileCorpus(t *testing.T, name string) *Analysis {
	pool := NewProfilePool(runtime.GOMAXPROCS(0))
	for i, p := range readCorpus(t, name) {
		pool.Add(fmt.Sprintf("%s puzzle %d", name, i), p.Hints(), p)
	}
	a, err := pool.Close()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestScienceKnownFacts checks, with SUDOKUBENCH_LADDER=1, the facts that
// docs/exact.md ("The inference ladder") states about the inference
// ladder, on the whole shipped corpora, through the profiles
// analyze --inference tallies: 49,158 17-clue puzzles; unit propagation
// solves 0.0% of them with the minimal and the efficient encoding, 44.5%
// (tdoku's minisat; ours 44.56%) with the extended one and 76.0–76.1%
// (ours 76.03%) with the augmented one, and 0.0%, 0.0%, 0.0% and 4.0–4.1%
// (ours 4.10%) of top1465; naked and hidden singles (unit propagation on
// the extended encoding) solve none of top95; failed literals on the
// extended encoding solve every 17-clue puzzle (Lynce and Ouaknine: all or
// nearly all). The whole 17-clue corpus takes about two minutes on two
// cores.
func TestScienceKnownFacts(t *testing.T) {
	if os.Getenv(ladderEnv) == "" {
		t.Skipf("set %s=1 to check the inference ladder's known facts on the whole corpora", ladderEnv)
	}
	type share struct {
		rung   Rung
		lo, hi float64 // percent of the corpus
	}
	tests := []struct {
		corpus  string
		puzzles int
		shares  []share
	}{
		{"17-clue.txt", 49158, []share{
			{Rung{cnf.Minimal, UnitPropagation}, 0, 0.05},
			{Rung{cnf.Efficient, UnitPropagation}, 0, 0.05},
			{Rung{cnf.Extended, UnitPropagation}, 44.5, 44.7},
			{Rung{cnf.Augmented, UnitPropagation}, 76.0, 76.1},
			{Rung{cnf.Extended, FailedLiterals}, 100, 100},
		}},
		{"top1465.txt", 1465, []share{
			{Rung{cnf.Minimal, UnitPropagation}, 0, 0.05},
			{Rung{cnf.Efficient, UnitPropagation}, 0, 0.05},
			{Rung{cnf.Extended, UnitPropagation}, 0, 0.05},
			{Rung{cnf.Augmented, UnitPropagation}, 4.0, 4.1},
		}},
		{"norvig-top95.txt", 95, []share{
			{Rung{cnf.Extended, UnitPropagation}, 0, 0},
		}},
	}
	for _, tt := range tests {
		t.Run("corpus="+tt.corpus, func(t *testing.T) {
			a := profileCorpus(t, tt.corpus)
			total := a.Total()
			if a.NoSolution != 0 || a.OverBudget != 0 {
				t.Errorf("%d puzzles without a solution, %d over budget", a.NoSolution, a.OverBudget)
			}
			if total.Puzzles != tt.puzzles {
				t.Errorf("%d puzzles, want %d", total.Puzzles, tt.puzzles)
			}
			for _, s := range tt.shares {
				got := 100 * float64(total.Solved(s.rung.Encoding, s.rung.Inference)) / float64(total.Puzzles)
				t.Logf("%s solves %.2f%% of %d", s.rung, got, total.Puzzles)
				if got < s.lo || got > s.hi {
					t.Errorf("%s solves %.2f%%, want %.2f–%.2f%%", s.rung, got, s.lo, s.hi)
				}
			}
		})
	}
}
