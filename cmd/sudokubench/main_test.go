package main

import (
	"os"
	"testing"
)

// asCLIEnv makes the test binary run as the sudokubench command itself. The
// tests set it for their children, so that the workers that run and solve
// start from os.Executable() (this binary, "worker --solver NAME") serve
// solvers as the real command does.
const asCLIEnv = "SUDOKUBENCH_TEST_AS_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(asCLIEnv) != "" {
		main()
		os.Exit(0)
	}
	os.Setenv(asCLIEnv, "1")
	os.Exit(m.Run())
}
