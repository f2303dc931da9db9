package report

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
)

// CompareConfig chooses how two result sets are compared. The zero value
// compares CPU time with 2000 bootstrap resamples and needs 5 pairs.
type CompareConfig struct {
	Measure    Measure
	Stochastic IsStochastic // nil: detected from both sets of records
	Resamples  int          // bootstrap resamples; 0: 2000
	MinPairs   int          // fewer pairs solved by both: no verdict; 0: 5
}

// TieRatio is how close two times must be to count as a tie in the sign
// test: within 1% of each other.
const TieRatio = 1.01

// StatusChange counts instances whose status went From in A To in B.
type StatusChange struct {
	From, To string
	N        int
}

// Comparison is the paired comparison of one solver on one corpus ("all"
// for every corpus together) between result sets A and B.
type Comparison struct {
	Solver, Corpus string
	Pairs          int // instances in both A and B
	Both           int // of which solved in both: the speedup's sample
	// Speedup is the geometric mean of timeA/timeB over Both: above 1, B
	// is faster. Lo and Hi are its 95% bootstrap percentile interval.
	Speedup, Lo, Hi    float64
	Wins, Losses, Ties int     // B faster, B slower, within TieRatio
	SignP              float64 // two-sided exact sign test on wins and losses
	Changes            []StatusChange
}

// Verdict says in words what the comparison shows, refusing to call a
// difference when there are too few pairs or the interval contains 1.
func (c *Comparison) Verdict(minPairs int) string {
	switch {
	case c.Both < minPairs:
		return fmt.Sprintf("insufficient data (%d pairs solved by both, need %d)", c.Both, minPairs)
	case c.Lo <= 1 && c.Hi >= 1:
		return "no significant difference"
	case c.Speedup > 1:
		return fmt.Sprintf("B %.2f× faster", c.Speedup)
	}
	return fmt.Sprintf("B %.2f× slower", 1/c.Speedup)
}

func (c CompareConfig) withDefaults(a, b []record.Record) CompareConfig {
	if c.Stochastic == nil {
		c.Stochastic = DetectStochastic(append(slices.Clone(a), b...))
	}
	if c.Resamples == 0 {
		c.Resamples = 2000
	}
	if c.MinPairs == 0 {
		c.MinPairs = 5
	}
	return c
}

// Compare pairs the observations of A and B on solver, puzzle, mode, seed
// and repetition (a deterministic solver's repetitions folded into their
// median) and compares them per solver and corpus, and per solver over all
// corpora when there are several. Instances in only one set are reported
// as warnings. The bootstrap uses a fixed seed, so results repeat.
func Compare(a, b []record.Record, c CompareConfig) ([]Comparison, []string) {
	c = c.withDefaults(a, b)
	oa := Observations(a, c.Measure, c.Stochastic)
	ob := Observations(b, c.Measure, c.Stochastic)
	pairs, warnings := pairSets(oa, ob)
	type key struct{ solver, corpus string }
	groups := make(map[key][][2]Obs)
	corpora := make(map[string]map[string]bool)
	for _, p := range pairs {
		s := p[0].Solver
		groups[key{s, p[0].Corpus}] = append(groups[key{s, p[0].Corpus}], p)
		groups[key{s, "all"}] = append(groups[key{s, "all"}], p)
		if corpora[s] == nil {
			corpora[s] = make(map[string]bool)
		}
		corpora[s][p[0].Corpus] = true
	}
	var out []Comparison
	for k, ps := range groups {
		if k.corpus == "all" && len(corpora[k.solver]) < 2 {
			continue
		}
		out = append(out, comparePairs(k.solver, k.corpus, ps, c))
	}
	slices.SortFunc(out, func(x, y Comparison) int {
		return cmp.Or(cmp.Compare(x.Solver, y.Solver), cmp.Compare(allLast(x.Corpus), allLast(y.Corpus)),
			cmp.Compare(x.Corpus, y.Corpus))
	})
	return out, warnings
}

// allLast sorts the "all" row after the corpora.
func allLast(corpus string) int {
	if corpus == "all" {
		return 1
	}
	return 0
}

func obsKey(o Obs) string { return record.Key(o.Solver, o.PuzzleID, o.Mode, o.Seed, o.Rep) }

// pairSets joins A and B on the observation key, in A's sorted order.
func pairSets(a, b []Obs) ([][2]Obs, []string) {
	inB := make(map[string]Obs, len(b))
	for _, o := range b {
		inB[obsKey(o)] = o
	}
	var pairs [][2]Obs
	onlyA := make(map[string]int)
	for _, o := range a {
		k := obsKey(o)
		if ob, ok := inB[k]; ok {
			pairs = append(pairs, [2]Obs{o, ob})
			delete(inB, k)
		} else {
			onlyA[o.Solver]++
		}
	}
	onlyB := make(map[string]int)
	for _, o := range inB {
		onlyB[o.Solver]++
	}
	var warnings []string
	for _, side := range []struct {
		name string
		n    map[string]int
	}{{"A", onlyA}, {"B", onlyB}} {
		for _, s := range sortedKeys(side.n) {
			warnings = append(warnings, fmt.Sprintf("%s: %d instance(s) only in %s, left out", s, side.n[s], side.name))
		}
	}
	return pairs, warnings
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func comparePairs(solver, corpus string, ps [][2]Obs, c CompareConfig) Comparison {
	cmpn := Comparison{Solver: solver, Corpus: corpus, Pairs: len(ps)}
	changes := make(map[[2]string]int)
	var logs []float64
	for _, p := range ps {
		if p[0].Status != p[1].Status {
			changes[[2]string{p[0].Status, p[1].Status}]++
		}
		if !p[0].Solved || !p[1].Solved {
			continue
		}
		// A time of 0 (below the clock's resolution) counts as 1 ns.
		l := math.Log(math.Max(p[0].TimeNS, 1) / math.Max(p[1].TimeNS, 1))
		logs = append(logs, l)
		switch {
		case math.Abs(l) < math.Log(TieRatio):
			cmpn.Ties++
		case l > 0:
			cmpn.Wins++
		default:
			cmpn.Losses++
		}
	}
	cmpn.Both = len(logs)
	cmpn.Speedup = math.Exp(mean(logs))
	lo, hi := bootstrapMean(logs, c.Resamples)
	cmpn.Lo, cmpn.Hi = math.Exp(lo), math.Exp(hi)
	cmpn.SignP = SignTest(cmpn.Wins, cmpn.Losses)
	for k, n := range changes {
		cmpn.Changes = append(cmpn.Changes, StatusChange{From: k[0], To: k[1], N: n})
	}
	slices.SortFunc(cmpn.Changes, func(x, y StatusChange) int {
		return cmp.Or(cmp.Compare(x.From, y.From), cmp.Compare(x.To, y.To))
	})
	return cmpn
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// bootstrapMean returns the 95% percentile bootstrap interval of the mean
// of xs, from a generator with a fixed seed.
func bootstrapMean(xs []float64, resamples int) (lo, hi float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	means := make([]float64, resamples)
	for i := range means {
		s := 0.0
		for range xs {
			s += xs[rng.IntN(len(xs))]
		}
		means[i] = s / float64(len(xs))
	}
	slices.Sort(means)
	return Quantile(means, 0.025), Quantile(means, 0.975)
}

// SignTest returns the two-sided exact binomial sign test p-value for wins
// against losses (ties left out): the chance of a split at least this
// uneven if either side were equally likely to win. It is 1 for no trials.
func SignTest(wins, losses int) float64 {
	n, k := wins+losses, min(wins, losses)
	p := 0.0
	for i := 0; i <= k; i++ {
		p += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*p)
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// CompareTable lays out comparisons. minPairs is as in CompareConfig (0: 5).
func CompareTable(cs []Comparison, m Measure, minPairs int) *Table {
	if minPairs == 0 {
		minPairs = 5
	}
	t := &Table{
		Title: "B against A, paired per instance",
		Columns: []Column{
			{Name: "solver"}, {Name: "corpus"},
			{Name: "pairs", Right: true}, {Name: "both solved", CSV: []string{"both_solved"}, Right: true},
			{Name: "speedup [95% CI]", CSV: []string{"speedup", "speedup_lo", "speedup_hi"}, Right: true},
			{Name: "B faster", CSV: []string{"b_faster"}, Right: true}, {Name: "B slower", CSV: []string{"b_slower"}, Right: true},
			{Name: "ties", Right: true}, {Name: "sign p", CSV: []string{"sign_p"}, Right: true},
			{Name: "verdict"}, {Name: "status changes", CSV: []string{"status_changes"}},
		},
		Notes: []string{
			fmt.Sprintf("Speedup is the geometric mean of A's %s time over B's on instances both solved (above 1: B faster), with a 95%% percentile bootstrap interval; a deterministic solver's repetitions count once (median).", m.Label()),
			fmt.Sprintf("Ties are within %.0f%%; the sign test leaves them out. No verdict below %d pairs or when the interval contains 1.", 100*(TieRatio-1), minPairs),
		},
	}
	for _, c := range cs {
		t.Rows = append(t.Rows, Row{Set: c.Corpus, Cells: []Cell{
			textCell(c.Solver), textCell(c.Corpus), intCell(c.Pairs), intCell(c.Both),
			speedupCell(c.Speedup, c.Lo, c.Hi), intCell(c.Wins), intCell(c.Losses), intCell(c.Ties),
			{Text: fmt.Sprintf("%.3g", c.SignP), Raw: []string{rawFloat(c.SignP)}, Value: math.NaN()},
			textCell(c.Verdict(minPairs)), textCell(changesText(c.Changes)),
		}})
	}
	return t
}

func speedupCell(s, lo, hi float64) Cell {
	text := "–"
	if !math.IsNaN(s) {
		text = fmt.Sprintf("%.2f× [%.2f, %.2f]", s, lo, hi)
	}
	return Cell{Text: text, Raw: []string{rawFloat(s), rawFloat(lo), rawFloat(hi)}, Value: s}
}

func changesText(cs []StatusChange) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s→%s %d", c.From, c.To, c.N))
	}
	return strings.Join(parts, ", ")
}
