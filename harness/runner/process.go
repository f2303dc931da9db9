package runner

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
)

// Timing of the parent's watch over a worker.
const (
	pollInterval   = 10 * time.Millisecond  // resident memory reading
	familyInterval = 200 * time.Millisecond // rescan for processes the worker started
	startupLimit   = 30 * time.Second       // from exec to the worker's hello
	stderrTail     = 2048                   // bytes of stderr kept for crash records
)

// ErrInterrupted reports a run abandoned because the benchmark was stopped.
var ErrInterrupted = errors.New("interrupted")

// workerProc is a live worker child and the parent's end of its pipes.
type workerProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan workerLine // reply lines; closed at the worker's end of output
	stderr *tailBuffer
}

// startWorker launches a worker and waits for its hello.
func startWorker(ctx context.Context, launch worker.Launcher, solver string) (*workerProc, error) {
	cmd := launch(solver)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.WaitDelay = time.Second
	p := &workerProc{cmd: cmd, lines: make(chan workerLine, 1), stderr: &tailBuffer{limit: stderrTail}}
	cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting worker for %s: %w", solver, err)
	}
	go readLines(stdout, p.lines)
	if err := p.awaitHello(ctx, solver); err != nil {
		p.kill()
		return nil, err
	}
	return p, nil
}

// awaitHello waits for the worker's first line.
func (p *workerProc) awaitHello(ctx context.Context, solver string) error {
	timer := time.NewTimer(startupLimit)
	defer timer.Stop()
	select {
	case line, ok := <-p.lines:
		var h worker.Hello
		if !ok || json.Unmarshal(line.text, &h) != nil || !h.Ready {
			p.kill()
			return fmt.Errorf("worker for %s did not start: %s", solver, p.stderr.String())
		}
		return nil
	case <-timer.C:
		return fmt.Errorf("worker for %s said nothing within %s", solver, startupLimit)
	case <-ctx.Done():
		return ErrInterrupted
	}
}

// workerLine is a line a worker wrote, stamped with when the parent read
// it: the arrival of a reply starts the clock of the job sent after it.
type workerLine struct {
	text []byte
	at   time.Time
}

// readLines sends each line of r to out and closes out at the end.
func readLines(r io.Reader, out chan<- workerLine) {
	defer close(out)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		out <- workerLine{text: append([]byte(nil), sc.Bytes()...), at: time.Now()}
	}
}

// limits are what the parent enforces on one job.
type limits struct {
	timeout  time.Duration // the benchmark's limit, given to the solver's context; 0: none
	hard     time.Duration // when the parent kills the worker; 0: never
	memBytes uint64        // 0: no limit
}

// solve sends one job and waits for its reply, killing the worker at the
// hard deadline or when its memory passes the limit. The reply it returns
// then carries the status timeout, memout or crash; alive reports whether
// the worker can take another job. The error is errInterrupted when ctx was
// cancelled, in which case the worker is killed and nothing is recorded.
func (p *workerProc) solve(ctx context.Context, j worker.Job, lim limits) (rep worker.Reply, alive bool, err error) {
	line := worker.AppendJob(nil, &j)
	// The watch's timers start before the job is sent, so that setting them
	// up does not wake the parent's threads while the worker is timing.
	w := newWatch(p.cmd.Process.Pid, lim)
	defer w.stop()
	start := time.Now()
	if _, err := p.stdin.Write(append(line, '\n')); err != nil {
		return p.died(start, "worker stopped reading jobs"), false, nil
	}
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return p.died(start, "worker died"), false, nil
			}
			if err := worker.DecodeReply(line.text, &rep); err != nil {
				p.kill()
				return crashReply(start, fmt.Sprintf("unreadable reply %q: %v", line.text, err)), false, nil
			}
			return rep, true, nil
		case <-w.deadline():
			p.kill()
			return limitReply(solvers.Timeout, start, w.peak,
				fmt.Sprintf("killed %s after the %s deadline: the solver ignored its context", lim.hard-lim.timeout, lim.timeout)), false, nil
		case <-w.poll.C:
			if w.overLimit() {
				p.kill()
				return limitReply(solvers.Memout, start, w.peak,
					fmt.Sprintf("killed at %d bytes resident, over the %s limit", w.peak, record.FormatBytes(float64(lim.memBytes)))), false, nil
			}
		case <-ctx.Done():
			p.kill()
			return worker.Reply{}, false, ErrInterrupted
		}
	}
}

// watch is the parent's view of one job in flight.
type watch struct {
	timer   *time.Timer // nil: no deadline
	poll    *time.Ticker
	pid     int
	family  []int
	scanned time.Time
	limit   uint64
	peak    uint64
}

func newWatch(pid int, lim limits) *watch {
	w := &watch{
		poll:    time.NewTicker(pollInterval),
		pid:     pid,
		family:  []int{pid},
		scanned: time.Now(),
		limit:   lim.memBytes,
	}
	if lim.hard > 0 {
		w.timer = time.NewTimer(lim.hard)
	}
	return w
}

// deadline fires at the hard deadline; never without one.
func (w *watch) deadline() <-chan time.Time {
	if w.timer == nil {
		return nil
	}
	return w.timer.C
}

func (w *watch) stop() {
	if w.timer != nil {
		w.timer.Stop()
	}
	w.poll.Stop()
}

// overLimit reads the resident memory of the worker and what it started.
func (w *watch) overLimit() bool {
	if time.Since(w.scanned) >= familyInterval {
		w.family, w.scanned = worker.Family(w.pid), time.Now()
	}
	rss := worker.FamilyRSS(w.family)
	w.peak = max(w.peak, rss)
	return w.limit > 0 && rss > w.limit
}

// limitReply is the record of a job the parent stopped.
func limitReply(status solvers.Status, start time.Time, peak uint64, detail string) worker.Reply {
	return worker.Reply{Status: string(status), Detail: detail, WallNS: int64(time.Since(start)), PeakRSS: peak}
}

func crashReply(start time.Time, detail string) worker.Reply {
	return worker.Reply{Status: string(solvers.Crash), Detail: detail, WallNS: int64(time.Since(start))}
}

// died reaps a worker that ended on its own and describes how.
func (p *workerProc) died(start time.Time, what string) worker.Reply {
	p.kill()
	state := "exit unknown"
	if ps := p.cmd.ProcessState; ps != nil {
		state = ps.String()
	}
	detail := fmt.Sprintf("%s (%s)", what, state)
	if tail := p.stderr.String(); tail != "" {
		detail += ": " + tail
	}
	return crashReply(start, detail)
}

// kill ends the worker's whole tree and reaps it.
func (p *workerProc) kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	worker.KillTree(p.cmd.Process.Pid)
	_ = p.stdin.Close()
	_ = p.cmd.Wait()
}

// close lets an idle worker finish by closing its input.
func (p *workerProc) close() {
	_ = p.stdin.Close()
	timer := time.AfterFunc(time.Second, func() { worker.KillTree(p.cmd.Process.Pid) })
	_ = p.cmd.Wait()
	timer.Stop()
}

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct {
	mu    sync.Mutex
	limit int
	buf   []byte
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.limit; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
