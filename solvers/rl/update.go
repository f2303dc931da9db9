package rl

import (
	"context"
	"fmt"
	"math"

	"github.com/sudokubench/sudokubench/solvers/rl/env"
)

// step plays one batch of episodes and makes one update: REINFORCE with
// a leave-one-out baseline (each episode's return against the mean of the
// other rollouts of its puzzle), on a sample of each episode's states.
func (r *Run) step() error {
	cfg := r.cfg
	b := r.sampler.Next(cfg.Puzzles)
	eps := make([]*episode, 0, cfg.Puzzles*cfg.Rollouts)
	for i := range cfg.Puzzles {
		g := classicGrid(b.Boards[i*cells : (i+1)*cells])
		for range cfg.Rollouts {
			e, err := newEpisode(cfg.rules(), env.Puzzle{ID: fmt.Sprintf("update %d puzzle %d", r.update, i), Grid: g})
			if err != nil {
				return fmt.Errorf("train: %w", err)
			}
			eps = append(eps, e)
		}
	}
	if _, err := r.policy.play(context.Background(), &r.ar, eps, r.rng); err != nil {
		return err
	}
	advs := advantages(eps, cfg.Rollouts)
	var states []*step
	var acts []int
	var pg, entropy []float64
	for i, e := range eps {
		info := e.env.Info()
		r.returns += info.Return
		r.episodes++
		if info.Solved {
			r.solved++
		}
		if advs[i] == 0 {
			continue
		}
		// The episode's share of the loss, its sample of states weighted
		// up to stand for all of them.
		t := len(e.states)
		m := min(cfg.States, t)
		share := float64(t) / float64(m) / float64(len(eps))
		for _, k := range r.rng.Perm(t)[:m] {
			states, acts = append(states, e.states[k]), append(acts, e.actions[k])
			pg, entropy = append(pg, advs[i]*share), append(entropy, cfg.Entropy*share)
		}
	}
	if len(states) == 0 {
		return nil // every rollout of every puzzle ended alike: nothing to learn from
	}
	r.gradients(states, acts, pg, entropy)
	r.apply()
	return nil
}

// apply clips the gradients and takes Adam's step, unless the gradients
// are not finite numbers (an overflow in the network): one such step
// would turn every weight into NaN, so it is skipped and counted.
func (r *Run) apply() {
	ps := r.policy.Net.Params()
	if norm := ps.ClipGrads(r.cfg.ClipNorm); math.IsNaN(norm) || math.IsInf(norm, 0) {
		r.skipped++
		return
	}
	r.adam.Step(r.cfg.LearningRate(r.update))
}

// advantages returns each episode's return less the mean return of the
// other rollouts of its puzzle (the episodes of a puzzle are adjacent),
// divided by the root mean square of them all (they sum to zero within
// each puzzle); all zero when every rollout of every puzzle ended alike.
func advantages(eps []*episode, rollouts int) []float64 {
	advs := make([]float64, len(eps))
	var square float64
	for i, e := range eps {
		group := eps[i/rollouts*rollouts : (i/rollouts+1)*rollouts]
		var others float64
		for _, o := range group {
			if o != e {
				others += o.env.Info().Return
			}
		}
		advs[i] = e.env.Info().Return - others/float64(rollouts-1)
		square += advs[i] * advs[i]
	}
	if square == 0 {
		return advs
	}
	rms := math.Sqrt(square / float64(len(eps)))
	for i := range advs {
		advs[i] /= rms
	}
	return advs
}

// gradChunk is how many states go through the network at once in an
// update.
const gradChunk = 32

// gradients sets the network's gradients to the loss's over the states,
// chunk by chunk in order: each state's policy-gradient term weighted by
// pg, its entropy bonus by entropy.
func (r *Run) gradients(states []*step, acts []int, pg, entropy []float64) {
	ps := r.policy.Net.Params()
	ps.ZeroGrad()
	for lo := 0; lo < len(states); lo += gradChunk {
		hi := min(lo+gradChunk, len(states))
		r.ar.Reset()
		r.policy.passGradients(&r.ar, states[lo:hi], acts[lo:hi], pg[lo:hi], entropy[lo:hi])
	}
}
