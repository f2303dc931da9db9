package runner

import (
	"context"
	"time"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// killGrace is how long past the benchmark's limit the parent waits for a
// solver that honours its context before it kills the worker.
const killGrace = 250 * time.Millisecond

// Executor runs one run at a time, each in a worker child process kept per
// solver and reused until it is killed. It is not safe for concurrent use.
type Executor struct {
	launch   worker.Launcher
	timeout  time.Duration
	memBytes uint64
	workers  map[string]*workerProc
	checker  verify.CrossChecker // nil: claims go unchecked
	// proofs is where workers write the DRAT proofs of the runs' verdicts
	// for the parent to check (verify.CertifyRecord); "" asks for none.
	proofs string
}

// NewExecutor returns an executor that starts workers with launch and holds
// every run to the wall-clock timeout (0: none) and, if memBytes > 0, to
// that much resident memory.
func NewExecutor(launch worker.Launcher, timeout time.Duration, memBytes uint64) *Executor {
	return &Executor{launch: launch, timeout: timeout, memBytes: memBytes, workers: make(map[string]*workerProc)}
}

// CrossCheckWith makes the executor settle every unsat and multiple
// verdict with c (see CrossCheckBudget) before it returns the record, and
// returns the executor.
func (e *Executor) CrossCheckWith(c verify.CrossChecker) *Executor {
	e.checker = c
	return e
}

// ProofsIn makes the executor ask the pipelines that write DRAT proofs
// for the proof of each run's verdict, written in dir (ProofDir), and
// check it (verify.CertifyRecord); "" asks for none. It returns the
// executor.
func (e *Executor) ProofsIn(dir string) *Executor {
	e.proofs = dir
	return e
}

// Do executes one run and returns its record. The puzzle goes to the
// solver as it is: one without a solution (two equal givens, a cell with
// no candidate) is the solver's to call unsat. With a checker
// (CrossCheckWith), an unsat or multiple verdict is then settled in this
// process, after the worker's timed solve; last, the answer is held
// against what the corpus lists of the puzzle (checkCorpusClaims). The
// only error returned
// says that ctx was cancelled: the run was abandoned, its worker killed,
// and nothing is to be recorded.
func (e *Executor) Do(ctx context.Context, run plan.Run) (record.Record, error) {
	rec, _, err := e.Solve(ctx, run)
	return rec, err
}

// Solve is Do that also returns the verified grid of a run whose status is
// solved or multiple; nil otherwise.
func (e *Executor) Solve(ctx context.Context, run plan.Run) (record.Record, *sudoku.Grid, error) {
	proof := proofPathFor(e.proofs, run)
	rec, grid, err := judged(run, e.timeout, func() (worker.Reply, error) { return e.solve(ctx, run, proof) })
	if err != nil {
		return rec, grid, err
	}
	verify.CertifyRecord(&rec, run, grid, proof, e.timeout)
	if rec.Status == string(solvers.Wrong) {
		grid = nil // its proof was rejected
	}
	if verify.CrossCheck(ctx, e.checker, &rec, run.Puzzle.Grid, grid) != nil {
		return rec, nil, ErrInterrupted
	}
	grid = verify.CheckCorpusClaims(&rec, run, grid)
	return rec, grid, err
}

// judged gets the worker's reply from solve and turns it into a record
// with the answer verified. It also returns the verified solution, nil
// when the record is not solved or multiple; solve's error is returned as
// is.
func judged(run plan.Run, timeout time.Duration, solve func() (worker.Reply, error)) (record.Record, *sudoku.Grid, error) {
	rec := baseRecord(run, timeout)
	rep, err := solve()
	if err != nil {
		return rec, nil, err
	}
	fillRecord(&rec, rep)
	verify.CountRightCells(&rec, run.Puzzle, rep.Solution)
	return rec, verify.CheckOriginal(&rec, run, verify.Judge(&rec, run, rep.Solution, timeout)), nil
}

// solve sends the run to its solver's worker, starting one if needed, and
// asks for the proof of its verdict at proof when set.
func (e *Executor) solve(ctx context.Context, run plan.Run, proof string) (worker.Reply, error) {
	name := run.Solver.Name
	w, ok := e.workers[name]
	if !ok {
		var err error
		if w, err = startWorker(ctx, e.launch, name); err != nil {
			if ctx.Err() != nil {
				return worker.Reply{}, ErrInterrupted
			}
			return worker.Reply{Status: string(solvers.Crash), Detail: err.Error()}, nil
		}
		e.workers[name] = w
	}
	j := jobFor(run, e.timeout)
	j.ProofPath = proof
	rep, alive, err := w.solve(ctx, j, limitsFor(e.timeout, e.memBytes))
	if !alive {
		delete(e.workers, name)
	}
	return rep, err
}

// jobFor is the job that asks a worker for run under the timeout.
func jobFor(run plan.Run, timeout time.Duration) worker.Job {
	return worker.Job{
		Puzzle: run.Puzzle.Grid.String(), Variant: run.Puzzle.Grid.Geometry().Variant.String(),
		Mode: string(run.Mode), Seed: run.Seed, TimeoutNS: int64(timeout),
	}
}

// limitsFor holds a job to the timeout (0: none), killing its worker
// killGrace later, and to memBytes of resident memory (0: no limit).
func limitsFor(timeout time.Duration, memBytes uint64) limits {
	lim := limits{timeout: timeout, memBytes: memBytes}
	if timeout > 0 {
		lim.hard = timeout + killGrace
	}
	return lim
}

// Close ends every idle worker.
func (e *Executor) Close() {
	for name, w := range e.workers {
		w.close()
		delete(e.workers, name)
	}
}

// baseRecord fills what is known before the run, and its start.
func baseRecord(run plan.Run, timeout time.Duration) record.Record {
	g := run.Puzzle.Grid
	line := g.String()
	rec := record.Record{
		Started: time.Now().UTC(),
		Solver:  run.Solver.Name, Options: run.Solver.Options, Family: run.Solver.Family,
		Stochastic: run.Solver.Stochastic, External: !run.Solver.PureGo,
		Corpus: run.Puzzle.Corpus, PuzzleID: run.Puzzle.ID, PuzzleSHA: sudoku.LineSHA256(line, g.Geometry().Variant), Puzzle: line,
		Hints: run.Puzzle.Hints, Size: g.N(), Variant: g.Geometry().Variant.String(),
		Mode: string(run.Mode), Seed: run.Seed, Rep: run.Rep,
		TimeoutNS: int64(timeout),
	}
	if run.Transform != nil {
		rec.Form, rec.Transform = run.Form, run.Transform.String()
	}
	return rec
}

// fillRecord copies the worker's measurements into rec.
func fillRecord(rec *record.Record, rep worker.Reply) {
	rec.Status, rec.Detail = rep.Status, rep.Detail
	rec.WallNS, rec.CPUNS = rep.WallNS, rep.CPUNS
	rec.EncodeNS, rec.SolveNS, rec.DecodeNS = int64(rep.Phases.Encode), int64(rep.Phases.Solve), int64(rep.Phases.Decode)
	rec.AllocBytes, rec.PeakRSS = rep.AllocBytes, rep.PeakRSS
	rec.BaseRSS, rec.ProgramPeakRSS = rep.BaseRSS, rep.ProgramPeakRSS
	if own, ok := ownPeak(rep, rec.External); ok {
		rec.OwnPeak = &own
	}
	rec.Timing = rep.Timing
	rec.Counters, rec.Model = rep.Counters, rep.Model
}

// ownPeak is what a run's pipeline itself held at its peak
// (record.Record.OwnPeak): the outside programs' process tree at its
// peak, or an in-process solver's peak above the idle worker's. ok is
// false where it was not measured.
func ownPeak(rep worker.Reply, external bool) (own uint64, ok bool) {
	switch {
	case external:
		return rep.ProgramTreePeak, rep.ProgramTreePeak > 0
	case rep.PeakRSS > 0 && rep.BaseRSS > 0:
		return rep.PeakRSS - min(rep.BaseRSS, rep.PeakRSS), true
	}
	return 0, false
}
