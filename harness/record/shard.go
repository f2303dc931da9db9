package record

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// MaxShards is the most pieces a plan may be split into. A job array has
// at most a few thousand tasks (SLURM's MaxArraySize tops out at four
// million), and a plan of every 17-clue puzzle under every pipeline has
// about a million runs: more pieces than that leave most of them empty.
const MaxShards = 1_000_000

// Shard is piece Index of Count of a plan (1-based, as job arrays number
// their tasks), as a manifest's "shard" field writes it. The zero value is
// the whole plan.
type Shard struct {
	Index, Count int
}

// ParseShard reads "i/n" with 1 ≤ i ≤ n ≤ MaxShards; "" is the whole plan.
func ParseShard(s string) (Shard, error) {
	if strings.TrimSpace(s) == "" {
		return Shard{}, nil
	}
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 ≤ i ≤ n, e.g. 2/8", s)
	}
	sh := Shard{Index: i, Count: n}
	if err := sh.Check(); err != nil {
		return Shard{}, fmt.Errorf("shard %q: %w", s, err)
	}
	return sh, nil
}

// Check says why a shard is not one ParseShard would give; the zero value
// (the whole plan) is one.
func (s Shard) Check() error {
	switch {
	case s == Shard{}:
		return nil
	case s.Count > MaxShards:
		return fmt.Errorf("%d pieces is more than the %d a plan may be split into", s.Count, MaxShards)
	case s.Count < 1 || s.Index < 1 || s.Index > s.Count:
		return fmt.Errorf("piece %d of %d: want i/n with 1 ≤ i ≤ n, e.g. 2/8", s.Index, s.Count)
	}
	return nil
}

// String writes the shard as ParseShard reads it; "" for the whole plan.
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Keeps reports whether the run with this key belongs to the shard: its
// FNV-1a hash modulo Count is Index-1. The hash depends on the key alone, so
// every shard of one plan agrees wherever it runs.
func (s Shard) Keeps(key string) bool {
	if s.Count <= 1 {
		return true
	}
	return shardHash(key)%uint64(s.Count) == uint64(s.Index-1)
}

func shardHash(key string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	return h.Sum64()
}

// NamedShards is how many missing shards a message names; it counts the
// rest.
const NamedShards = 5

// Gaps are the pieces of a split that a set of pieces lacks: how many, and
// the first NamedShards of them in order. The missing pieces are counted,
// never listed: a split into MaxShards pieces costs no more than one into
// two.
type Gaps struct {
	Count int
	First []Shard
}

// ShardGaps finds the pieces of a split missing from pieces. ok is false
// when there is no one split to speak of: no pieces, or pieces of
// different splits (2/4 beside 1/3).
func ShardGaps(pieces []Shard) (g Gaps, ok bool) {
	if len(pieces) == 0 {
		return Gaps{}, false
	}
	count := pieces[0].Count
	have := make(map[int]bool)
	for _, p := range pieces {
		if p.Count != count {
			return Gaps{}, false
		}
		have[p.Index] = true
	}
	for i := 1; i <= count && len(g.First) < NamedShards; i++ {
		if !have[i] {
			g.First = append(g.First, Shard{Index: i, Count: count})
		}
	}
	g.Count = count - len(have)
	return g, true
}

// String names the missing pieces: "3/3", or "1/8, 3/8, 4/8, 5/8, 6/8 and
// 2 more".
func (g Gaps) String() string {
	names := make([]string, len(g.First))
	for i, sh := range g.First {
		names[i] = sh.String()
	}
	s := strings.Join(names, ", ")
	if more := g.Count - len(g.First); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}
