package rl

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
	"github.com/sudokubench/sudokubench/sudoku"
)

// episode is one episode a policy plays, and, when recorded, the states
// it met and the actions it took in them.
type episode struct {
	env     *env.Env
	states  []*step
	actions []int
}

// newEpisode starts an episode on a 9×9 classic puzzle under rules cfg.
func newEpisode(cfg env.Config, p env.Puzzle) (*episode, error) {
	e, err := env.Fixed(cfg, p.Grid.Geometry())
	if err != nil {
		return nil, err
	}
	if _, _, err := e.Start(p); err != nil {
		return nil, err
	}
	return &episode{env: e}, nil
}

// classic is the geometry the learned agents play.
var classic = sudoku.MustGeometry(3, sudoku.Classic)

// play runs the episodes to their ends in lockstep, one forward pass of
// the live episodes' boards per step: greedily when rng is nil, else
// sampling from the policy with rng, recording every state and action.
// It stops early, leaving episodes unfinished, when ctx ends. It returns
// the forward passes made (boards run through the network).
func (p *Policy) play(ctx context.Context, ar *nn.Arena, eps []*episode, rng *rand.Rand) (int, error) {
	live := make([]*episode, 0, len(eps))
	for _, e := range eps {
		if !e.env.Over() {
			live = append(live, e)
		}
	}
	passes := 0
	l := make([]float32, actions)
	pi := make([]float64, actions)
	for len(live) > 0 && ctx.Err() == nil {
		states := make([]*step, len(live))
		for i, e := range live {
			s := &step{}
			obs := e.env.Observation()
			copy(s.board[:], obs.Board)
			copy(s.mask[:], obs.ActionMask)
			states[i] = s
		}
		ar.Reset()
		logits := p.Net.Forward(ar, batchOf(states), false).Logits.Data
		passes += len(live)
		next := live[:0]
		for i, e := range live {
			logProbs(logits[i*actions:(i+1)*actions], l)
			if !legalFinite(l, states[i].mask[:]) {
				return passes, errNotFinite
			}
			var a int
			if rng == nil {
				a = greedy(l, states[i].mask[:])
			} else {
				p.distribution(l, states[i].mask[:], pi)
				a = sample(pi, rng)
				e.states, e.actions = append(e.states, states[i]), append(e.actions, a)
			}
			// A live episode has a legal action (the environment ends one
			// that has none), so a is one of them.
			if _, err := e.env.Step(a); err != nil {
				return passes, err
			}
			if !e.env.Over() {
				next = append(next, e)
			}
		}
		live = next
	}
	return passes, nil
}

// errNotFinite is play's answer to a network whose output for a board is
// not a number: weights finite on their own can still overflow together,
// and no action can then be chosen.
var errNotFinite = errors.New("the policy's output for a board is not a finite number: no action can be chosen (the network's weights overflow on this board)")

// legalFinite reports whether every legal action's log-probability in l is
// a finite number.
func legalFinite(l []float32, mask []uint8) bool {
	for a, m := range mask {
		if v := float64(l[a]); m == 1 && (math.IsNaN(v) || math.IsInf(v, 0)) {
			return false
		}
	}
	return true
}
