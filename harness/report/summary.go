package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// MinN is the number of observations below which a group is flagged small:
// its interval is wide and no best value is marked in it.
const MinN = 10

// Group is where an observation falls: a hint-count bucket or a corpus.
type Group struct {
	Label string
	Order int // groups sort by Order, then Label
}

// Compare orders groups by Order, then by Label with numbers compared as
// numbers, so that corpus 17-clue+8 comes before 17-clue+28.
func (g Group) Compare(o Group) int {
	return cmp.Or(cmp.Compare(g.Order, o.Order), naturalCompare(g.Label, o.Label))
}

// naturalCompare compares strings run by run, digit runs by their value.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		ra, rb := leadingRun(a), leadingRun(b)
		c := cmp.Compare(ra, rb)
		if isDigit(ra[0]) && isDigit(rb[0]) {
			c = cmp.Or(cmp.Compare(len(strings.TrimLeft(ra, "0")), len(strings.TrimLeft(rb, "0"))),
				cmp.Compare(strings.TrimLeft(ra, "0"), strings.TrimLeft(rb, "0")))
		}
		if c != 0 {
			return c
		}
		a, b = a[len(ra):], b[len(rb):]
	}
	return cmp.Compare(len(a), len(b))
}

// leadingRun returns the leading run of digits, or of non-digits, of s.
func leadingRun(s string) string {
	digit := isDigit(s[0])
	i := 1
	for i < len(s) && isDigit(s[i]) == digit {
		i++
	}
	return s[:i]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Grouper assigns observations to groups.
type Grouper interface {
	// Name is the group column's heading: "hints", "corpus".
	Name() string
	Group(o *Obs) Group
}

// Bucket is a closed range of hint counts.
type Bucket struct{ Lo, Hi int }

func (b Bucket) String() string {
	if b.Lo == b.Hi {
		return strconv.Itoa(b.Lo)
	}
	return fmt.Sprintf("%d-%d", b.Lo, b.Hi)
}

// HintBuckets groups by hint count in the given buckets; a hint count
// outside every bucket forms its own.
type HintBuckets []Bucket

// Name implements Grouper.
func (HintBuckets) Name() string { return "hints" }

// Group implements Grouper.
func (bs HintBuckets) Group(o *Obs) Group {
	for _, b := range bs {
		if o.Hints >= b.Lo && o.Hints <= b.Hi {
			return Group{Label: b.String(), Order: b.Lo}
		}
	}
	return Group{Label: strconv.Itoa(o.Hints), Order: o.Hints}
}

// MaxBuckets is how many hint-count buckets AutoBuckets makes at most.
const MaxBuckets = 8

// AutoBuckets chooses hint-count buckets for the observations: one per
// hint count when there are at most MaxBuckets distinct counts, otherwise
// MaxBuckets or fewer ranges of equal width starting at the smallest count.
func AutoBuckets(obs []Obs) HintBuckets {
	var hints []int
	for _, o := range obs {
		hints = append(hints, o.Hints)
	}
	slices.Sort(hints)
	hints = slices.Compact(hints)
	if len(hints) == 0 {
		return nil
	}
	if len(hints) <= MaxBuckets {
		bs := make(HintBuckets, len(hints))
		for i, h := range hints {
			bs[i] = Bucket{h, h}
		}
		return bs
	}
	lo, hi := hints[0], hints[len(hints)-1]
	width := (hi - lo + MaxBuckets) / MaxBuckets
	var bs HintBuckets
	for b := lo; b <= hi; b += width {
		bs = append(bs, Bucket{b, b + width - 1})
	}
	return bs
}

// ByCorpus groups by corpus name.
type ByCorpus struct{}

// Name implements Grouper.
func (ByCorpus) Name() string { return "corpus" }

// Group implements Grouper.
func (ByCorpus) Group(o *Obs) Group { return Group{Label: o.Corpus} }

// Summary is the statistics of one solver on one group. Times are in
// nanoseconds and memory in bytes; NaN means no value.
type Summary struct {
	Solver string
	Group  Group

	N, Solved      int // observations, and those solved
	Rate           float64
	RateLo, RateHi float64 // Wilson 95%
	Statuses       map[string]int

	LimitNS                  float64 // the limit PAR-2 is charged with
	PAR2                     float64
	Median, Q1, Q3, P90, Max float64 // over solved observations
	MemMedian, MemMax        float64 // over observations with a measured peak

	Stochastic     bool
	Reads          float64 // stochastic: reads in all runs
	PerRead        float64 // stochastic: success per read
	ReadTimeNS     float64 // stochastic: mean time per read
	TTS99          float64
	Small          bool // N < MinN
	MixedLimits    bool // observations ran under different limits
	UnmeasuredTime bool // some solved observation has time 0
}

// IQR is Q3 − Q1.
func (s *Summary) IQR() float64 { return s.Q3 - s.Q1 }

// Summarize computes one Summary per solver and group, sorted by solver and
// then group. limitNS is the stated limit for PAR-2; 0 takes each group's
// largest record limit.
func Summarize(obs []Obs, g Grouper, limitNS float64) []Summary {
	type key struct {
		solver string
		group  Group
	}
	parts := make(map[key][]Obs)
	for i := range obs {
		k := key{obs[i].Solver, g.Group(&obs[i])}
		parts[k] = append(parts[k], obs[i])
	}
	out := make([]Summary, 0, len(parts))
	for k, os := range parts {
		out = append(out, summarize(k.solver, k.group, os, limitNS))
	}
	slices.SortFunc(out, func(a, b Summary) int {
		return cmp.Or(cmp.Compare(a.Solver, b.Solver), a.Group.Compare(b.Group))
	})
	return out
}

func summarize(solver string, g Group, obs []Obs, limitNS float64) Summary {
	s := Summary{Solver: solver, Group: g, N: len(obs), Statuses: make(map[string]int), LimitNS: limitNS}
	var times, mems []float64
	var readTime float64
	for _, o := range obs {
		s.Statuses[o.Status]++
		if o.Solved {
			s.Solved++
			times = append(times, o.TimeNS)
			s.UnmeasuredTime = s.UnmeasuredTime || o.TimeNS == 0
		}
		if o.PeakRSS > 0 {
			mems = append(mems, o.PeakRSS)
		}
		if limitNS == 0 {
			s.LimitNS = max(s.LimitNS, o.LimitNS)
		}
		s.MixedLimits = s.MixedLimits || o.LimitNS != obs[0].LimitNS
		s.Stochastic = s.Stochastic || o.Stochastic
		s.Reads += o.Reads
		s.PerRead += o.ReadsSolved
		readTime += runTime(o, limitNS)
	}
	s.Rate = float64(s.Solved) / float64(s.N)
	s.RateLo, s.RateHi = Wilson(s.Solved, s.N, Z95)
	s.PAR2 = PAR2(times, s.N-s.Solved, s.LimitNS)
	times, mems = sorted(times), sorted(mems)
	s.Median, s.Q1, s.Q3, s.P90 = Median(times), Quantile(times, 0.25), Quantile(times, 0.75), Quantile(times, 0.9)
	s.Max = Quantile(times, 1)
	s.MemMedian, s.MemMax = Median(mems), Quantile(mems, 1)
	s.PerRead /= s.Reads
	s.ReadTimeNS = readTime / s.Reads
	s.TTS99 = TTS99(s.ReadTimeNS, s.PerRead)
	s.Small = s.N < MinN
	return s
}

// runTime is what a run cost: its measured time, or the limit when it was
// stopped there (a killed run's own clock may be unreliable).
func runTime(o Obs, limitNS float64) float64 {
	if o.Status == "timeout" {
		return math.Max(o.LimitNS, limitNS)
	}
	return o.TimeNS
}
