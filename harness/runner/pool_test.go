package runner

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// poolRun is a unique-mode run of the named test solver on a puzzle.
func poolRun(t *testing.T, solver string, p corpora.Puzzle) plan.Run {
	t.Helper()
	info, err := harnesstest.Registry().Lookup(solver)
	if err != nil {
		t.Fatal(err)
	}
	return plan.Run{Solver: info, Puzzle: p, Mode: solvers.Unique}
}

// countingLaunch is testLaunch, counting the workers it starts.
func countingLaunch(started *atomic.Int32) worker.Launcher {
	return func(solver string) *exec.Cmd {
		started.Add(1)
		return testLaunch(solver)
	}
}

// TestPoolSolvesConcurrentlyWithinItsWorkers checks that many concurrent
// solves all come back verified, with their solutions, from no more
// workers than the pool keeps per solver.
func TestPoolSolvesConcurrentlyWithinItsWorkers(t *testing.T) {
	var started atomic.Int32
	const perSolver = 2
	pool := NewPool(countingLaunch(&started), perSolver)
	defer pool.Close()
	puzzles := harnesstest.Puzzles(t)[:len(harnesstest.PuzzleLines)]
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			p := puzzles[i%len(puzzles)]
			rec, sol, err := pool.Do(context.Background(), poolRun(t, "exactcover/dlx", p), Limits{Timeout: 10 * time.Second})
			if err != nil {
				t.Errorf("solve %d: %v", i, err)
				return
			}
			if rec.Status != string(solvers.Solved) || sol == nil {
				t.Errorf("solve %d: status %s (%s), solution %v; want solved with a grid", i, rec.Status, rec.Detail, sol)
				return
			}
			if err := sudoku.CheckSolution(p.Grid, sol); err != nil {
				t.Errorf("solve %d: returned solution fails: %v", i, err)
			}
		})
	}
	wg.Wait()
	if n := started.Load(); n < 1 || n > perSolver {
		t.Errorf("started %d workers for one solver, want 1 to %d", n, perSolver)
	}
}

// TestPoolSurvivesFaults checks that a solver that hangs, panics, kills its
// worker or answers wrongly gets its status, that the pool replaces dead
// workers, and that it goes on answering.
func TestPoolSurvivesFaults(t *testing.T) {
	var started atomic.Int32
	pool := NewPool(countingLaunch(&started), 1)
	defer pool.Close()
	puzzle := harnesstest.Puzzles(t)[0]
	lim := Limits{Timeout: 300 * time.Millisecond}
	cases := []struct {
		solver string
		want   solvers.Status
		detail string
	}{
		{"test/spin", solvers.Timeout, "deadline"},
		{"test/ok", solvers.Solved, ""},
		{"test/panic", solvers.Crash, "planted panic"},
		{"test/panic", solvers.Crash, "planted panic"},
		{"test/exit", solvers.Crash, "gave up the ghost"},
		{"test/wrong", solvers.Wrong, "wrong solution"},
		{"test/ok", solvers.Solved, ""},
	}
	for i, c := range cases {
		start := time.Now()
		rec, sol, err := pool.Do(context.Background(), poolRun(t, c.solver, puzzle), lim)
		if err != nil {
			t.Fatalf("solve %d (%s): %v", i, c.solver, err)
		}
		if solvers.Status(rec.Status) != c.want || !strings.Contains(rec.Detail, c.detail) {
			t.Errorf("solve %d solver=%s: status %s (%q), want %s with %q", i, c.solver, rec.Status, rec.Detail, c.want, c.detail)
		}
		if (sol != nil) != (c.want == solvers.Solved) {
			t.Errorf("solve %d solver=%s: solution %v with status %s", i, c.solver, sol, rec.Status)
		}
		if took := time.Since(start); took > lim.Timeout+2*time.Second {
			t.Errorf("solve %d solver=%s took %s", i, c.solver, took)
		}
	}
	// The memory limit holds a pool run too.
	rec, _, err := pool.Do(context.Background(), poolRun(t, "test/hog", puzzle), Limits{Timeout: 10 * time.Second, MemBytes: 48 << 20})
	if err != nil || rec.Status != string(solvers.Memout) {
		t.Errorf("test/hog: status %s (%s), error %v; want memout", rec.Status, rec.Detail, err)
	}
	// The spinning worker, the one that exited and the hog were replaced
	// in the background; the panicking one survived its panics.
	waitFor(t, func() bool {
		return idleWorkers(pool, "test/spin") == 1 && idleWorkers(pool, "test/exit") == 1 && idleWorkers(pool, "test/hog") == 1
	})
	if got := idleWorkers(pool, "test/panic"); got != 1 {
		t.Errorf("test/panic has %d idle workers, want the one that recovered", got)
	}
}

// TestPoolBusyAndCancelled checks the two errors of Do: a solver whose only
// worker stays busy past the wait, and a caller that gives up mid-solve.
func TestPoolBusyAndCancelled(t *testing.T) {
	pool := NewPool(testLaunch, 1)
	defer pool.Close()
	puzzle := harnesstest.Puzzles(t)[0]
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := pool.Do(ctx, poolRun(t, "test/spin", puzzle), Limits{Timeout: time.Minute})
		done <- err
	}()
	waitFor(t, func() bool { return busySlots(pool, "test/spin") == 1 })
	_, _, err := pool.Do(context.Background(), poolRun(t, "test/spin", puzzle), Limits{Timeout: time.Minute, Wait: 50 * time.Millisecond})
	if !errors.Is(err, ErrBusy) {
		t.Errorf("second solve on a busy solver: error %v, want ErrBusy", err)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled solve: error %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("cancelled solve did not return")
	}
}

// idleWorkers counts a solver's idle workers in the pool.
func idleWorkers(p *Pool, solver string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if sw := p.solvers[solver]; sw != nil {
		return len(sw.idle)
	}
	return 0
}

// busySlots counts a solver's solves and refills under way.
func busySlots(p *Pool, solver string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if sw := p.solvers[solver]; sw != nil {
		return len(sw.slots)
	}
	return 0
}

// waitFor polls cond for up to ten seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached within 10s")
		}
	}
}
