package anneal

import "strconv"

// Tabu is one-flip tabu search in the manner of MST2 (Palubeckis), as
// D-Wave's TabuSampler runs it: each step makes the flip of least ΔE
// (ties broken at random) among the variables not flipped in the last
// tenure steps, tenure = min(MaxTenure, n/4), unless a tabu flip would
// beat the best energy of the read (aspiration); ΔE is kept up to date
// flip by flip. When Stall steps pass without a new best, the search
// restarts from the read's best state with Kick random flips. A read is
// Steps steps from a random state — the time limit per read, counted in
// steps so that a seed gives the same answer on any machine — and ends
// early at energy 0. Each step evaluates every variable: updates
// attempted count n per step, accepted one.
type Tabu struct {
	MaxTenure int
	Steps     int // per read
	// Stall and Kick are multiples of n: a restart after Stall·n steps
	// without a new best, from the best with Kick·n random flips.
	Stall, Kick float64
}

func (c Tabu) options() map[string]string {
	return map[string]string{
		"max_tenure": strconv.Itoa(c.MaxTenure),
		"steps":      strconv.Itoa(c.Steps),
		"stall":      strconv.FormatFloat(c.Stall, 'g', -1, 64) + "n",
		"kick":       strconv.FormatFloat(c.Kick, 'g', -1, 64) + "n",
	}
}

func (c Tabu) sample(r *run) {
	s := newState(r.p.n)
	for !r.stopped() {
		s.randomize(r.p, r.rng)
		best, complete := c.search(r, s, c.Steps)
		if !complete {
			r.abandonRead(best)
			return
		}
		if r.endRead(best) {
			return
		}
	}
}

// tabuSearch is the state of one tabu search.
type tabuSearch struct {
	Tabu
	tenure  int
	expires []int // step at which each variable is free again
	best    *state
}

// search runs up to steps tabu steps from s (which it changes) and returns
// the best state seen and whether it was not stopped.
func (c Tabu) search(r *run, s *state, steps int) (*state, bool) {
	n := r.p.n
	t := tabuSearch{Tabu: c, tenure: max(1, min(c.MaxTenure, n/4)), expires: make([]int, n), best: newState(n)}
	t.best.copyFrom(s)
	stall := max(1, int(c.Stall*float64(n)))
	lastBest := 0
	for step := 1; step <= steps && t.best.energy > 0; step++ {
		if r.stopped() {
			return t.best, false
		}
		t.step(r, s, step)
		if s.energy < t.best.energy {
			t.best.copyFrom(s)
			lastBest = step
		}
		if step-lastBest >= stall {
			t.restart(r, s)
			lastBest = step
		}
	}
	return t.best, true
}

// step makes the best admissible flip.
func (t *tabuSearch) step(r *run, s *state, step int) {
	pick, pickDelta, ties := int32(-1), int32(0), 0
	for i, v := range s.v {
		d := v >> 1
		if t.expires[i] > step && s.energy+int64(d) >= t.best.energy {
			continue // tabu, and no aspiration
		}
		switch {
		case pick < 0 || d < pickDelta:
			pick, pickDelta, ties = int32(i), d, 1
		case d == pickDelta:
			ties++
			if r.rng.intn(ties) == 0 {
				pick = int32(i)
			}
		}
	}
	r.attempted += int64(len(s.v))
	if pick < 0 {
		return // every move tabu: wait for one to expire
	}
	s.flip(r.p, pick)
	r.accepted++
	t.expires[pick] = step + t.tenure
}

// restart continues from the best state with Kick·n random flips and a
// clear tabu list.
func (t *tabuSearch) restart(r *run, s *state) {
	s.copyFrom(t.best)
	for k := max(1, int(t.Kick*float64(r.p.n))); k > 0; k-- {
		s.flip(r.p, int32(r.rng.intn(r.p.n)))
	}
	clear(t.expires)
	r.extra["restarts"]++
}
