package neural

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// measureEnv turns on the measurements of the shipped weights against the
// issue's targets; its value is the number of puzzles per level:
//
//	SUDOKUBENCH_NEURAL_MEASURE=100 go test -run Measure -v -timeout 2h ./solvers/neural
//	SUDOKUBENCH_NEURAL_MEASURE=300 SUDOKUBENCH_NEURAL_KINDS=cnn go test -run 'Measure(ByHints|ArticleMix)' -v ./solvers/neural
const measureEnv = "SUDOKUBENCH_NEURAL_MEASURE"

func measureCount(t *testing.T) int {
	n, err := strconv.Atoi(os.Getenv(measureEnv))
	if err != nil || n < 1 {
		t.Skipf("set %s=N (puzzles per level) to measure the shipped weights", measureEnv)
	}
	return n
}

// kindsEnv names the networks to measure, comma-separated (default: both),
// so that one retrained network can be measured again on its own.
const kindsEnv = "SUDOKUBENCH_NEURAL_KINDS"

func measureKinds() []string {
	if v := os.Getenv(kindsEnv); v != "" {
		return strings.Split(v, ",")
	}
	return []string{"rrn", "cnn"}
}

// palmSet returns n puzzles of 17-clue+k with their solutions (Palm et
// al.'s test set: 17-clue puzzles with k solution cells added), sampled
// with seed 1 from the corpus, which no training run sees.
func palmSet(t *testing.T, k, n int) []Example {
	t.Helper()
	var out []Example
	opts := corpora.Options{Oracle: dlx.Oracle{}, Sample: n, Seed: 1}
	_, err := corpora.Load(filepath.Join("..", "..", "corpora", "data"), fmt.Sprintf("17-clue+%d", k), opts,
		func(p corpora.Puzzle) error {
			out = append(out, exampleOf(p.Grid, p.Solution))
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMeasureByHints reports whole puzzles solved and cell accuracy by hint
// count, for each shipped network and method, on the generator's test
// stream and on 17-clue+k.
func TestMeasureByHints(t *testing.T) {
	n := measureCount(t)
	type level struct {
		source string
		hints  int
		set    []Example
	}
	var levels []level
	for _, h := range []int{45, 36, 30, 25} {
		set, err := TestSet(h, n)
		if err != nil {
			t.Fatal(err)
		}
		levels = append(levels, level{"generator (test seed)", h, set})
	}
	for _, h := range []int{45, 36, 30, 25, 17} {
		levels = append(levels, level{"17-clue+k", h, palmSet(t, h-17, n)})
	}
	for _, kind := range measureKinds() {
		m, _, err := Shipped(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, lv := range levels {
			for _, method := range []Method{OneShot, Iterative} {
				start := time.Now()
				s := Evaluate(m, lv.set, method)
				t.Logf("%s %-9s %-22s %2d hints: %3d/%3d solved (%5.1f%%)  cells %.2f%%  %.1f ms/puzzle",
					kind, method, lv.source, lv.hints, s.Solved, s.Puzzles, 100*s.SolvedRate(),
					100*s.CellAccuracy(), float64(time.Since(start).Microseconds())/1000/float64(s.Puzzles))
			}
		}
	}
}

// TestMeasureArticleMix reports cell accuracy on the article's mix: easy
// 36–45, medium 30–35, hard 25–29 and expert 17–24 givens in equal parts,
// hint counts spread evenly within each, from 17-clue+k.
func TestMeasureArticleMix(t *testing.T) {
	n := measureCount(t)
	var mix []Example
	for _, r := range [][2]int{{36, 45}, {30, 35}, {25, 29}, {17, 24}} {
		span := r[1] - r[0] + 1
		for i := range span {
			mix = append(mix, palmSet(t, r[0]+i-17, (n+span-1)/span)...)
		}
	}
	for _, kind := range measureKinds() {
		m, _, err := Shipped(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, method := range []Method{OneShot, Iterative} {
			s := Evaluate(m, mix, method)
			t.Logf("%s %-9s article mix: cells %.2f%% (%d/%d), whole puzzles %d/%d",
				kind, method, 100*s.CellAccuracy(), s.Right, s.Blanks, s.Solved, s.Puzzles)
		}
	}
}

// TestMeasureSearchGuesses compares the network-guided search with
// exactcover/dlx on the same puzzles: share solved and guesses per puzzle,
// in both modes.
func TestMeasureSearchGuesses(t *testing.T) {
	n := measureCount(t)
	m, _, err := Shipped("rrn")
	if err != nil {
		t.Fatal(err)
	}
	for _, corpus := range []string{"17-clue", "top1465"} {
		var puzzles []corpora.Puzzle
		_, err := corpora.Load(filepath.Join("..", "..", "corpora", "data"), corpus, corpora.Options{Sample: n, Seed: 1},
			func(p corpora.Puzzle) error { puzzles = append(puzzles, p); return nil })
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []solvers.Mode{solvers.First, solvers.Unique} {
			nets, dlxs := &Solver{kind: "rrn", method: searchMethod, pred: NewPredictor(m)}, dlx.NewSolver()
			var netGuesses, dlxGuesses float64
			solved := 0
			start := time.Now()
			for _, p := range puzzles {
				req := solvers.Request{Puzzle: p.Grid, Mode: mode}
				res, err := nets.Solve(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status == solvers.Solved && sudoku.CheckSolution(p.Grid, res.Solution) == nil {
					solved++
				}
				netGuesses += res.Counters["guesses"]
				d, _ := dlxs.Solve(context.Background(), req)
				dlxGuesses += d.Counters["guesses"]
			}
			k := float64(len(puzzles))
			t.Logf("%s %s mode: search solved %d/%d; guesses per puzzle: network-guided %.2f, dlx %.2f, ratio %.2f; %.0f ms/puzzle",
				corpus, mode, solved, len(puzzles), netGuesses/k, dlxGuesses/k, netGuesses/dlxGuesses,
				float64(time.Since(start).Milliseconds())/k)
		}
	}
}
