// Package sat solves Sudoku as propositional satisfiability in process: a
// puzzle is encoded by encodings/cnf (or, for the extended encoding
// reduced by unit propagation, the same formula is written from
// candidate masks: boardReducer), handed to gophersat, and the model is
// decoded back to a grid. Unique mode adds a clause that blocks the
// first grid and solves again (or, incrementally, assumes it away). The
// outside SAT programs run the same encodings as solver definitions
// (solvers/defs), not from here.
//
// The package's opinion: the encoding is what is being studied, so every
// pipeline names its encoding, reports the formula's size and the engine's
// own counters, and never checks its own answer (the harness does).
package sat

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// answer is what an engine found for one instance.
type answer struct {
	sat   bool
	model []bool // model[v-1] for variable v of the instance's formula
	// second is set in unique mode when a different grid also satisfies.
	second   bool
	counters map[string]float64
}

// engine solves encoded instances; unique asks it to look for a second grid.
type engine interface {
	solve(ctx context.Context, inst *cnf.Instance, unique bool) (answer, error)
}

// pipeline is a Solver: an encoding plus an engine.
type pipeline struct {
	opt      cnf.Options
	engine   engine
	encoders map[*sudoku.Geometry]*cnf.Encoder
}

func newPipeline(opt cnf.Options, e engine) *pipeline {
	return &pipeline{opt: opt, engine: e, encoders: make(map[*sudoku.Geometry]*cnf.Encoder)}
}

func (p *pipeline) encoder(geo *sudoku.Geometry) *cnf.Encoder {
	enc, ok := p.encoders[geo]
	if !ok {
		enc = cnf.NewEncoder(geo, p.opt)
		p.encoders[geo] = enc
	}
	return enc
}

// Solve encodes, solves and decodes one puzzle. A request without a
// puzzle or with an unknown mode is an error status.
func (p *pipeline) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if res, refused, err := refusal(ctx, req); refused {
		return res, err
	}
	start := time.Now()
	inst, err := p.encoder(req.Puzzle.Geometry()).Encode(req.Puzzle)
	if errors.Is(err, cnf.ErrUnsat) {
		return unsatByPropagation(time.Since(start), err), nil
	}
	var res solvers.Result
	res.Phases.Encode = time.Since(start)
	if err != nil {
		return res, err
	}
	res.Model = inst.Stats().Map()
	start = time.Now()
	ans, err := p.engine.solve(ctx, inst, req.Mode == solvers.Unique)
	res.Phases.Solve = time.Since(start)
	if err != nil {
		return res, err
	}
	finish(&res, ans, inst.Decode)
	return res, nil
}

// refusal is the answer to a request that is not to be solved: an error
// status for one without a puzzle or with an unknown mode, the context's
// error once it is done; refused is false for any other.
func refusal(ctx context.Context, req solvers.Request) (res solvers.Result, refused bool, err error) {
	if _, err := req.SolutionLimit(); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, true, nil
	}
	if err := ctx.Err(); err != nil {
		return solvers.Result{}, true, err
	}
	return solvers.Result{}, false, nil
}

// unsatByPropagation is the result of a puzzle whose givens propagation
// already contradicts.
func unsatByPropagation(encode time.Duration, err error) solvers.Result {
	return solvers.Result{
		Status: solvers.Unsat, Detail: err.Error(),
		Counters: map[string]float64{"decisions": 0, "propagation_only": 1},
		Phases:   solvers.Phases{Encode: encode},
	}
}

// finish fills in the result of an engine's answer: its counters, its
// status and the grid that decode reads from its model.
func finish(res *solvers.Result, ans answer, decode func([]bool) (*sudoku.Grid, error)) {
	res.Counters = ans.counters
	if !ans.sat {
		res.Status = solvers.Unsat
		return
	}
	start := time.Now()
	var err error
	res.Solution, err = decode(ans.model)
	res.Phases.Decode = time.Since(start)
	res.Status = solvers.Solved
	if ans.second {
		res.Status = solvers.Multiple
	}
	if err != nil {
		// The grid goes on to verification, which will call it wrong.
		res.Detail = fmt.Sprintf("model does not decode: %v", err)
	}
}
