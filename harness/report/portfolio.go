package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sudokubench/sudokubench/harness/report/stats"
)

// Standing is how one pipeline, or the virtual best solver, does on a set
// of puzzles in a portfolio. Times are in nanoseconds; NaN means no value.
type Standing struct {
	Pipeline             string // "" for the virtual best solver
	N, Solved            int
	Rate, RateLo, RateHi float64 // Wilson 95%
	PAR2                 float64
	// Unique counts the puzzles no other pipeline of the portfolio
	// solved. MarginalPAR2 is how much the VBS's PAR-2 grows without this
	// pipeline: its marginal contribution in time (in puzzles solved, the
	// VBS loses its unique solves). Fastest counts the puzzles on which
	// its time is the least of those that solved them, equal times
	// counting for each.
	Unique       int
	MarginalPAR2 float64
	Fastest      int
}

// PortfolioSet is a portfolio on one set of puzzles: all of them, or one
// group.
type PortfolioSet struct {
	Group     Group
	VBS       Standing
	Pipelines []Standing // in the portfolio's ranking
}

// Standing returns a pipeline's standing in the set.
func (s *PortfolioSet) Standing(pipeline string) Standing {
	i := slices.IndexFunc(s.Pipelines, func(st Standing) bool { return st.Pipeline == pipeline })
	return s.Pipelines[i]
}

// PortfolioGrouping is a portfolio's sets by one grouping.
type PortfolioGrouping struct {
	Grouper Grouper
	Sets    []PortfolioSet
}

// Portfolio is the portfolio analysis of the SAT competitions over the
// pipelines that ran in one mode: the virtual best solver (VBS), on each
// puzzle the best of the pipelines, solved before unsolved and then the
// least time; the single best solver (SBS), the pipeline with the least
// PAR-2; and each pipeline's unique solves and marginal contribution. It
// counts the puzzles every pipeline of the mode ran.
type Portfolio struct {
	Mode string
	// Measure is the time the portfolio reads: the figures' time, as the
	// report's TimePart decides, where pipelines of the mode run outside
	// programs (Outside); its clock where none does, an in-process
	// solver's own time being its whole time.
	Measure Measure
	Outside []string
	// OwnTime says that the portfolio reads own time, as the figures do,
	// while the tables read the whole time with an own median beside it
	// (PartDefault): outside programs' process start-up, alike for every
	// puzzle, would otherwise decide the fastest pipeline on every easy
	// puzzle. OwnUnavailable says why the portfolio reads the whole time
	// where own time was meant (Report.OwnUnavailable).
	OwnTime        bool
	OwnUnavailable string
	// ZeroOwn counts, per outside pipeline, the puzzles it solved in an
	// own time of 0 (its measured start-up at least its whole time): the
	// own time is unknown there, and the whole time counts instead.
	ZeroOwn map[string]int
	// Pipelines are ranked by PAR-2 over all the puzzles, then by puzzles
	// solved, then by name: the first is the SBS.
	Pipelines []string
	LeftOut   int       // puzzles not every pipeline ran, left out
	Limits    []float64 // the observations' limits, for PAR-2's note
	All       PortfolioSet
	Groupings []PortfolioGrouping
}

// SBS is the single best solver: the pipeline with the least PAR-2 over
// all the puzzles, ties going to more puzzles solved, then to the name.
func (p *Portfolio) SBS() string { return p.Pipelines[0] }

// portfolioModes orders modes: unique (complete pipelines) first.
func portfolioModes(modes []string) []string {
	rank := func(mode string) int {
		if mode == "unique" {
			return 0
		}
		return 1
	}
	slices.SortFunc(modes, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b)) })
	return modes
}

// NewPortfolios makes a portfolio of each mode that at least two
// pipelines ran, first-mode (incomplete) and unique-mode (complete)
// pipelines never in one. It reads time in m for a mode where pipelines
// run outside programs, and in m's clock for a mode where none does; the
// report gives its figures' measure, which TimePart decides (own time by
// default), so that one rule says whose time a comparison of pipelines
// reads. Where m is own time and an outside pipeline's own time is 0 (its
// measured start-up at least its whole solve), the own time is unknown
// and its whole time counts instead, an upper bound that cannot make it
// fastest by a faulty start-up measurement. Each portfolio is broken down
// by every grouper given; fallbackLimitNS is the limit PAR-2 charges
// where a run recorded none.
func NewPortfolios(runs *Runs, k Kinds, m Measure, groupers []Grouper, fallbackLimitNS float64) []*Portfolio {
	whole := func() []Obs { return Observations(runs, m.Clock(), k) }
	own := func() []Obs { return Observations(runs, m, k) }
	return portfolios(whole, own, m, groupers, fallbackLimitNS)
}

// portfolios is NewPortfolios from the runs' observations in m's clock
// (whole) and in m (own, asked for only where m is own time and a mode
// has outside pipelines), so that a report passes those it holds.
func portfolios(whole, ownObs func() []Obs, m Measure, groupers []Grouper, fallbackLimitNS float64) []*Portfolio {
	byMode := obsByMode(whole())
	var own map[string][]Obs
	var out []*Portfolio
	for _, mode := range portfolioModes(sortedKeys(byMode)) {
		p := &Portfolio{Mode: mode, Measure: m.Clock()}
		modeObs := byMode[mode]
		p.Outside = outsidePipelines(modeObs)
		if len(p.Outside) > 0 && m.Own() {
			if own == nil {
				own = obsByMode(ownObs())
			}
			p.Measure = m
			modeObs, p.ZeroOwn = ownOrWhole(own[mode], modeObs)
		}
		if p.fill(modeObs, groupers, fallbackLimitNS) {
			out = append(out, p)
		}
	}
	return out
}

// obsByMode splits the observations by mode; those of one mode stay
// where they are.
func obsByMode(obs []Obs) map[string][]Obs {
	if !mixedModes(obs) && len(obs) > 0 {
		return map[string][]Obs{obs[0].Mode: obs}
	}
	byMode := make(map[string][]Obs)
	for _, o := range obs {
		byMode[o.Mode] = append(byMode[o.Mode], o)
	}
	return byMode
}

// ownOrWhole returns the observations in own time, except that a solved
// outside observation whose own time is 0 takes its whole time, and
// counts those per pipeline. own and whole hold the same observations
// in the same order (Observations sorts them).
func ownOrWhole(own, whole []Obs) ([]Obs, map[string]int) {
	out := own // copied at the first change: the caller's stay as they are
	zero := make(map[string]int)
	for i := range out {
		if o := &out[i]; o.External && o.Solved && o.TimeNS == 0 {
			if len(zero) == 0 {
				out = slices.Clone(own)
			}
			out[i].TimeNS = whole[i].TimeNS
			zero[o.Solver]++
		}
	}
	return out, zero
}

// addPortfolios gives the report a portfolio per mode, broken down by
// hint count and by rating (the report's own groupers where it has them),
// in the figures' time (NewPortfolios); asked for the portfolio alone, it
// warns when there is none.
func (r *Report) addPortfolios() {
	if !hasPortfolio(r.Obs) {
		if len(r.Sections) == 0 {
			r.Warnings = append(r.Warnings, "no portfolio: no mode has two pipelines")
		}
		return
	}
	m := r.FigureMeasure
	whole := func() []Obs {
		if r.TableMeasure == m.Clock() {
			return r.Obs
		}
		return Observations(r.Data.Runs, m.Clock(), r.Kinds)
	}
	own := r.figureObservations // in m
	r.Portfolios = portfolios(whole, own, m, r.portfolioGroupers(), r.LimitNS)
	for _, p := range r.Portfolios {
		if len(p.Outside) > 0 {
			p.OwnTime = p.Measure.Own() && !r.TableMeasure.Own()
			p.OwnUnavailable = r.OwnUnavailable
		}
		if len(p.ZeroOwn) > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("the %s-mode portfolio: %s", p.Mode, zeroOwnText(p)))
		}
	}
}

// hasPortfolio reports whether some mode has two pipelines.
func hasPortfolio(obs []Obs) bool {
	first := make(map[string]string) // mode → a pipeline
	for _, o := range obs {
		if s, ok := first[o.Mode]; !ok {
			first[o.Mode] = o.Solver
		} else if s != o.Solver {
			return true
		}
	}
	return false
}

// portfolioGroupers are the groupings a portfolio is broken down by: hint
// count and rating, the report's own where it has them; no rating where
// no puzzle could be rated.
func (r *Report) portfolioGroupers() []Grouper {
	var gs []Grouper
	for _, name := range []string{"hints", "rating"} {
		i := slices.IndexFunc(r.Sections, func(s Section) bool { return s.Grouper.Name() == name })
		var g Grouper
		if i >= 0 {
			g = r.Sections[i].Grouper
		} else {
			var err error
			if g, err = r.grouper(name); err != nil {
				continue // no rater: no rating
			}
		}
		if b, ok := g.(ByRating); ok && len(b.grades) == 0 {
			continue
		}
		gs = append(gs, g)
	}
	return gs
}

// outsidePipelines are the pipelines of obs that run outside programs.
func outsidePipelines(obs []Obs) []string {
	seen := make(map[string]bool)
	for _, o := range obs {
		if o.External {
			seen[o.Solver] = true
		}
	}
	return sortedKeys(seen)
}

// fill computes the portfolio from one mode's observations; it reports
// false when fewer than two pipelines share a puzzle.
func (p *Portfolio) fill(obs []Obs, groupers []Grouper, fallbackLimitNS float64) bool {
	byPipeline := make(map[string]map[string]*Obs)
	runs := make(map[string]int) // puzzle → pipelines that ran it
	for i := range obs {
		o := &obs[i]
		if byPipeline[o.Solver] == nil {
			byPipeline[o.Solver] = make(map[string]*Obs)
		}
		byPipeline[o.Solver][o.PuzzleID] = o
		runs[o.PuzzleID]++
	}
	if len(byPipeline) < 2 {
		return false
	}
	var ids []string
	for _, id := range sortedKeys(runs) {
		if runs[id] == len(byPipeline) {
			ids = append(ids, id)
		} else {
			p.LeftOut++
		}
	}
	if len(ids) == 0 {
		return false
	}
	pipelines := sortedKeys(byPipeline)
	for _, s := range pipelines {
		for _, id := range ids {
			p.Limits = append(p.Limits, byPipeline[s][id].LimitNS)
		}
	}
	all := portfolioSet(Group{Label: "all"}, ids, pipelines, byPipeline, fallbackLimitNS)
	p.Pipelines = rankPipelines(all.Pipelines)
	p.All = p.ranked(all)
	for _, g := range groupers {
		p.Groupings = append(p.Groupings, p.grouping(g, ids, pipelines, byPipeline, fallbackLimitNS))
	}
	return true
}

// rankPipelines orders pipelines by PAR-2 (none last), then by puzzles
// solved, then by name.
func rankPipelines(sts []Standing) []string {
	s := slices.Clone(sts)
	slices.SortFunc(s, func(a, b Standing) int {
		return cmp.Or(compareNaNLast(a.PAR2, b.PAR2), cmp.Compare(b.Solved, a.Solved), cmp.Compare(a.Pipeline, b.Pipeline))
	})
	names := make([]string, len(s))
	for i, st := range s {
		names[i] = st.Pipeline
	}
	return names
}

// compareNaNLast compares two values, NaN after every number.
func compareNaNLast(a, b float64) int {
	switch na, nb := math.IsNaN(a), math.IsNaN(b); {
	case na && nb:
		return 0
	case na:
		return 1
	case nb:
		return -1
	}
	return cmp.Compare(a, b)
}

// ranked returns the set with its pipelines in the portfolio's ranking.
func (p *Portfolio) ranked(s PortfolioSet) PortfolioSet {
	byName := make(map[string]Standing, len(s.Pipelines))
	for _, st := range s.Pipelines {
		byName[st.Pipeline] = st
	}
	s.Pipelines = s.Pipelines[:0:0]
	for _, name := range p.Pipelines {
		s.Pipelines = append(s.Pipelines, byName[name])
	}
	return s
}

// grouping computes the portfolio on each group of g.
func (p *Portfolio) grouping(g Grouper, ids, pipelines []string, byPipeline map[string]map[string]*Obs, fallbackLimitNS float64) PortfolioGrouping {
	groups := make(map[Group][]string)
	for _, id := range ids {
		o := byPipeline[pipelines[0]][id]
		groups[g.Group(o)] = append(groups[g.Group(o)], id)
	}
	out := PortfolioGrouping{Grouper: g}
	for grp, gids := range groups {
		out.Sets = append(out.Sets, p.ranked(portfolioSet(grp, gids, pipelines, byPipeline, fallbackLimitNS)))
	}
	slices.SortFunc(out.Sets, func(a, b PortfolioSet) int { return a.Group.Compare(b.Group) })
	return out
}

// puzzleBest is what the pipelines did on one puzzle: the least time of
// those that solved it, the next least (+Inf when one solved it, NaN when
// none), how many reached the least, and the VBS's penalty for leaving it
// unsolved: twice the largest limit.
type puzzleBest struct {
	best, second float64
	atBest       int
	solvers      int
	penalty      float64
}

func bestOn(id string, pipelines []string, byPipeline map[string]map[string]*Obs, fallbackLimitNS float64) puzzleBest {
	b := puzzleBest{best: math.Inf(1), second: math.Inf(1)}
	limit := 0.0
	for _, s := range pipelines {
		o := byPipeline[s][id]
		limit = max(limit, o.LimitNS)
		if !o.Solved {
			continue
		}
		b.solvers++
		switch {
		case o.TimeNS < b.best:
			b.second, b.best, b.atBest = b.best, o.TimeNS, 1
		case o.TimeNS == b.best:
			b.atBest++
			b.second = b.best
		case o.TimeNS < b.second:
			b.second = o.TimeNS
		}
	}
	b.penalty = penalty(cmp.Or(limit, fallbackLimitNS))
	return b
}

// penalty is what PAR-2 charges an unsolved puzzle with the limit:
// twice it, NaN when no limit is known.
func penalty(limitNS float64) float64 {
	if !(limitNS > 0) {
		return math.NaN()
	}
	return 2 * limitNS
}

// vbsCost is the VBS's time on the puzzle, or its penalty.
func (b puzzleBest) vbsCost() float64 {
	if b.solvers == 0 {
		return b.penalty
	}
	return b.best
}

// costWithout is the VBS's time on the puzzle without a pipeline that
// solved it in time t.
func (b puzzleBest) costWithout(t float64) float64 {
	switch {
	case t != b.best || b.atBest > 1:
		return b.best
	case b.solvers == 1:
		return b.penalty
	}
	return b.second
}

// portfolioSet computes the VBS's and each pipeline's standing on the
// puzzles ids, which every pipeline ran.
func portfolioSet(g Group, ids, pipelines []string, byPipeline map[string]map[string]*Obs, fallbackLimitNS float64) PortfolioSet {
	set := PortfolioSet{Group: g, VBS: Standing{N: len(ids)}}
	sts := make([]Standing, len(pipelines))
	times := make([][]float64, len(pipelines))
	unsolved := make([][]float64, len(pipelines))
	var vbsTimes, vbsUnsolved []float64
	for i, s := range pipelines {
		sts[i] = Standing{Pipeline: s, N: len(ids)}
	}
	for _, id := range ids {
		b := bestOn(id, pipelines, byPipeline, fallbackLimitNS)
		if b.solvers > 0 {
			vbsTimes = append(vbsTimes, b.best)
		} else {
			vbsUnsolved = append(vbsUnsolved, b.penalty/2)
		}
		for i, s := range pipelines {
			o := byPipeline[s][id]
			if !o.Solved {
				unsolved[i] = append(unsolved[i], cmp.Or(o.LimitNS, fallbackLimitNS))
				continue
			}
			times[i] = append(times[i], o.TimeNS)
			sts[i].Solved++
			sts[i].MarginalPAR2 += b.costWithout(o.TimeNS) - b.vbsCost()
			if b.solvers == 1 {
				sts[i].Unique++
			}
			if o.TimeNS == b.best {
				sts[i].Fastest++
			}
		}
	}
	set.VBS.Solved = len(vbsTimes)
	set.VBS.PAR2 = stats.PAR2(vbsTimes, vbsUnsolved)
	set.VBS.Rate, set.VBS.RateLo, set.VBS.RateHi = rateOf(set.VBS.Solved, len(ids))
	set.VBS.MarginalPAR2 = math.NaN()
	for i := range sts {
		sts[i].PAR2 = stats.PAR2(times[i], unsolved[i])
		sts[i].Rate, sts[i].RateLo, sts[i].RateHi = rateOf(sts[i].Solved, len(ids))
		sts[i].MarginalPAR2 /= float64(len(ids))
	}
	set.Pipelines = sts
	return set
}

// rateOf is k of n as a fraction with its Wilson 95% interval.
func rateOf(k, n int) (rate, lo, hi float64) {
	lo, hi = stats.Wilson(k, n, stats.Z95)
	return float64(k) / float64(n), lo, hi
}
