package worker_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/worker"
)

// A program that benchmarks solvers starts its workers as itself: the
// harness runs the command a Launcher makes, one per solver, and talks to
// it over its standard input and output. The sudokubench binary serves
// as a worker under its hidden "worker" command.
func ExampleSelfLauncher() {
	launch, err := worker.SelfLauncher("worker")
	if err != nil {
		fmt.Println(err)
		return
	}
	cmd := launch("exactcover/dlx")
	fmt.Println(cmd.Args[1:])
	// Output:
	// [worker --solver exactcover/dlx]
}
