package runner

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/plan"
)

// ProofDir makes the directory where workers write the proofs the parent
// checks, and returns it with its removal.
func ProofDir() (string, func(), error) {
	dir, err := os.MkdirTemp("", "sudokubench-proofs-")
	if err != nil {
		return "", nil, fmt.Errorf("a directory for proofs: %w", err)
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// proofPathFor is where the worker writes a run's proof, "" when the run
// asks for none. Runs go one at a time, so one name serves them all; any
// file of an earlier run is removed first, so that it is never taken for
// this run's proof.
func proofPathFor(dir string, run plan.Run) string {
	if dir == "" || run.Solver.Proofs == nil {
		return ""
	}
	path := filepath.Join(dir, "run.drat")
	os.Remove(path)
	return path
}
