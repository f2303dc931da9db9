// Package cputest measures the CPU time a process has used, so that the
// suite's benchmarks can report work per CPU-second beside wall time: on
// a shared machine, wall time measures the load as much as the code.
package cputest

import "time"

// Process returns the CPU time, user and system, the process has used so
// far; 0 where the system does not say.
func Process() time.Duration { return processCPU() }
