package worker

import (
	"fmt"
	"os"
	"os/exec"

	"github.com/sudokubench/sudokubench/solvers"
)

// TestWorker lets a test binary double as a worker child, as the
// sudokubench binary's hidden worker command does, so that tests run their
// own solvers under the real harness. A package's TestMain calls
// ServeIfAsked before m.Run, and its tests start workers with Launch.
//
// It lives beside the worker it serves, not among the test helpers of
// internal/harnesstest, because this package's own tests use those
// helpers, and they cannot import a package that imports this one.
type TestWorker struct {
	// Env is the environment variable that asks a child to serve the
	// solver it names; distinct per test package.
	Env string
	// Registry builds the solvers the child may serve.
	Registry func() *solvers.Registry
}

// ServeIfAsked serves the solver that Env names, when it names one, and
// exits: 0 when the parent closed the job stream, 1 on an error.
func (w TestWorker) ServeIfAsked() {
	name := os.Getenv(w.Env)
	if name == "" {
		return
	}
	if err := ServeWorkerStdio(w.Registry(), name); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// Launch re-executes the test binary, running no test, as a worker for
// solver: a Launcher.
func (w TestWorker) Launch(solver string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), w.Env+"="+solver)
	return cmd
}
