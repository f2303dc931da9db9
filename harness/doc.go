// Package harness runs benchmarks whose numbers a reviewer can trust. It
// turns a request (corpora, hint range, solvers, mode, repetitions, seed)
// into a plan of runs, shuffles it with the recorded seed, splits it into
// shards by a stable hash of each run's key, and executes a shard's runs in
// shuffled blocks of up to 32 runs of one solver (so that a worker stays
// warm), each run in a worker child process under a hard wall-clock deadline and a memory limit.
// The worker times the solve call alone; the parent verifies every answer
// outside the timed section and appends one record per run, flushed at once,
// so that an interrupted benchmark resumes where it stopped. Every record
// says when it started, on which host, and by which build: the revision
// stamped into the binary, never guessed from the working directory. One
// process writes a result directory at a time (LockDir), so that a
// requeued job or a second terminal cannot mix two benchmarks in one file.
//
// The opinion behind it: a solver is not trusted to stop, to stay within
// memory, to survive its own bugs, or to be right. The parent kills the
// worker's process group at the deadline (timeout) or when the worker's
// resident memory, polled from /proc, passes the limit (memout); a panic or
// a dead worker is a crash; an answer that breaks the rules is wrong. An
// unsat or multiple verdict, which no grid proves, is cross-checked in the
// parent, untimed, by a CrossChecker (exactcover/dlx) that the caller
// passes in; one it refutes is wrong too.
//
// # Verification
//
// Every grid is verified by sudoku.CheckSolution in the parent, after the
// timed section, whatever path produced it (run, solve, serve,
// reproduce). An unsat or multiple verdict is cross-checked by the
// CrossChecker the caller hands in (Config.CrossCheck,
// Executor.CrossCheckWith, Pool.CrossCheckWith), within CrossCheckBudget:
// a verified solution it finds refutes unsat, a finished search that finds
// only the returned grid refutes multiple; either makes the run wrong.
// The record says cross_checked when the verdict was settled and
// cross_check_note why not. A unique-mode solved whose grid is not the
// solution the corpus lists is wrong; a verdict that contradicts the count
// the corpus lists puts the corpus in doubt, not the run
// (corpus_contradiction). A run asked for a DRAT proof (run --certify) has
// it checked here, in the parent, against the formula cnf.Refutation builds
// from the puzzle and the verified solution, never what the pipeline says
// it refuted, with encodings/cnf/drat under a limit of its own; a rejected
// proof makes the run wrong.
//
// # Workers, measurement and limits
//
// The worker process, its protocol and the measurement done there are
// harness/worker's; docs/measurement.md tells how a run is timed, what
// its memory figures hold, the limits and their grace, and what
// isolation costs.
//
// # Order, shards, resume and merge
//
// The plan is shuffled with its seed; the runs a shard has left are cut
// into blocks of up to 32 runs of one solver, and the blocks are shuffled.
// Shard i/n keeps the runs whose key's FNV-1a hash is i−1 modulo n
// (record.Shard, the one definition runs, merges and reports share).
// Resume trims a torn last line, skips recorded keys, and refuses a
// different plan, shard, corpus file, definition file or build (unless
// allowed) and records that are not runs of the plan (record.PlanCheck).
// Merge joins directories of one plan, refuses different plans and pieces
// whose records disagree with their manifest, and keeps the first record
// of each key. A run and a merge hold an exclusive flock on
// OUT/.writer.lock (LockDir) from start to end, naming their holder; the
// kernel drops it however the holder ends, so a resume after kill -9 works
// at once.
//
// # Serving
//
// A Pool runs solves for a server in the same workers under the same
// limits and verification, recording nothing: up to a bound of warm
// workers per solver, a request waiting for a free one at most its own
// limit, a dead worker replaced in the background. A Stream keeps up to 32
// jobs ahead of one worker and answers in the order the runs went in, each
// with its own limit and clock; a job that fails ends only itself, and the
// jobs sent after it go to a fresh worker with their full limits. Spares
// keeps the worker of a finished stream for the next of its solver. Pool
// and stream jobs skip the warm-up and the peak memory, which are there
// for measurement, not for answers.
//
// The package is Linux only: it reads /proc, resets the peak RSS through
// /proc/self/clear_refs, and uses process groups and a parent-death signal.
package harness
