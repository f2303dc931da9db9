// Package external runs outside solver programs (whatever a solver
// definition names, and glpsol for the LP analysis): it finds them on
// PATH, runs them — one program, or a pipeline of programs connected as a
// shell connects them — in their own process group so that a cancelled
// context kills the whole tree, and returns what they printed with their
// exit codes, CPU time and peak resident memory. It knows nothing of
// Sudoku or of any format.
//
// Its opinion: an outside program's memory is its own, measured from the
// kernel's high-water marks or not at all. A Go parent starts children
// with vfork semantics, so a child's rusage peak includes the parent's
// pages; the package instead reads the program's own high-water mark
// (VmHWM) from /proc as it exits, stopped there by ptrace. The processes a
// program starts (a wrapper script's solver, say) are traced from their
// fork and measured alike. Each process image (between a fork or exec and
// the next exec or the exit) lives on the run's timeline of stops, and
// the run's tree peak is the largest sum of the peaks of the images alive
// at one stop: exact for processes that peak together, an upper bound for
// ones that overlap but peak apart, and processes that run one after
// another are not added (Output.PeakRSS keeps the sum over all of them).
// Where ptrace is refused the peak is unknown (0), never an estimate.
// Descendants are followed wherever they go, into a process group of
// their own too (MiniZinc's solver), and one that a program leaves running
// is killed when the programs end. What a run measured travels with it:
// in its Output, and in the Meter that its context may carry, never in
// state of the package.
package external

import (
	"fmt"
	"os/exec"
)

// Program is an outside solver binary.
type Program struct {
	// Name is the executable looked up on PATH, e.g. "cadical".
	Name string
	// Package is the Debian package that provides it, for error messages.
	Package string
}

// Available returns nil if the program is on PATH, or an error that says how
// to install it.
func (p Program) Available() error {
	if _, err := exec.LookPath(p.Name); err != nil {
		return fmt.Errorf("%s not found on PATH (install it: apt-get install %s)", p.Name, p.Package)
	}
	return nil
}
