package neural

import (
	"fmt"
	"sync"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

// TestSetHints and TestSetSize fix the test set recorded beside the
// weights: TestSetSize puzzles of each hint count from 17-clue+k (17-clue
// puzzles with k solution cells added: Palm et al.'s test set), sampled
// with seed 1 from the copy of the corpus built into the binary. No
// training run reads a corpus.
var TestSetHints = []int{17, 25, 30, 36}

// TestSetSize is the number of puzzles per hint count in the fixed test set.
const TestSetSize = 25

// TestFigure is one inference method's score on the puzzles of one hint
// count of the fixed test set. Steps is the RRN's message-passing steps
// when they are not those it was trained with.
type TestFigure struct {
	Hints  int    `json:"hints"`
	Method Method `json:"method"`
	Steps  int    `json:"steps,omitempty"`
	Score
}

// fixedTestSet is the test set, loaded once per process.
var fixedTestSet = sync.OnceValues(func() ([][]Example, error) {
	var sets [][]Example
	for _, h := range TestSetHints {
		set, err := PalmSet(h, TestSetSize)
		if err != nil {
			return nil, err
		}
		sets = append(sets, set)
	}
	return sets, nil
})

// ScoreTestSet evaluates a model on the fixed test set with one shot and
// iterative filling and, for an RRN, iterative filling at each step count
// of steps as well.
func ScoreTestSet(m Model, steps ...int) ([]TestFigure, error) {
	sets, err := fixedTestSet()
	if err != nil {
		return nil, err
	}
	var figs []TestFigure
	for i, h := range TestSetHints {
		for _, method := range []Method{OneShot, Iterative} {
			figs = append(figs, TestFigure{Hints: h, Method: method, Score: Evaluate(m, sets[i], method)})
		}
		if rrn, ok := m.(*RRN); ok {
			for _, s := range steps {
				figs = append(figs, TestFigure{Hints: h, Method: Iterative, Steps: s, Score: Evaluate(rrn.WithSteps(s), sets[i], Iterative)})
			}
		}
	}
	return figs, nil
}

// PalmSet returns count puzzles of 17-clue+(hints−17) with their
// solutions, sampled with seed 1 from the built-in corpus.
func PalmSet(hints, count int) ([]Example, error) {
	var out []Example
	opts := corpora.Options{Oracle: dlx.Oracle{}, Sample: count, Seed: 1}
	_, err := corpora.Load("", fmt.Sprintf("17-clue+%d", hints-17), opts, func(p corpora.Puzzle) error {
		out = append(out, exampleOf(p.Grid, p.Solution))
		return nil
	})
	return out, err
}

// TestSet returns count puzzles with the hint count from the generator's
// test stream: generated with seeds no training run draws from.
func TestSet(hints, count int) ([]Example, error) {
	return generateSerial(1, testPurpose, hints, count)
}
