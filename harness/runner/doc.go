// Package runner is the parent's side of the worker processes: it starts
// workers (worker.Launcher) in their own process group with a
// parent-death signal, sends them runs, holds each run to its limits, and
// returns each run's record with the answer judged (harness/verify).
//
// The parent does not trust a solver to stop, to stay within memory, to
// survive its own bugs or to be right. It kills the worker's whole process
// tree at the run's deadline plus a grace (timeout) or when the resident
// memory of the worker and what it started, polled from /proc, passes the
// limit (memout); a panic, a dead worker or an unreadable reply is a
// crash. Every answer is then verified here, outside the timed section,
// an unsat or multiple verdict cross-checked with the caller's checker,
// a DRAT proof checked where one was asked for, and the answer held
// against what the corpus lists.
//
// Three ways to run, one judging:
//   - Executor runs one run at a time, for a benchmark, keeping a warm
//     worker per solver, with the worker's warm-up that makes recorded
//     times match a tight loop's.
//   - Pool runs solves concurrently for a server, recording nothing: up
//     to a bound of warm workers per solver, a request waiting for a free
//     one at most Limits.Wait, a dead worker replaced in the background.
//   - Stream keeps up to 32 jobs ahead of one worker (pipeline.go) and
//     answers in the order the runs went in, each with its own limit and
//     clock; a job that fails ends only itself, and the jobs sent after
//     it go to a fresh worker with their full limits. Spares keeps the
//     worker of a finished stream for the next of its solver.
//
// Pool and stream jobs skip the warm-up and (streams) the peak memory,
// which are there for measurement, not for answers.
//
// The package is Linux only: it uses process groups, a parent-death
// signal and /proc.
package runner
