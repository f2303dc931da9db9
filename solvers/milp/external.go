package milp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/sudoku"
)

// tool is what differs between outside MILP programs: how to call them and
// how to read what they leave.
type tool interface {
	program() external.Program
	// format is the model file's extension, "lp" or "mps".
	format() string
	// args are the program's arguments for a model file, the solution file
	// to write and a time limit in seconds (0: none).
	args(model, solution string, limitSeconds float64) []string
	// read turns the program's output and solution file into an outcome.
	read(out external.Output, solution []byte) (outcome, error)
}

// outcome is what one run of an outside program established.
type outcome struct {
	verdict  verdict
	values   map[string]float64 // variable values by name, when feasible
	detail   string
	counters map[string]float64
	// objective is the optimum, for the LP analysis.
	objective float64
}

// externalEngine runs a tool on model files in a private temporary
// directory. It measures the program's start-up once per instance — the
// shortest of startupRuns runs on a one-variable model, files included —
// and reports startup_ns as that time times the number of processes
// started, so that Phases.Solve minus startup_ns estimates the solve work.
type externalEngine struct {
	tool    tool
	startup time.Duration // 0 until measured
}

func (e *externalEngine) decide(ctx context.Context, m *milp.Model) (attempt, error) {
	if e.startup == 0 {
		if err := e.measureStartup(ctx); err != nil {
			return attempt{}, err
		}
	}
	o, out, err := runTool(ctx, e.tool, m)
	if err != nil {
		return attempt{}, err
	}
	a := attempt{verdict: o.verdict, detail: o.detail, counters: o.counters}
	a.counters["processes"]++
	a.counters["startup_ns"] += float64(e.startup.Nanoseconds())
	a.counters["process_cpu_ns"] += float64(out.CPU.Nanoseconds())
	if o.verdict == feasible {
		if a.x, err = m.Vector(o.values); err != nil {
			return a, fmt.Errorf("%s solution: %w", e.tool.program().Name, err)
		}
	}
	return a, nil
}

// startupRuns is how many trivial runs the start-up measurement takes the
// shortest of, to shed cold caches and a busy machine.
const startupRuns = 3

// measureStartup times the program on a trivial model: a 4×4 grid with one
// empty cell.
func (e *externalEngine) measureStartup(ctx context.Context) error {
	m := trivialModel()
	best := time.Duration(math.MaxInt64)
	for range startupRuns {
		start := time.Now()
		if _, _, err := runTool(ctx, e.tool, m); err != nil {
			return fmt.Errorf("measuring start-up: %w", err)
		}
		best = min(best, time.Since(start))
	}
	e.startup = max(best, time.Nanosecond)
	return nil
}

func trivialModel() *milp.Model {
	g, err := sudoku.ParseLine("1234341221434.21", sudoku.Classic)
	if err != nil {
		panic(err) // a constant grid
	}
	return milp.New(g, milp.Eliminated)
}

// runTool writes the model, runs the program under a time limit below ctx's
// deadline (the hard kill behind it is ctx itself) and reads the outcome.
func runTool(ctx context.Context, t tool, m *milp.Model) (outcome, external.Output, error) {
	name := t.program().Name
	dir, cleanup, err := external.TempDir("milp")
	if err != nil {
		return outcome{}, external.Output{}, fmt.Errorf("%s: %w", name, err)
	}
	defer cleanup()
	modelPath := filepath.Join(dir, "model."+t.format())
	solPath := filepath.Join(dir, "solution.txt")
	if err := writeModelFile(modelPath, t.format(), m); err != nil {
		return outcome{}, external.Output{}, fmt.Errorf("%s: %w", name, err)
	}
	out, err := external.Run(ctx, name, t.args(modelPath, solPath, limitSeconds(ctx)), nil)
	if err != nil {
		return outcome{}, out, fmt.Errorf("%s: %w", name, err)
	}
	sol, err := os.ReadFile(solPath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return outcome{}, out, fmt.Errorf("%s: reading its solution: %w", name, err)
	}
	o, err := t.read(out, sol)
	if err != nil {
		return o, out, fmt.Errorf("%s (exit %d): %w; output: %s", name, out.ExitCode, err, out.Tail(400))
	}
	return o, out, nil
}

func writeModelFile(path, format string, m *milp.Model) error {
	var buf bytes.Buffer
	write, err := milp.Writer(format)
	if err != nil {
		return err
	}
	if err := write(&buf, m); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o600)
}

// limitSeconds is the time limit handed to an outside program: 90% of what
// is left before ctx's deadline, less 100 ms for writing and reading files;
// 0 when ctx has no deadline.
func limitSeconds(ctx context.Context) float64 {
	deadline, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	left := time.Until(deadline).Seconds()*0.9 - 0.1
	return math.Max(left, 0.01)
}
