package record

import (
	"time"

	"github.com/sudokubench/sudokubench/solvers"
)

// Own returns the run's own time in nanoseconds, by the wall and the CPU
// clock: WallNS and CPUNS less the start-up of the calls of outside
// programs it made (the counters solvers.Startup and solvers.StartupCPU:
// the start-up of one call, measured once per worker on a trivial
// puzzle, times the calls), never below zero. What it still holds is
// said in docs/measurement.md: posing and decoding, writing the model
// and the program's reading of it beyond a trivial one's, proofs. ok is
// false for a run that called programs but holds no CPU start-up
// (records written before it was measured); a run that called none is
// all its own.
func (r *Record) Own() (wall, cpu int64, ok bool) {
	counters := solvers.Counters(r.Counters)
	if calls, _ := counters.Get(solvers.Calls); calls == 0 {
		return r.WallNS, r.CPUNS, true
	}
	startupWall, okWall := counters.Get(solvers.Startup)
	startupCPU, okCPU := counters.Get(solvers.StartupCPU)
	if !okWall || !okCPU {
		return r.WallNS, r.CPUNS, false
	}
	return max(r.WallNS-int64(startupWall), 0), max(r.CPUNS-int64(startupCPU), 0), true
}

// StartupPerCall returns the start-up of one call of the run's outside
// programs, by the wall and the CPU clock, as its worker measured it: a
// run directory's setup, the same in every run of one worker. ok is false
// where the run made no call or holds no start-up of both clocks.
func (r *Record) StartupPerCall() (wall, cpu time.Duration, ok bool) {
	counters := solvers.Counters(r.Counters)
	calls, _ := counters.Get(solvers.Calls)
	startupWall, okWall := counters.Get(solvers.Startup)
	startupCPU, okCPU := counters.Get(solvers.StartupCPU)
	if calls == 0 || !okWall || !okCPU {
		return 0, 0, false
	}
	return time.Duration(startupWall / calls), time.Duration(startupCPU / calls), true
}
