package anneal

// subproblem is the model restricted to a few variables, every other
// variable held at its value in a state: it is what Kerberos sends to the
// QPU, and here it is minimised exactly by depth-first branch and bound.
type subproblem struct {
	p     *problem
	vars  []int32 // the free variables, in branching order
	pos   []int32 // per model variable: its place in vars, or −1
	field []int32 // per place: linear term plus couplings to the held variables and the places assigned 1
	// negFree is, per place, the sum of its negative couplings to places
	// not yet assigned: the most they can still lower its field.
	negFree []int32

	x, bestX     []uint8
	bestEnergy   int64
	nodes, limit int64
}

func newSubproblem(p *problem) *subproblem {
	sp := &subproblem{p: p, pos: make([]int32, p.n)}
	for i := range sp.pos {
		sp.pos[i] = -1
	}
	return sp
}

// minimize finds the assignment of vars that minimises the energy with the
// rest of s held, exploring at most limit nodes, and makes the flips that
// take s there. It returns the nodes explored and the flips made; the
// energy of s never rises, and falls to the subproblem's minimum unless
// the node limit cut the search short.
func (sp *subproblem) minimize(s *state, vars []int32, limit int64) (nodes int64, flips int) {
	sp.setUp(s, vars, limit)
	var lower int64 // Σ min(0, field + negFree) over unassigned places
	for k := range sp.vars {
		lower += int64(min(0, sp.field[k]+sp.negFree[k]))
	}
	sp.branch(0, 0, lower)
	for k, v := range sp.vars {
		if sp.bestX[k] != s.bit(v) {
			s.flip(sp.p, v)
			flips++
		}
		sp.pos[v] = -1
	}
	return sp.nodes, flips
}

// setUp computes each place's field from the held variables, and the
// starting incumbent: the variables' values in s.
func (sp *subproblem) setUp(s *state, vars []int32, limit int64) {
	p := sp.p
	sp.vars, sp.limit, sp.nodes = vars, limit, 0
	k := len(vars)
	sp.field, sp.negFree = resize(sp.field, k), resize(sp.negFree, k)
	sp.x, sp.bestX = resize(sp.x, k), resize(sp.bestX, k)
	for i, v := range vars {
		sp.pos[v] = int32(i)
	}
	var current int64
	for i, v := range vars {
		f, neg := p.linear[v], int32(0)
		for e := p.start[v]; e < p.start[v+1]; e++ {
			j, w := p.nbr[e], p.weight[e]
			switch {
			case sp.pos[j] < 0:
				f += w * int32(s.bit(j))
			case w < 0:
				neg += w
			}
			if pj := sp.pos[j]; pj > int32(i) && s.bit(v) != 0 && s.bit(j) != 0 {
				current += int64(w)
			}
		}
		sp.field[i], sp.negFree[i] = f, neg
		sp.bestX[i] = s.bit(v)
		if s.bit(v) != 0 {
			current += int64(f)
		}
	}
	sp.bestEnergy = current
}

func resize[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// branch assigns place k onward; energy is that of the places assigned so
// far, lower a bound on what the rest can add. It keeps the best complete
// assignment strictly below the incumbent.
func (sp *subproblem) branch(k int, energy, lower int64) {
	if sp.nodes >= sp.limit {
		return
	}
	sp.nodes++
	if k == len(sp.vars) {
		if energy < sp.bestEnergy {
			sp.bestEnergy = energy
			copy(sp.bestX, sp.x)
		}
		return
	}
	f := sp.field[k]
	lower -= int64(min(0, f+sp.negFree[k]))
	first := uint8(0)
	if f < 0 {
		first = 1 // the value that looks better first
	}
	for _, val := range [2]uint8{first, 1 - first} {
		sp.x[k] = val
		if val == 0 {
			sp.releaseNegatives(k, 1)
			if energy+lower < sp.bestEnergy {
				sp.branch(k+1, energy, lower)
			}
			sp.releaseNegatives(k, -1)
			continue
		}
		moved := sp.raise(k, 1)
		if e := energy + int64(f); e+lower+moved < sp.bestEnergy {
			sp.branch(k+1, e, lower+moved)
		}
		sp.raise(k, -1)
	}
}

// raise adds (sign 1) or removes (−1) place k's couplings to the later
// places' fields, as when k is set to 1, and returns how much the bound
// over the later places changes.
func (sp *subproblem) raise(k int, sign int32) int64 {
	p, v := sp.p, sp.vars[k]
	var moved int64
	for e := p.start[v]; e < p.start[v+1]; e++ {
		j := sp.pos[p.nbr[e]]
		if j <= int32(k) {
			continue
		}
		w := p.weight[e]
		before := min(0, sp.field[j]+sp.negFree[j])
		if w < 0 {
			sp.negFree[j] -= sign * w // no longer free: now counted in the field (or back)
		}
		sp.field[j] += sign * w
		moved += int64(min(0, sp.field[j]+sp.negFree[j]) - before)
	}
	return moved
}

// releaseNegatives removes (sign 1) or restores (−1) place k's negative
// couplings from the later places' negFree, as when k is set to 0; the
// bound changes by at most what it removes, which only raises it, so the
// bound stays valid without being updated.
func (sp *subproblem) releaseNegatives(k int, sign int32) {
	p, v := sp.p, sp.vars[k]
	for e := p.start[v]; e < p.start[v+1]; e++ {
		if j := sp.pos[p.nbr[e]]; j > int32(k) && p.weight[e] < 0 {
			sp.negFree[j] -= sign * p.weight[e]
		}
	}
}
