package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/registry"
	"github.com/sudokubench/sudokubench/sudoku"
)

// solveTraced solves one puzzle with the tracer, printing each step as it
// comes and checking by replay that the steps lead to the solution.
func (s *puzzleSolver) solveTraced(ctx context.Context, p corpora.Puzzle) solveLine {
	trace := newStepPrinter(s.out, p.ID, p.Grid, s.traceLimit, s.asJSON)
	return s.solveInProcess(ctx, p, func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		res, err := s.tracer.SolveTraced(ctx, req, trace.step)
		if err == nil {
			err = trace.finish(res.Solution)
		}
		return res, err
	})
}

// solveInProcess solves a puzzle in this process with call under the
// --timeout, verifies the answer after the timed call, and cross-checks an
// unsat or multiple verdict as a worker's is. A puzzle without a solution
// goes to the solver as in a worker. A traced solve always takes this
// path: its steps cannot cross a worker's protocol.
func (s *puzzleSolver) solveInProcess(ctx context.Context, p corpora.Puzzle, call solvers.SolverFunc) solveLine {
	line := solveLine{ID: p.ID, Puzzle: p.Grid.String(), Mode: s.mode, ModeAsked: s.modeAsked}
	solveCtx := ctx
	if s.timeout > 0 {
		var cancel context.CancelFunc
		solveCtx, cancel = context.WithTimeout(ctx, s.timeout)
		defer cancel()
	}
	start := time.Now()
	res, err := call(solveCtx, solvers.Request{Puzzle: p.Grid, Mode: s.mode, Seed: s.seed})
	line.Micros = float64(time.Since(start).Nanoseconds()) / 1e3
	line.Status, line.Detail, line.Counters, line.Model = res.Status, res.Detail, res.Counters, res.Model
	switch {
	case err != nil:
		line.Status, line.Detail = solvers.Error, err.Error()
	case errors.Is(solveCtx.Err(), context.DeadlineExceeded) && res.Solution == nil:
		line.Status = solvers.Timeout
	case res.Solution != nil:
		line.Solution = res.Solution.String()
		if verr := sudoku.CheckSolution(p.Grid, res.Solution); verr != nil {
			line.Status, line.Detail = solvers.Wrong, verr.Error()
		}
	}
	s.crossCheck(ctx, p.Grid, res.Solution, &line)
	return line
}

// crossCheck settles an unsat or multiple verdict of an in-process solve
// with exactcover/dlx, as the executor does a worker's; an interrupted
// check leaves the line as it was.
func (s *puzzleSolver) crossCheck(ctx context.Context, puzzle, grid *sudoku.Grid, line *solveLine) {
	rec := record.Record{Status: string(line.Status), Detail: line.Detail}
	if verify.CrossCheck(ctx, dlx.Oracle{}, &rec, puzzle, grid) != nil {
		return
	}
	line.Status, line.Detail = solvers.Status(rec.Status), rec.Detail
	line.CrossChecked, line.CrossCheckNote = rec.CrossChecked, rec.CrossCheckNote
}

// tracers returns the names of the pipelines that can trace their search.
func tracers(reg *solvers.Registry) []string {
	var names []string
	for _, in := range reg.All() {
		if _, ok := in.New().(solvers.Tracer); ok {
			names = append(names, in.Name)
		}
	}
	return names
}

// stepPrinter prints one puzzle's trace as it comes, up to a limit of
// steps, and replays every step to check it.
type stepPrinter struct {
	out    io.Writer
	id     string
	geo    *sudoku.Geometry
	limit  int
	asJSON bool
	replay *solvers.Replayer
	n      int
	kinds  map[solvers.StepKind]int
	err    error // the first replay or write error
}

func newStepPrinter(out io.Writer, id string, puzzle *sudoku.Grid, limit int, asJSON bool) *stepPrinter {
	p := &stepPrinter{out: out, id: id, geo: puzzle.Geometry(), limit: limit, asJSON: asJSON,
		replay: solvers.NewReplayer(puzzle), kinds: make(map[solvers.StepKind]int)}
	if !asJSON {
		p.write(fmt.Sprintf("# trace of %s\n# %6s  %-9s  %-6s  %-20s  %5s  %5s\n", id, "step", "kind", "cell", "options", "value", "depth"))
	}
	return p
}

// traceStep is one step in --json output.
type traceStep struct {
	ID      string `json:"id"`
	Step    int    `json:"step"`
	Kind    string `json:"kind"`
	Cell    string `json:"cell,omitempty"`
	Options []int  `json:"options,omitempty"`
	Value   int    `json:"value,omitempty"`
	Depth   int    `json:"depth"`
}

// step takes the solver's next step.
func (p *stepPrinter) step(s solvers.Step) {
	p.n++
	p.kinds[s.Kind]++
	if err := p.replay.Apply(s); err != nil && p.err == nil {
		p.err = err
	}
	if p.n > p.limit {
		return
	}
	cell, options, value := "", "", ""
	if s.Kind != solvers.Found {
		cell, value = p.geo.CellName(s.Cell), fmt.Sprint(s.Value)
		if s.Options != 0 {
			options = solvers.FormatOptions(s.Options)
		}
	}
	if !p.asJSON {
		p.write(fmt.Sprintf("  %6d  %-9s  %-6s  %-20s  %5s  %5d\n", p.n, s.Kind, cell, options, value, s.Depth))
		return
	}
	b, err := json.Marshal(traceStep{ID: p.id, Step: p.n, Kind: s.Kind.String(), Cell: cell, Options: solvers.Digits(s.Options), Value: s.Value, Depth: s.Depth})
	if err == nil {
		p.write(string(b) + "\n")
	} else if p.err == nil {
		p.err = err
	}
}

func (p *stepPrinter) write(s string) {
	if _, err := io.WriteString(p.out, s); err != nil && p.err == nil {
		p.err = err
	}
}

// finish says how many steps there were, and checks that the trace
// replays to the solution the solver returned (nil when it returned none).
func (p *stepPrinter) finish(solution *sudoku.Grid) error {
	if !p.asJSON {
		var hidden string
		if p.n > p.limit {
			hidden = fmt.Sprintf(", the last %d not shown (--trace-limit)", p.n-p.limit)
		}
		p.write(fmt.Sprintf("# %d steps: %d guesses, %d forced, %d backtracks%s\n", p.n,
			p.kinds[solvers.Guess], p.kinds[solvers.Force], p.kinds[solvers.Backtrack], hidden))
	}
	switch {
	case p.err != nil:
		return fmt.Errorf("trace: %w", p.err)
	case solution != nil && !solution.Equal(p.replay.Solution()):
		return fmt.Errorf("trace: the steps do not replay to the solution returned")
	}
	return nil
}

// traceWith makes the solver print the search of each puzzle: an error
// when the pipeline cannot trace (naming those that can) or the limit is
// negative.
func (s *puzzleSolver) traceWith(info solvers.Info, limit int) error {
	tracer, ok := info.New().(solvers.Tracer)
	if !ok {
		return fmt.Errorf("solver %s cannot trace its search; --trace works with %s", info.Name, strings.Join(tracers(registry.Default()), ", "))
	}
	if limit < 0 {
		return fmt.Errorf("--trace-limit %d: give a number of steps, 0 or more", limit)
	}
	s.tracer, s.traceLimit = tracer, limit
	return nil
}
