// Package anneal samples the QUBO models of encodings/qubo in pure Go:
// simulated annealing as dwave-samplers runs it and a tuned preset,
// parallel tempering, tabu search in the manner of MST2, steepest descent
// as the baseline, and a Kerberos-style hybrid whose quantum subproblem is
// solved exactly. Every sampler is seeded (same seed, same answer), stops
// a little before its context's deadline (so that a run that found no grid
// is recorded as gave-up, not timeout), counts its reads, sweeps and attempted and
// accepted updates, and ends with the best state it found.
//
// The package's opinion: an annealer is an incomplete solver and is
// measured as one. It cannot prove that a solution is unique or that none
// exists, so it refuses unique mode and ends without a grid as gave-up,
// with its final energy and violations; a grid is returned only at energy
// 0, decoded and left to the harness to verify. Each read is counted, so
// that success per read and time to 99% confidence can be reported, and
// the work is counted in updates as well as time, so that results survive
// a loaded machine.
package anneal

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers"
)

// sampler runs reads on a run's problem until one reaches energy 0 or the
// run's stopping rule says stop, leaving its best state in the run.
type sampler interface {
	sample(r *run)
	options() map[string]string
}

// pipeline is a Solver: one formulation sampled by one sampler.
type pipeline struct {
	name    string
	builder *qubo.Builder
	sampler sampler
	// budget is the attempted updates a run without a deadline may make.
	budget int64
}

// Solve builds the puzzle's model and samples it. A model that
// propagation emptied is the answer at once; one with a conflict cannot
// reach energy 0 and gives up without sampling.
func (p *pipeline) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if req.Mode == solvers.Unique {
		return solvers.Result{Status: solvers.Error, Detail: p.name + " cannot prove that a solution is unique: run it in first mode (a benchmark plan does so for incomplete solvers)"}, nil
	}
	start := time.Now()
	m := p.builder.Build(req.Puzzle)
	res := solvers.Result{Model: m.Stats().Sizes(), Counters: solvers.Counters{}}
	for _, k := range []solvers.Counter{solvers.Reads, solvers.ReadsSolved, solvers.Sweeps, solvers.UpdatesAttempted, solvers.UpdatesAccepted} {
		res.Counters.Set(k, 0)
	}
	switch {
	case m.Conflict != "":
		res.Phases.Encode = time.Since(start)
		res.Status, res.Detail = solvers.GaveUp, "nothing to sample: "+m.Conflict
		return res, nil
	case m.Empty():
		res.Phases.Encode = time.Since(start)
		res.Status, res.Solution = solvers.Solved, m.Settled
		res.Counters["settled_without_sampling"] = 1
		res.Counters.Set(solvers.Energy, 0)
		res.Counters.Set(solvers.Violations, 0)
		return res, nil
	}
	prob, err := newProblem(m)
	if err != nil {
		return res, fmt.Errorf("%s: %w", p.name, err)
	}
	res.Phases.Encode = time.Since(start)

	start = time.Now()
	r := newRun(ctx, m, prob, req.Seed, p.budget)
	p.sampler.sample(r)
	res.Phases.Solve = time.Since(start)

	start = time.Now()
	err = p.finish(r, &res)
	res.Phases.Decode = time.Since(start)
	return res, err
}

// finish decodes the best state and fills in the verdict and counters.
func (p *pipeline) finish(r *run, res *solvers.Result) error {
	c := res.Counters
	c.Set(solvers.Reads, float64(r.reads))
	c.Set(solvers.ReadsSolved, float64(r.readsSolved))
	c.Set(solvers.Sweeps, float64(r.sweeps))
	c.Set(solvers.UpdatesAttempted, float64(r.attempted))
	c.Set(solvers.UpdatesAccepted, float64(r.accepted))
	for k, v := range r.extra {
		c[k] = v
	}
	if r.refused != "" {
		res.Status, res.Detail = r.refused, p.name+": "+r.refusal
		return nil
	}
	if !r.bestRead {
		res.Status, res.Detail = solvers.GaveUp, "stopped before any read ended"
		return nil
	}
	grid, violations, err := r.model.Decode(r.best.assignment())
	if err != nil {
		return fmt.Errorf("%s: %w", p.name, err)
	}
	c.Set(solvers.Energy, float64(r.bestEnergy))
	c.Set(solvers.Violations, float64(len(violations)))
	switch {
	case r.bestEnergy == 0 && grid == nil:
		return fmt.Errorf("%s: energy 0 but the sample breaks %s", p.name, qubo.Summarize(violations))
	case grid != nil:
		res.Status, res.Solution = solvers.Solved, grid
	default:
		res.Status = solvers.GaveUp
		res.Detail = fmt.Sprintf("best energy %d after %s, %.3g updates: %s", r.bestEnergy, r.readsDone(), float64(r.attempted), qubo.Summarize(violations))
	}
	return nil
}
