package harness

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
)

// testWorker makes the test binary act as a worker for a solver of
// harnesstest.Registry; benchEnv makes it run slowConfig's benchmark into the
// named directory.
var testWorker = worker.TestWorker{Env: "SUDOKUBENCH_TEST_WORKER", Registry: harnesstest.Registry}

const benchEnv = "SUDOKUBENCH_TEST_BENCH"

func TestMain(m *testing.M) {
	harnesstest.AllocateIfAsked()
	testWorker.ServeIfAsked()
	if out := os.Getenv(benchEnv); out != "" {
		if _, err := Bench(context.Background(), slowConfig(out)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testLaunch re-executes the test binary as a worker.
func testLaunch(solver string) *exec.Cmd { return testWorker.Launch(solver) }
