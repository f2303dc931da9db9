// Package harnesstest is what the tests of the harness's packages share:
// a registry of planted solvers that lie, spin, panic, exit, hog memory,
// print to standard output, run outside programs or write proofs
// (Registry), beside two correct ones; easy test puzzles with an
// ill-posed one (Puzzles); and the seeded sample the benchmarks of the
// worker and the executor draw (BenchPuzzles). A package that starts
// workers of Registry's solvers serves them from its test binary with a
// worker.TestWorker whose Registry is Registry, and calls
// AllocateIfAsked first in its TestMain.
package harnesstest
