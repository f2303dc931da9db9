package runner

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Pool runs solves concurrently, each in a worker child process of its
// solver, under the same isolation, limits and verification as a
// benchmark's runs. It keeps up to a fixed number of workers per solver
// warm between solves, and replaces a worker that dies or is killed at a
// limit in the background. It is safe for concurrent use.
//
// A pool answers requests, so its jobs skip the worker's warm-up on
// earlier puzzles. The warm-up makes a benchmark's recorded times match a
// tight in-process loop, at a cost a server cannot pay: at least 100 µs of
// re-solving before a 17-clue solve of about 20 µs, and 10 ms before the
// first solve after a wait of over 10 ms, which on a server is every
// request after a pause. A pool's times are therefore those of a single
// solve as a request meets it; benchmarks are for Bench.
type Pool struct {
	launch    worker.Launcher
	perSolver int
	checker   verify.CrossChecker // nil: claims go unchecked

	mu      sync.Mutex
	solvers map[string]*solverWorkers
	closed  bool

	// refills start replacement workers; cancelRefills stops them at Close.
	refills       sync.WaitGroup
	refillCtx     context.Context
	cancelRefills context.CancelFunc
}

// solverWorkers are one solver's workers.
type solverWorkers struct {
	// slots holds a token for each solve or refill under way; a holder
	// may take an idle worker or start one, so that the solver never has
	// more workers than the channel's capacity.
	slots chan struct{}
	idle  []*workerProc // guarded by Pool.mu
}

// Limits hold one pool run.
type Limits struct {
	Timeout  time.Duration // wall-clock limit of the solve
	MemBytes uint64        // resident memory limit of the worker; 0: none
	// Wait is the longest wait for a free worker of the solver; 0 waits
	// as long as the context allows.
	Wait time.Duration
}

// ErrBusy says that every worker of a solver stayed busy for the whole of
// Limits.Wait.
var ErrBusy = errors.New("every worker of the solver is busy")

// errClosed says that the pool was closed.
var errClosed = errors.New("worker pool closed")

// NewPool returns a pool that starts workers with launch and keeps up to
// perSolver (at least 1) of them per solver.
func NewPool(launch worker.Launcher, perSolver int) *Pool {
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{
		launch: launch, perSolver: max(perSolver, 1), solvers: make(map[string]*solverWorkers),
		refillCtx: ctx, cancelRefills: cancel,
	}
}

// Do runs one solve in a worker of run's solver and returns its record,
// the answer verified as a benchmark's is, and the verified solution (nil
// unless the status is solved or multiple), its unsat or multiple verdict
// cross-checked when the pool has a checker, and the answer held against
// what the corpus lists (checkCorpusClaims). A puzzle without a solution
// goes to the solver like any other. The error is ErrBusy
// when no worker came free within lim.Wait, and ctx's error when ctx ended
// first: the run was then abandoned, its worker killed, and the record
// means nothing.
func (p *Pool) Do(ctx context.Context, run plan.Run, lim Limits) (record.Record, *sudoku.Grid, error) {
	rec, grid, err := judged(run, lim.Timeout, func() (worker.Reply, error) { return p.solve(ctx, run, lim) })
	if err == nil {
		err = verify.CrossCheck(ctx, p.checker, &rec, run.Puzzle.Grid, grid)
	}
	if err == nil {
		grid = verify.CheckCorpusClaims(&rec, run, grid)
	}
	return rec, grid, err
}

// CrossCheckWith makes the pool settle every unsat and multiple verdict
// with c (see CrossCheckBudget), after the worker's reply and outside any
// worker's slot, and returns the pool. Call it before the first Do.
func (p *Pool) CrossCheckWith(c verify.CrossChecker) *Pool {
	p.checker = c
	return p
}

// solve sends the run to a worker of its solver, holding a slot throughout.
func (p *Pool) solve(ctx context.Context, run plan.Run, lim Limits) (worker.Reply, error) {
	name := run.Solver.Name
	sw, err := p.acquire(ctx, name, lim.Wait)
	if err != nil {
		return worker.Reply{}, err
	}
	defer func() { <-sw.slots }()
	w, err := p.worker(ctx, sw, name)
	if errors.Is(err, ErrInterrupted) {
		return worker.Reply{}, ctx.Err()
	}
	if err != nil {
		return worker.Reply{Status: string(solvers.Crash), Detail: err.Error()}, nil
	}
	j := jobFor(run, lim.Timeout)
	j.SkipWarmUp = true
	rep, alive, err := w.solve(ctx, j, limitsFor(lim.Timeout, lim.MemBytes))
	if alive {
		p.putIdle(sw, w)
	} else {
		p.refill(name)
	}
	if errors.Is(err, ErrInterrupted) {
		return worker.Reply{}, ctx.Err()
	}
	return rep, err
}

// acquire takes a slot of the solver's, waiting at most wait (0: as long
// as ctx allows).
func (p *Pool) acquire(ctx context.Context, name string, wait time.Duration) (*solverWorkers, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errClosed
	}
	sw := p.solvers[name]
	if sw == nil {
		sw = &solverWorkers{slots: make(chan struct{}, p.perSolver)}
		p.solvers[name] = sw
	}
	p.mu.Unlock()
	select { // a free slot needs no timer
	case sw.slots <- struct{}{}:
		return sw, nil
	default:
	}
	var expired <-chan time.Time
	if wait > 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		expired = timer.C
	}
	select {
	case sw.slots <- struct{}{}:
		return sw, nil
	case <-expired:
		return nil, fmt.Errorf("%w: all %d workers of %s stayed busy for %s", ErrBusy, p.perSolver, name, wait)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// worker returns an idle worker of the solver or starts one; the caller
// holds a slot.
func (p *Pool) worker(ctx context.Context, sw *solverWorkers, name string) (*workerProc, error) {
	p.mu.Lock()
	if n := len(sw.idle); n > 0 {
		w := sw.idle[n-1]
		sw.idle = sw.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return startWorker(ctx, p.launch, name)
}

// putIdle keeps a worker for the next solve, or ends it if the pool closed.
func (p *Pool) putIdle(sw *solverWorkers, w *workerProc) {
	p.mu.Lock()
	if !p.closed {
		sw.idle = append(sw.idle, w)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	w.close()
}

// refill starts, in the background, a worker in place of one that died or
// was killed, so that the next solve finds it warm. A worker that fails to
// start is left for the next solve to try, and to report.
func (p *Pool) refill(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.refills.Add(1)
	go func() {
		defer p.refills.Done()
		sw, err := p.acquire(p.refillCtx, name, 0)
		if err != nil {
			return
		}
		defer func() { <-sw.slots }()
		if w, err := p.worker(p.refillCtx, sw, name); err == nil {
			p.putIdle(sw, w)
		}
	}()
}

// Close stops refills and ends every idle worker; workers busy with a solve
// end when it does. Do fails after Close.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.cancelRefills()
	p.refills.Wait()
	p.mu.Lock()
	var idle []*workerProc
	for _, sw := range p.solvers {
		idle = append(idle, sw.idle...)
		sw.idle = nil
	}
	p.mu.Unlock()
	for _, w := range idle {
		w.close()
	}
}
