package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/harness/report/stats"
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

// All puts every observation in one group, "all".
type All struct{}

// Name implements Grouper.
func (All) Name() string { return "puzzles" }

// Group implements Grouper.
func (All) Group(*Obs) Group { return Group{Label: "all"} }

// Summary is the statistics of one solver in one mode on one group. Times
// are in nanoseconds and memory in bytes; NaN means no value.
type Summary struct {
	Solver, Mode string
	Group        Group

	N, Solved      int // puzzles, and those solved
	Rate           float64
	RateLo, RateHi float64 // Wilson 95%
	Statuses       map[string]int

	LimitNS                  float64 // the limit of every run; NaN when they differ
	PAR2                     float64 // each unsolved puzzle charged twice its own limit
	Median, Q1, Q3, P90, Max float64 // over solved puzzles
	// OwnMedian is the median of the solved puzzles' own time, by the
	// same clock: an outside program's start-up taken out (Measure). NaN
	// where the report did not compute it.
	OwnMedian float64
	// OwnMem and OwnMemMax are the median and the largest of the
	// pipeline's own peak memory (Obs.OwnMem) over its puzzles, NaN where
	// not measured; OldMem says that some come from records written
	// before own memory was (Obs.OldMem).
	OwnMem, OwnMemMax float64
	OldMem            bool
	External          bool

	// A stochastic solver's reads in all runs, its success per read with
	// the Wilson 95% interval, its mean time per read, and its time to a
	// solution with 99% confidence with the interval that the per-read
	// one gives (the low end from the high success rate).
	Stochastic                    bool
	Reads                         float64
	PerRead, PerReadLo, PerReadHi float64
	ReadTimeNS                    float64
	TTS99, TTS99Lo, TTS99Hi       float64
	// CountsUpdates is set when every run counted its attempted updates:
	// then UpdatesPerRead is their mean per read and UTS99 the updates to
	// a solution with 99% confidence, with its interval; NaN otherwise.
	// Unlike time, updates do not move with the machine's load.
	CountsUpdates           bool
	UpdatesPerRead          float64
	UTS99, UTS99Lo, UTS99Hi float64

	Small          bool // N < MinN
	UnmeasuredTime bool // some solved puzzle has time 0
}

// IQR is Q3 − Q1.
func (s *Summary) IQR() float64 { return s.Q3 - s.Q1 }

// Summarize computes one Summary per solver, mode and group, sorted by
// solver, mode and then group. fallbackLimitNS is the limit PAR-2 charges
// an unsolved observation that does not carry its own (old records).
func Summarize(obs []Obs, g Grouper, fallbackLimitNS float64) []Summary {
	type key struct {
		solver, mode string
		group        Group
	}
	parts := make(map[key][]*Obs) // pointers: an observation is a few hundred bytes
	for i := range obs {
		k := key{obs[i].Solver, obs[i].Mode, g.Group(&obs[i])}
		parts[k] = append(parts[k], &obs[i])
	}
	out := make([]Summary, 0, len(parts))
	for k, os := range parts {
		out = append(out, summarize(k.solver, k.mode, k.group, os, fallbackLimitNS))
	}
	slices.SortFunc(out, func(a, b Summary) int {
		return cmp.Or(cmp.Compare(a.Solver, b.Solver), cmp.Compare(a.Mode, b.Mode), a.Group.Compare(b.Group))
	})
	return out
}

func summarize(solver, mode string, g Group, obs []*Obs, fallbackLimitNS float64) Summary {
	a := newSummarizer(solver, mode, g, fallbackLimitNS)
	for _, o := range obs {
		a.add(o)
	}
	return a.finish()
}

// summarizer makes a Summary from observations given one at a time,
// holding of each only what the quantiles need: a solved one's time, an
// unsolved one's limit (PAR-2), a measured memory. The figures do not
// depend on the order the observations come in, except in a sum's last
// bits: give them in Observations' order for the figures New gives.
type summarizer struct {
	s                              Summary
	fallbackLimitNS                float64
	firstLimit, minLimit, maxLimit float64
	times, unsolvedLimits, mems    []float64
	reads                          readTotals
}

func newSummarizer(solver, mode string, g Group, fallbackLimitNS float64) *summarizer {
	return &summarizer{
		s:               Summary{Solver: solver, Mode: mode, Group: g, Statuses: make(map[string]int), OwnMedian: math.NaN(), CountsUpdates: true},
		fallbackLimitNS: fallbackLimitNS,
	}
}

// add counts one observation in.
func (a *summarizer) add(o *Obs) {
	s := &a.s
	s.N++
	s.Statuses[o.Status]++
	limit := o.LimitNS
	if limit == 0 {
		limit = a.fallbackLimitNS
	}
	if s.N == 1 {
		a.firstLimit, a.minLimit, a.maxLimit = limit, limit, limit
	}
	a.minLimit, a.maxLimit = min(a.minLimit, limit), max(a.maxLimit, limit)
	if o.Solved {
		s.Solved++
		a.times = append(a.times, o.TimeNS)
		s.UnmeasuredTime = s.UnmeasuredTime || o.TimeNS == 0
	} else {
		a.unsolvedLimits = append(a.unsolvedLimits, limit)
	}
	if !math.IsNaN(o.OwnMem) {
		a.mems = append(a.mems, o.OwnMem)
		s.OldMem = s.OldMem || o.OldMem
	}
	s.External = s.External || o.External
	s.Stochastic = s.Stochastic || o.Stochastic
	s.CountsUpdates = s.CountsUpdates && o.CountsUpdates
	a.reads.add(o)
}

// finish computes the summary of the observations added, at least one.
func (a *summarizer) finish() Summary {
	s := a.s
	s.LimitNS = a.firstLimit
	if a.minLimit != a.maxLimit {
		s.LimitNS = math.NaN()
	}
	s.Rate = float64(s.Solved) / float64(s.N)
	s.RateLo, s.RateHi = stats.Wilson(s.Solved, s.N, stats.Z95)
	s.PAR2 = stats.PAR2(a.times, a.unsolvedLimits)
	times, mems := stats.Sorted(a.times), stats.Sorted(a.mems)
	s.Median, s.Q1, s.Q3, s.P90 = stats.Median(times), stats.Quantile(times, 0.25), stats.Quantile(times, 0.75), stats.Quantile(times, 0.9)
	s.Max = stats.Quantile(times, 1)
	s.OwnMem, s.OwnMemMax = stats.Median(mems), stats.Quantile(mems, 1)
	if s.Stochastic {
		a.reads.summarize(&s)
	}
	s.Small = s.N < MinN
	return s
}

// readTotals sums a stochastic solver's reads over its observations.
type readTotals struct{ reads, solved, timeNS, updates float64 }

func (t *readTotals) add(o *Obs) {
	t.reads += o.Reads
	t.solved += o.ReadsSolved
	t.timeNS += o.ReadTimeNS
	t.updates += o.Updates
}

// summarize gives s its figures per read and to a solution, pooling the
// reads of every run.
func (t readTotals) summarize(s *Summary) {
	s.Reads = t.reads
	s.PerRead = t.solved / t.reads
	s.PerReadLo, s.PerReadHi = stats.Wilson(int(math.Round(t.solved)), int(math.Round(t.reads)), stats.Z95)
	s.ReadTimeNS = t.timeNS / t.reads
	s.TTS99, s.TTS99Lo, s.TTS99Hi = s.toSolution(s.ReadTimeNS)
	s.UpdatesPerRead, s.UTS99, s.UTS99Lo, s.UTS99Hi = math.NaN(), math.NaN(), math.NaN(), math.NaN()
	if s.CountsUpdates {
		s.UpdatesPerRead = t.updates / t.reads
		s.UTS99, s.UTS99Lo, s.UTS99Hi = s.toSolution(s.UpdatesPerRead)
	}
}

// toSolution is the cost of reaching a solution with 99% confidence by
// repeating reads that cost x each (TTS99's formula), with its interval.
func (s *Summary) toSolution(x float64) (v, lo, hi float64) {
	return stats.TTS99(x, s.PerRead), stats.TTS99(x, s.PerReadHi), stats.TTS99(x, s.PerReadLo)
}
