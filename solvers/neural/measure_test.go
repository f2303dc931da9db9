package neural

import (
	"context"
	"fmt"
	"math"
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
//	SUDOKUBENCH_NEURAL_MEASURE=300 go test -run 'Measure(ByHints|ArticleMix)' -v -timeout 4h ./solvers/neural
//	SUDOKUBENCH_NEURAL_MEASURE=300 SUDOKUBENCH_NEURAL_KINDS=gcn go test -run MeasureByHints -v ./solvers/neural
const measureEnv = "SUDOKUBENCH_NEURAL_MEASURE"

func measureCount(t *testing.T) int {
	n, err := strconv.Atoi(os.Getenv(measureEnv))
	if err != nil || n < 1 {
		t.Skipf("set %s=N (puzzles per level) to measure the shipped weights", measureEnv)
	}
	return n
}

// kindsEnv names the networks to measure, comma-separated (default: all),
// so that one retrained network can be measured again on its own.
const kindsEnv = "SUDOKUBENCH_NEURAL_KINDS"

func measureKinds() []string {
	if v := os.Getenv(kindsEnv); v != "" {
		return strings.Split(v, ",")
	}
	return Models
}

// wilson returns the Wilson score interval of k successes in n at 95%.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	return max(0, centre-half), min(1, centre+half) // rounding can step past 0 or 1
}

// scoreLine writes a score as the README's tables give it: whole puzzles
// with their Wilson interval, then blank cells and all cells right.
func scoreLine(s Score) string {
	lo, hi := wilson(s.Solved, s.Puzzles)
	return fmt.Sprintf("%5.1f%% [%.1f, %.1f] (%d/%d) blank cells %.1f%%, all cells %.1f%%",
		100*s.SolvedRate(), 100*lo, 100*hi, s.Solved, s.Puzzles, 100*s.CellAccuracy(), 100*s.AllCellAccuracy())
}

// variant is a way to run a shipped network: a method, and for the RRN a
// step count (0: its own).
type variant struct {
	method Method
	steps  int
}

func (v variant) String() string {
	if v.steps == 0 {
		return string(v.method)
	}
	return fmt.Sprintf("%s@%d", v.method, v.steps)
}

func variantsOf(m Model) []variant {
	vs := []variant{{OneShot, 0}, {Iterative, 0}}
	for _, s := range extraSteps(m) {
		vs = append(vs, variant{OneShot, s}, variant{Iterative, s})
	}
	return vs
}

func (v variant) model(m Model) Model {
	if rrn, ok := m.(*RRN); ok && v.steps != 0 {
		return rrn.WithSteps(v.steps)
	}
	return m
}

func palmSet(t *testing.T, hints, n int) []Example {
	t.Helper()
	set, err := PalmSet(hints, n)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestMeasureByHints reports whole puzzles solved and cell accuracy by hint
// count, for each shipped network and way of running it, on 17-clue+k and
// on the generator's test stream.
func TestMeasureByHints(t *testing.T) {
	n := measureCount(t)
	type level struct {
		source string
		hints  int
		set    []Example
	}
	var levels []level
	for _, h := range []int{45, 36, 30, 25, 21, 17} {
		levels = append(levels, level{"17-clue+k", h, palmSet(t, h, n)})
	}
	for _, h := range []int{36, 30, 25} {
		set, err := TestSet(h, n)
		if err != nil {
			t.Fatal(err)
		}
		levels = append(levels, level{"generator (test seed)", h, set})
	}
	for _, kind := range measureKinds() {
		m, _, err := Shipped(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, lv := range levels {
			for _, v := range variantsOf(m) {
				start := time.Now()
				s := Evaluate(v.model(m), lv.set, v.method)
				t.Logf("%s %-13s %-21s %2d hints: %s  %.1f ms/puzzle", kind, v, lv.source, lv.hints, scoreLine(s),
					float64(time.Since(start).Microseconds())/1000/float64(s.Puzzles))
			}
		}
	}
}

// articleMix returns the article's mix from 17-clue+k: its four levels in
// equal parts, hint counts spread evenly within each, about n per level.
func articleMix(t *testing.T, n int) [][]Example {
	var levels [][]Example
	for _, r := range ArticleLevels {
		var level []Example
		span := r.Max - r.Min + 1
		for h := r.Min; h <= r.Max; h++ {
			level = append(level, palmSet(t, h, (n+span-1)/span)...)
		}
		levels = append(levels, level)
	}
	return levels
}

// TestMeasureArticleMix reports, on the article's mix, the article's
// metric (all cells right, givens included, as Keras counts) beside whole
// puzzles and blank cells, per level and over the mix.
func TestMeasureArticleMix(t *testing.T) {
	levels := articleMix(t, measureCount(t))
	for _, kind := range measureKinds() {
		m, _, err := Shipped(kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variantsOf(m) {
			var all Score
			for i, level := range levels {
				s := Evaluate(v.model(m), level, v.method)
				all = all.Plus(s)
				t.Logf("%s %-13s %d–%d hints: %s", kind, v, ArticleLevels[i].Min, ArticleLevels[i].Max, scoreLine(s))
			}
			t.Logf("%s %-13s article mix: %s", kind, v, scoreLine(all))
		}
	}
}

// TestMeasureGraphHelps measures what the GCN article claims, that the
// graph structure helps: the shipped GCN against the shipped CNN, the same
// network without its adjacency and with as many weights, trained with the
// same recipe, by hint count, whole puzzles with intervals, one shot and
// iterative.
func TestMeasureGraphHelps(t *testing.T) {
	n := measureCount(t)
	gcn, _, err := Shipped("gcn")
	if err != nil {
		t.Fatal(err)
	}
	cnn, _, err := Shipped("cnn")
	if err != nil {
		t.Fatal(err)
	}
	if cnn.Params().Count() != gcn.Params().Count() {
		t.Fatalf("the CNN has %d parameters, the GCN %d", cnn.Params().Count(), gcn.Params().Count())
	}
	for _, h := range []int{45, 36, 30, 25, 21, 17} {
		set := palmSet(t, h, n)
		for _, method := range []Method{OneShot, Iterative} {
			g, c := Evaluate(gcn, set, method), Evaluate(cnn, set, method)
			t.Logf("%2d hints %-9s GCN %s | CNN %s", h, method, scoreLine(g), scoreLine(c))
		}
	}
}

// TestMeasureSearchGuesses compares the network-guided search with
// exactcover/dlx on the same puzzles: share solved and guesses per puzzle,
// in both modes. It guides the search with the RRN, or with the networks
// SUDOKUBENCH_NEURAL_KINDS names.
func TestMeasureSearchGuesses(t *testing.T) {
	n := measureCount(t)
	kinds := []string{"rrn"}
	if os.Getenv(kindsEnv) != "" {
		kinds = measureKinds()
	}
	for _, kind := range kinds {
		m, _, err := Shipped(kind)
		if err != nil {
			t.Fatal(err)
		}
		measureSearchGuesses(t, kind, m, n)
	}
}

func measureSearchGuesses(t *testing.T, kind string, m Model, n int) {
	for _, corpus := range []string{"17-clue", "top1465"} {
		var puzzles []corpora.Puzzle
		_, err := corpora.Load(filepath.Join("..", "..", "corpora", "data"), corpus, corpora.Options{Sample: n, Seed: 1},
			func(p corpora.Puzzle) error { puzzles = append(puzzles, p); return nil })
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []solvers.Mode{solvers.First, solvers.Unique} {
			nets, dlxs := &Solver{kind: kind, method: searchMethod, pred: NewPredictor(m)}, dlx.NewSolver()
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
			t.Logf("%s: %s %s mode: search solved %d/%d; guesses per puzzle: network-guided %.2f, dlx %.2f, ratio %.2f; %.0f ms/puzzle",
				kind, corpus, mode, solved, len(puzzles), netGuesses/k, dlxGuesses/k, netGuesses/dlxGuesses,
				float64(time.Since(start).Milliseconds())/k)
		}
	}
}
