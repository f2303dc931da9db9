// Package milp runs the 0/1 Sudoku model of encodings/milp on gophersat's
// pseudo-Boolean solver in process (pure Go, with or without cutting
// planes): encode with the givens eliminated, decide feasibility, decode;
// unique mode adds a no-good cut that excludes the first solution and
// decides again.
//
// It also reads what the outside MILP programs leave (ReadCBC, ReadGLPK),
// for the solver definitions that run CBC and glpsol on the model's files
// (solvers/defs), and runs the LP relaxation analysis with glpsol: whether
// the relaxation of a puzzle's model already has the integral solution as
// its only point.
package milp

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// verdict is what an engine decided about one model.
type verdict int

const (
	feasible   verdict = iota // a solution was found
	infeasible                // proved that none exists
)

// attempt is one engine run on one model.
type attempt struct {
	verdict verdict
	x       []float64 // one value per model variable, when feasible
	detail  string    // why there is no solution, when infeasible
	// counters are engine counters, summed over the runs of one Solve.
	counters map[string]float64
}

// engine decides the feasibility of a model without conflicts and with at
// least one variable.
type engine interface {
	decide(ctx context.Context, m *milp.Model) (attempt, error)
}

// pipeline is a Solver: the shared flow around one engine.
type pipeline struct {
	name   string
	engine engine
}

// Solve encodes the puzzle, decides it, decodes the solution and, in unique
// mode, decides the model with a no-good cut against that solution. A
// request without a puzzle or with an unknown mode is an error status.
func (p *pipeline) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if _, err := req.SolutionLimit(); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	var res solvers.Result
	start := time.Now()
	m, err := milp.Pose(req.Puzzle, milp.Options{Form: milp.Eliminated})
	if err != nil {
		res.Status, res.Detail = solvers.Error, err.Error()
		return res, nil
	}
	res.Model = m.Stats().Sizes()
	res.Phases.Encode = time.Since(start)
	res.Counters = make(map[string]float64)

	first, err := p.run(ctx, m, &res)
	if err != nil {
		res.Status, res.Detail = solvers.Error, err.Error()
		return res, err
	}
	if first.verdict != feasible {
		res.Status, res.Detail = solvers.Unsat, first.detail
		return res, nil
	}
	start = time.Now()
	grid, err := m.Decode(first.x)
	res.Phases.Decode = time.Since(start)
	if err != nil {
		return res, fmt.Errorf("%s: %w", p.name, err)
	}
	res.Status, res.Solution = solvers.Solved, grid
	if req.Mode != solvers.Unique {
		return res, nil
	}
	return p.proveUnique(ctx, m, grid, res)
}

// proveUnique decides the model with the no-good cut against grid.
func (p *pipeline) proveUnique(ctx context.Context, m *milp.Model, grid *sudoku.Grid, res solvers.Result) (solvers.Result, error) {
	cut, err := m.WithNoGood(grid)
	if err != nil {
		return res, fmt.Errorf("%s: %w", p.name, err)
	}
	second, err := p.run(ctx, cut, &res)
	if err != nil {
		res.Status, res.Solution, res.Detail = solvers.Error, nil, err.Error()
		return res, err
	}
	if second.verdict == feasible {
		res.Status = solvers.Multiple
	}
	return res, nil
}

// run decides one model, adding its time and counters to res. Conflicts
// found while encoding and models without variables need no engine.
func (p *pipeline) run(ctx context.Context, m *milp.Model, res *solvers.Result) (attempt, error) {
	if row := m.Conflict(); row != "" {
		return attempt{verdict: infeasible, detail: "constraint " + row + " cannot hold after the givens"}, nil
	}
	if len(m.Vars) == 0 {
		return attempt{verdict: feasible, x: []float64{}}, nil
	}
	start := time.Now()
	a, err := p.engine.decide(ctx, m)
	res.Phases.Solve += time.Since(start)
	for k, v := range a.counters {
		res.Counters[k] += v
	}
	if err != nil {
		return a, fmt.Errorf("%s: %w", p.name, err)
	}
	return a, nil
}
