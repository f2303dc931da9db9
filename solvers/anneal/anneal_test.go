package anneal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// diagonalSolution is a valid Sudoku X grid.
const diagonalSolution = "437526198156398742982741365241987536365214879798653214879432651624175983513869427"

// samplers are the samplers the tests run, each under its pipeline name.
var samplers = []struct {
	name string
	s    sampler
}{
	{"neal", Neal}, {"sa", Tuned}, {"pt", TunedPT}, {"tabu", TunedTabu}, {"descent", Descent{}}, {"kerberos", TunedKerberos},
	{"swap", TunedSwap},
}

// easyPuzzles are a 4×4, a 9×9 and a diagonal 9×9 puzzle whose pruned
// models are not empty.
func easyPuzzles(t testing.TB) map[string]*sudoku.Grid {
	return map[string]*sudoku.Grid{
		"4x4":      corpora.Holes(sudoku.PatternGrid(2), 6, rand.New(rand.NewPCG(1, 1))),
		"9x9":      corpora.Holes(sudoku.PatternGrid(3), 51, rand.New(rand.NewPCG(2, 1))),
		"diagonal": corpora.Holes(sudokutest.Parse(t, diagonalSolution, sudoku.Diagonal), 51, rand.New(rand.NewPCG(3, 1))),
	}
}

func newPipeline(t testing.TB, s sampler, f qubo.Formulation, budget int64) *pipeline {
	t.Helper()
	b, err := qubo.NewBuilder(f, qubo.DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	return &pipeline{name: "test", builder: b, sampler: s, budget: budget}
}

func solve(t testing.TB, p *pipeline, g *sudoku.Grid, seed int64, timeout time.Duration) solvers.Result {
	t.Helper()
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	res, err := p.Solve(ctx, solvers.Request{Puzzle: g, Mode: solvers.First, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestEverySamplerSolvesEasyPuzzles(t *testing.T) {
	for name, g := range easyPuzzles(t) {
		for _, sm := range samplers {
			t.Run(fmt.Sprintf("puzzle=%s/sampler=%s", name, sm.name), func(t *testing.T) {
				p := newPipeline(t, sm.s, qubo.Pruned, 5e8)
				res := solve(t, p, g, 1, 0)
				if res.Status != solvers.Solved || res.Model["variables"] == 0 {
					t.Fatalf("%s after sampling %d variables: %s", res.Status, res.Model["variables"], res.Detail)
				}
				if err := sudoku.CheckSolution(g, res.Solution); err != nil {
					t.Fatal(err)
				}
				c := res.Counters
				if c["reads_solved"] != 1 || c["reads"] < 1 || c["energy"] != 0 || c["violations"] != 0 || c["updates_attempted"] < c["updates_accepted"] || c["updates_accepted"] < 1 {
					t.Errorf("counters %v", c)
				}
			})
		}
	}
}

// TestTheWildqatModelSolvesItsOwnPuzzles runs neal on the Wildqat
// article's 4×4 model, all 64 variables in, givens only as biases.
func TestTheWildqatModelSolvesItsOwnPuzzles(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g := corpora.Holes(sudoku.PatternGrid(2), 4, rand.New(rand.NewPCG(seed, 1)))
		res := solve(t, newPipeline(t, Neal, qubo.Wildqat, 1e8), g, 1, 0)
		if res.Status != solvers.Solved || res.Model["variables"] != 64 {
			t.Fatalf("%s: %s with %d variables: %s", g, res.Status, res.Model["variables"], res.Detail)
		}
		if err := sudoku.CheckSolution(g, res.Solution); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSamplersAreDeterministicForASeed(t *testing.T) {
	g := corpora.Holes(sudoku.PatternGrid(3), 31, rand.New(rand.NewPCG(4, 1)))
	for _, sm := range samplers {
		t.Run("sampler="+sm.name, func(t *testing.T) {
			p := newPipeline(t, sm.s, qubo.Pruned, 3e6)
			a, b := solve(t, p, g, 7, 0), solve(t, p, g, 7, 0)
			if a.Status != b.Status || !reflect.DeepEqual(a.Counters, b.Counters) || (a.Solution != nil) != (b.Solution != nil) ||
				a.Solution != nil && !a.Solution.Equal(b.Solution) {
				t.Fatalf("seed 7 twice:\n%s %v %v\n%s %v %v", a.Status, a.Counters, a.Solution, b.Status, b.Counters, b.Solution)
			}
			if c := solve(t, p, g, 8, 0); reflect.DeepEqual(a.Counters, c.Counters) {
				t.Errorf("seeds 7 and 8 gave the same run: %v", a.Counters)
			}
		})
	}
}

// TestSamplersStopAtTheDeadline gives each sampler a 17-clue puzzle on
// D-Wave's formulation, which none solves in 150 ms: each must stop at the
// deadline, as gave-up, with its best energy and violations, saying that
// the deadline cut its last read short (a parallel-tempering read outlasts
// the whole run, which must not read as "after 0 reads" alone). Its budget
// would last seconds; the bound on the time it took is loose, because the
// machine running the tests may be loaded.
func TestSamplersStopAtTheDeadline(t *testing.T) {
	g := sudokutest.Parse(t, ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", sudoku.Classic)
	unsolvable := sudokutest.Parse(t, "....9..5..1.....3...23..7....35...7.8.....2.......64...9..1.....8..6......54....7", sudoku.Classic)
	const limit = 150 * time.Millisecond
	for _, sm := range samplers {
		t.Run("sampler="+sm.name, func(t *testing.T) {
			p, puzzle := newPipeline(t, sm.s, qubo.Fixed, DefaultBudget), g
			if _, swaps := sm.s.(Swap); swaps {
				// Swaps sample only the empty cells' candidates, and solve
				// most 17-clue puzzles in well under a second: an unsolvable
				// puzzle whose boxes can each be filled keeps them busy.
				p, puzzle = newPipeline(t, sm.s, qubo.Pruned, DefaultBudget), unsolvable
			}
			start := time.Now()
			res := solve(t, p, puzzle, 1, limit)
			if el := time.Since(start); el > limit+500*time.Millisecond {
				t.Errorf("returned after %v, long past the %v deadline", el, limit)
			}
			if res.Status != solvers.GaveUp || res.Counters["energy"] <= 0 || res.Counters["violations"] <= 0 ||
				!strings.Contains(res.Detail, "best energy") || !strings.Contains(res.Detail, "cut short") {
				t.Errorf("%s: %s, counters %v", res.Status, res.Detail, res.Counters)
			}
		})
	}
}

func TestABudgetStopsARunWithoutDeadline(t *testing.T) {
	g := sudokutest.Parse(t, ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", sudoku.Classic)
	res := solve(t, newPipeline(t, Neal, qubo.Fixed, 2e6), g, 1, 0)
	if res.Status != solvers.GaveUp || res.Counters["updates_attempted"] < 2e6 || res.Counters["updates_attempted"] > 2e6+checkEvery+1e6 {
		t.Fatalf("%s after %v updates", res.Status, res.Counters["updates_attempted"])
	}
}

func TestPropagationThatSolvesLeavesNothingToSample(t *testing.T) {
	g := corpora.Holes(sudoku.PatternGrid(3), 61, rand.New(rand.NewPCG(5, 1))) // singles finish it
	res := solve(t, newPipeline(t, Neal, qubo.Propagated, 1e6), g, 1, 0)
	if res.Status != solvers.Solved || res.Model["variables"] != 0 || res.Counters["settled_without_sampling"] != 1 || res.Counters["reads"] != 0 {
		t.Fatalf("%s, model %v, counters %v", res.Status, res.Model, res.Counters)
	}
	if err := sudoku.CheckSolution(g, res.Solution); err != nil {
		t.Fatal(err)
	}
}

func TestAConflictGivesUpWithoutSampling(t *testing.T) {
	g := sudokutest.Parse(t, "..3......457........9....5....5..89..6.......8...........6.8.........3..9.2...6.8", sudoku.Classic)
	res := solve(t, newPipeline(t, Neal, qubo.Propagated, 1e6), g, 1, 0)
	if res.Status != solvers.GaveUp || !strings.Contains(res.Detail, "contradiction") || res.Counters["reads"] != 0 {
		t.Fatalf("%s: %s %v", res.Status, res.Detail, res.Counters)
	}
}

func TestUniqueModeIsRefused(t *testing.T) {
	p := newPipeline(t, Neal, qubo.Pruned, 1e6)
	res, err := p.Solve(context.Background(), solvers.Request{Puzzle: sudoku.PatternGrid(2), Mode: solvers.Unique})
	if err != nil || res.Status != solvers.Error || !strings.Contains(res.Detail, "cannot prove that a solution is unique") {
		t.Fatalf("%v: %s %s", err, res.Status, res.Detail)
	}
}

func TestPipelinesAreNamedAndMarked(t *testing.T) {
	seen := map[string]bool{}
	for _, in := range Pipelines() {
		parts := strings.Split(in.Name, "/")
		if len(parts) != 3 || parts[0] != "qubo" || seen[in.Name] {
			t.Errorf("name %q", in.Name)
		}
		seen[in.Name] = true
		if _, err := qubo.ParseFormulation(parts[2]); err != nil || in.Options["formulation"] != parts[2] || in.Options["sampler"] != parts[1] {
			t.Errorf("%s: options %v", in.Name, in.Options)
		}
		if in.Family != "qubo" || !in.PureGo || !in.Stochastic || !in.Incomplete || in.ModeFor(solvers.Unique) != solvers.First {
			t.Errorf("%s: %+v", in.Name, in)
		}
	}
	for _, want := range []string{"qubo/neal/fixed", "qubo/neal/pruned", "qubo/neal/propagated", "qubo/neal/wildqat"} {
		if !seen[want] {
			t.Errorf("no %s", want)
		}
	}
}

// TestSwapsRefuseWhatTheyCannotSample checks the swap sampler's limits: a
// model with the givens' cells in it is refused, a box whose free cells
// cannot all take different digits gives up at once, naming the box, and
// reads that start at their full length (FirstSweeps 0) still run.
func TestSwapsRefuseWhatTheyCannotSample(t *testing.T) {
	easy := sudokutest.Parse(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179", sudoku.Classic)
	for _, cell := range []int{0, 10, 20, 30, 40, 50, 60, 70, 80, 8, 16} {
		easy.Set(cell, 0)
	}
	res := solve(t, newPipeline(t, TunedSwap, qubo.Fixed, DefaultBudget), easy, 1, 0)
	if res.Status != solvers.Error || !strings.Contains(res.Detail, "pruned or propagated") {
		t.Errorf("fixed formulation: %s %q; want an error naming the formulations swaps take", res.Status, res.Detail)
	}
	// Box 1 lacks 6 to 9 in four cells, and row 1's 6 and 7 leave its
	// three cells in row 1 only 8 and 9: every digit has a cell, but no
	// way to fill them all.
	clash := sudokutest.Parse(t, "...67.....12......345............................................................", sudoku.Classic)
	start := time.Now()
	res = solve(t, newPipeline(t, TunedSwap, qubo.Pruned, DefaultBudget), clash, 1, 0)
	if res.Status != solvers.GaveUp || !strings.Contains(res.Detail, "the box of r1c1") || time.Since(start) > time.Second {
		t.Errorf("unfillable box: %s %q after %v; want gave-up at once naming the box", res.Status, res.Detail, time.Since(start))
	}
	res = solve(t, newPipeline(t, Swap{Sweeps: 2000, Range: TunedSwap.Range}, qubo.Pruned, DefaultBudget), easy, 1, 0)
	if res.Status != solvers.Solved {
		t.Errorf("reads of full length from the start: %s %q", res.Status, res.Detail)
	}
}
