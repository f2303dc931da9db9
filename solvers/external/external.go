// Package external runs outside solver programs (minisat, CaDiCaL,
// CryptoMiniSat, CBC, GLPK) for the engine packages: it finds them on PATH,
// asks their version, runs them in their own process group so that a
// cancelled context kills the whole tree, and returns what they printed with
// their exit code and CPU time. It knows nothing of Sudoku or of any format.
package external

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
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

// Output is what a finished program left behind.
type Output struct {
	Stdout, Stderr []byte
	// ExitCode is the process's exit status; -1 if it was killed by a signal.
	ExitCode int
	// Wall is the time from start to exit, process start-up included.
	Wall time.Duration
	// CPU is the user plus system time the process used.
	CPU time.Duration
}

// Tail returns the last n bytes of stderr, or of stdout if stderr is empty,
// for error messages.
func (o Output) Tail(n int) string {
	b := o.Stderr
	if len(bytes.TrimSpace(b)) == 0 {
		b = o.Stdout
	}
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.TrimSpace(string(b))
}

// Run starts name with args, feeds it stdin (may be nil), and waits for it.
// When ctx is done the whole process group is killed and ctx's error is
// returned with what was printed so far. A non-zero exit is not an error:
// SAT solvers exit 10 and 20 by convention; callers read ExitCode.
func Run(ctx context.Context, name string, args []string, stdin io.Reader) (Output, error) {
	cmd := exec.Command(name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Output{ExitCode: -1}, fmt.Errorf("start %s: %w", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		err = ctx.Err()
	}
	out := Output{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Wall: time.Since(start), ExitCode: -1}
	if st := cmd.ProcessState; st != nil {
		out.ExitCode = st.ExitCode()
		out.CPU = st.UserTime() + st.SystemTime()
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		err = nil
	}
	return out, err
}
