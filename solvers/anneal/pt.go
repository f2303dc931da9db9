package anneal

import (
	"math"
	"strconv"
)

// PT is parallel tempering (replica exchange): Replicas copies of the
// model, each at its own β on a geometric ladder over dwave-samplers'
// default range scaled by HotScale and ColdScale, each swept once per
// round with the Metropolis rule; after every round neighbouring replicas
// (even pairs, then odd pairs, alternately) exchange temperatures with
// probability min(1, exp((β_i − β_j)(E_i − E_j))). A read is Rounds rounds
// from random starts; it ends early when any replica reaches energy 0.
type PT struct {
	Replicas int
	Rounds   int
	Range    BetaRange
}

func (c PT) options() map[string]string {
	return map[string]string{
		"replicas": strconv.Itoa(c.Replicas),
		"rounds":   strconv.Itoa(c.Rounds),
		"ladder":   "geometric, " + c.Range.String(),
	}
}

func (c PT) sample(r *run) {
	hot, cold := c.Range.of(r.model)
	betas := geometric(hot, cold, c.Replicas)
	acc := newAcceptance(betas, r.p.maxField)
	reps := make([]*state, c.Replicas) // reps[k] is at betas[k]
	for k := range reps {
		reps[k] = newState(r.p.n)
	}
	for !r.stopped() {
		for _, s := range reps {
			s.randomize(r.p, r.rng)
		}
		coldest, complete := c.read(r, reps, betas, acc)
		if !complete {
			r.abandonRead(coldest)
			return
		}
		if r.endRead(coldest) {
			return
		}
	}
}

// read runs the rounds of one read and returns its lowest-energy replica
// and whether the read ran to its end (or a solution) rather than being
// stopped.
func (c PT) read(r *run, reps []*state, betas []float64, acc *acceptance) (*state, bool) {
	for round := 0; round < c.Rounds; round++ {
		for k, s := range reps {
			if r.stopped() {
				return lowest(reps), false
			}
			r.accepted += sweep(r.p, s, acc.row(k), r.rng)
			r.sweeps++
			r.attempted += int64(r.p.n)
			if s.energy == 0 {
				return s, true
			}
		}
		c.exchange(r, reps, betas, round%2)
	}
	return lowest(reps), true
}

// exchange offers temperature swaps to the neighbouring pairs (k, k+1)
// with k of the given parity.
func (c PT) exchange(r *run, reps []*state, betas []float64, parity int) {
	for k := parity; k+1 < len(reps); k += 2 {
		x := (betas[k] - betas[k+1]) * float64(reps[k].energy-reps[k+1].energy)
		r.extra["swaps_attempted"]++
		if x >= 0 || r.rng.float() < math.Exp(x) {
			reps[k], reps[k+1] = reps[k+1], reps[k]
			r.extra["swaps_accepted"]++
		}
	}
}

// lowest returns the state of least energy, the first of equals.
func lowest(states []*state) *state {
	best := states[0]
	for _, s := range states[1:] {
		if s.energy < best.energy {
			best = s
		}
	}
	return best
}
