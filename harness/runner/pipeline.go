package runner

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
)

// A pipeline keeps a worker busy on a stream of jobs: it sends up to
// pipelineDepth jobs ahead, so that the worker never waits for the parent
// to read a reply, verify it and send the next job, which for a 3 µs solve
// cost far more than the solve.
//
// Each job keeps its own limit. The worker takes its jobs one at a time, in
// order, and reads a job only after writing the reply to the one before;
// so a job starts when it was sent or when the reply before it arrived,
// whichever is later, and that is when the parent starts its clock (a
// reply's arrival is stamped by the goroutine reading the worker's output,
// not when the pipeline gets round to it). Only the oldest unanswered job
// is running, and only its clock is watched: at its deadline, plus
// killGrace as for a single job, the worker is killed, the job is a
// timeout, and the jobs sent after it, which never started, go to a fresh
// worker, each with its full limit and a clock started anew. A worker that
// dies, sends an unreadable reply or passes the memory limit costs the job
// it was on in the same way, and no other.
//
// The window is bounded in bytes too, at most pipelineBytes of job lines
// unanswered (always at least one job): the worker's input pipe then holds
// all of them, however small the kernel made it (one page at least), and
// writing jobs never blocks the pipeline while a worker hangs.

// Bounds of a pipeline's window.
const (
	pipelineDepth = 32
	pipelineBytes = 4096
)

// pipeJob is one job of a pipeline and the run it asks for.
type pipeJob struct {
	run plan.Run
	job worker.Job
}

// pipeReply is the reply to a pipeline's job, or the reply the parent
// made when it stopped the job.
type pipeReply struct {
	pipeJob
	rep worker.Reply
}

// queuedJob is a job taken in by a pipeline, its line encoded.
type queuedJob struct {
	pipeJob
	line []byte    // newline included
	sent time.Time // when it was written to the current worker
}

// pipeline drives workers of one solver through jobs, a window of them at
// a time. One goroutine uses it.
type pipeline struct {
	// start returns a worker for the pipeline, at first and after each
	// failure; errInterrupted when ctx ended first.
	start func(context.Context) (*workerProc, error)
	lim   limits
	// done takes each job's reply, in the order the jobs came in; it runs
	// on the pipeline's goroutine and must not block.
	done func(pipeReply)

	w       *workerProc  // nil until a job needs one, and after a failure
	watch   *watch       // w's memory
	timer   *time.Timer  // the oldest sent job's hard deadline
	backlog []*queuedJob // taken in, not yet sent
	sent    []*queuedJob // sent to w and not answered, oldest first
	spare   []*queuedJob // answered, for take to reuse
	bytes   int          // of sent's lines
	clock   time.Time    // when the oldest sent job's clock started
	buf     []byte       // lines written at once
}

// run sends the jobs received from in and hands each reply to done, until
// in is closed and every job is answered. Its only error is errInterrupted:
// ctx ended, the worker was killed, and the jobs in flight have no reply.
// A worker still alive at the end is left in pl.w for the caller to reuse
// or close.
func (pl *pipeline) run(ctx context.Context, in <-chan pipeJob) error {
	pl.timer = time.NewTimer(time.Hour)
	pl.timer.Stop()
	defer pl.stopWatch()
	for {
		if err := pl.flush(ctx); err != nil {
			pl.kill()
			return err
		}
		if in == nil && len(pl.sent) == 0 && len(pl.backlog) == 0 {
			return nil
		}
		var next <-chan pipeJob
		if in != nil && len(pl.backlog) == 0 && pl.hasRoom(0) {
			next = in
		}
		var lines <-chan workerLine
		var deadline, poll <-chan time.Time
		if len(pl.sent) > 0 {
			lines, deadline = pl.w.lines, pl.timer.C
			if pl.lim.memBytes > 0 {
				poll = pl.watch.poll.C
			}
		}
		select {
		case pj, ok := <-next:
			if !ok {
				in = nil
				continue
			}
			pl.take(pj)
			if !pl.takeMore(in) {
				in = nil
			}
		case line, ok := <-lines:
			pl.answer(line, ok)
		case <-deadline:
			pl.w.kill()
			pl.fail(limitReply(solvers.Timeout, pl.clock, pl.watch.peak,
				fmt.Sprintf("killed %s after the %s deadline: the solver ignored its context", pl.lim.hard-pl.lim.timeout, pl.lim.timeout)))
		case <-poll:
			if pl.watch.overLimit() {
				pl.w.kill()
				pl.fail(limitReply(solvers.Memout, pl.clock, pl.watch.peak,
					fmt.Sprintf("killed at %d bytes resident, over the %s limit", pl.watch.peak, record.FormatBytes(float64(pl.lim.memBytes)))))
			}
		case <-ctx.Done():
			pl.kill()
			return ErrInterrupted
		}
	}
}

// hasRoom reports whether a job line of n more bytes fits the window.
func (pl *pipeline) hasRoom(n int) bool {
	return len(pl.sent) == 0 || (len(pl.sent) < pipelineDepth && pl.bytes+n <= pipelineBytes)
}

// take encodes a job into the backlog, in a queued job that an answered
// one leaves spare when there is one: the parent of a stream of fast
// solves allocated more for its queued jobs than for anything else.
func (pl *pipeline) take(pj pipeJob) {
	var q *queuedJob
	if n := len(pl.spare); n > 0 {
		q, pl.spare = pl.spare[n-1], pl.spare[:n-1]
	} else {
		q = &queuedJob{line: make([]byte, 0, 256)}
	}
	*q = queuedJob{pipeJob: pj, line: append(worker.AppendJob(q.line[:0], &pj.job), '\n')}
	pl.backlog = append(pl.backlog, q)
}

// takeMore takes in the jobs in already holds, as many as the window could
// hold, so that they go out in one write. It reports false when in is
// closed.
func (pl *pipeline) takeMore(in <-chan pipeJob) bool {
	for len(pl.backlog)+len(pl.sent) < pipelineDepth {
		select {
		case pj, ok := <-in:
			if !ok {
				return false
			}
			pl.take(pj)
		default:
			return true
		}
	}
	return true
}

// flush sends the backlog's jobs that fit the window, in one write,
// starting a worker when none is alive. A worker that cannot start costs
// the job that needed it, which is answered as a crash with the reason.
func (pl *pipeline) flush(ctx context.Context) error {
	for len(pl.backlog) > 0 && pl.hasRoom(len(pl.backlog[0].line)) {
		if pl.w == nil {
			w, err := pl.start(ctx)
			if errors.Is(err, ErrInterrupted) || ctx.Err() != nil {
				return ErrInterrupted
			}
			if err != nil {
				pl.done(pipeReply{pl.backlog[0].pipeJob, worker.Reply{Status: string(solvers.Crash), Detail: err.Error()}})
				pl.backlog = pl.backlog[1:]
				continue
			}
			pl.w, pl.watch = w, newWatch(w.cmd.Process.Pid, limits{memBytes: pl.lim.memBytes})
		}
		idle := len(pl.sent) == 0
		now := time.Now()
		pl.buf = pl.buf[:0]
		for len(pl.backlog) > 0 && pl.hasRoom(len(pl.backlog[0].line)) {
			q := pl.backlog[0]
			pl.backlog = pl.backlog[1:]
			q.sent = now
			pl.sent = append(pl.sent, q)
			pl.bytes += len(q.line)
			pl.buf = append(pl.buf, q.line...)
		}
		if idle {
			pl.startClock(now)
		}
		if _, err := pl.w.stdin.Write(pl.buf); err != nil {
			pl.fail(pl.w.died(pl.clock, "worker stopped reading jobs"))
		}
	}
	return nil
}

// startClock starts the oldest sent job's clock at t.
func (pl *pipeline) startClock(t time.Time) {
	pl.clock = t
	if pl.lim.hard > 0 {
		pl.timer.Reset(time.Until(t.Add(pl.lim.hard)))
	}
}

// answer takes the worker's reply to the oldest sent job; a closed output
// or an unreadable line fails the job.
func (pl *pipeline) answer(line workerLine, ok bool) {
	if !ok {
		pl.fail(pl.w.died(pl.clock, "worker died"))
		return
	}
	var rep worker.Reply
	if err := worker.DecodeReply(line.text, &rep); err != nil {
		pl.w.kill()
		pl.fail(crashReply(pl.clock, fmt.Sprintf("unreadable reply %q: %v", line.text, err)))
		return
	}
	head := pl.sent[0]
	pl.sent = pl.sent[1:]
	pl.bytes -= len(head.line)
	pl.done(pipeReply{head.pipeJob, rep})
	pl.spare = append(pl.spare, head)
	if len(pl.sent) == 0 {
		pl.timer.Stop()
		return
	}
	pl.startClock(later(pl.sent[0].sent, line.at))
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// fail answers the oldest sent job with rep, the reply the parent made
// for it, once its worker has been killed or found dead; the jobs sent
// after it never started, and go back to the front of the backlog for a
// fresh worker.
func (pl *pipeline) fail(rep worker.Reply) {
	head := pl.sent[0]
	pl.done(pipeReply{head.pipeJob, rep})
	pl.backlog = append(pl.sent[1:len(pl.sent):len(pl.sent)], pl.backlog...)
	pl.sent, pl.bytes = nil, 0
	pl.timer.Stop()
	pl.stopWatch()
	pl.w = nil
}

// kill ends the pipeline's worker, if any.
func (pl *pipeline) kill() {
	if pl.w != nil {
		pl.w.kill()
		pl.w = nil
	}
}

// stopWatch stops watching the worker's memory.
func (pl *pipeline) stopWatch() {
	if pl.watch != nil {
		pl.watch.stop()
		pl.watch = nil
	}
}
