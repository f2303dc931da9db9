// Package literal holds the literal codes and the flat per-code lists that
// the cnf package's unit propagator and the ladder package's probers share.
//
// A code numbers a literal so that its negation flips the low bit and its
// value is one array lookup: variable v is codes 2v (¬v) and 2v+1 (v).
package literal

// Code returns the code of literal l; Decode inverts it.
func Code(l int) int32 {
	if l < 0 {
		return int32(-2 * l)
	}
	return int32(2*l + 1)
}

// Decode returns the literal of code c.
func Decode(c int32) int {
	if c&1 == 0 {
		return -int(c >> 1)
	}
	return int(c >> 1)
}

// Adjacency is a list of int32 per code, stored flat.
type Adjacency struct {
	start []int32
	items []int32
}

// Of returns code c's list.
func (a *Adjacency) Of(c int32) []int32 { return a.items[a.start[c]:a.start[c+1]] }

// NewAdjacency builds the lists of codes 0..codes-1 from (code, item)
// pairs, keeping their order.
func NewAdjacency(codes int, pairs [][2]int32) Adjacency {
	a := Adjacency{start: make([]int32, codes+1), items: make([]int32, len(pairs))}
	for _, p := range pairs {
		a.start[p[0]+1]++
	}
	for k := 1; k <= codes; k++ {
		a.start[k] += a.start[k-1]
	}
	next := append([]int32(nil), a.start[:codes]...)
	for _, p := range pairs {
		a.items[next[p[0]]] = p[1]
		next[p[0]]++
	}
	return a
}
