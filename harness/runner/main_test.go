package runner

import (
	"os"
	"os/exec"
	"testing"

	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
)

// testWorker makes the test binary act as a worker for a solver of
// harnesstest.Registry.
var testWorker = worker.TestWorker{Env: "SUDOKUBENCH_TEST_RUNNER_WORKER", Registry: harnesstest.Registry}

func TestMain(m *testing.M) {
	harnesstest.AllocateIfAsked()
	testWorker.ServeIfAsked()
	os.Exit(m.Run())
}

// testLaunch re-executes the test binary as a worker.
func testLaunch(solver string) *exec.Cmd { return testWorker.Launch(solver) }
