package runner_test

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Answer puzzles one at a time, as the server does: a Pool keeps warm
// workers per solver, each answer is verified in this process, and a
// multiple claim is cross-checked by the oracle. The workers here are
// the test binary itself (worker.TestWorker); a program of its own
// launches itself with worker.SelfLauncher.
func ExamplePool() {
	workers := worker.TestWorker{Env: "SUDOKUBENCH_TEST_RUNNER_WORKER", Registry: harnesstest.Registry}
	pool := runner.NewPool(workers.Launch, 1).CrossCheckWith(dlx.Oracle{})
	defer pool.Close()
	info, err := harnesstest.Registry().Lookup("exactcover/dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // one given less
	} {
		puzzle, _ := sudoku.Parse(line, sudoku.Classic)
		run := plan.Run{Solver: info, Puzzle: corpora.Puzzle{ID: "example", Grid: puzzle, Solutions: -1}, Mode: solvers.Unique} // -1 solutions: not known
		rec, _, err := pool.Do(context.Background(), run, runner.Limits{Timeout: 5 * time.Second})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(rec.Status, "cross-checked:", rec.CrossChecked)
	}
	// Output:
	// solved cross-checked: false
	// multiple cross-checked: true
}
