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
// Measurement. The worker times the solve call alone, with the monotonic
// clock and the process CPU clock; it counts the heap bytes allocated
// (runtime/metrics) and reads its own VmHWM after resetting it through
// /proc/self/clear_refs, never the parent's rusage, which a Go parent
// inflates. A run's peak includes what the worker already holds (its runtime
// and up to 64 MiB of heap left by earlier runs; past that the heap is
// released first); the idle worker's resident set is recorded beside it. An
// outside program's own peak comes from solvers/external, which reads the
// program's VmHWM as it exits, through a Meter that the solve's context
// carries; a record's own peak is the outside programs' tree peak or an
// in-process solver's peak above the idle worker's. Before a timed solve
// the worker warms up, untimed, on earlier puzzles of under 10 ms taken in
// turn (never the coming one): for at least 100 µs after a run under a
// millisecond, and for 10 ms after waiting over 10 ms for its job, so that
// short runs find warm caches as an in-process loop does. A pure-Go
// pipeline's run after one of under 100 µs is timed in a window
// (window.go): the CPU clocks read before 50 µs of untimed solves of
// earlier puzzles and after the solve, which the vDSO's monotonic clock
// alone times, so that no system call comes just before it. Pool jobs
// (serve) skip the warm-up and the window. BenchmarkIsolated and BenchmarkTiming measure how close the
// recorded times come to BenchmarkSolve's.
//
// Limits. The parent kills the worker's process group, and every process
// below it, 250 ms after the wall-clock limit (a solver that honours its
// context stops itself at the limit), and polls the resident memory of the
// worker and its descendants every 10 ms from /proc, killing them over the
// limit. RLIMIT_AS is no limit for Go (the runtime reserves address space it
// never touches) and debug.SetMemoryLimit is a target, not a limit.
//
// Serving. A Pool runs solves concurrently for a server, in the same
// isolated workers under the same limits and verification, keeping a
// bounded number of workers warm per solver; its jobs skip the warm-up,
// which is there for measurement, not for answers.
//
// The package is Linux only: it reads /proc, resets the peak RSS through
// /proc/self/clear_refs, and uses process groups and a parent-death signal.
package harness
