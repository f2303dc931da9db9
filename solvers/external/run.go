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
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Output is what a finished program, or a pipeline of programs, left behind.
type Output struct {
	// Stdout is what the (last) program printed; Stderr what every
	// program of a pipeline printed on standard error, in one stream.
	Stdout, Stderr []byte
	// ExitCode is the (last) program's exit status; -1 if it was killed by
	// a signal.
	ExitCode int
	// Exits holds each program's exit status, in pipeline order; for a
	// single program it is [ExitCode].
	Exits []int
	// Wall is the time from start to exit, process start-up included.
	Wall time.Duration
	// CPU is the user plus system time the programs used, together.
	CPU time.Duration
	// PeakRSS is the sum of the peak resident sets, in bytes, of the
	// programs and of every process they started, each read as it
	// exited: exact for processes that peak together, and an upper
	// bound for ones that run one after another. 0 when one of them
	// could not be measured.
	PeakRSS uint64
	// TreePeakRSS is the largest resident set, in bytes, that the
	// programs and the processes they started held at one time (see
	// treePeak): processes that ran one after another are not added.
	// 0 when one of them could not be measured.
	TreePeakRSS uint64
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

// Command is one program of a pipeline: the executable looked up on PATH,
// and its arguments.
type Command struct {
	Name string
	Args []string
}

// String is the command as a shell would show it, for messages.
func (c Command) String() string { return strings.Join(append([]string{c.Name}, c.Args...), " ") }

// Run starts name with args, feeds it stdin (may be nil), and waits for it.
// When ctx is done the whole process group is killed and ctx's error is
// returned with what was printed so far. A non-zero exit is not an error:
// SAT solvers exit 10 and 20 by convention; callers read ExitCode.
//
// The program runs traced, so that it stops as it exits and its VmHWM can
// be read (Output.PeakRSS and TreePeakRSS, and the Meter that ctx may
// carry); tracing costs two stops per run.
// A program the kernel will not let this process trace runs untraced, its
// peak unknown.
func Run(ctx context.Context, name string, args []string, stdin io.Reader) (Output, error) {
	return RunPipeline(ctx, []Command{{Name: name, Args: args}}, stdin)
}

// RunPipeline runs commands as a shell pipeline does: each program's
// standard output feeds the next one's standard input, stdin (may be nil)
// feeds the first, and the last one's output is returned. The programs
// share one process group, so that a done ctx kills them all, and each is
// measured as Run measures one program. A program that fails does not
// stop the others; callers read Output.Exits.
func RunPipeline(ctx context.Context, cmds []Command, stdin io.Reader) (Output, error) {
	if len(cmds) == 0 {
		return Output{ExitCode: -1}, errors.New("no program to run")
	}
	paths := make([]string, len(cmds))
	for i, c := range cmds {
		path, err := exec.LookPath(c.Name)
		if err != nil {
			return Output{ExitCode: -1}, fmt.Errorf("start %s: %w", c.Name, err)
		}
		paths[i] = path
	}
	// ptrace requests must come from the thread that started the tracee.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	begin := time.Now()
	p, err := start(paths, cmds, stdin)
	if err != nil {
		return Output{ExitCode: -1}, err
	}
	stop := context.AfterFunc(ctx, func() { _ = unix.Kill(-p.pgid, unix.SIGKILL) })
	waitErr := p.wait()
	wall := time.Since(begin)
	killed := !stop()
	p.finish()
	out := p.output(wall)
	if m, ok := ctx.Value(meterKey{}).(*Meter); ok {
		m.add(out)
	}
	switch {
	case killed:
		return out, ctx.Err()
	case waitErr != nil:
		return out, fmt.Errorf("waiting for %s: %w", cmds[len(cmds)-1].Name, waitErr)
	}
	return out, nil
}

// member is one started program of a pipeline, or a process one of them
// started (a descendant, traced from its fork on).
type member struct {
	pid    int
	ws     unix.WaitStatus
	ru     unix.Rusage
	peak   uint64
	exited bool
	seen   bool // its first stop (after exec) has been handled
	// descendant marks a process a program started, not a program.
	descendant bool
	// killed marks a descendant still running when the programs had
	// ended, killed then: its peak may be unknown without making the
	// run's so.
	killed bool
	// from is the event (process.events) at which the process's present
	// image began: its start or fork, or its last exec; -1 while it has
	// none of its own (a program before its first stop, a vforked child
	// before its exec, which share their parent's memory).
	from int
	// sofar is its present image's peak as last read (at a fork), known
	// from below until it exits.
	sofar uint64
}

// process is a started pipeline of programs and the copying of its output.
type process struct {
	pgid        int
	members     []*member
	descendants []*member
	// events counts the stops handled, in the order they were handled;
	// images are the process images that have ended, each with the
	// events it lived between and its peak.
	events         int
	images         []image
	stdout, stderr bytes.Buffer
	copying        sync.WaitGroup
	release        []func()
}

// noTrace is set once the kernel has refused to let this process trace a
// child; programs then run untraced.
var noTrace atomic.Bool

// start starts the programs in one process group (the first one's),
// traced when the kernel allows it, each one's output piped into the
// next, the last one's output and everyone's standard error copied into
// buffers.
func start(paths []string, cmds []Command, stdin io.Reader) (*process, error) {
	p := &process{}
	ends, err := newPipes(len(cmds), stdin)
	if err != nil {
		return nil, err
	}
	defer ends.closeChildEnds()
	for i, path := range paths {
		attr := &os.ProcAttr{
			Files: []*os.File{ends.stdin[i], ends.stdout[i], ends.stderrW},
			Sys:   &syscall.SysProcAttr{Setpgid: true, Pgid: p.pgid, Ptrace: !noTrace.Load()},
		}
		argv := append([]string{cmds[i].Name}, cmds[i].Args...)
		proc, err := os.StartProcess(path, argv, attr)
		if err != nil && attr.Sys.Ptrace && errors.Is(err, syscall.EPERM) && i == 0 {
			noTrace.Store(true)
			attr.Sys.Ptrace = false
			proc, err = os.StartProcess(path, argv, attr)
		}
		if err != nil {
			ends.closeParentEnds()
			p.abandon()
			return nil, fmt.Errorf("start %s: %w", cmds[i].Name, err)
		}
		if i == 0 {
			p.pgid = proc.Pid
		}
		p.members = append(p.members, &member{pid: proc.Pid, from: -1})
		p.release = append(p.release, func() { _ = proc.Release() })
	}
	p.copyOutput(ends, stdin)
	return p, nil
}

// abandon kills and reaps the programs already started when a later one
// could not start.
func (p *process) abandon() {
	if p.pgid != 0 {
		_ = unix.Kill(-p.pgid, unix.SIGKILL)
		_ = p.wait()
	}
	for _, r := range p.release {
		r()
	}
}

// pipes are a pipeline's files: per program its standard input and output
// (the child's ends), the shared standard error, and the parent's ends.
type pipes struct {
	stdin, stdout    []*os.File
	stderrW          *os.File
	feed             *os.File // the parent's end of the first stdin; nil without input
	lastOut, errRead *os.File // the parent's ends of the last stdout and of stderr
}

// newPipes makes the files of a pipeline of n programs: the first reads
// stdin (or /dev/null), each next one its predecessor's output.
func newPipes(n int, stdin io.Reader) (*pipes, error) {
	ps := &pipes{stdin: make([]*os.File, n), stdout: make([]*os.File, n)}
	fail := func(err error) (*pipes, error) {
		ps.closeChildEnds()
		ps.closeParentEnds()
		return nil, err
	}
	var err error
	if stdin == nil {
		ps.stdin[0], err = os.Open(os.DevNull)
	} else {
		ps.stdin[0], ps.feed, err = os.Pipe()
	}
	if err != nil {
		return fail(err)
	}
	for i := 0; i < n-1; i++ {
		r, w, err := os.Pipe()
		if err != nil {
			return fail(err)
		}
		ps.stdout[i], ps.stdin[i+1] = w, r
	}
	if ps.lastOut, ps.stdout[n-1], err = os.Pipe(); err != nil {
		return fail(err)
	}
	if ps.errRead, ps.stderrW, err = os.Pipe(); err != nil {
		return fail(err)
	}
	return ps, nil
}

// closeChildEnds closes the files the programs hold, once started.
func (ps *pipes) closeChildEnds() {
	for _, f := range append(append([]*os.File{ps.stderrW}, ps.stdin...), ps.stdout...) {
		if f != nil {
			f.Close()
		}
	}
}

// closeParentEnds closes the parent's files when the programs did not start.
func (ps *pipes) closeParentEnds() {
	for _, f := range []*os.File{ps.feed, ps.lastOut, ps.errRead} {
		if f != nil {
			f.Close()
		}
	}
}

// copyOutput copies the last program's output and the shared standard
// error into their buffers, and stdin into the first program, in the
// background.
func (p *process) copyOutput(ends *pipes, stdin io.Reader) {
	p.copying.Add(2)
	go func() { defer p.copying.Done(); _, _ = io.Copy(&p.stdout, ends.lastOut); ends.lastOut.Close() }()
	go func() { defer p.copying.Done(); _, _ = io.Copy(&p.stderr, ends.errRead); ends.errRead.Close() }()
	if ends.feed != nil {
		go func() { _, _ = io.Copy(ends.feed, stdin); ends.feed.Close() }()
	}
}

// finish waits for the output to be copied and lets the processes go.
func (p *process) finish() {
	p.copying.Wait()
	for _, r := range p.release {
		r()
	}
}

// output gathers what the programs left: the last one's exit status, every
// one's, their CPU time together (a program's includes the descendants it
// waited for), the sum of the peaks of the programs and of every process
// they started, and the tree's peak at any one time (both 0 when one of
// them is unknown).
func (p *process) output(wall time.Duration) Output {
	out := Output{Stdout: p.stdout.Bytes(), Stderr: p.stderr.Bytes(), Wall: wall, ExitCode: -1}
	known := true
	for _, m := range p.members {
		code := -1
		if m.exited && m.ws.Exited() {
			code = m.ws.ExitStatus()
		}
		out.Exits = append(out.Exits, code)
		out.CPU += time.Duration(m.ru.Utime.Nano() + m.ru.Stime.Nano())
		out.PeakRSS += m.peak
		known = known && m.peak > 0
	}
	for _, d := range p.descendants {
		out.PeakRSS += d.peak
		known = known && (d.peak > 0 || d.killed)
	}
	out.ExitCode = out.Exits[len(out.Exits)-1]
	if known {
		out.TreePeakRSS = treePeak(p.images)
	} else {
		out.PeakRSS = 0
	}
	return out
}

// traceOptions are set at a program's first stop: its exit is traced
// (for its peak), its later execs (whose stops would otherwise kill it),
// and its forks, so that every process it starts is traced the same way
// (the options pass on to them).
const traceOptions = unix.PTRACE_O_TRACEEXIT | unix.PTRACE_O_TRACEEXEC | unix.PTRACE_O_EXITKILL |
	unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK

// wait reaps every program of the group, recording each one's status,
// resource use and, for a traced program, its peak resident set read at
// its exit stop, and the peak of every process a program starts (its
// descendants, traced from their fork). It resumes every other stop: a
// program's first (after exec) with traceOptions switched on, exec and
// fork stops, a descendant's first stop, and signals with the signal
// delivered. Descendants still running when the programs have ended are
// killed (endDescendants).
//
// A descendant may leave the process group (MiniZinc puts its solver in
// a group of its own), so the stops are not awaited by group: wait
// blocks until any child or tracee of this thread has news, without
// taking it (WNOWAIT), then collects the news of the processes it knows,
// each by its pid. News of a child that is not this run's (another
// goroutine's, started from this thread before it was locked) is left to
// its owner.
func (p *process) wait() error {
	defer p.endDescendants()
	live := slices.Clone(p.members)
	for left := len(p.members); left > 0; {
		var info unix.Siginfo
		err := unix.Waitid(unix.P_ALL, 0, &info, unix.WEXITED|unix.WNOWAIT|unix.WALL|unix.WNOTHREAD, nil)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return err
		}
		collected := false
		for _, m := range live {
			var ws unix.WaitStatus
			var ru unix.Rusage
			pid, err := unix.Wait4(m.pid, &ws, unix.WALL|unix.WNOHANG, &ru)
			if err != nil || pid != m.pid {
				continue
			}
			collected = true
			switch {
			case !ws.Stopped() && m.descendant:
				m.exited = true // its parent, a program, reaps it and counts its CPU
			case !ws.Stopped():
				m.ws, m.ru, m.exited = ws, ru, true
				left--
			default:
				if d := p.resume(m, ws); d != nil {
					live = append(live, d)
				}
			}
		}
		live = slices.DeleteFunc(live, func(m *member) bool { return m.exited })
		if !collected {
			time.Sleep(time.Millisecond) // another's child: its owner reaps it
		}
	}
	return nil
}

// resume continues a traced process from a stop, reading its peak at its
// exit stop and setting traceOptions at a program's first. At a fork stop
// it returns the new process, a descendant, traced from its birth. Each
// stop is an event of the run's timeline: an image begins at a
// program's first stop, at a fork (a vforked child shares its parent's
// memory until it execs) and at an exec, and ends at an exec and at the
// exit stop, where its peak is read.
func (p *process) resume(m *member, ws unix.WaitStatus) *member {
	var born *member
	p.events++
	signal := ws.StopSignal()
	switch {
	case signal == unix.SIGTRAP && ws.TrapCause() == unix.PTRACE_EVENT_EXIT:
		m.peak, _ = readPeak(m.pid)
		p.endImage(m, m.peak)
		signal = 0
	case signal == unix.SIGTRAP && ws.TrapCause() == unix.PTRACE_EVENT_EXEC:
		// The program replaced itself (a wrapper's exec): the replaced
		// image's peak is known only as far as it was last read.
		p.endImage(m, m.sofar)
		m.from = p.events
		signal = 0
	case signal == unix.SIGTRAP && (ws.TrapCause() == unix.PTRACE_EVENT_FORK || ws.TrapCause() == unix.PTRACE_EVENT_VFORK):
		m.sofar, _ = readPeak(m.pid)
		if pid, err := unix.PtraceGetEventMsg(m.pid); err == nil {
			born = &member{pid: int(pid), descendant: true, from: p.events}
			if ws.TrapCause() == unix.PTRACE_EVENT_VFORK {
				born.from = -1
			}
			p.descendants = append(p.descendants, born)
		}
		signal = 0
	case signal == unix.SIGTRAP && !m.seen:
		_ = unix.PtraceSetOptions(m.pid, traceOptions)
		m.from = p.events
		signal = 0
	case signal == unix.SIGSTOP && m.descendant && !m.seen:
		signal = 0 // a descendant's first stop, which tracing it made
	}
	m.seen = true
	_ = unix.PtraceCont(m.pid, int(signal))
	return born
}

// image is one process image of a run, the events it lived between
// (from inclusive, to exclusive), and its peak resident set.
type image struct {
	from, to int
	peak     uint64
}

// endImage ends m's present image, if it has one, with the given peak.
func (p *process) endImage(m *member, peak uint64) {
	if m.from < 0 {
		return
	}
	p.images = append(p.images, image{from: m.from, to: p.events, peak: peak})
	m.from = -1
}

// treePeak is the largest sum of the peaks of images alive at the same
// event: the most the process tree can have held at once. It is exact
// where the images alive together peak together, and an upper bound
// where they peak apart; images that ran one after another (a wrapper's
// children, started when the one before had ended) are never added. An
// image that exec replaced counts with its peak as last read, at its
// last fork, a bound from below.
func treePeak(images []image) uint64 {
	var most uint64
	for _, at := range images {
		var sum uint64
		for _, im := range images {
			if im.from <= at.from && at.from < im.to {
				sum += im.peak
			}
		}
		most = max(most, sum)
	}
	return most
}

// endDescendants kills the descendants still running once the programs
// have ended (a daemon a wrapper left behind, say) and waits for each:
// a run's processes end with it. Each one's image ends then, with its
// peak read just before.
func (p *process) endDescendants() {
	for _, d := range p.descendants {
		if d.exited {
			continue
		}
		d.killed = true
		if peak, err := readPeak(d.pid); err == nil {
			d.sofar = peak
		}
		p.endImage(d, d.sofar)
		_ = unix.Kill(d.pid, unix.SIGKILL)
		for {
			var ws unix.WaitStatus
			_, err := unix.Wait4(d.pid, &ws, unix.WALL, nil)
			if errors.Is(err, unix.EINTR) {
				continue
			}
			if err != nil || !ws.Stopped() {
				break
			}
			_ = unix.PtraceCont(d.pid, 0) // its exit stop, if the kernel makes one
		}
		d.exited = true
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

// Meter gathers the peaks of the programs run under one context — a
// solve's, say — so that the figure travels with the solve: Run and
// RunPipeline add each run's to the Meter their context carries
// (WithMeter).
type Meter struct {
	mu      sync.Mutex
	runs    int
	sum     uint64 // the largest Output.PeakRSS
	tree    uint64 // the largest Output.TreePeakRSS
	unknown bool   // a run's peaks could not be read
}

type meterKey struct{}

// WithMeter returns a context that carries a new Meter, and the Meter.
func WithMeter(ctx context.Context) (context.Context, *Meter) {
	m := &Meter{}
	return context.WithValue(ctx, meterKey{}, m), m
}

func (m *Meter) add(out Output) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs++
	m.sum, m.tree = max(m.sum, out.PeakRSS), max(m.tree, out.TreePeakRSS)
	m.unknown = m.unknown || out.TreePeakRSS == 0
}

// Peaks returns, over the runs under the Meter's context, the largest
// sum of the processes' own peaks (Output.PeakRSS) and the largest peak
// of a run's process tree (Output.TreePeakRSS), with the number of runs.
// Both are 0 when no program ran or when one run's peaks could not be
// read.
func (m *Meter) Peaks() (sum, tree uint64, runs int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.unknown {
		return 0, 0, m.runs
	}
	return m.sum, m.tree, m.runs
}
