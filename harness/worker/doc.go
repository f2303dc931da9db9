// Package worker is the worker process: the child that runs one solver's
// pipeline for the parent, the wire protocol between the two, and the
// measurement done in the child.
//
// A worker is the same binary started as "sudokubench worker --solver
// NAME" (SelfLauncher), or a test binary through TestWorker; the parent
// that starts it (harness/runner) puts it in its own process group with a
// parent-death signal. ServeWorker builds the solver once, says Hello,
// then answers each Job with one Reply, in order, reading a job only
// after replying to the one before, so that a parent may send several
// ahead: a job's clock starts when it was sent or when the reply before
// it arrived, whichever is later. Both sides read and write the lines by
// a direct path (protocoljson.go: AppendJob, DecodeReply and the child's
// own pair) whose result must equal encoding/json's; fuzz tests hold it
// to that. ServeWorkerStdio moves the protocol off file descriptor 1 at
// start, so that a solver that prints cannot corrupt it.
//
// The worker times the solve call alone (the CPU clock around it, or a
// window of untimed solves before it for short pure-Go runs: Timing*),
// asks for transient results (solvers.Request.Transient), which it encodes
// before the next solve, so that a solver may build them without
// allocating,
// primes each geometry untimed, warms up on earlier puzzles, and reads
// the run's peak resident set and what its outside programs held. A
// worker reports; it judges nothing: the parent verifies every answer.
// Family, FamilyRSS and KillTree read and end a worker's process tree
// from /proc, for the parent's memory limit and its kill. How a run is
// timed, what its memory figures hold, the warm-up and the window, and
// what isolation costs are told once, with their measurements, in the
// repository's docs/measurement.md.
//
// The package is Linux only: it reads /proc, resets the peak RSS through
// /proc/self/clear_refs, and reads the thread CPU clock.
package worker
