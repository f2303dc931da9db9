package defs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/sudoku"
)

// pipeline is a defined pipeline as a Solver: it writes the puzzle in the
// definition's input format, runs the programs, reads their answer, and
// in unique mode proves or refutes a second solution as the definition
// says.
type pipeline struct {
	def   *Definition
	in    *formats.Format
	out   *output
	cache formats.Cache
	// startup is what one call of the programs costs on a trivial
	// puzzle, measured at the first solve; 0 until then.
	startup startup
}

// NewSolver makes a fresh solver of the definition.
func (d *Definition) NewSolver() solvers.Solver {
	return &pipeline{def: d, in: d.format, out: outputs[d.Output], cache: make(formats.Cache)}
}

// Solve runs the pipeline on one puzzle.
func (p *pipeline) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if p.startup.wall == 0 {
		// First, before any check: a worker priming with a puzzle this
		// pipeline refuses still pays for it then, untimed.
		if err := p.measureStartup(ctx); err != nil {
			return solvers.Result{}, err
		}
	}
	if _, err := req.SolutionLimit(); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	if p.in == nil || p.out == nil {
		return solvers.Result{}, fmt.Errorf("%s: a definition that Parse did not check (input %q, output %q)", p.def.Name, p.def.Input, p.def.Output)
	}
	if req.Mode == solvers.Unique && p.def.Unique == "none" {
		return solvers.Result{Status: solvers.Error, Detail: fmt.Sprintf("%s is defined with unique = \"none\": it runs in first mode only", p.def.Name)}, nil
	}
	if geo := req.Puzzle.Geometry(); !p.def.Supports(geo) {
		return solvers.Result{Status: solvers.Error, Detail: fmt.Sprintf("%s takes %s (its definition's sizes and variants); this puzzle is %s", p.def.Name, p.def.takes(), geo)}, nil
	}
	res := solvers.Result{Counters: make(map[string]float64)}
	start := time.Now()
	inst, err := p.in.Pose(req.Puzzle, p.def.Options, p.cache)
	res.Phases.Encode = time.Since(start)
	if errors.Is(err, cnf.ErrUnsat) {
		res.Status, res.Detail = solvers.Unsat, err.Error()
		res.Counters["propagation_only"] = 1
		return res, nil
	}
	if err != nil {
		return res, fmt.Errorf("%s: posing the puzzle: %w", p.def.Name, err)
	}
	res.Model = inst.Sizes()
	dir, cleanup, err := external.TempDir("defs")
	if err != nil {
		return res, err
	}
	defer cleanup()
	c := &call{p: p, ctx: ctx, req: req, dir: dir, res: &res}
	err = c.solve(inst)
	counters := solvers.Counters(res.Counters)
	calls, _ := counters.Get(solvers.Calls)
	counters.Set(solvers.Startup, float64(p.startup.wall.Nanoseconds())*calls)
	counters.Set(solvers.StartupCPU, float64(p.startup.cpu.Nanoseconds())*calls)
	return res, err
}

// takes says which geometries the definition takes.
func (d *Definition) takes() string {
	sides := make([]string, len(d.Sizes))
	for i, n := range d.Sizes {
		sides[i] = fmt.Sprintf("%d×%d", n, n)
	}
	variants := make([]string, len(d.Variants))
	for i, v := range d.Variants {
		variants[i] = v.String()
	}
	return strings.Join(sides, ", ") + " grids, " + strings.Join(variants, " and ")
}

// call is one Solve: the programs' runs on one puzzle and the result they
// make.
type call struct {
	p   *pipeline
	ctx context.Context
	req solvers.Request
	dir string
	res *solvers.Result
	// tail is the end of what the last run printed, for errors.
	tail string
}

// solve settles the request: the first answer, and in unique mode the
// proof or refutation of a second solution.
func (c *call) solve(inst formats.Instance) error {
	res, def := c.res, c.p.def
	want := 1
	unique := c.req.Mode == solvers.Unique
	if unique && def.Unique == "limit" {
		want = 2
	}
	first, err := c.run(inst, want)
	if err != nil {
		return err
	}
	if decisions, ok := first.counters["decisions"]; ok {
		res.Counters["propagation_only"] = boolFloat(decisions == 0)
	}
	switch {
	case first.verdict == unsat:
		res.Status = solvers.Unsat
		return nil
	case len(first.solutions) == 0:
		res.Status, res.Detail = solvers.GaveUp, def.Engine()+" stopped without an answer (unknown)"
		return nil
	}
	grid, err := c.decode(inst, first.solutions[0])
	if errors.Is(err, formats.ErrNotASolution) {
		res.Status, res.Detail = solvers.GaveUp, err.Error()
		return nil
	}
	if err != nil {
		return c.falseAnswer(err)
	}
	res.Status, res.Solution = solvers.Solved, grid
	if !unique {
		return nil
	}
	if def.Unique == "limit" {
		return c.settleLimit(inst, first, grid)
	}
	return c.settleBlock(inst, grid)
}

// settleLimit reads unique mode's answer from a call that looked for two
// solutions.
func (c *call) settleLimit(inst formats.Instance, first reading, grid *sudoku.Grid) error {
	if len(first.solutions) > 1 {
		second, err := c.decode(inst, first.solutions[1])
		if err != nil {
			return c.falseAnswer(err)
		}
		if second.Equal(grid) {
			return fmt.Errorf("%s printed the same solution twice; %s", c.p.def.Engine(), c.tail)
		}
		c.res.Status = solvers.Multiple
		return nil
	}
	if !first.exhausted {
		c.res.Status, c.res.Solution = solvers.GaveUp, nil
		c.res.Detail = c.p.def.Engine() + " found one solution and stopped before it proved there is no second"
	}
	return nil
}

// settleBlock calls the programs again with the first solution excluded.
func (c *call) settleBlock(inst formats.Instance, grid *sudoku.Grid) error {
	more, err := inst.Exclude(grid)
	if err != nil || !more {
		return err
	}
	second, err := c.run(inst, 1)
	if err != nil {
		return err
	}
	switch {
	case second.verdict == unsat:
		return nil
	case len(second.solutions) == 0:
		c.res.Status, c.res.Solution = solvers.GaveUp, nil
		c.res.Detail = c.p.def.Engine() + " found a solution but could not decide whether there is a second (unknown)"
		return nil
	}
	other, err := c.decode(inst, second.solutions[0])
	if err != nil {
		return c.falseAnswer(err)
	}
	if other.Equal(grid) {
		return fmt.Errorf("%s returned the solution it was asked to exclude; %s", c.p.def.Engine(), c.tail)
	}
	c.res.Status = solvers.Multiple
	return nil
}

// decode turns one of the program's solutions into a grid.
func (c *call) decode(inst formats.Instance, s formats.Answer) (*sudoku.Grid, error) {
	start := time.Now()
	defer func() { c.res.Phases.Decode += time.Since(start) }()
	g, err := formats.Decode(inst, c.req.Puzzle, s)
	switch {
	case err != nil && g != nil:
		return nil, &falseAnswer{grid: g, why: fmt.Sprintf("%s's answer is no solution: %v", c.p.def.Engine(), err)}
	case err != nil:
		return nil, fmt.Errorf("%s's answer does not read as a grid: %w; %s", c.p.def.Engine(), err, c.tail)
	}
	return g, nil
}

// falseAnswer is an answer that reads but is no solution: a model that
// puts two digits in a cell, or none. The program gave a false answer; its
// pipeline did not fail.
type falseAnswer struct {
	grid *sudoku.Grid // what the answer decodes to, the cells it got wrong empty
	why  string
}

func (f *falseAnswer) Error() string { return f.why }

// falseAnswer ends the call on a decoding error: a false answer becomes
// the result's solution, which verification calls wrong, the detail
// saying what was false; any other error is the pipeline's failure.
func (c *call) falseAnswer(err error) error {
	var f *falseAnswer
	if !errors.As(err, &f) {
		return err
	}
	c.res.Status, c.res.Solution, c.res.Detail = solvers.Solved, f.grid, f.why
	return nil
}

// run writes the instance, runs the programs on it and reads their
// answer, asking for solutions solutions.
func (c *call) run(inst formats.Instance, solutions int) (reading, error) {
	def := c.p.def
	out, err := c.execute(inst, solutions)
	if err != nil {
		return reading{}, err
	}
	answer := out.Stdout
	if def.uses("result") {
		if answer, err = os.ReadFile(c.resultPath()); err != nil {
			return reading{}, fmt.Errorf("%s (exit %s) wrote no {result} file: %s", def.Engine(), exits(out), c.tail)
		}
	}
	r, err := c.p.out.read(answer, out)
	if err != nil {
		return r, fmt.Errorf("%s (exit %s): its %s output does not read: %v; %s", def.Engine(), exits(out), def.Output, err, c.tail)
	}
	for k, v := range r.counters {
		c.res.Counters[k] += v
	}
	return r, nil
}

func (c *call) resultPath() string { return filepath.Join(c.dir, "result.txt") }

// execute writes the instance and runs the programs on it, asking for
// solutions solutions; it counts the call and the programs' CPU time.
func (c *call) execute(inst formats.Instance, solutions int) (external.Output, error) {
	def := c.p.def
	start := time.Now()
	var buf bytes.Buffer
	err := inst.Write(&buf)
	text := buf.Bytes()
	inputPath := filepath.Join(c.dir, "input."+c.p.in.Ext)
	if err == nil && !def.Stdin {
		err = os.WriteFile(inputPath, text, 0o600)
	}
	c.res.Phases.Encode += time.Since(start)
	if err != nil {
		return external.Output{}, fmt.Errorf("%s: writing the input: %w", def.Name, err)
	}
	resultPath := c.resultPath()
	os.Remove(resultPath)
	if def.Proof != "" && c.req.ProofPath != "" {
		// The proof left is the last call's: the one behind the verdict.
		os.Remove(c.req.ProofPath)
	}
	cmds := c.commands(inputPath, resultPath, solutions)
	var stdin io.Reader
	if def.Stdin {
		stdin = bytes.NewReader(text)
	}
	start = time.Now()
	out, err := external.RunPipeline(c.ctx, cmds, stdin)
	c.res.Phases.Solve += time.Since(start)
	c.res.Counters[string(solvers.Calls)]++
	c.res.Counters["process_cpu_s"] += out.CPU.Seconds()
	if err != nil {
		if c.ctx.Err() != nil {
			return out, err
		}
		return out, fmt.Errorf("%s: %w", def.Name, err)
	}
	c.tail = tails(out)
	return out, nil
}

// commands fills the placeholders of the definition's commands. An
// argument naming {proof} is left out when the request asks for no proof,
// so that a program writes one only when it is checked.
func (c *call) commands(inputPath, resultPath string, solutions int) []external.Command {
	geo := c.req.Puzzle.Geometry()
	secs, ms := timeLeft(c.ctx)
	values := map[string]string{
		"input": inputPath, "timeout": secs, "timeout_ms": ms,
		"seed": strconv.FormatInt(c.req.Seed, 10), "solutions": strconv.Itoa(solutions),
		"workdir": c.dir, "result": resultPath, "variant": geo.Variant.String(), "size": strconv.Itoa(geo.N),
		"defdir": c.p.def.File.Dir, "proof": c.req.ProofPath,
	}
	cmds := make([]external.Command, len(c.p.def.Stages))
	for i, stage := range c.p.def.Stages {
		var args []string
		for _, arg := range stage[1:] {
			if c.req.ProofPath == "" && strings.Contains(arg, "{proof}") {
				continue
			}
			args = append(args, placeholderPattern.ReplaceAllStringFunc(arg, func(m string) string { return values[m[1:len(m)-1]] }))
		}
		cmds[i] = external.Command{Name: c.p.def.program(stage), Args: args}
	}
	return cmds
}

// noLimit is the time a program is told it has when the run has no limit:
// a day.
const noLimit = 24 * time.Hour

// timeLeft is the time a program is given, in whole seconds (at least 1)
// and in milliseconds (at least 10): 90% of what is left before ctx's
// deadline, less 100 ms for writing and reading files, so that a program
// that honours its limit answers before the harness kills it.
func timeLeft(ctx context.Context) (secs, ms string) {
	left := noLimit
	if deadline, ok := ctx.Deadline(); ok {
		left = time.Until(deadline)*9/10 - 100*time.Millisecond
	}
	return strconv.FormatInt(max(int64(left/time.Second), 1), 10), strconv.FormatInt(max(left.Milliseconds(), 10), 10)
}

// exits shows the programs' exit codes: "0", or "0|10" for a pipeline,
// "killed by a signal" for a program that did not exit.
func exits(out external.Output) string {
	codes := make([]string, len(out.Exits))
	for i, code := range out.Exits {
		codes[i] = strconv.Itoa(code)
		if code == -1 {
			codes[i] = "killed by a signal"
		}
	}
	return strings.Join(codes, "|")
}

// tailBytes is how much of each output stream an error message shows.
const tailBytes = 300

// tails shows the end of what the programs printed, stdout and stderr.
func tails(out external.Output) string {
	var parts []string
	for _, s := range []struct {
		name string
		text []byte
	}{{"stdout", out.Stdout}, {"stderr", out.Stderr}} {
		t := bytes.TrimSpace(s.text)
		if len(t) == 0 {
			continue
		}
		if len(t) > tailBytes {
			t = append([]byte("…"), t[len(t)-tailBytes:]...)
		}
		parts = append(parts, fmt.Sprintf("%s ends: %s", s.name, t))
	}
	if len(parts) == 0 {
		return "it printed nothing"
	}
	return strings.Join(parts, "; ")
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
