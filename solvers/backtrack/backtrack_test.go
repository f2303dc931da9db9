package backtrack

import (
	"context"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestNaiveConformance(t *testing.T) {
	solvertest.Suite{
		New: func() solvers.Solver { return NewNaive(DefaultNodeBudget) },
		// Naive search on 17-clue puzzles takes up to billions of trials;
		// the derived corpora with a few added cells stay within seconds.
		Samples: []solvertest.Sample{{Corpus: "17-clue+20", N: 20}, {Corpus: "17-clue+12", N: 10}},
		// 25×25 with 175 empty cells is within reach at 450 hints; fewer
		// and the naive search gives up (see TestNaiveGivesUp), as it does
		// on 36×36 holes puzzles at 60% givens.
		MaxBox: 5,
		// Exhausting the search takes naive backtracking 10⁷ to 10⁸ digit
		// trials on these puzzles; lines 23 and 27 take the fewest.
		UnsatLines: []int{23, 27},
	}.Run(t)
}

func TestTrackedConformance(t *testing.T) {
	solvertest.Suite{
		New:     func() solvers.Solver { return NewTracked() },
		Samples: []solvertest.Sample{{Corpus: "17-clue", N: 30}, {Corpus: "top1465", N: 20}, {Corpus: "norvig-top95", N: 20}, {Corpus: "hardest-1106", N: 5}},
	}.Run(t)
}

func TestTrace(t *testing.T) {
	tracers := map[string]solvers.Tracer{"naive": NewNaive(0), "tracked": NewTracked()}
	puzzles := solvertest.Grids(solvertest.Corpus(t, "17-clue+16", 3))
	puzzles = append(puzzles, solvertest.Generated(t, 2, sudoku.Diagonal, 6, 1, 1)...)
	for name, s := range tracers {
		for _, mode := range []solvers.Mode{solvers.First, solvers.Unique} {
			t.Run("solver="+name+"/mode="+string(mode), func(t *testing.T) {
				for _, p := range puzzles {
					steps := solvertest.Trace(t, s, p, mode)
					backtracks := 0
					for _, st := range steps {
						if st.Kind == solvers.Backtrack {
							backtracks++
						}
					}
					res, _ := s.Solve(context.Background(), solvers.Request{Puzzle: p, Mode: mode})
					if float64(backtracks) != res.Counters["backtracks"] {
						t.Errorf("%s: %d backtrack steps, counter %v", p, backtracks, res.Counters["backtracks"])
					}
				}
			})
		}
	}
}

// TestTrackedSanityCheck: a puzzle the sudoku package's checks reject is
// unsat at once, with the check's reason, before any search.
func TestTrackedSanityCheck(t *testing.T) {
	g := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	g.Set(0, 5)
	g.Set(80, 5)
	g.Set(8, 5) // two 5s in row 1
	res, err := NewTracked().Solve(context.Background(), solvers.Request{Puzzle: g, Mode: solvers.First})
	if err != nil || res.Status != solvers.Unsat || res.Counters["nodes"] != 0 || res.Detail == "" {
		t.Errorf("status %s (%q) after %v nodes, err %v; want unsat with the reason and no search", res.Status, res.Detail, res.Counters["nodes"], err)
	}
}

func TestNaiveConflictingGivens(t *testing.T) {
	g := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	g.Set(0, 5)
	g.Set(10, 5) // two 5s in box 1
	res, err := NewNaive(0).Solve(context.Background(), solvers.Request{Puzzle: g, Mode: solvers.First})
	if err != nil || res.Status != solvers.Unsat || res.Solution != nil {
		t.Errorf("status %s (%q), err %v; want unsat", res.Status, res.Detail, err)
	}
}

// TestNaiveGivesUp: the node budget and a cancelled context each stop the
// search with gave-up and no solution.
func TestNaiveGivesUp(t *testing.T) {
	hard := solvertest.Corpus(t, "norvig-hardest", 1)[0].Grid
	res, err := NewNaive(1000).Solve(context.Background(), solvers.Request{Puzzle: hard, Mode: solvers.First})
	if err != nil || res.Status != solvers.GaveUp || res.Solution != nil || res.Counters["nodes"] != 1000 {
		t.Errorf("budget 1000: status %s after %v nodes, err %v; want gave-up after 1000", res.Status, res.Counters["nodes"], err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, s := range map[string]solvers.Solver{"naive": NewNaive(0), "tracked": NewTracked()} {
		res, err = s.Solve(ctx, solvers.Request{Puzzle: hard, Mode: solvers.Unique})
		if err != nil || res.Status != solvers.GaveUp || res.Solution != nil {
			t.Errorf("%s, cancelled: status %s after %v nodes, err %v; want gave-up", name, res.Status, res.Counters["nodes"], err)
		}
	}
}

func TestPipelines(t *testing.T) { solvertest.DirectPipelines(t, Pipelines()) }

func BenchmarkNaive(b *testing.B) {
	solvertest.Benchmark(b, func() solvers.Solver { return NewNaive(0) }, solvers.Unique,
		[]solvertest.Sample{{Corpus: "17-clue+28", N: 200}, {Corpus: "17-clue+19", N: 200}, {Corpus: "17-clue+13", N: 100}, {Corpus: "17-clue+8", N: 50}})
}

func BenchmarkTracked(b *testing.B) {
	solvertest.Benchmark(b, func() solvers.Solver { return NewTracked() }, solvers.Unique,
		[]solvertest.Sample{{Corpus: "17-clue", N: 1000}, {Corpus: "top1465", N: 0}, {Corpus: "hardest-1905-11plus", N: 200}, {Corpus: "hardest-1106", N: 0}})
}
