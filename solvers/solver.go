package solvers

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Mode says what a run must establish.
type Mode string

const (
	// First asks for any solution.
	First Mode = "first"
	// Unique asks for a solution and a proof that there is no second one
	// (what tdoku times).
	Unique Mode = "unique"
)

// ParseMode reads "first" or "unique".
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case First, Unique:
		return Mode(s), nil
	}
	return "", fmt.Errorf("unknown mode %q: use first or unique", s)
}

// Status is the outcome of one run.
type Status string

// Statuses. Solvers return the first five; the harness assigns the rest.
const (
	Solved   Status = "solved"   // a solution (unique mode: and no second one)
	Unsat    Status = "unsat"    // proved that no solution exists
	Multiple Status = "multiple" // unique mode: a second solution was found
	GaveUp   Status = "gave-up"  // an incomplete solver stopped without an answer
	Error    Status = "error"    // bad input or unsupported puzzle
	Timeout  Status = "timeout"  // killed at the wall-clock deadline
	Memout   Status = "memout"   // killed at the memory limit
	Crash    Status = "crash"    // the solver panicked or its process died
	Wrong    Status = "wrong"    // the returned grid failed verification
)

// Statuses lists every status in report order.
var Statuses = []Status{Solved, Unsat, Multiple, GaveUp, Timeout, Memout, Crash, Wrong, Error}

// Request is one puzzle to solve.
type Request struct {
	// Puzzle is well-formed (its shape and digits are checked) and may be
	// unsolvable: two equal givens in a unit, or a cell whose peers hold
	// every digit, is for a complete solver to answer unsat and for an
	// incomplete one gave-up, never a grid, an error or a crash.
	Puzzle *sudoku.Grid
	Mode   Mode
	Seed   int64 // for stochastic solvers; same seed, same answer
	// ProofPath, when set, asks a pipeline that writes proofs
	// (Info.Proofs) to write there the DRAT proof of the unsatisfiable
	// call behind an unsat or unique verdict. The pipeline only writes it:
	// the harness checks it, after the timed section, against a formula it
	// builds itself.
	ProofPath string
	// Transient says that the caller is done with the Result (its
	// Counters, Model and Solution) before it calls Solve again, so that
	// the solver may hand back maps and a grid that it fills again on its
	// next call (ResultBuffers) instead of allocating new ones. The
	// harness's worker sets it: it encodes each result before the next
	// solve. Without it every Result is the caller's to keep.
	Transient bool
}

// Phases are the times a pipeline spent encoding, searching and decoding.
// A direct solver reports only Solve.
type Phases struct {
	Encode time.Duration `json:"encode_ns"`
	Solve  time.Duration `json:"solve_ns"`
	Decode time.Duration `json:"decode_ns"`
}

// Result is what a solver found.
type Result struct {
	Status Status
	// Solution is the grid found; set for Solved and Multiple (the first
	// solution found), nil otherwise.
	Solution *sudoku.Grid
	// Counters are engine counters by name: the shared ones (Nodes,
	// Guesses, Reads…) and an engine's own ("decisions", "conflicts"…).
	Counters Counters
	// Model is the size of the encoded problem: "variables", "clauses",
	// "literals", "constraints", "nonzeros", "items", "options"…
	Model  map[string]int
	Phases Phases
	// Detail explains an Error or GaveUp status.
	Detail string
}

// Solver is one named pipeline. A Solver may keep state between calls (an
// incremental SAT base formula, say) and is not safe for concurrent use.
type Solver interface {
	// Solve runs the pipeline on one puzzle. It should return soon after ctx
	// is done when the engine allows it; the harness's hard deadline covers
	// engines that cannot be interrupted. A non-nil error means the pipeline
	// itself failed (an external program missing, an unreadable output) and
	// is recorded as status error.
	Solve(ctx context.Context, req Request) (Result, error)
}

// SolverFunc adapts a function to the Solver interface.
type SolverFunc func(ctx context.Context, req Request) (Result, error)

// Solve calls f.
func (f SolverFunc) Solve(ctx context.Context, req Request) (Result, error) { return f(ctx, req) }

// SolutionLimit returns how many solutions a complete search must look for
// to settle the request: 1 in first mode, 2 in unique mode (a second one
// makes the answer multiple). It refuses a request without a puzzle or
// with an unknown mode.
func (r Request) SolutionLimit() (int, error) {
	if r.Puzzle == nil {
		return 0, fmt.Errorf("no puzzle")
	}
	switch r.Mode {
	case First:
		return 1, nil
	case Unique:
		return 2, nil
	}
	return 0, fmt.Errorf("unknown mode %q: use first or unique", r.Mode)
}

// SearchStatus is the verdict of a complete search that looked for
// SolutionLimit solutions: gave-up when it stopped early, unsat when it
// found none, multiple when it found more than one in unique mode, else
// solved.
func SearchStatus(mode Mode, solutions int, stopped bool) Status {
	switch {
	case stopped:
		return GaveUp
	case solutions == 0:
		return Unsat
	case mode == Unique && solutions > 1:
		return Multiple
	}
	return Solved
}
