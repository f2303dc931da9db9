package ladder

// gridClosures remembers the closures of lookaheads that reached no
// conflict: assignments closed under failed-literal probing, each holding
// the top-level assignment of its time and the literal looked ahead on.
// Closures are monotone: a closure S that holds the current top-level
// assignment B and a literal l holds the closure of B and l, which is
// therefore free of conflict too, so the lookahead on l cannot refute it
// now and needs no run. The same holds for a closure under a stronger
// formula (one holding every clause of this one), whose closures contain
// this one's: the efficient encoding's closures serve the minimal one's
// lookaheads. A closure that stops holding the top-level assignment,
// which only grows, stops serving.
type gridClosures struct {
	all   []gridState
	valid []bool
	cover gridState // the union of the valid closures
	stale bool      // cover misses closures adopted since
}

func (g *gridClosures) reset() {
	g.all, g.valid = g.all[:0], g.valid[:0]
	g.cover = gridState{}
	g.stale = false
}

// add remembers a closure.
func (g *gridClosures) add(s *gridState, n int) {
	g.all = append(g.all, *s)
	g.valid = append(g.valid, true)
	g.cover.union(s, n)
}

// adopt takes every closure of o, which must come from the same puzzle
// under a formula holding every clause of this one: one that no longer
// served there may serve here. keepCovering must follow.
func (g *gridClosures) adopt(o *gridClosures) {
	g.all = append(g.all, o.all...)
	for range o.all {
		g.valid = append(g.valid, true)
	}
	g.stale = true
}

// covers reports whether a valid closure holds the literal.
func (g *gridClosures) covers(l gridLiteral) bool { return g.cover.has(l) }

// keepCovering drops the closures that do not hold the assignment top.
func (g *gridClosures) keepCovering(top *gridState, n int) {
	dropped := false
	for i := range g.all {
		if g.valid[i] && !g.all[i].holds(top, n) {
			g.valid[i] = false
			dropped = true
		}
	}
	if !dropped && !g.stale {
		return
	}
	g.stale = false
	g.cover = gridState{}
	for i := range g.all {
		if g.valid[i] {
			g.cover.union(&g.all[i], n)
		}
	}
}

// union adds the literals of o to s.
func (s *gridState) union(o *gridState, n int) {
	for d := 0; d < n; d++ {
		for w := range s.t[d] {
			s.t[d][w] |= o.t[d][w]
			s.f[d][w] |= o.f[d][w]
		}
	}
}

// holds reports whether s holds every literal of sub.
func (s *gridState) holds(sub *gridState, n int) bool {
	for d := 0; d < n; d++ {
		for w := range s.t[d] {
			if sub.t[d][w]&^s.t[d][w]|sub.f[d][w]&^s.f[d][w] != 0 {
				return false
			}
		}
	}
	return true
}
