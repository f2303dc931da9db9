package runner

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
)

// TestPlantedFaults proves the isolation guarantees: each planted fault gets
// its status, and a correct solver's runs around it are unaffected.
func TestPlantedFaults(t *testing.T) {
	// A slow virtual machine faults pages in at about 100 MB/s: the memory
	// limit is small enough for the hog to pass it well before the deadline.
	const timeout, memLimit = 2 * time.Second, 48 << 20
	reg := harnesstest.Registry()
	ex := NewExecutor(testLaunch, timeout, memLimit)
	defer ex.Close()
	puzzle := harnesstest.Puzzles(t)[0]
	cases := []struct {
		solver string
		want   solvers.Status
		detail string
	}{
		{"test/ok", solvers.Solved, ""},
		{"test/wrong", solvers.Wrong, "wrong solution"},
		{"test/ok", solvers.Solved, ""},
		{"test/spin", solvers.Timeout, "deadline"},
		{"test/ok", solvers.Solved, ""},
		{"test/panic", solvers.Crash, "planted panic"},
		{"test/ok", solvers.Solved, ""},
		{"test/hog", solvers.Memout, "limit"},
		{"test/ok", solvers.Solved, ""},
		{"test/exit", solvers.Crash, "gave up the ghost"},
		{"test/ok", solvers.Solved, ""},
		{"test/chatty", solvers.Solved, ""},
		{"test/spin", solvers.Timeout, "deadline"},
	}
	for i, c := range cases {
		info, err := reg.Lookup(c.solver)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		rec, err := ex.Do(context.Background(), plan.Run{Key: c.solver, Solver: info, Puzzle: puzzle, Mode: solvers.First})
		if err != nil {
			t.Fatalf("run %d (%s): %v", i, c.solver, err)
		}
		took := time.Since(start)
		t.Logf("solver=%s status=%s wall=%s cpu=%s alloc=%d rss=%s took=%s detail=%.80q", c.solver, rec.Status, time.Duration(rec.WallNS), time.Duration(rec.CPUNS), rec.AllocBytes, record.FormatBytes(float64(rec.PeakRSS)), took, rec.Detail)
		if solvers.Status(rec.Status) != c.want || !strings.Contains(rec.Detail, c.detail) {
			t.Errorf("run %d solver=%s: status %s (%q), want %s with %q", i, c.solver, rec.Status, rec.Detail, c.want, c.detail)
		}
		if c.want == solvers.Timeout && took > timeout+time.Second {
			t.Errorf("run %d solver=%s: stopped after %s, past deadline + 1s", i, c.solver, took)
		}
	}
}

// A puzzle without a solution reaches the solver, which calls it unsat; a
// solver that fills it anyway is caught by verification.
func TestIllPosedPuzzleReachesTheSolver(t *testing.T) {
	reg := harnesstest.Registry()
	ex := NewExecutor(testLaunch, 10*time.Second, 0)
	defer ex.Close()
	illPosed := harnesstest.Puzzles(t)[len(harnesstest.PuzzleLines)]
	for _, c := range []struct {
		solver string
		want   solvers.Status
		detail string
	}{
		{"exactcover/dlx", solvers.Unsat, ""},
		{"test/wrong", solvers.Wrong, "row 1: 5 at r1c1 and r1c2"},
	} {
		t.Run("solver="+c.solver, func(t *testing.T) {
			info, err := reg.Lookup(c.solver)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := ex.Do(context.Background(), plan.Run{Key: "k", Solver: info, Puzzle: illPosed, Mode: solvers.Unique})
			if err != nil {
				t.Fatal(err)
			}
			if solvers.Status(rec.Status) != c.want || !strings.Contains(rec.Detail, c.detail) {
				t.Errorf("status %s (%q), want %s with %q", rec.Status, rec.Detail, c.want, c.detail)
			}
		})
	}
}
