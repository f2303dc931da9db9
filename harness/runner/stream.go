package runner

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Outcome is a run's judged answer: its record, the answer verified and
// its unsat or multiple verdict cross-checked, and the verified solution
// (nil unless the status is solved or multiple).
type Outcome struct {
	Run      plan.Run
	Record   record.Record
	Solution *sudoku.Grid
}

// StreamOptions are a Stream's limits and checker.
type StreamOptions struct {
	Timeout  time.Duration       // each run's wall-clock limit; 0: none
	MemBytes uint64              // the worker's resident memory limit; 0: none
	Checker  verify.CrossChecker // settles unsat and multiple verdicts; nil: none
	// Spares, when set, gives the stream an idle worker of its solver
	// where it has one, and takes the stream's worker back at Close.
	Spares *Spares
	// Idle, when set, is called on the emitting goroutine after an
	// outcome that leaves no run added and not emitted: an emitter that
	// buffers its output flushes it there, so that a caller feeding
	// puzzles one at a time sees each answer at once, and one feeding a
	// file writes in large blocks.
	Idle func() error
}

// Stream solves runs of one solver in the order they are added, through
// one worker process kept busy by a pipeline (see pipeline.go): up to
// pipelineDepth jobs go ahead of the worker, each under its own limit,
// and a worker that hangs, crashes or passes the memory limit costs the
// run it was on and no other. It is for answers, not benchmarks: the
// worker skips the warm-up on earlier puzzles that a benchmark's times
// need (see Pool) and the per-run peak memory, which no answer reports.
// Verification and cross-checks happen in this process, after the
// worker's timed solve, on a goroutine of their own, so that a slow
// cross-check delays no deadline. Add and Close are for one goroutine.
type Stream struct {
	solver  string
	timeout time.Duration
	in      chan pipeJob
	window  chan struct{} // a token per run added and not yet emitted
	added   atomic.Int64

	stopped  chan struct{} // closed when the stream stops early
	stopOnce sync.Once
	err      error // why it stopped; set before stopped is closed
	emitted  chan struct{}
	cancel   context.CancelFunc
	worker   chan *workerProc // the pipeline's last worker, at its end
	spares   *Spares
}

// NewStream starts a stream of the named solver's runs whose workers
// launch starts; emit gets each run's outcome, in the order of Add, on
// the stream's own goroutine. An error from emit stops the stream.
func NewStream(ctx context.Context, launch worker.Launcher, solver string, opts StreamOptions, emit func(Outcome) error) *Stream {
	ctx, cancel := context.WithCancel(ctx)
	s := &Stream{
		solver: solver, timeout: opts.Timeout, in: make(chan pipeJob, pipelineDepth), window: make(chan struct{}, pipelineDepth),
		stopped: make(chan struct{}), emitted: make(chan struct{}), cancel: cancel,
		worker: make(chan *workerProc, 1), spares: opts.Spares,
	}
	replies := make(chan pipeReply, pipelineDepth)
	pl := &pipeline{
		start: func(ctx context.Context) (*workerProc, error) {
			if w := opts.Spares.take(solver); w != nil {
				return w, nil
			}
			return startWorker(ctx, launch, solver)
		},
		lim:  limitsFor(opts.Timeout, opts.MemBytes),
		done: func(r pipeReply) { replies <- r }, // never blocks: the window holds at most its capacity
	}
	go func() {
		if err := pl.run(ctx, s.in); err != nil {
			s.stop(ctx.Err())
		}
		s.worker <- pl.w
		close(replies)
	}()
	go s.emit(ctx, replies, opts, emit)
	return s
}

// emit judges each reply and hands its outcome to the caller's emit, until
// replies is closed; after an error it only drains replies.
func (s *Stream) emit(ctx context.Context, replies <-chan pipeReply, opts StreamOptions, emit func(Outcome) error) {
	defer close(s.emitted)
	var emitted int64
	for r := range replies {
		if s.stoppedEarly() {
			continue
		}
		out, err := settle(ctx, opts.Checker, r.run, opts.Timeout, r.rep)
		if err == nil {
			err = emit(out)
		}
		if emitted++; err == nil && opts.Idle != nil && s.added.Load() == emitted {
			err = opts.Idle()
		}
		if err != nil {
			s.stop(err)
			continue
		}
		<-s.window
	}
}

// Add queues a run, waiting while pipelineDepth runs are queued and not
// yet emitted. Its error says why the stream stopped: ctx ended, or emit
// failed.
func (s *Stream) Add(run plan.Run) error {
	if run.Solver.Name != s.solver {
		return fmt.Errorf("a stream of %s's runs was given a run of %s", s.solver, run.Solver.Name)
	}
	select {
	case s.window <- struct{}{}:
	case <-s.stopped:
		return s.err
	}
	if s.stoppedEarly() {
		return s.err
	}
	j := jobFor(run, s.timeout)
	j.SkipWarmUp, j.SkipPeak = true, true
	s.added.Add(1)
	s.in <- pipeJob{run: run, job: j}
	return nil
}

// Close waits until every run added has been emitted, ends the worker or
// hands it to the spares, and returns why the stream stopped early, if it
// did.
func (s *Stream) Close() error {
	close(s.in)
	<-s.emitted
	if w := <-s.worker; w != nil {
		s.spares.keep(s.solver, w)
	}
	s.cancel()
	if s.stoppedEarly() {
		return s.err
	}
	return nil
}

// stop stops the stream for err, the first time.
func (s *Stream) stop(err error) {
	s.stopOnce.Do(func() {
		s.err = err
		close(s.stopped)
		s.cancel()
	})
}

func (s *Stream) stoppedEarly() bool {
	select {
	case <-s.stopped:
		return true
	default:
		return false
	}
}

// settle judges a worker's reply to run as Executor and Pool do: the
// answer verified and held to the limit, then an unsat or multiple
// verdict cross-checked with c, then the answer held against the corpus
// (checkCorpusClaims). Its error is ctx's, when ctx ended during
// the cross-check.
func settle(ctx context.Context, c verify.CrossChecker, run plan.Run, timeout time.Duration, rep worker.Reply) (Outcome, error) {
	rec, grid, _ := judged(run, timeout, func() (worker.Reply, error) { return rep, nil })
	if err := verify.CrossCheck(ctx, c, &rec, run.Puzzle.Grid, grid); err != nil {
		return Outcome{}, err
	}
	grid = verify.CheckCorpusClaims(&rec, run, grid)
	return Outcome{Run: run, Record: rec, Solution: grid}, nil
}
