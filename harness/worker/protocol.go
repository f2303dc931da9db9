package worker

import (
	"github.com/sudokubench/sudokubench/solvers"
)

// The parent and a worker speak JSON lines over the worker's stdin and
// stdout: the worker first says hello, then answers each job with one reply,
// in the order of the jobs. It reads a job only after replying to the one
// before, so the parent may send several ahead (harness/runner's
// pipeline): a job starts when it was sent or when the reply before it
// came, whichever is later.

// Hello is the worker's first line: it is ready to take jobs.
type Hello struct {
	Ready  bool   `json:"ready"`
	Solver string `json:"solver"`
	PID    int    `json:"pid"`
}

// Job is one puzzle for the worker's solver.
type Job struct {
	Puzzle    string `json:"puzzle"` // one-line form
	Variant   string `json:"variant"`
	Mode      string `json:"mode"`
	Seed      int64  `json:"seed"`
	TimeoutNS int64  `json:"timeout_ns"` // 0: no limit
	// SkipWarmUp asks for the solve alone, without the warm-up on earlier
	// puzzles that makes a benchmark's times match a tight loop's: a pool
	// serving requests wants answers, not that fidelity (see runner.Pool).
	SkipWarmUp bool `json:"skip_warm_up,omitempty"`
	// SkipPeak asks for no peak resident set: reading it costs two system
	// calls, one of which (reading /proc/self/status) takes longer than a
	// 17-clue solve of the fastest engine. Streams of puzzles for answers
	// (solve, the server's batches) report no memory and skip it; the
	// parent's memory limit holds either way. The reply's PeakRSS is 0.
	SkipPeak bool `json:"skip_peak,omitempty"`
	// ProofPath asks the solver to write the DRAT proof of its verdict
	// there, for the parent to check (solvers.Request.ProofPath).
	ProofPath string `json:"proof_path,omitempty"`
}

// Reply is what the worker measured and what its solver returned.
type Reply struct {
	Status   string             `json:"status"`
	Solution string             `json:"solution,omitempty"` // one-line form
	Detail   string             `json:"detail,omitempty"`
	Counters map[string]float64 `json:"counters,omitempty"`
	Model    map[string]int     `json:"model,omitempty"`
	Phases   solvers.Phases     `json:"phases"`

	WallNS     int64  `json:"wall_ns"`
	CPUNS      int64  `json:"cpu_ns"`
	AllocBytes uint64 `json:"alloc_bytes"`
	PeakRSS    uint64 `json:"peak_rss_bytes"`
	// BaseRSS is the idle worker's resident set, measured once at start.
	BaseRSS uint64 `json:"base_rss_bytes,omitempty"`
	// ProgramPeakRSS is the outside programs' own peak during the solve,
	// the sum of their processes' peaks (external.Output.PeakRSS), the
	// largest over the solve's calls; 0 when none ran or one's could not
	// be read.
	ProgramPeakRSS uint64 `json:"program_peak_rss_bytes,omitempty"`
	// ProgramTreePeak is the most the outside programs' process tree held
	// at one time (external.Output.TreePeakRSS), the largest over the
	// solve's calls; 0 as ProgramPeakRSS.
	ProgramTreePeak uint64 `json:"program_tree_peak_bytes,omitempty"`
	// Timing says how the times were taken: TimingClock, TimingWindow or
	// TimingWindowInterrupted.
	Timing string `json:"timing,omitempty"`
}
