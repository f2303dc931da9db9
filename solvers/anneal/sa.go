package anneal

import "strconv"

// SA is simulated annealing as dwave-samplers (neal) runs it: each read
// starts from a uniformly random assignment and makes Sweeps sequential
// sweeps, one Metropolis update of every variable in order per sweep, at
// inverse temperatures spaced geometrically over Range (NealRange
// reproduces neal). Unlike neal, a read stops as soon as it reaches energy
// 0: the rest of its sweeps could not improve on a solution. With
// FirstSweeps set, reads grow instead: the first has FirstSweeps sweeps,
// each next one twice as many, up to Sweeps, so that an easy model is
// solved by a short anneal and a hard one still gets long ones.
type SA struct {
	Sweeps, FirstSweeps int
	Range               BetaRange
}

// Neal is dwave-samplers' SimulatedAnnealingSampler with its defaults:
// 1000 sweeps over the default β range.
var Neal = SA{Sweeps: 1000, Range: NealRange}

// Tuned is the preset tuned on hard Sudoku models: longer reads over a
// narrower, colder range than neal's (which starts where almost every
// flip is accepted and ends where none is), in the models' own energy
// units.
var Tuned = SA{Sweeps: 10000, FirstSweeps: 250, Range: BetaRange{Hot: 0.7, Cold: 2.5, Fixed: true}}

func (c SA) options() map[string]string {
	opts := map[string]string{
		"sweeps":   strconv.Itoa(c.Sweeps),
		"schedule": "geometric, " + c.Range.String(),
	}
	if c.FirstSweeps > 0 {
		opts["first_sweeps"] = strconv.Itoa(c.FirstSweeps)
	}
	return opts
}

func (c SA) sample(r *run) {
	lengths := newReadLengths(c.FirstSweeps, c.Sweeps, func(sweeps int) *acceptance { return c.acceptance(r, sweeps) })
	s := newState(r.p.n)
	for !r.stopped() {
		acc := lengths.next()
		s.randomize(r.p, r.rng)
		if !r.anneal(s, acc) {
			r.abandonRead(s)
			return
		}
		if r.endRead(s) {
			return
		}
	}
}

// readLengths hands out the schedules of successive reads: the first
// first sweeps long (most when first is 0), each next one twice as long,
// up to most; each length's acceptance tables are made once.
type readLengths struct {
	sweeps, most int
	tables       map[int]*acceptance
	make         func(sweeps int) *acceptance
}

func newReadLengths(first, most int, make func(int) *acceptance) *readLengths {
	sweeps := most
	if first > 0 {
		sweeps = min(first, most)
	}
	return &readLengths{sweeps: sweeps, most: most, tables: map[int]*acceptance{}, make: make}
}

// next returns the next read's tables.
func (l *readLengths) next() *acceptance {
	acc := l.tables[l.sweeps]
	if acc == nil {
		acc = l.make(l.sweeps)
		l.tables[l.sweeps] = acc
	}
	l.sweeps = min(2*l.sweeps, l.most)
	return acc
}

// acceptance returns the Metropolis tables of a schedule of the given
// length for r's model.
func (c SA) acceptance(r *run, sweeps int) *acceptance {
	hot, cold := c.Range.of(r.model)
	return newAcceptance(geometric(hot, cold, sweeps), r.p.maxField)
}

// anneal sweeps s once at each β of acc, stopping early at energy 0; it
// reports false if the stopping rule cut it short.
func (r *run) anneal(s *state, acc *acceptance) bool {
	for k := 0; k < acc.rows(); k++ {
		if r.stopped() {
			return false
		}
		r.accepted += sweep(r.p, s, acc.row(k), r.rng)
		r.sweeps++
		r.attempted += int64(r.p.n)
		if s.energy == 0 {
			break
		}
	}
	return true
}

// sweep applies the Metropolis rule to every variable in order: a flip
// that does not raise the energy is made; a rise d is made when a uniform
// 32-bit draw falls below row[d], and never when d is past the row's end.
// It returns the flips made.
func sweep(p *problem, s *state, row []uint32, g *rng) int64 {
	local := *g
	v := s.v[:p.n]
	var flips int64
	for i := range v {
		if d := int(v[i] >> 1); d > 0 {
			// uint(d) < len(row) also spares row[d] its bounds check.
			if uint(d) >= uint(len(row)) || local.u32() >= row[d] {
				continue
			}
		}
		s.flip(p, int32(i))
		flips++
		if s.energy == 0 {
			break // a solution: the rest of the sweep could only leave it
		}
	}
	*g = local
	return flips
}
