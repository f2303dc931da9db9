package worker

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
	// the vDSO, no system call) at the end of a window of untimed solves
	// of earlier puzzles, the CPU clocks read around the whole window,
	// whose thread ran throughout (see solveInWindow).
	TimingWindow = "window"
	// TimingWindowInterrupted: as TimingWindow, but the window's thread
	// lost the processor for a while; the CPU time is an estimate (see
	// windowCPU).
	TimingWindowInterrupted = "window-interrupted"
)

// windowLimit is the solve time under which a pure-Go pipeline's next
// run is timed in a window. Reading the CPU clock costs a system call on
// each side of the solve, and what a reading charges the run is not the
// same after a solve as back to back, where it is calibrated: on this
// project's VMs the records of the bitboard's 2 µs solves sat 15–35%
// above a tight loop's. Past 100 µs what is left is a few percent, and a
// long solve would more often share its window with an interruption.
const windowLimit = 100 * time.Microsecond

// windowWarmUp is how long, at least, the untimed solves at the start of
// a window last: long enough that the system calls that open it leave
// the solve warm caches and TLB (25 bitboard solves of 17-clue puzzles),
// short enough that few windows are interrupted (on this project's VMs
// the host takes the processor for about 12 µs some thousand times a
// second: one 50 µs window in twenty).
const windowWarmUp = 50 * time.Microsecond

// windowMargin is how much of the run's time limit must be left for a
// window to start, so that its warm-up does not take the solve's time.
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

// timeSolve solves req once, timed in a window or directly (windowed).
func (w *worker) timeSolve(ctx context.Context, j Job, req solvers.Request, children bool) timedSolve {
	if w.windowed(ctx, j) {
		return w.solveInWindow(ctx, req)
	}
	return w.solveDirect(ctx, req, children)
}

// windowed reports whether the coming run is timed in a window: a pure-Go
// pipeline's, whose previous run was short (so this one likely is too),
// in a job that takes the warm-up, with earlier puzzles to open the
// window with and windowMargin of its limit left. The run's puzzle is
// solved once either way: a second solve of the same puzzle, even after
// 50 µs of others, ran up to 15% faster (the branch predictors remember
// its search).
func (w *worker) windowed(ctx context.Context, j Job) bool {
	if !w.info.PureGo || j.SkipWarmUp || len(w.warm.reqs) == 0 || w.lastWall >= windowLimit {
		return false
	}
	deadline, limited := ctx.Deadline()
	return !limited || time.Until(deadline) >= windowMargin
}

// solveDirect times one solve between two readings of the CPU clock,
// the wall clock read inside them, so that the CPU clock's system calls
// stay out of the wall time.
func (w *worker) solveDirect(ctx context.Context, req solvers.Request, children bool) timedSolve {
	alloc0 := allocatedBytes()
	cpu0 := processCPU(children)
	start := time.Now()
	res, crash, err := w.safeSolve(ctx, req)
	wall := time.Since(start)
	cpu := max(processCPU(children)-cpu0-w.clockCost, 0)
	alloc := allocatedBytes() - alloc0
	return timedSolve{res: res, err: err, crash: crash, wall: wall, cpu: cpu, alloc: alloc, timing: TimingClock}
}

// solveInWindow solves req at the end of a window: the CPU clocks (the
// process's and this thread's) are read, earlier puzzles are solved,
// untimed, for at least windowWarmUp, then req is solved between two
// readings of the wall clock alone, and the CPU clocks are read again.
// No system call comes between the warm-up and the solve, as in a tight
// loop over a corpus. windowCPU makes the solve's CPU time of the
// readings.
func (w *worker) solveInWindow(ctx context.Context, req solvers.Request) timedSolve {
	runtime.LockOSThread() // the thread clock must be the solve's thread's
	defer runtime.UnlockOSThread()
	proc0, thread0 := processCPU(false), threadCPU()
	open := time.Now()
	w.cycleWarmPool(ctx, windowWarmUp)
	alloc0 := allocatedBytes()
	start := time.Now()
	res, crash, err := w.safeSolve(ctx, req)
	end := time.Now()
	alloc := allocatedBytes() - alloc0
	thread1, proc1 := threadCPU(), processCPU(false)
	t := timedSolve{res: res, err: err, crash: crash, wall: end.Sub(start), alloc: alloc}
	t.cpu, t.timing = windowCPU(window{span: end.Sub(open), solve: t.wall, thread: thread1 - thread0, process: proc1 - proc0 - w.windowClockCost})
	return t
}

// window is what a window's clocks read: its wall time from the first
// reading to the end of the solve, the solve's wall time, and the CPU
// time of the window's thread and of the whole process (less what the
// readings themselves charge it beyond the thread's).
type window struct {
	span, solve, thread, process time.Duration
}

// windowCPU returns the CPU time of a window's solve and how it was
// taken. The solve is charged its share, by wall time, of what the
// process's other threads (the garbage collector's, the runtime's
// monitor) used in the window, and:
//
//   - its wall time, when the window's thread ran throughout (its CPU
//     time is its wall time, within windowSlack): the solve had the
//     processor all along (TimingWindow);
//   - its wall time, when the thread lost the processor for longer than
//     the solve took: that loss, one interruption, fell before the solve
//     (TimingWindowInterrupted);
//   - its wall time less its share, by wall time, of the loss, when the
//     solve took longer than the loss: which part fell in the solve is
//     not known, and the share is what falls there on average
//     (TimingWindowInterrupted).
func windowCPU(win window) (time.Duration, string) {
	if win.span <= 0 {
		return win.solve, TimingWindowInterrupted
	}
	share := func(d time.Duration) time.Duration {
		return time.Duration(float64(d) * float64(win.solve) / float64(win.span))
	}
	others := share(max(win.process-win.thread, 0))
	lost := win.span - win.thread
	switch {
	case lost <= windowSlack:
		return win.solve + others, TimingWindow
	case win.solve < lost:
		return win.solve + others, TimingWindowInterrupted
	}
	return win.solve - share(lost) + others, TimingWindowInterrupted
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
