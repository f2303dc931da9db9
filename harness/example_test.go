package harness_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
)

// Benchmark two solvers on the first puzzles of a shipped corpus, each
// run in a worker process under limits and its answer verified in the
// parent. test/wrong, planted among the test solvers, returns a grid that
// breaks the rules: every one of its runs is recorded as wrong.
//
// A program of its own serves as its own worker: its main starts workers
// with worker.SelfLauncher and serves a solver when started as one (as
// the sudokubench binary's hidden worker command does); a test binary
// does the same through worker.TestWorker, as here.
func ExampleBench() {
	out, err := os.MkdirTemp("", "bench")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(out)
	workers := worker.TestWorker{Env: "SUDOKUBENCH_TEST_WORKER", Registry: harnesstest.Registry}
	sum, err := harness.Bench(context.Background(), harness.Config{
		Corpora: []string{"norvig-top95"}, Limit: 5, Solvers: "exactcover/dlx,test/wrong",
		Mode: solvers.Unique, Reps: 1, Seed: 1, Timeout: 5 * time.Second,
		Out: out, CorporaDir: filepath.Join("..", "corpora", "data"),
		Registry: harnesstest.Registry(), Launch: workers.Launch,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Done, "of", sum.Planned, "runs recorded")
	statuses := map[string]map[string]int{}
	_, err = record.Each(out, func(r *record.Record) error {
		if statuses[r.Solver] == nil {
			statuses[r.Solver] = map[string]int{}
		}
		statuses[r.Solver][r.Status]++
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("exactcover/dlx:", statuses["exactcover/dlx"])
	fmt.Println("test/wrong:", statuses["test/wrong"])
	// Output:
	// 10 of 10 runs recorded
	// exactcover/dlx: map[solved:5]
	// test/wrong: map[wrong:5]
}
