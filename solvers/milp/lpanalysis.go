package milp

import (
	"context"
	"fmt"
	"sort"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/solvers"
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
	probe, err := milp.New(puzzle, milp.Eliminated).TightnessProbe(solution)
	if err != nil {
		return 0, err
	}
	if row := probe.Conflict(); row != "" {
		return 0, fmt.Errorf("tightness probe: constraint %s cannot hold: the puzzle has no solution", row)
	}
	if len(probe.Vars) == 0 {
		return 0, nil
	}
	o, _, err := runTool(ctx, glpkTool{}, probe)
	if err != nil {
		return 0, err
	}
	if o.verdict != feasible {
		return 0, fmt.Errorf("tightness probe of %s: %s", puzzle, o.detail)
	}
	return o.objective, nil
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
