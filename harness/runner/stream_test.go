package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// streamAll adds each puzzle to a stream of the named test solver and
// returns the outcomes in the order they were emitted, with Close's error.
func streamAll(t *testing.T, launch worker.Launcher, solver string, opts StreamOptions, puzzles []corpora.Puzzle) ([]Outcome, error) {
	t.Helper()
	info, err := harnesstest.Registry().Lookup(solver)
	if err != nil {
		t.Fatal(err)
	}
	var got []Outcome
	s := NewStream(context.Background(), launch, solver, opts, func(o Outcome) error {
		got = append(got, o)
		return nil
	})
	for _, p := range puzzles {
		if err := s.Add(plan.Run{Solver: info, Puzzle: p, Mode: solvers.Unique}); err != nil {
			t.Fatalf("Add %s: %v", p.ID, err)
		}
	}
	return got, s.Close()
}

// repeated is n puzzles cycling through the test puzzles, each with an id
// of its own; the ill-posed one only if illPosed (the plain backtracking
// test solvers take too long to call it unsat).
func repeated(t *testing.T, n int, illPosed bool) []corpora.Puzzle {
	base := harnesstest.Puzzles(t)
	if !illPosed {
		base = base[:len(harnesstest.PuzzleLines)]
	}
	out := make([]corpora.Puzzle, n)
	for i := range out {
		out[i] = base[i%len(base)]
		out[i].ID = fmt.Sprintf("test:%d", i+1)
	}
	return out
}

// TestStreamAnswersInOrderFromOneWorker checks that a stream far longer
// than its window answers every run, in the order added, each verified
// (the ill-posed puzzle's unsat cross-checked), from a single worker.
func TestStreamAnswersInOrderFromOneWorker(t *testing.T) {
	var started atomic.Int32
	puzzles := repeated(t, 5*pipelineDepth+3, true)
	got, err := streamAll(t, countingLaunch(&started), "exactcover/dlx", StreamOptions{Timeout: 10 * time.Second, Checker: dlx.Oracle{}}, puzzles)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(puzzles) {
		t.Fatalf("%d outcomes for %d runs", len(got), len(puzzles))
	}
	for i, o := range got {
		p := puzzles[i]
		if o.Run.Puzzle.ID != p.ID {
			t.Fatalf("outcome %d is for %s, want %s", i, o.Run.Puzzle.ID, p.ID)
		}
		illPosed := (i+1)%len(harnesstest.Puzzles(t)) == 0
		switch {
		case illPosed && (o.Record.Status != string(solvers.Unsat) || !o.Record.CrossChecked):
			t.Errorf("%s: status %s, cross-checked %v; want a cross-checked unsat", p.ID, o.Record.Status, o.Record.CrossChecked)
		case !illPosed && (o.Record.Status != string(solvers.Solved) || o.Solution == nil):
			t.Errorf("%s: status %s (%s), want solved", p.ID, o.Record.Status, o.Record.Detail)
		case !illPosed && sudoku.CheckSolution(p.Grid, o.Solution) != nil:
			t.Errorf("%s: solution fails: %v", p.ID, sudoku.CheckSolution(p.Grid, o.Solution))
		}
	}
	if n := started.Load(); n != 1 {
		t.Errorf("started %d workers, want 1", n)
	}
}

// TestStreamFaultCostsOnlyItsRun checks that a run that hangs, exits its
// worker or panics gets its own status, and that the runs queued behind
// it on the same worker are still answered, by a fresh worker. The limit
// is well above what a fresh worker needs to take a run and exit on a
// machine at load 20 (at 300 ms an exit was once a timeout there).
func TestStreamFaultCostsOnlyItsRun(t *testing.T) {
	var started atomic.Int32
	puzzles := repeated(t, 3*len(harnesstest.PuzzleLines)+1, false)
	got, err := streamAll(t, countingLaunch(&started), "test/moody", StreamOptions{Timeout: time.Second, Checker: dlx.Oracle{}}, puzzles)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		status solvers.Status
		detail string
	}{
		harnesstest.PuzzleLines[0]: {solvers.Solved, ""},
		harnesstest.PuzzleLines[1]: {solvers.Timeout, "deadline"},
		harnesstest.PuzzleLines[2]: {solvers.Crash, "gave up the ghost"},
		harnesstest.PuzzleLines[3]: {solvers.Crash, "planted panic"},
	}
	for i, o := range got {
		line := puzzles[i].Grid.String()
		w := want[line]
		if o.Run.Puzzle.ID != puzzles[i].ID || solvers.Status(o.Record.Status) != w.status || !strings.Contains(o.Record.Detail, w.detail) {
			t.Errorf("outcome %d: %s status %s (%q); want %s %s with %q", i, o.Run.Puzzle.ID, o.Record.Status, o.Record.Detail, puzzles[i].ID, w.status, w.detail)
		}
	}
	if len(got) != len(puzzles) {
		t.Errorf("%d outcomes for %d runs", len(got), len(puzzles))
	}
	// Each hang and each exit cost a worker; a panic does not.
	if n, want := started.Load(), int32(1+2*3); n != want {
		t.Errorf("started %d workers, want %d", n, want)
	}
}

// TestStreamRunsKeepTheirOwnDeadline checks that each run's clock starts
// when the worker takes it, not when it was sent ahead: a window of runs
// that each keep well inside the limit lasts several limits in all, and
// none of them is a timeout. The limit is far above a run's sleep, so
// that a loaded machine's scheduling delays do not make one a timeout.
func TestStreamRunsKeepTheirOwnDeadline(t *testing.T) {
	const timeout = time.Second
	n := 2 * int((timeout+killGrace)/harnesstest.SleepDuration)
	got, err := streamAll(t, testLaunch, "test/sleepy", StreamOptions{Timeout: timeout}, repeated(t, n, false))
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range got {
		if o.Record.Status == string(solvers.Timeout) {
			t.Errorf("outcome %d: timeout (%s) after %s, for a run that sleeps %s", i, o.Record.Detail, time.Duration(o.Record.WallNS), harnesstest.SleepDuration)
		}
	}
}

// TestStreamMemoryLimit checks that a run over the memory limit is a
// memout and the run after it is still answered.
func TestStreamMemoryLimit(t *testing.T) {
	info, err := harnesstest.Registry().Lookup("test/hog")
	if err != nil {
		t.Fatal(err)
	}
	var statuses []string
	s := NewStream(context.Background(), testLaunch, "test/hog", StreamOptions{Timeout: 10 * time.Second, MemBytes: 48 << 20}, func(o Outcome) error {
		statuses = append(statuses, o.Record.Status)
		return nil
	})
	for _, p := range harnesstest.Puzzles(t)[:2] {
		if err := s.Add(plan.Run{Solver: info, Puzzle: p, Mode: solvers.Unique}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"memout", "memout"}; fmt.Sprint(statuses) != fmt.Sprint(want) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}
}

// TestStreamStops checks the stream's two early ends: an emitter that
// fails, whose error Add and Close then return, and a caller that gives
// up while a run hangs, which kills the worker.
func TestStreamStops(t *testing.T) {
	info, err := harnesstest.Registry().Lookup("exactcover/dlx")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("stop=emit-error", func(t *testing.T) {
		full := errors.New("disk full")
		emitted := 0
		s := NewStream(context.Background(), testLaunch, info.Name, StreamOptions{}, func(Outcome) error {
			emitted++
			return full
		})
		var addErr error
		for _, p := range repeated(t, 4*pipelineDepth, true) {
			if addErr = s.Add(plan.Run{Solver: info, Puzzle: p, Mode: solvers.First}); addErr != nil {
				break
			}
		}
		if err := s.Close(); !errors.Is(err, full) || !errors.Is(addErr, full) {
			t.Errorf("Add's error %v, Close's %v; want both %v", addErr, err, full)
		}
		if emitted != 1 {
			t.Errorf("emitted %d outcomes after the error, want 1", emitted)
		}
	})
	t.Run("stop=cancelled", func(t *testing.T) {
		spin, err := harnesstest.Registry().Lookup("test/spin")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		s := NewStream(ctx, testLaunch, spin.Name, StreamOptions{}, func(Outcome) error {
			t.Error("an outcome from a solver that never answers")
			return nil
		})
		if err := s.Add(plan.Run{Solver: spin, Puzzle: harnesstest.Puzzles(t)[0], Mode: solvers.First}); err != nil {
			t.Fatal(err)
		}
		time.AfterFunc(100*time.Millisecond, cancel)
		done := make(chan error, 1)
		go func() { done <- s.Close() }()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("Close: %v, want context.Canceled", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Close did not return after the caller gave up")
		}
	})
	t.Run("stop=wrong-solver", func(t *testing.T) {
		s := NewStream(context.Background(), testLaunch, "test/ok", StreamOptions{}, func(Outcome) error { return nil })
		defer s.Close()
		if err := s.Add(plan.Run{Solver: info, Puzzle: harnesstest.Puzzles(t)[0]}); err == nil || !strings.Contains(err.Error(), "exactcover/dlx") {
			t.Errorf("Add of another solver's run: %v", err)
		}
	})
}

// TestStreamSparesReuseAWorker checks that streams sharing spares reuse
// the worker of the one before, and that a spare that died while idle is
// dropped for a fresh worker without costing a run.
func TestStreamSparesReuseAWorker(t *testing.T) {
	var started atomic.Int32
	spares := NewSpares(1)
	defer spares.Close()
	opts := StreamOptions{Timeout: 10 * time.Second, Spares: spares}
	for i := range 3 {
		if i == 2 { // the spare dies while idle
			for _, w := range spares.idle["exactcover/dlx"] {
				w.kill()
			}
		}
		got, err := streamAll(t, countingLaunch(&started), "exactcover/dlx", opts, repeated(t, 10, false))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range got {
			if o.Record.Status != string(solvers.Solved) {
				t.Errorf("stream %d: %s %s (%s)", i, o.Run.Puzzle.ID, o.Record.Status, o.Record.Detail)
			}
		}
		if want := int32(1 + i/2); started.Load() != want {
			t.Errorf("after stream %d: %d workers started, want %d", i, started.Load(), want)
		}
	}
}
