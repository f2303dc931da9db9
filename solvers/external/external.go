// Package external runs outside solver programs (minisat, CaDiCaL,
// CryptoMiniSat, CBC, GLPK, and whatever a solver definition names) for the
// engine packages: it finds them on PATH, asks their version, runs them —
// one program, or a pipeline of programs connected as a shell connects
// them — in their own process group so that a cancelled context kills the
// whole tree, and returns what they printed with their exit codes, CPU time
// and peak resident memory. It knows nothing of
// Sudoku or of any format.
//
// Its opinion: an outside program's memory is its own, measured exactly or
// not at all. A Go parent starts children with vfork semantics, so a
// child's rusage peak includes the parent's pages; the package instead
// reads the program's own high-water mark (VmHWM) from /proc as it exits,
// stopped there by ptrace. Where ptrace is refused the peak is unknown (0),
// never an estimate.
package external

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"time"
)

// Program is an outside solver binary.
type Program struct {
	// Name is the executable looked up on PATH, e.g. "cadical".
	Name string
	// Package is the Debian package that provides it, for error messages.
	Package string
	// VersionArgs are the arguments that make it print its version.
	VersionArgs []string
}

// Available returns nil if the program is on PATH, or an error that says how
// to install it.
func (p Program) Available() error {
	if _, err := exec.LookPath(p.Name); err != nil {
		return fmt.Errorf("%s not found on PATH (install it: apt-get install %s)", p.Name, p.Package)
	}
	return nil
}

var versionPattern = regexp.MustCompile(`\d+(\.\d+)+[\w.+~-]*`)

// Version runs the program with VersionArgs and returns the first version
// number it prints, the first line of its output if there is none, or
// "unavailable".
func (p Program) Version() string {
	if p.Available() != nil {
		return "unavailable"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, _ := Run(ctx, p.Name, p.VersionArgs, nil)
	text := string(out.Stdout) + string(out.Stderr)
	if v := versionPattern.FindString(text); v != "" {
		return v
	}
	if line, _, _ := strings.Cut(strings.TrimSpace(text), "\n"); line != "" {
		return line
	}
	return "unknown"
}
