package milp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/sudoku"
)

// tightTolerance is the largest optimum of the tightness probe still read
// as 0: simplex round-off, far below any fractional point of the relaxation.
const tightTolerance = 1e-6

// RelaxationExcess solves the tightness probe of the puzzle with glpsol:
// the LP relaxation of the model (givens eliminated, which fixes them), with
// the objective "maximise Σ x over the variables that disagree with
// solution". It returns that optimum; the relaxation is tight — its feasible
// set is the single integral solution — iff the optimum is 0.
func RelaxationExcess(ctx context.Context, puzzle, solution *sudoku.Grid) (float64, error) {
	m, err := milp.Pose(puzzle, milp.Options{Form: milp.Eliminated})
	if err != nil {
		return 0, err
	}
	probe, err := m.TightnessProbe(solution)
	if err != nil {
		return 0, err
	}
	if row := probe.Conflict(); row != "" {
		return 0, fmt.Errorf("tightness probe: constraint %s cannot hold: the puzzle has no solution", row)
	}
	if len(probe.Vars) == 0 {
		return 0, nil
	}
	sol, err := runGLPK(ctx, probe)
	if err != nil {
		return 0, err
	}
	if !sol.Feasible {
		return 0, fmt.Errorf("tightness probe of %s: %s", puzzle, sol.Detail)
	}
	return sol.Objective, nil
}

// glpkProgram is GLPK's glpsol, which the analysis runs on CPLEX LP.
var glpkProgram = external.Program{Name: "glpsol", Package: "glpk-utils"}

// runGLPK writes the model as CPLEX LP in a private temporary directory,
// has glpsol solve it under a time limit below ctx's deadline (the hard
// kill behind it is ctx itself), and reads its printable solution.
func runGLPK(ctx context.Context, m *milp.Model) (Solution, error) {
	dir, cleanup, err := external.TempDir("milp")
	if err != nil {
		return Solution{}, fmt.Errorf("glpsol: %w", err)
	}
	defer cleanup()
	modelPath, solPath := filepath.Join(dir, "model.lp"), filepath.Join(dir, "solution.txt")
	var buf bytes.Buffer
	if err := milp.WriteLP(&buf, m); err != nil {
		return Solution{}, err
	}
	if err := os.WriteFile(modelPath, buf.Bytes(), 0o600); err != nil {
		return Solution{}, fmt.Errorf("glpsol: %w", err)
	}
	args := []string{"--lp", modelPath, "-o", solPath}
	if limit := limitSeconds(ctx); limit > 0 {
		// --tmlim takes whole seconds: rounded down, to at least one.
		args = append(args, "--tmlim", strconv.Itoa(max(int(limit), 1)))
	}
	out, err := external.Run(ctx, glpkProgram.Name, args, nil)
	if err != nil {
		return Solution{}, fmt.Errorf("glpsol: %w", err)
	}
	sol, err := os.ReadFile(solPath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return Solution{}, fmt.Errorf("glpsol: reading its solution: %w", err)
	}
	s, err := ReadGLPK(out, sol)
	if err != nil {
		return s, fmt.Errorf("glpsol (exit %d): %w; output: %s", out.ExitCode, err, out.Tail(400))
	}
	return s, nil
}

// limitSeconds is the time limit handed to glpsol: 90% of what is left
// before ctx's deadline, less 100 ms for writing and reading files; 0 when
// ctx has no deadline.
func limitSeconds(ctx context.Context) float64 {
	deadline, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	left := time.Until(deadline).Seconds()*0.9 - 0.1
	return math.Max(left, 0.01)
}

// LPBucket counts, for one hint count, the puzzles analysed and those whose
// relaxation is tight.
type LPBucket struct {
	Hints   int
	Puzzles int
	Tight   int
}

// Share returns the fraction of tight puzzles.
func (b LPBucket) Share() float64 {
	if b.Puzzles == 0 {
		return 0
	}
	return float64(b.Tight) / float64(b.Puzzles)
}

// LPAnalysis tallies the tightness of the LP relaxation over puzzles,
// bucketed by hint count. It finds each puzzle's solution with the
// in-process milp/gophersat-pb pipeline, then probes the relaxation with
// glpsol. Not safe for concurrent use.
type LPAnalysis struct {
	solver  solvers.Solver
	buckets map[int]*LPBucket
}

// NewLPAnalysis returns an empty tally.
func NewLPAnalysis() *LPAnalysis {
	return &LPAnalysis{
		solver:  &pipeline{name: "milp/gophersat-pb", engine: pbEngine{}},
		buckets: make(map[int]*LPBucket),
	}
}

// Available reports whether the analysis can run here (glpsol installed).
func (a *LPAnalysis) Available() error { return glpkProgram.Available() }

// Add solves and probes one puzzle, counts it, and reports whether its
// relaxation is tight. A puzzle without a solution is an error.
func (a *LPAnalysis) Add(ctx context.Context, puzzle *sudoku.Grid) (bool, error) {
	res, err := a.solver.Solve(ctx, solvers.Request{Puzzle: puzzle, Mode: solvers.First})
	if err != nil {
		return false, err
	}
	if res.Status != solvers.Solved {
		return false, fmt.Errorf("puzzle %s: %s (%s), the LP analysis needs its solution", puzzle, res.Status, res.Detail)
	}
	excess, err := RelaxationExcess(ctx, puzzle, res.Solution)
	if err != nil {
		return false, err
	}
	tight := excess <= tightTolerance
	b := a.bucket(puzzle.Hints())
	b.Puzzles++
	if tight {
		b.Tight++
	}
	return tight, nil
}

func (a *LPAnalysis) bucket(hints int) *LPBucket {
	b, ok := a.buckets[hints]
	if !ok {
		b = &LPBucket{Hints: hints}
		a.buckets[hints] = b
	}
	return b
}

// Buckets returns the tallies in increasing hint order.
func (a *LPAnalysis) Buckets() []LPBucket {
	out := make([]LPBucket, 0, len(a.buckets))
	for _, b := range a.buckets {
		out = append(out, *b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hints < out[j].Hints })
	return out
}

// Total returns the tally over every bucket (Hints is 0).
func (a *LPAnalysis) Total() LPBucket {
	var t LPBucket
	for _, b := range a.buckets {
		t.Puzzles += b.Puzzles
		t.Tight += b.Tight
	}
	return t
}
