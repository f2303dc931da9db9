package anneal

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/sudokubench/sudokubench/encodings/qubo"
)

// problem is a model in the form the samplers walk: each variable's linear
// term and couplings in compressed sparse rows (every coupler stored in
// both of its rows), integer weights throughout.
type problem struct {
	n      int
	linear []int32
	start  []int32 // variable i's couplings are nbr[start[i]:start[i+1]]
	nbr    []int32
	weight []int32
	// twice is 2·weight, the step a flip moves a neighbour's packed
	// word by (see state).
	twice  []int32
	offset int64
	// maxField bounds |ΔE| of any single flip: max_i |linear_i| + Σ_j |w_ij|.
	maxField int32
}

// newProblem lays out a model; it fails if a flip's energy change could
// overflow an int32, which the qubo package's weight bound rules out for
// Sudoku models.
func newProblem(m *qubo.Model) (*problem, error) {
	n := len(m.Vars)
	p := &problem{n: n, linear: make([]int32, n), start: make([]int32, n+1), offset: m.Offset}
	field := make([]int64, n)
	for i, a := range m.Linear {
		p.linear[i] = int32(a)
		field[i] = abs64(a)
	}
	for _, c := range m.Couplers {
		p.start[c.I+1]++
		p.start[c.J+1]++
		field[c.I] += abs64(c.W)
		field[c.J] += abs64(c.W)
	}
	for i := 1; i <= n; i++ {
		p.start[i] += p.start[i-1]
	}
	p.nbr, p.weight, p.twice = make([]int32, p.start[n]), make([]int32, p.start[n]), make([]int32, p.start[n])
	next := append([]int32(nil), p.start[:n]...)
	for _, c := range m.Couplers {
		p.nbr[next[c.I]], p.weight[next[c.I]] = c.J, int32(c.W)
		p.nbr[next[c.J]], p.weight[next[c.J]] = c.I, int32(c.W)
		next[c.I]++
		next[c.J]++
	}
	for k, w := range p.weight {
		p.twice[k] = 2 * w
	}
	var most int64
	for _, f := range field {
		most = max(most, f)
	}
	if most > math.MaxInt32/4 {
		return nil, fmt.Errorf("a variable's field reaches %d, beyond the samplers' int32 range", most)
	}
	p.maxField = int32(most)
	return p, nil
}

// coupling returns the weight between variables i and j, 0 when they are
// not coupled or either is −1. A variable's neighbours are in increasing
// order (the couplers are sorted), so it searches them by halves.
func (p *problem) coupling(i, j int32) int32 {
	if i < 0 || j < 0 {
		return 0
	}
	nbr := p.nbr[p.start[i]:p.start[i+1]]
	if k, found := slices.BinarySearch(nbr, j); found {
		return p.weight[int(p.start[i])+k]
	}
	return 0
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// state is an assignment with its energy and, per variable, the energy
// change a flip would make, kept up to date flip by flip. Both live in one
// word per variable, ΔE·2 + x, so that a flip touches each neighbour once.
type state struct {
	v      []int32
	energy int64 // offset included
}

func newState(n int) *state { return &state{v: make([]int32, n)} }

// bit returns variable i's value.
func (s *state) bit(i int32) uint8 { return uint8(s.v[i] & 1) }

// gain returns the energy change of flipping variable i.
func (s *state) gain(i int32) int32 { return s.v[i] >> 1 }

// assignment returns the 0/1 values, one per variable.
func (s *state) assignment() []uint8 {
	x := make([]uint8, len(s.v))
	for i, v := range s.v {
		x[i] = uint8(v & 1)
	}
	return x
}

// load sets the assignment and recomputes every ΔE and the energy.
func (s *state) load(p *problem, x []uint8) {
	for i, b := range x {
		s.v[i] = int32(b & 1)
	}
	s.recompute(p)
}

// randomize draws every variable uniformly, as dwave-samplers' "random"
// initial states do.
func (s *state) randomize(p *problem, r *rng) {
	for i := 0; i < p.n; i += 64 {
		b := r.next()
		for j := i; j < min(i+64, p.n); j++ {
			s.v[j] = int32(b & 1)
			b >>= 1
		}
	}
	s.recompute(p)
}

// recompute derives every ΔE and the energy from the values (the low bits).
func (s *state) recompute(p *problem) {
	s.energy = p.offset
	for i := range s.v {
		x := s.v[i] & 1
		f := p.linear[i]
		for k := p.start[i]; k < p.start[i+1]; k++ {
			j := p.nbr[k]
			f += p.weight[k] * (s.v[j] & 1)
			if x != 0 && j > int32(i) {
				s.energy += int64(p.weight[k] * (s.v[j] & 1))
			}
		}
		if x != 0 {
			s.energy += int64(p.linear[i])
			f = -f
		}
		s.v[i] = f<<1 | x
	}
}

// flip flips variable i: its own ΔE changes sign and each neighbour j's
// moves by ±w_ij, + when i and j now differ (i's rise raises an unset j's
// cost of rising and lowers a set j's cost of falling).
func (s *state) flip(p *problem, i int32) {
	vi := s.v[i]
	d, up := vi>>1, (vi&1)^1
	s.energy += int64(d)
	s.v[i] = -d<<1 | up
	lo, hi := p.start[i], p.start[i+1]
	nbr, twice := p.nbr[lo:hi], p.twice[lo:hi]
	twice = twice[:len(nbr)]
	v := s.v
	for k, j := range nbr {
		vj := v[j]
		m := (up^vj)&1 - 1 // 0 when they differ, −1 when equal
		v[j] = vj + (twice[k] ^ m) - m
	}
}

// copyFrom makes s a copy of o.
func (s *state) copyFrom(o *state) {
	copy(s.v, o.v)
	s.energy = o.energy
}

// rng is wyrand: a 64-bit generator of one addition and one 64×64→128
// multiplication per draw, seeded per run so that a seed gives the same
// answer.
type rng struct{ s uint64 }

func newRNG(seed int64) *rng {
	// splitmix64 spreads small seeds over the state.
	z := uint64(seed) + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return &rng{s: z ^ z>>31}
}

func (r *rng) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// u32 returns 32 uniform bits.
func (r *rng) u32() uint32 { return uint32(r.next() >> 32) }

// intn returns a uniform integer in [0, n).
func (r *rng) intn(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// float returns a uniform float64 in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }
