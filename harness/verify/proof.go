package verify

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Verdicts are certified in the parent, after the worker's reply, from the
// proof file the worker's pipeline wrote. Not in the worker: the worker is
// the process that ran the solver's code, and is timed and measured; a
// check there would count against the run's deadline (the parent's watch
// runs from the job's sending to the reply) and sit in its memory. The
// parent already verifies every solution; it certifies verdicts the same
// way, against a formula it builds itself (cnf.Refutation) from the puzzle
// and the verified solution, never the formula the pipeline says it
// refuted.

// proofName stands for a proof file in messages, which must not name a
// path of the machine.
const proofName = "proof"

// ProofCheckLimit is how long the parent may spend checking a run's proof:
// ten times the run's limit, at least a minute.
func ProofCheckLimit(timeout time.Duration) time.Duration {
	return max(10*timeout, time.Minute)
}

// verdictToCertify says what a proof must establish about a puzzle: that
// it has no solution (sol nil) or none but sol. ok is false for a status
// no proof certifies: first-mode solutions, multiple, and every unsettled
// status.
func verdictToCertify(status solvers.Status, mode solvers.Mode, solution *sudoku.Grid) (sol *sudoku.Grid, ok bool) {
	switch {
	case status == solvers.Unsat:
		return nil, true
	case status == solvers.Solved && mode == solvers.Unique && solution != nil:
		return solution, true
	}
	return nil, false
}

// ProofCheck is a checked proof.
type ProofCheck struct {
	Bytes  int64
	Lemmas int
	Result drat.Result
	Time   time.Duration
}

// ErrBadProof marks a proof file that is not a DRAT proof.
var ErrBadProof = errors.New("DRAT proof unreadable")

// CheckProof checks the DRAT proof at path against the formula whose
// refutation certifies the verdict on puzzle (solution nil: no solution;
// else no other), encoded as spec says. A missing file is an empty proof,
// which certifies a formula unit propagation refutes alone. The error is
// a *drat.Rejection when the proof is wrong, wraps ErrBadProof when it is
// unreadable, and otherwise says why it could not be checked (ctx done,
// no formula for the encoding).
func CheckProof(ctx context.Context, spec solvers.ProofSpec, puzzle, solution *sudoku.Grid, path string) (ProofCheck, error) {
	f, err := cnf.Refutation(puzzle, solution, spec.Encoding)
	if err != nil {
		return ProofCheck{}, fmt.Errorf("no formula to refute: %w", err)
	}
	proof, err := readProof(path)
	if err != nil {
		return ProofCheck{}, err
	}
	start := time.Now()
	res, err := drat.Check(ctx, f, proof, drat.Options{})
	return ProofCheck{Bytes: proof.Size, Lemmas: proof.Lemmas(), Result: res, Time: time.Since(start)}, err
}

// readProof parses a proof file; a missing one is an empty proof.
func readProof(path string) (*drat.Proof, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return &drat.Proof{Name: proofName}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("opening the proof: %w", err)
	}
	defer f.Close()
	p, err := drat.ParseProof(f, proofName)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadProof, err)
	}
	return p, nil
}

// CertifyRecord checks the proof a run's worker wrote at path, when the
// run's verdict needs one, and records the outcome: certified, with the
// proof's size and check time; or wrong, naming the failing lemma; or not
// certified, saying why the check could not be done. The proof file is
// removed.
func CertifyRecord(rec *record.Record, run plan.Run, solution *sudoku.Grid, path string, timeout time.Duration) {
	if path == "" {
		return
	}
	defer os.Remove(path)
	sol, ok := verdictToCertify(solvers.Status(rec.Status), run.Mode, solution)
	if !ok || run.Solver.Proofs == nil {
		return
	}
	limit := ProofCheckLimit(timeout)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	pc, err := CheckProof(ctx, *run.Solver.Proofs, run.Puzzle.Grid, sol, path)
	certified := err == nil
	rec.Certified = &certified
	rec.ProofBytes, rec.ProofLemmas, rec.ProofCheckNS = pc.Bytes, pc.Lemmas, int64(pc.Time)
	var rej *drat.Rejection
	switch {
	case errors.As(err, &rej):
		rec.Status, rec.Detail = string(solvers.Wrong), "DRAT proof rejected: "+rej.Error()
	case errors.Is(err, ErrBadProof):
		rec.Status, rec.Detail = string(solvers.Wrong), err.Error()
	case errors.Is(err, context.DeadlineExceeded):
		rec.Detail = fmt.Sprintf("not certified: the proof's check did not end within %s", limit)
	case err != nil:
		rec.Detail = "not certified: " + err.Error()
	}
}
