package propagate

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestNorvigConformance(t *testing.T) {
	solvertest.Suite{
		New: func() solvers.Solver { return NewNorvig() },
		Samples: []solvertest.Sample{
			{Corpus: "17-clue", N: 100}, {Corpus: "top1465", N: 50}, {Corpus: "norvig-hardest", N: 0},
			{Corpus: "hardest-1106", N: 20}, {Corpus: "17-clue+8", N: 50},
		},
	}.Run(t)
}

// TestNorvigTop95: Norvig's essay solves all of top95; so must the port.
func TestNorvigTop95(t *testing.T) {
	puzzles := solvertest.Grids(solvertest.Corpus(t, "norvig-top95", 0))
	if len(puzzles) != 95 {
		t.Fatalf("norvig-top95 has %d puzzles, want 95", len(puzzles))
	}
	solvertest.CheckAll(t, NewNorvig(), puzzles, solvers.Unique, solvers.Solved)
}

func TestTrace(t *testing.T) {
	puzzles := solvertest.Grids(solvertest.Corpus(t, "norvig-top95", 5))
	puzzles = append(puzzles, solvertest.Generated(t, 4, sudoku.Diagonal, 160, 1, 1)...)
	for _, mode := range []solvers.Mode{solvers.First, solvers.Unique} {
		t.Run("mode="+string(mode), func(t *testing.T) {
			for _, p := range puzzles {
				steps := solvertest.Trace(t, NewNorvig(), p, mode)
				guesses := 0
				for _, st := range steps {
					if st.Kind == solvers.Guess {
						guesses++
					}
				}
				res, _ := NewNorvig().Solve(context.Background(), solvers.Request{Puzzle: p, Mode: mode})
				if float64(guesses) != res.Counters["nodes"] {
					t.Errorf("%s: %d guess steps, %v nodes", p, guesses, res.Counters["nodes"])
				}
			}
		})
	}
}

// TestPropagation: propagating the givens never removes a solution's digit; it decides
// every cell of an easy puzzle and none of top95's puzzles (which naked and
// hidden singles leave unsolved), and finds the contradiction of a row
// whose last cell sees its missing digit.
func TestPropagation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tt := range []struct {
		corpus  string
		decided bool
	}{{"17-clue+40", true}, {"norvig-top95", false}} {
		for _, p := range solvertest.Corpus(t, tt.corpus, 20) {
			e := newEngine(p.Grid, nil)
			cands, ok := e.states[0], e.load()
			if !ok {
				t.Fatalf("%s: contradiction on a solvable puzzle", p.ID)
			}
			sol, _ := dlx.RandomSolution(p.Grid, rng) // the unique solution
			undecided := 0
			for c, m := range cands {
				if m&(m-1) != 0 {
					undecided++
				}
				if d := sol.Cell(c); m&(1<<d) == 0 {
					t.Errorf("%s: %s lost its solution digit %d", p.ID, p.Grid.Geometry().CellName(c), d)
				}
			}
			if (undecided == 0) != tt.decided {
				t.Errorf("%s: %d undecided cells", p.ID, undecided)
			}
		}
	}
	stuck, err := sudoku.ParseLine("12345678."+"........9"+strings.Repeat(".", 63), sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if newEngine(stuck, nil).load() {
		t.Errorf("%s: no contradiction found", stuck)
	}
}

func TestNorvigStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hard := solvertest.Corpus(t, "norvig-hardest", 1)[0].Grid
	res, err := NewNorvig().Solve(ctx, solvers.Request{Puzzle: hard, Mode: solvers.Unique})
	if err != nil || res.Status != solvers.GaveUp || res.Solution != nil {
		t.Errorf("status %s after %v nodes, err %v; want gave-up", res.Status, res.Counters["nodes"], err)
	}
}

func TestPipelines(t *testing.T) { solvertest.DirectPipelines(t, Pipelines()) }

func BenchmarkNorvig(b *testing.B) {
	solvertest.Benchmark(b, func() solvers.Solver { return NewNorvig() }, solvers.Unique, []solvertest.Sample{
		{Corpus: "17-clue", N: 1000}, {Corpus: "top1465", N: 0}, {Corpus: "hardest-1905-11plus", N: 200},
		{Corpus: "hardest-1106", N: 0}, {Corpus: "norvig-top95", N: 0},
	})
}
