// Package harness runs benchmarks whose numbers a reviewer can trust. It
// turns a request (corpora, hint range, solvers, mode, repetitions, seed)
// into a plan of runs, shuffles it with the recorded seed, splits it into
// shards by a stable hash of each run's key, and executes each run in a
// worker child process under a hard wall-clock deadline and a memory limit.
// The worker times the solve call alone; the parent verifies every answer
// outside the timed section and appends one record per run, flushed at once,
// so that an interrupted benchmark resumes where it stopped.
//
// The opinion behind it: a solver is not trusted to stop, to stay within
// memory, to survive its own bugs, or to be right. The parent kills the
// worker's process group at the deadline (timeout) or when the worker's
// resident memory, polled from /proc, passes the limit (memout); a panic or
// a dead worker is a crash; an answer that breaks the rules is wrong.
//
// The package is Linux only: it reads /proc, resets the peak RSS through
// /proc/self/clear_refs, and uses process groups and a parent-death signal.
package harness
