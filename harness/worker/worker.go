package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/sudoku"
)

// stackLimit caps the panic stack kept in a crash record.
const stackLimit = 2048

// ServeWorker is the worker child's side of the protocol. It builds the
// solver named in reg, says hello on out, then answers each job read from in
// with one reply line, until in is closed. The solver is reused across jobs
// (engines may keep state between puzzles) and rebuilt after a panic.
func ServeWorker(reg *solvers.Registry, name string, in io.Reader, out io.Writer) error {
	info, err := reg.Lookup(name)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	meter, err := openPeakMeter()
	if err != nil {
		return fmt.Errorf("worker: cannot read its memory use: %w", err)
	}
	w := &worker{info: info, solver: info.New(), meter: meter, primed: make(map[int]bool)}
	w.clockCost = cpuClockCost(!info.PureGo)
	if info.PureGo {
		w.windowClockCost = windowClockCost()
	}
	debug.FreeOSMemory()
	w.baseRSS = residentBytes(os.Getpid())
	enc := json.NewEncoder(out)
	if err := enc.Encode(Hello{Ready: true, Solver: name, PID: os.Getpid()}); err != nil {
		return fmt.Errorf("worker: saying hello: %w", err)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var replied time.Time // when the previous reply went out
	var line []byte       // a reply, reused
	for sc.Scan() {
		waited := time.Since(replied)
		var j Job
		if err := decodeJob(sc.Bytes(), &j); err != nil {
			return fmt.Errorf("worker: bad job line %q: %w", sc.Text(), err)
		}
		rep := w.do(j, waited)
		line, err = appendReply(line[:0], &rep)
		if err == nil {
			_, err = out.Write(append(line, '\n'))
		}
		if err != nil {
			return fmt.Errorf("worker: writing reply: %w", err)
		}
		replied = time.Now()
	}
	return sc.Err()
}

// worker holds one solver across jobs.
type worker struct {
	info    solvers.Info
	solver  solvers.Solver
	meter   *peakMeter
	baseRSS uint64 // resident bytes after start-up, collected
	// clockCost is the CPU time that reading the CPU clock adds to a run's.
	clockCost time.Duration
	// windowClockCost is what a window's clock readings charge to the
	// process clock beyond the thread clock (see solveInWindow).
	windowClockCost time.Duration
	// lastPeak is the previous run's peak resident set, and lastWall its
	// solve time.
	lastPeak uint64
	lastWall time.Duration
	warm     warmPool
	// primed holds the box sizes the solver has been primed for.
	primed map[int]bool
}

// leftoverSlack is how far the worker's resident memory may sit above its
// start-up level before a run begins; past it the heap is collected and
// returned to the system first, so that one big run does not inflate the
// peaks of those after it. Below it nothing is released: giving pages back
// before every run makes the next one fault them in again, which on
// gophersat nearly doubled the measured CPU time. A run's peak therefore
// includes what the worker already holds: its runtime, the solver's reused
// state, and up to this much heap left by earlier runs.
const leftoverSlack = 64 << 20

// do runs one job, which the worker waited for since its previous reply,
// and returns what it measured.
func (w *worker) do(j Job, waited time.Duration) Reply {
	req, err := j.request()
	if err != nil {
		return Reply{Status: string(solvers.Error), Detail: err.Error()}
	}
	timeout := time.Duration(j.TimeoutNS)
	w.prime(req, timeout)
	w.shedLeftovers()
	if !j.SkipPeak {
		w.meter.reset()
	}
	if !j.SkipWarmUp {
		w.warmUp(timeout, waited)
	}
	ctx, cancel := limitedContext(timeout)
	defer cancel()
	children := !w.info.PureGo
	// The programs the solve runs report their peaks to a meter that
	// travels in its context; the warm-up's ran under contexts of their own.
	ctx, programs := external.WithMeter(ctx)

	// The peak was reset before the warm-up, so that only the CPU clock's
	// system call precedes a directly timed solve, and none one timed in a
	// window; a warmed-up run's peak therefore also covers the warm-up's
	// solves, of puzzles that each took under warmPoolLimit.
	t := w.timeSolve(ctx, j, req, children)
	res, solveErr, crash, wall := t.res, t.err, t.crash, t.wall
	rep := Reply{WallNS: int64(wall), CPUNS: int64(t.cpu), AllocBytes: t.alloc, BaseRSS: w.baseRSS, Timing: t.timing}
	if !j.SkipPeak {
		rep.PeakRSS, _ = w.meter.peak()
	}
	rep.ProgramPeakRSS, rep.ProgramTreePeak, _ = programs.Peaks()
	w.lastPeak, w.lastWall = rep.PeakRSS, wall
	if crash != "" {
		w.rebuild()
		rep.Status, rep.Detail = string(solvers.Crash), crash
		return rep
	}
	if wall < warmPoolLimit {
		req.ProofPath = "" // warm-ups write no proofs
		w.warm.add(req)
	}
	fillReply(&rep, res, solveErr, ctx.Err() != nil)
	return rep
}

// limitedContext is the context of a solve under a wall-clock limit; 0 is
// no limit.
func limitedContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout == 0 {
		return context.WithCancel(context.Background())
	}
	return context.WithTimeout(context.Background(), timeout)
}

// rebuild replaces a solver that panicked, and forgets the puzzles it had
// solved, so that no warm-up replays the panic.
func (w *worker) rebuild() {
	w.solver = w.info.New()
	w.warm = warmPool{}
}

// warmUpLimit is the solve time under which a run is followed by a short
// warm-up before the next. A run that waited for its job finds the caches
// cold: on exactcover/dlx that added about 20 µs per puzzle, +60% on
// 17-clue puzzles, but under 2% on runs of a millisecond or more.
const warmUpLimit = time.Millisecond

// warmUpSettle is how long, at least, the short warm-up keeps the worker
// busy. A solve that starts within a few tens of microseconds of its job's
// arrival shares the machine with a processor just woken from idle and with
// the parent going back to sleep: on this project's 2-core VMs about one
// 17-clue run in ten took 40 µs longer after a single 20 µs re-solve, and
// one in twenty after 100 µs, a rate that a longer warm-up did not lower.
const warmUpSettle = 100 * time.Microsecond

// longWait is the wait for a job past which the worker settles for
// settleAfterWait before the run, whatever the previous run took. A worker
// waits that long when the runs of other solvers came between its own (the
// run order comes in blocks), and it comes back cold: Go's runtime takes
// the processor of a thread blocked in a system call for more than 10 ms,
// after which its monitor thread polls every 20 µs for a millisecond and
// backs off over several more (each poll cost about 25 µs of CPU time on
// this project's VMs, charged to the run as process CPU time); the other
// solvers have evicted its caches; and the runtime may have returned heap
// pages that the run must fault back in.
const longWait = 10 * time.Millisecond

// settleAfterWait is how long, at least, the warm-up after a long wait
// lasts. In an 11-solver run on 17-clue, exactcover/dlx's per-puzzle times
// sat a median 9-19% above a tight loop's (20-40% on the first runs after a
// wait), and one run in eight was charged over 10 µs of other threads' CPU
// time; settling for 10 ms brought these to 3-4% and one in twenty.
const settleAfterWait = 10 * time.Millisecond

// warmPoolLimit is the solve time under which a run's puzzle joins the
// warm-up pool.
const warmPoolLimit = 10 * time.Millisecond

// cycleWarmPool solves puzzles of the warm-up pool, untimed, in turn,
// until at least d has passed. It reports false when a solve crashed (the
// solver is then rebuilt, and the pool emptied).
func (w *worker) cycleWarmPool(ctx context.Context, d time.Duration) bool {
	for start := time.Now(); time.Since(start) < d && len(w.warm.reqs) > 0; {
		if _, crash, _ := w.safeSolve(ctx, w.warm.next()); crash != "" {
			w.rebuild()
			return false
		}
	}
	return true
}

// warmUp solves, untimed, puzzles from the warm-up pool for at least the
// settle time that settleTime gives, so that a run finds caches, branch
// predictors, the heap and the Go runtime as warm as a tight in-process loop
// over a corpus (tdoku's harness, go test -bench) does. It never sees the
// coming puzzle, and its cost is bounded by the settle time plus one solve
// under warmPoolLimit.
func (w *worker) warmUp(timeout, waited time.Duration) {
	settle := w.settleTime(waited)
	if settle == 0 || len(w.warm.reqs) == 0 {
		return
	}
	ctx, cancel := limitedContext(timeout)
	defer cancel()
	w.cycleWarmPool(ctx, settle)
}

// settleTime is how long the warm-up before a run lasts, at least: long
// after a long wait for the job, short after a short run, else nothing.
func (w *worker) settleTime(waited time.Duration) time.Duration {
	switch {
	case waited > longWait:
		return settleAfterWait
	case w.lastWall < warmUpLimit:
		return warmUpSettle
	}
	return 0
}

// warmPoolSize is how many earlier puzzles the warm-up cycles through.
const warmPoolSize = 64

// warmPool holds the latest puzzles whose runs took under warmPoolLimit, for
// warm-ups to cycle through. Cycling matters: re-solving one puzzle over and
// over trains the branch predictors on its search, and the next, different
// puzzle then ran 7-10% slower than in a loop over a corpus; a pool of
// distinct puzzles, each re-solved about once every dozen runs, left
// exactcover/dlx's 17-clue times where the loop has them.
type warmPool struct {
	reqs   []solvers.Request
	added  int // puzzles added so far; the oldest is overwritten first
	cursor int // puzzles handed out so far
}

// add puts a puzzle in the pool, in place of the oldest once it is full.
func (p *warmPool) add(req solvers.Request) {
	if len(p.reqs) < warmPoolSize {
		p.reqs = append(p.reqs, req)
	} else {
		p.reqs[p.added%warmPoolSize] = req
	}
	p.added++
}

// next returns the pool's next puzzle in turn.
func (p *warmPool) next() solvers.Request {
	req := p.reqs[p.cursor%len(p.reqs)]
	p.cursor++
	return req
}

// prime solves, untimed, a trivial puzzle of the coming puzzle's size the
// first time the solver meets that size, so that one-time set-up (tables
// or a base formula built once per geometry: 3.3 ms against a 20 µs solve
// for exactcover/dlx; an outside pipeline's start-up measurement) is not
// charged to whichever puzzle happens to run first. The primer is the
// classic pattern grid with its first row blank, which every engine
// settles at once. A diagonal puzzle's primer is classic too (the pattern
// breaks the diagonals): it pays for what is set up once per solver, not
// for its own geometry's tables, and its answer, as every primer's, is
// not read.
func (w *worker) prime(req solvers.Request, timeout time.Duration) {
	box := req.Puzzle.Geometry().Box
	if w.primed[box] {
		return
	}
	w.primed[box] = true
	ctx, cancel := limitedContext(timeout)
	defer cancel()
	primer := sudoku.PatternGrid(box)
	for c := 0; c < primer.N(); c++ {
		primer.Set(c, 0)
	}
	if _, crash, _ := w.safeSolve(ctx, solvers.Request{Puzzle: primer, Mode: req.Mode, Seed: req.Seed, Transient: true}); crash != "" {
		w.rebuild()
	}
}

// fillReply copies a solver's result into rep and settles its status.
func fillReply(rep *Reply, res solvers.Result, solveErr error, expired bool) {
	rep.Status, rep.Detail = string(res.Status), res.Detail
	rep.Counters, rep.Model, rep.Phases = res.Counters, res.Model, res.Phases
	if res.Solution != nil {
		rep.Solution = res.Solution.String()
	}
	switch {
	case expired && (solveErr != nil || !settled(res.Status)):
		rep.Status, rep.Detail = string(solvers.Timeout), "stopped at its context's deadline"
	case solveErr != nil:
		rep.Status, rep.Detail = string(solvers.Error), solveErr.Error()
	case rep.Status == "":
		rep.Status, rep.Detail = string(solvers.Error), "solver returned no status"
	}
}

// settled reports whether a solver's status answers the question asked.
func settled(s solvers.Status) bool {
	return s == solvers.Solved || s == solvers.Unsat || s == solvers.Multiple
}

// safeSolve calls the solver and turns a panic into a crash message.
func (w *worker) safeSolve(ctx context.Context, req solvers.Request) (res solvers.Result, crash string, err error) {
	defer func() {
		if p := recover(); p != nil {
			stack := debug.Stack()
			if len(stack) > stackLimit {
				stack = stack[:stackLimit]
			}
			crash = fmt.Sprintf("panic: %v\n%s", p, stack)
		}
	}()
	res, err = w.solver.Solve(ctx, req)
	return res, "", err
}

// shedLeftovers collects the heap and returns it to the system when the
// previous run took the worker more than leftoverSlack above its start. It
// judges by that run's peak, already read, so that the check costs no
// system call.
func (w *worker) shedLeftovers() {
	if w.lastPeak > w.baseRSS+leftoverSlack {
		debug.FreeOSMemory()
		w.lastPeak = 0
	}
}

// request turns a job back into a solver request: a transient one, since
// the worker encodes each result before its next solve, so that a solver
// may reuse its result's maps and grid rather than allocate them inside
// the measured solve.
func (j Job) request() (solvers.Request, error) {
	v, err := sudoku.ParseVariant(j.Variant)
	if err != nil {
		return solvers.Request{}, err
	}
	g, err := sudoku.ParseLine(j.Puzzle, v)
	if err != nil {
		return solvers.Request{}, fmt.Errorf("puzzle sent to worker: %w", err)
	}
	mode, err := solvers.ParseMode(j.Mode)
	if err != nil {
		return solvers.Request{}, err
	}
	return solvers.Request{Puzzle: g, Mode: mode, Seed: j.Seed, ProofPath: j.ProofPath, Transient: true}, nil
}

// ServeWorkerStdio is a worker process's whole life: ServeWorker on
// standard input, its replies on what standard output was, moved off
// descriptor 1 first (protocolStdout).
func ServeWorkerStdio(reg *solvers.Registry, name string) error {
	out, err := protocolStdout()
	if err != nil {
		return err
	}
	return ServeWorker(reg, name, os.Stdin, out)
}

// protocolStdout moves the worker's protocol off file descriptor 1: it
// returns a new file for the replies and points descriptor 1 at standard
// error, so that a solver (or a library under it) printing to standard output
// cannot corrupt the reply stream.
func protocolStdout() (*os.File, error) {
	fd, err := unix.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("worker: duplicating stdout: %w", err)
	}
	if err := unix.Dup2(2, 1); err != nil {
		return nil, fmt.Errorf("worker: pointing stdout at stderr: %w", err)
	}
	return os.NewFile(uintptr(fd), "protocol"), nil
}
