package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

// A benchmark with a checker records each claim's cross-check: on a user's
// file, whose puzzles carry no solution, a liar's unsat is wrong with the
// oracle's solution, and dlx's own unsat for an ill-posed line confirmed.
func TestBenchCrossChecksClaims(t *testing.T) {
	file := filepath.Join(t.TempDir(), "user.txt")
	lines := harnesstest.PuzzleLines[0] + "\n" + "55" + strings.Repeat(".", 79) + "\n"
	if err := os.WriteFile(file, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(filepath.Join(t.TempDir(), "out"))
	cfg.Corpora, cfg.Limit, cfg.Reps = []string{file}, 0, 1
	cfg.Solvers, cfg.CrossCheck = "test/claims-unsat,exactcover/dlx", dlx.Oracle{}
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	want := map[string]solvers.Status{
		"test/claims-unsat|" + file + ":1": solvers.Wrong, "test/claims-unsat|" + file + ":2": solvers.Unsat,
		"exactcover/dlx|" + file + ":1": solvers.Solved, "exactcover/dlx|" + file + ":2": solvers.Unsat,
	}
	recs := readRecords(t, cfg.Out)
	for _, r := range recs {
		key := r.Solver + "|" + r.PuzzleID
		claim := r.Status == string(solvers.Unsat) || r.Status == string(solvers.Wrong)
		if solvers.Status(r.Status) != want[key] || r.CrossChecked != claim {
			t.Errorf("%s: status %s (%s), cross-checked %v; want %s, cross-checked %v", key, r.Status, r.Detail, r.CrossChecked, want[key], claim)
		}
	}
	if len(recs) != len(want) {
		t.Errorf("%d records, want %d", len(recs), len(want))
	}
}
