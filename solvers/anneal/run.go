package anneal

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers"
)

// DefaultBudget is the number of attempted updates after which a run with
// no deadline stops: about 2–10 s of sampling here. With a deadline, the
// deadline alone stops a run.
const DefaultBudget = 2e9

// checkEvery is how many attempted updates pass between two looks at the
// clock and the context: about 0.05–0.3 ms of sampling.
const checkEvery = 1 << 14

// stopMargin is how long before its context's deadline a run stops, at
// least, so that it returns its verdict (gave-up) before the harness's
// deadline strikes; a run also keeps stopFraction of its time in hand.
const (
	stopMargin   = 5 * time.Millisecond
	stopFraction = 0.02
)

// run is one Solve's sampling: the problem, the generator, the stopping
// rule, the counters, and the best state any read ended in.
type run struct {
	model *qubo.Model
	p     *problem
	rng   *rng

	ctx    context.Context
	stopAt time.Time // zero: no deadline
	budget int64     // attempted updates allowed without a deadline
	check  int64     // attempted count at the next look at the clock
	done   bool

	reads, readsSolved  int64
	sweeps              int64
	attempted, accepted int64
	extra               map[string]float64 // sampler-specific counters
	best                *state
	bestEnergy          int64
	bestRead            bool // a read has ended: best is set
	// refused, when set, is the verdict of a sampler that would not or
	// need not sample this model, with refusal saying why.
	refused solvers.Status
	refusal string
}

// refuse ends the run with a verdict and its reason, without a read.
func (r *run) refuse(status solvers.Status, why string) {
	r.refused, r.refusal, r.done = status, why, true
}

// newRun starts a run; budget is the attempted updates it may make when
// ctx has no deadline.
func newRun(ctx context.Context, m *qubo.Model, p *problem, seed, budget int64) *run {
	r := &run{model: m, p: p, rng: newRNG(seed), ctx: ctx, budget: budget, check: min(checkEvery, budget),
		extra: make(map[string]float64), best: newState(p.n)}
	if dl, ok := ctx.Deadline(); ok {
		left := time.Until(dl)
		r.stopAt = dl.Add(-max(stopMargin, time.Duration(stopFraction*float64(left))))
		r.budget = 1 << 62
	}
	return r
}

// stopped reports whether the run must end: cheaply, by counting, until
// checkEvery more updates were attempted, then by the clock and the
// context.
func (r *run) stopped() bool {
	if r.done || r.attempted < r.check {
		return r.done
	}
	r.check = r.attempted + checkEvery
	switch {
	case r.attempted >= r.budget, r.ctx.Err() != nil:
		r.done = true
	case !r.stopAt.IsZero() && !time.Now().Before(r.stopAt):
		r.done = true
	}
	return r.done
}

// endRead counts a read that ended in s (complete or solved) and keeps s
// if it is the best so far; it reports whether s is a solution.
func (r *run) endRead(s *state) bool {
	r.reads++
	r.offer(s)
	if s.energy == 0 {
		r.readsSolved++
		r.done = true
	}
	return s.energy == 0
}

// abandonRead keeps s if it is the best so far, from a read the stopping
// rule cut short: such a read is not counted, so that success per read
// counts whole reads only.
func (r *run) abandonRead(s *state) {
	r.offer(s)
	r.extra["reads_interrupted"]++
}

// readsDone says how many reads ended, and how many the stopping rule cut
// short, if any: a long read (parallel tempering's) may never end.
func (r *run) readsDone() string {
	done := fmt.Sprintf("%d reads", r.reads)
	if cut := r.extra["reads_interrupted"]; cut > 0 {
		done += fmt.Sprintf(" (and %g cut short)", cut)
	}
	return done
}

// offer keeps s if it is better than the best state seen.
func (r *run) offer(s *state) {
	if !r.bestRead || s.energy < r.bestEnergy {
		r.best.copyFrom(s)
		r.bestEnergy, r.bestRead = s.energy, true
	}
}
