package solvertest

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Sample is the first N puzzles of a corpus.
type Sample struct {
	Corpus string
	N      int
}

// Suite is what a complete solver is checked on.
type Suite struct {
	New func() solvers.Solver
	// Samples are solved and verified in first and unique mode.
	Samples []Sample
	// MinBox and MaxBox bound the box sizes of the generated and the
	// ill-posed puzzles: 5 for 25×25 (0 means sudoku.MinBox and
	// sudoku.MaxBox).
	MinBox, MaxBox int
	// ClassicOnly leaves the diagonal variant out, for a solver that reads
	// classic Sudoku alone.
	ClassicOnly bool
	// UnsatLines are the lines of tdoku-tests whose puzzles (without a
	// solution) must be unsat; nil means all ten.
	UnsatLines []int
}

// sizeHints are the hint counts of the generated puzzles per box size: well
// above the minimum, so that a naive search is not the test's bottleneck.
// Sizes without an entry (36×36, where making unique puzzles with dlx takes
// long) are checked on holes puzzles instead, in first mode.
var sizeHints = map[int]int{2: 6, 3: 30, 4: 160, 5: 450}

// holesShare is the share of givens of the holes puzzles.
const holesShare = 0.6

// Run checks the contract of a complete solver: corpus samples solved in
// both modes, generated unique puzzles of every size from MinBox to MaxBox
// (holes puzzles in first mode past 25×25)
// in both variants, unsat in both modes for the ill-posed puzzles of those
// shapes (IllPosedPuzzles) and for the tdoku-tests puzzles without a
// solution (an exhausted search, the same in either mode), multiple for
// serg's puzzles in unique mode (solved in first mode), and an error
// status for a request it cannot take.
func (s Suite) Run(t *testing.T) {
	for _, sm := range s.Samples {
		puzzles := Grids(Corpus(t, sm.Corpus, sm.N))
		for _, mode := range []solvers.Mode{solvers.Unique, solvers.First} {
			t.Run(fmt.Sprintf("corpus=%s/mode=%s", sm.Corpus, mode), func(t *testing.T) {
				CheckAll(t, s.New(), puzzles, mode, solvers.Solved)
			})
		}
	}
	s.eachShape(func(box int, v sudoku.Variant) {
		hints, unique := sizeHints[box]
		if !unique {
			t.Run(fmt.Sprintf("size=%d/variant=%s/holes=%.2f/mode=first", box*box, v, holesShare), func(t *testing.T) {
				CheckAll(t, s.New(), HolesPuzzles(t, box, v, holesShare, 2, uint64(box)), solvers.First, solvers.Solved)
			})
			return
		}
		t.Run(fmt.Sprintf("size=%d/variant=%s", box*box, v), func(t *testing.T) {
			CheckAll(t, s.New(), Generated(t, box, v, hints, 3, uint64(box)), solvers.Unique, solvers.Solved)
		})
	})
	s.RunIllPosed(t)
	var unsat []*sudoku.Grid
	for _, p := range WithSolutions(t, "tdoku-tests", 0) {
		if s.UnsatLines == nil || slices.Contains(s.UnsatLines, p.Line) {
			unsat = append(unsat, p.Grid)
		}
	}
	if len(unsat) == 0 || (s.UnsatLines != nil && len(unsat) != len(s.UnsatLines)) {
		t.Fatalf("tdoku-tests: %d unsolvable puzzles found for lines %v", len(unsat), s.UnsatLines)
	}
	t.Run("unsat/corpus=tdoku-tests/mode=unique", func(t *testing.T) { CheckAll(t, s.New(), unsat, solvers.Unique, solvers.Unsat) })
	serg := Grids(Corpus(t, "serg", 20))
	t.Run("multiple/corpus=serg/mode=unique", func(t *testing.T) { CheckAll(t, s.New(), serg, solvers.Unique, solvers.Multiple) })
	t.Run("multiple/corpus=serg/mode=first", func(t *testing.T) { CheckAll(t, s.New(), serg, solvers.First, solvers.Solved) })
	t.Run("bad-request", func(t *testing.T) { checkBadRequests(t, s.New()) })
}

// RunIllPosed checks the part of the contract about well-formed puzzles
// without a solution: unsat, in both modes, for each ill-posed puzzle
// (IllPosedPuzzles) of every shape from MinBox to MaxBox. Run calls it; a
// pipeline that cannot pass the whole suite (an engine known to be unsound
// on some solvable puzzles) still runs this part.
func (s Suite) RunIllPosed(t *testing.T) {
	s.eachShape(func(box int, v sudoku.Variant) {
		for _, p := range IllPosedPuzzles(box, v) {
			t.Run("unsat/"+illPosedName(box, v, p), func(t *testing.T) {
				for _, mode := range []solvers.Mode{solvers.First, solvers.Unique} {
					if err := Check(s.New(), p.Grid, mode, solvers.Unsat); err != nil {
						t.Errorf("mode=%s: %v", mode, err)
					}
				}
			})
		}
	})
}

// eachShape calls fn for every box size from MinBox to MaxBox, in both
// variants unless ClassicOnly.
func (s Suite) eachShape(fn func(box int, v sudoku.Variant)) {
	minBox, maxBox := cmp.Or(s.MinBox, sudoku.MinBox), cmp.Or(s.MaxBox, sudoku.MaxBox)
	variants := []sudoku.Variant{sudoku.Classic, sudoku.Diagonal}
	if s.ClassicOnly {
		variants = variants[:1]
	}
	for box := minBox; box <= maxBox; box++ {
		for _, v := range variants {
			fn(box, v)
		}
	}
}

func checkBadRequests(t *testing.T, s solvers.Solver) {
	puzzle := sudoku.NewGrid(sudoku.MustGeometry(2, sudoku.Classic))
	for _, req := range []solvers.Request{{Mode: solvers.First}, {Puzzle: puzzle, Mode: "all"}} {
		res, err := s.Solve(context.Background(), req)
		if err != nil || res.Status != solvers.Error || res.Detail == "" {
			t.Errorf("request %+v: status %s, detail %q, err %v; want an error status that says why", req, res.Status, res.Detail, err)
		}
	}
}

// Trace solves a puzzle with a tracer, checks that the trace replays to the
// solution the solver returned, and returns the steps.
func Trace(t *testing.T, s solvers.Tracer, puzzle *sudoku.Grid, mode solvers.Mode) []solvers.Step {
	t.Helper()
	var steps []solvers.Step
	res, err := s.SolveTraced(context.Background(), solvers.Request{Puzzle: puzzle, Mode: mode}, func(st solvers.Step) {
		steps = append(steps, st)
	})
	if err != nil || (res.Status != solvers.Solved && res.Status != solvers.Multiple) {
		t.Fatalf("traced solve: status %s (%s), err %v", res.Status, res.Detail, err)
	}
	replayed, err := solvers.Replay(puzzle, steps)
	if err != nil {
		t.Fatalf("replay of %d steps: %v", len(steps), err)
	}
	if !replayed.Equal(res.Solution) {
		t.Fatalf("the trace replays to %s, the solver returned %s", replayed, res.Solution)
	}
	return steps
}

// Benchmark times a solver per corpus sample through the Solver interface,
// cycling through the puzzles, and reports ns (wall and CPU) per puzzle, the mean of each
// engine counter per puzzle (guesses, nodes, generations…) and the share
// solved. Only solved and gave-up (an incomplete
// solver, a budget) may come back, and every solution must verify.
func Benchmark(b *testing.B, newSolver func() solvers.Solver, mode solvers.Mode, samples []Sample) {
	for _, sm := range samples {
		puzzles := Grids(Corpus(b, sm.Corpus, sm.N))
		b.Run("corpus="+sm.Corpus+"/mode="+string(mode), func(b *testing.B) {
			s := newSolver()
			ctx := context.Background()
			counters := make(map[string]float64)
			var results []solvers.Result
			cpu := ProcessCPU()
			for i := 0; b.Loop(); i++ {
				res, err := s.Solve(ctx, solvers.Request{Puzzle: puzzles[i%len(puzzles)], Mode: mode, Seed: 1})
				if err != nil || (res.Status != solvers.Solved && res.Status != solvers.GaveUp) {
					b.Fatalf("puzzle %d: %s (%s) %v", i%len(puzzles)+1, res.Status, res.Detail, err)
				}
				if i < len(puzzles) {
					results = append(results, res)
				}
				for k, v := range res.Counters {
					counters[k] += v
				}
			}
			solved := 0.0
			for i, res := range results {
				if res.Status == solvers.Solved {
					if err := sudoku.CheckSolution(puzzles[i], res.Solution); err != nil {
						b.Fatalf("puzzle %d: %v", i+1, err)
					}
					solved++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/puzzle")
			b.ReportMetric(float64((ProcessCPU()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/puzzle")
			for k, v := range counters {
				b.ReportMetric(v/float64(b.N), k+"/puzzle")
			}
			b.ReportMetric(solved/float64(len(results)), "solved/puzzle")
		})
	}
}

// DirectPipelines checks the registry entries of complete direct solvers
// that trace their search: each registers, says family direct, pure Go,
// deterministic and complete, can trace, and solves a 37-given puzzle.
func DirectPipelines(t *testing.T, infos []solvers.Info) {
	t.Helper()
	reg := solvers.NewRegistry()
	puzzle := Corpus(t, "17-clue+20", 1)[0].Grid
	for _, in := range infos {
		if err := reg.Add(in); err != nil {
			t.Fatal(err)
		}
		if in.Family != "direct" || !in.PureGo || in.Stochastic || in.Incomplete {
			t.Errorf("%s: info %+v", in.Name, in)
		}
		if _, ok := in.New().(solvers.Tracer); !ok {
			t.Errorf("%s cannot trace", in.Name)
		}
		if err := Check(in.New(), puzzle, solvers.Unique, solvers.Solved); err != nil {
			t.Errorf("%s: %v", in.Name, err)
		}
	}
}
