package anneal

// Descent is steepest descent, the baseline: from a random state it makes
// the flip of least ΔE (ties at random) while one lowers the energy. Each
// local minimum is a read; each step evaluates every variable.
type Descent struct{}

func (Descent) options() map[string]string { return map[string]string{"moves": "steepest"} }

func (Descent) sample(r *run) {
	s := newState(r.p.n)
	for !r.stopped() {
		s.randomize(r.p, r.rng)
		if !descend(r, s) {
			r.abandonRead(s)
			return
		}
		if r.endRead(s) {
			return
		}
	}
}

// descend takes steepest steps until none lowers the energy; it reports
// false if it was stopped first.
func descend(r *run, s *state) bool {
	for {
		if r.stopped() {
			return false
		}
		pick, pickDelta, ties := int32(-1), int32(0), 0
		for i, v := range s.v {
			switch d := v >> 1; {
			case d < pickDelta:
				pick, pickDelta, ties = int32(i), d, 1
			case d == pickDelta && pick >= 0:
				ties++
				if r.rng.intn(ties) == 0 {
					pick = int32(i)
				}
			}
		}
		r.attempted += int64(len(s.v))
		if pick < 0 {
			return true
		}
		s.flip(r.p, pick)
		r.accepted++
	}
}
