package external

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Output is what a finished program left behind.
type Output struct {
	Stdout, Stderr []byte
	// ExitCode is the process's exit status; -1 if it was killed by a signal.
	ExitCode int
	// Wall is the time from start to exit, process start-up included.
	Wall time.Duration
	// CPU is the user plus system time the process used.
	CPU time.Duration
	// PeakRSS is the program's own peak resident set in bytes, read as it
	// exited; 0 when it could not be measured.
	PeakRSS uint64
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
//
// The program runs traced, so that it stops as it exits and its VmHWM can
// be read (Output.PeakRSS, and TakePeak); tracing costs two stops per run.
// A program the kernel will not let this process trace runs untraced, its
// peak unknown.
func Run(ctx context.Context, name string, args []string, stdin io.Reader) (Output, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return Output{ExitCode: -1}, fmt.Errorf("start %s: %w", name, err)
	}
	// ptrace requests must come from the thread that started the tracee.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	begin := time.Now()
	p, err := start(path, append([]string{name}, args...), stdin)
	if err != nil {
		return Output{ExitCode: -1}, fmt.Errorf("start %s: %w", name, err)
	}
	stop := context.AfterFunc(ctx, func() { _ = unix.Kill(-p.pid, unix.SIGKILL) })
	ws, ru, peak, waitErr := p.wait()
	wall := time.Since(begin)
	killed := !stop()
	p.finish()
	out := Output{Stdout: p.stdout.Bytes(), Stderr: p.stderr.Bytes(), Wall: wall, ExitCode: -1, PeakRSS: peak}
	if waitErr == nil {
		out.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		if ws.Exited() {
			out.ExitCode = ws.ExitStatus()
		}
	}
	peaks.add(out.PeakRSS)
	switch {
	case killed:
		return out, ctx.Err()
	case waitErr != nil:
		return out, fmt.Errorf("waiting for %s: %w", name, waitErr)
	}
	return out, nil
}

// process is a started program and the copying of its output.
type process struct {
	pid            int
	traced         bool
	stdout, stderr bytes.Buffer
	copying        sync.WaitGroup
	release        func()
}

// noTrace is set once the kernel has refused to let this process trace a
// child; programs then run untraced.
var noTrace atomic.Bool

// start starts a program in its own process group, traced when the kernel
// allows it, with its output copied into buffers.
func start(path string, argv []string, stdin io.Reader) (*process, error) {
	p := &process{}
	files, parentEnds, err := p.pipes(stdin)
	if err != nil {
		return nil, err
	}
	attr := &os.ProcAttr{Files: files, Sys: &syscall.SysProcAttr{Setpgid: true, Ptrace: !noTrace.Load()}}
	proc, err := os.StartProcess(path, argv, attr)
	if err != nil && attr.Sys.Ptrace && errors.Is(err, syscall.EPERM) {
		noTrace.Store(true)
		attr.Sys.Ptrace = false
		proc, err = os.StartProcess(path, argv, attr)
	}
	for _, f := range files {
		f.Close()
	}
	if err != nil {
		for _, c := range parentEnds {
			c.Close()
		}
		return nil, err
	}
	p.pid, p.traced = proc.Pid, attr.Sys.Ptrace
	p.release = func() { _ = proc.Release() }
	p.copyOutput(parentEnds, stdin)
	return p, nil
}

// pipes makes the child's standard files and returns them with the
// parent's ends: stdin's writer (when there is input), stdout's and
// stderr's readers.
func (p *process) pipes(stdin io.Reader) (child []*os.File, parent []*os.File, err error) {
	in, err := os.Open(os.DevNull)
	var inW *os.File
	if err == nil && stdin != nil {
		in.Close()
		in, inW, err = os.Pipe()
	}
	if err != nil {
		return nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	parent = []*os.File{outR, errR}
	if inW != nil {
		parent = append(parent, inW)
	}
	return []*os.File{in, outW, errW}, parent, nil
}

// copyOutput copies the program's output into its buffers and stdin into
// the program, in the background.
func (p *process) copyOutput(ends []*os.File, stdin io.Reader) {
	p.copying.Add(2)
	go func() { defer p.copying.Done(); _, _ = io.Copy(&p.stdout, ends[0]); ends[0].Close() }()
	go func() { defer p.copying.Done(); _, _ = io.Copy(&p.stderr, ends[1]); ends[1].Close() }()
	if len(ends) == 3 {
		go func() { _, _ = io.Copy(ends[2], stdin); ends[2].Close() }()
	}
}

// finish waits for the output to be copied and lets the process go.
func (p *process) finish() {
	p.copying.Wait()
	p.release()
}

// wait reaps the program and returns its status, its resource use and, for
// a traced program, its peak resident set read at its exit stop. It
// resumes every other stop: the first (after exec) with tracing of the
// exit switched on, signals with the signal delivered.
func (p *process) wait() (unix.WaitStatus, unix.Rusage, uint64, error) {
	var ws unix.WaitStatus
	var ru unix.Rusage
	var peak uint64
	for first := true; ; first = false {
		_, err := unix.Wait4(p.pid, &ws, unix.WALL, &ru)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return ws, ru, peak, err
		case !ws.Stopped():
			return ws, ru, peak, nil
		}
		signal := ws.StopSignal()
		switch {
		case signal == unix.SIGTRAP && ws.TrapCause() == unix.PTRACE_EVENT_EXIT:
			peak, _ = readPeak(p.pid)
			signal = 0
		case signal == unix.SIGTRAP && first:
			_ = unix.PtraceSetOptions(p.pid, unix.PTRACE_O_TRACEEXIT|unix.PTRACE_O_EXITKILL)
			signal = 0
		}
		_ = unix.PtraceCont(p.pid, int(signal))
	}
}

// readPeak reads a live process's VmHWM.
func readPeak(pid int) (uint64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	return VmHWM(b)
}

// VmHWM reads the peak resident set, in bytes, from the text of a
// /proc/<pid>/status file.
func VmHWM(status []byte) (uint64, error) {
	const name = "VmHWM:"
	for line := range bytes.Lines(status) {
		rest, ok := bytes.CutPrefix(line, []byte(name))
		if !ok {
			continue
		}
		field := strings.TrimSuffix(strings.TrimSpace(string(rest)), " kB")
		kb, err := strconv.ParseUint(field, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc status: bad %s line %q", name, bytes.TrimSpace(line))
		}
		return kb * 1024, nil
	}
	return 0, fmt.Errorf("/proc status: no %s line", name)
}

// peaks gathers, process-wide as the kernel gathers its children's CPU
// time, the peak resident sets of the programs Run ran since TakePeak.
var peaks peakTally

type peakTally struct {
	mu      sync.Mutex
	max     uint64
	unknown bool // a program ran whose peak could not be read
}

func (t *peakTally) add(peak uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.max = max(t.max, peak)
	t.unknown = t.unknown || peak == 0
}

// TakePeak returns the largest peak resident set that a program run by Run
// reached since the previous call, and starts over. It returns 0 when no
// program ran or when the peak of one of them could not be read. A harness
// worker, which serves one solver, calls it before a solve (to start over)
// and after (to take the solve's figure).
func TakePeak() uint64 {
	peaks.mu.Lock()
	defer peaks.mu.Unlock()
	peak := peaks.max
	if peaks.unknown {
		peak = 0
	}
	peaks.max, peaks.unknown = 0, false
	return peak
}
