package rl

import (
	"context"
	"fmt"
	"sync"

	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
)

// TestSetHints are the hint counts of the fixed test set recorded beside
// the weights: neural.TestSetSize puzzles of each from 17-clue+k (the
// supervised networks' test set, and 45 hints, the target's), never
// trained on.
var TestSetHints = []int{17, 25, 30, 36, 45}

// Greedy names the way the learned agents act in the test figures: the
// legal action the policy rates highest, every step.
const Greedy neural.Method = "greedy"

var fixedTestSet = sync.OnceValues(func() ([][]neural.Example, error) {
	var sets [][]neural.Example
	for _, h := range TestSetHints {
		set, err := neural.PalmSet(h, neural.TestSetSize)
		if err != nil {
			return nil, err
		}
		sets = append(sets, set)
	}
	return sets, nil
})

// ScoreTestSet plays the fixed test set greedily, under the article's
// rules and a horizon of twice the blanks.
func ScoreTestSet(p *Policy) ([]neural.TestFigure, error) {
	sets, err := fixedTestSet()
	if err != nil {
		return nil, err
	}
	var figs []neural.TestFigure
	for i, h := range TestSetHints {
		score, err := p.Evaluate(sets[i])
		if err != nil {
			return nil, err
		}
		figs = append(figs, neural.TestFigure{Hints: h, Method: Greedy, Score: score})
	}
	return figs, nil
}

// Evaluate plays every example greedily, all at once in lockstep, and
// scores the boards the episodes end with against the solutions (a board
// left with blanks is wrong on them).
func (p *Policy) Evaluate(examples []neural.Example) (neural.Score, error) {
	eps := make([]*episode, len(examples))
	for i := range examples {
		e, err := newEpisode(env.Config{}, env.Puzzle{ID: fmt.Sprint(i), Grid: classicGrid(examples[i].Puzzle[:])})
		if err != nil {
			return neural.Score{}, err
		}
		eps[i] = e
	}
	var ar nn.Arena
	if _, err := p.play(context.Background(), &ar, eps, nil); err != nil {
		return neural.Score{}, err
	}
	var s neural.Score
	for i, e := range eps {
		var board [cells]uint8
		copy(board[:], e.env.Observation().Board)
		s.Add(&examples[i], board)
	}
	return s, nil
}
