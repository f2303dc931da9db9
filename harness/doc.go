// Package harness runs benchmarks whose numbers a reviewer can trust. It
// is the orchestration: Bench turns a request (corpora, hint range,
// solvers, mode, repetitions, forms, seed, limits; a Config) into a
// planned, locked, resumable benchmark and runs it on the rooms below,
// each of one job:
//
//   - harness/plan makes the seeded plan: runs, equivalent forms, the
//     shuffled order, blocks of one solver, shards.
//   - harness/worker is the worker process: the child that times and
//     measures each solve, and the protocol it speaks.
//   - harness/runner is the parent's side: it starts workers, holds each
//     run to its wall-clock and memory limits, and returns judged records
//     (Executor for a benchmark; Pool, Stream and Spares for answers).
//   - harness/verify judges every answer in the parent, outside the timed
//     section: rules and givens, forms, cross-checks, proofs, the
//     corpus's claims.
//   - harness/store keeps the result directory whole: the writer lock,
//     merge, the torn last line.
//   - harness/provenance says by what and where the runs were made, and
//     writes it into the manifest.
//
// Bench checks the Config, reads and hashes the corpora, plans the runs
// and states the plan in the manifest before it writes anything, so that
// a refused benchmark leaves no directory behind. It holds the result
// directory's writer lock from start to end, runs what the shard has
// left in blocks of one solver through one Executor, and appends one
// record per run, flushed at once, each naming its start, host and build,
// so that an interrupted benchmark resumes where it stopped. Resume trims
// a torn last line, skips recorded keys, and refuses a different plan,
// shard, corpus file, definition file or build (unless allowed) and
// records that are not runs of the plan (record.PlanCheck). The
// machine's load is recorded at start and end, and a busy machine is
// said before the runs.
//
// ConformanceCases and CheckConformance check a pipeline against the
// solver contract before anyone benchmarks it: solvable, multiple and
// unsolvable puzzles, and generated ones of other sizes and variants,
// each run in a worker and judged as a benchmark's are.
package harness
