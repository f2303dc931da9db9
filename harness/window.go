package harness

import (
	"context"
	"runtime"
	"slices"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
)

// How a run's times were taken (reply.Timing, record.Record.Timing).
const (
	// TimingClock: the process CPU clock read just before the solve and
	// just after it, less the calibrated cost of a reading, and the wall
	// clock read inside them.
	TimingClock = "cpu-clock"
	// TimingWindow: the solve timed by the wall clock alone (read through
	// the vDSO, no system call), at the end of a window of untimed solves
	// of earlier puzzles whose clocks were read before it began (see
	// solveInWindow).
	TimingWindow = "window"
)

// windowLimit is the solve time under which a run of a pure-Go pipeline
// is timed again in a window. Reading the CPU clock costs a system call
// on each side of the solve, and what a reading charges the run is not
// the same after a solve as back to back, where it is calibrated: on
// this project's VMs the records of the bitboard's 2 µs solves sat 15–35%
// above a tight loop's, and a 20 µs solve's 3–10%. Past 100 µs what is
// left is under 2%, and a second solve would cost more than it mends.
const windowLimit = 100 * time.Microsecond

// windowWarmUp is how long, at least, the untimed solves at the start of
// a window last: long enough that the system calls that open it leave
// the solve warm caches and TLB (25 bitboard solves of 17-clue puzzles),
// short enough that few windows are interrupted.
const windowWarmUp = 50 * time.Microsecond

// windowTries is how many windows a run is timed in, at most, before its
// direct timing is kept: a window whose thread did not run throughout
// (the scheduler or the host took the processor) is tried again. On this
// project's VMs the host takes the processor for about 12 µs a few
// hundred times a second, which interrupts one 100 µs window in ten.
const windowTries = 5

// windowMargin is how much of the run's time limit must be left for a
// window to start: some ten times what one takes.
const windowMargin = time.Millisecond

// windowSlack is how much less than the window's wall time its thread may
// have run before the window counts as interrupted: the clocks' own
// granularity.
const windowSlack = time.Microsecond

// timedSolve is one timed solve of a run and what it measured.
type timedSolve struct {
	res       solvers.Result
	err       error
	crash     string
	wall, cpu time.Duration
	alloc     uint64
	timing    string
}

// solveDirect times one solve between two readings of the CPU clock,
// the wall clock read inside them, so that the CPU clock's system calls
// stay out of the wall time.
func (w *worker) solveDirect(ctx context.Context, req solvers.Request, children bool) timedSolve {
	alloc0 := allocatedBytes()
	cpu0 := processCPU(children)
	start := time.Now()
	res, err, crash := w.safeSolve(ctx, req)
	wall := time.Since(start)
	cpu := max(processCPU(children)-cpu0-w.clockCost, 0)
	alloc := allocatedBytes() - alloc0
	return timedSolve{res: res, err: err, crash: crash, wall: wall, cpu: cpu, alloc: alloc, timing: TimingClock}
}

// windowed reports whether a run timed directly at wall is timed again in
// a window: a pure-Go pipeline's short solve, in a job that takes the
// warm-up, with earlier puzzles to open the window with.
func (w *worker) windowed(j job, t timedSolve) bool {
	return w.info.PureGo && !j.SkipWarmUp && t.crash == "" && t.wall < windowLimit && len(w.warm.reqs) > 0
}

// retime times the run's solve again in a window, up to windowTries
// times while at least windowMargin of the run's limit is left, and keeps
// the first window that was not interrupted, with the direct solve's
// allocation count (a window does not read it: that reading would come
// just before the solve). A solve that crashes is kept as it is; when no
// window counted, t stays the direct timing.
func (w *worker) retime(ctx context.Context, req solvers.Request, t *timedSolve) {
	for range windowTries {
		if deadline, limited := ctx.Deadline(); limited && time.Until(deadline) < windowMargin {
			return // a window must not turn a short run into a timeout
		}
		u, ok := w.solveInWindow(ctx, req)
		if u.crash != "" || ok {
			u.alloc = t.alloc
			*t = u
			return
		}
	}
}

// solveInWindow solves req at the end of a window: the CPU clocks (the
// process's and this thread's) are read, earlier puzzles are solved,
// untimed, for at least windowWarmUp, then req is solved between two
// readings of the wall clock alone, and the CPU clocks are read again.
// No system call comes between the warm-up and the solve, as in a tight
// loop over a corpus. ok is false for a window that was interrupted or
// whose warm-up crashed; its times are not used.
func (w *worker) solveInWindow(ctx context.Context, req solvers.Request) (t timedSolve, ok bool) {
	runtime.LockOSThread() // the thread clock must be the solve's thread's
	defer runtime.UnlockOSThread()
	proc0, thread0 := processCPU(false), threadCPU()
	open := time.Now()
	if !w.cycleWarmPool(ctx, windowWarmUp) {
		return t, false
	}
	start := time.Now()
	t.res, t.err, t.crash = w.safeSolve(ctx, req)
	end := time.Now()
	thread1, proc1 := threadCPU(), processCPU(false)
	t.wall, t.timing = end.Sub(start), TimingWindow
	t.cpu, ok = windowCPU(window{span: end.Sub(open), solve: t.wall, thread: thread1 - thread0, process: proc1 - proc0 - w.windowClockCost})
	return t, ok
}

// window is what a window's clocks read: its wall time from the first
// reading to the end of the solve, the solve's wall time, and the CPU
// time of the window's thread and of the whole process (less what the
// readings themselves charge it beyond the thread's).
type window struct {
	span, solve, thread, process time.Duration
}

// windowCPU returns the CPU time of a window's solve, and whether the
// window was good: its thread ran throughout (its CPU time is at least
// its wall time, less windowSlack). The solve then had the processor for
// all of its wall time, and its CPU time is that wall time plus its
// share, by wall time, of what the process's other threads (the garbage
// collector's, the runtime's monitor) used in the window.
func windowCPU(win window) (time.Duration, bool) {
	if win.span <= 0 {
		return win.solve, false
	}
	others := max(win.process-win.thread, 0)
	share := time.Duration(float64(others) * float64(win.solve) / float64(win.span))
	return win.solve + share, win.span-win.thread <= windowSlack
}

// windowClockCost returns what the window's pairs of clock readings
// (process, thread … thread, process) charge to the process clock beyond
// the thread clock, with nothing between them: the median over
// clockSamples tries.
func windowClockCost() time.Duration {
	costs := make([]time.Duration, clockSamples)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i := range costs {
		proc0, thread0 := processCPU(false), threadCPU()
		thread1, proc1 := threadCPU(), processCPU(false)
		costs[i] = (proc1 - proc0) - (thread1 - thread0)
	}
	slices.Sort(costs)
	return costs[len(costs)/2]
}
