package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// ShareOfGivens groups the observations of generated corpora
// (holes-SIDE@SHARE, unique-SIDE@SHARE) by their share of givens, placed
// on a number line in percent of the cells. Other corpora form a group of
// their own, named for the corpus, off the line.
type ShareOfGivens struct{}

// Name implements Grouper.
func (ShareOfGivens) Name() string { return "givens" }

// Group implements Grouper.
func (ShareOfGivens) Group(o *Obs) Group {
	e, err := corpora.Lookup(o.Corpus)
	if err != nil || !e.Generated() {
		return Group{Label: o.Corpus, Order: math.MaxInt}
	}
	pct := int(math.Round(100 * e.Share))
	return Group{Label: strconv.Itoa(pct) + "%", Order: pct}
}

// Place implements Placer: the share in percent.
func (ShareOfGivens) Place(g Group) float64 { return float64(g.Order) }

// PlaceLabel implements Placer.
func (ShareOfGivens) PlaceLabel() string { return "givens (% of cells)" }

// sideOf is the side of a generated corpus's grids, 0 for another corpus.
func sideOf(corpus string) int {
	e, err := corpora.Lookup(corpus)
	if err != nil || !e.Generated() {
		return 0
	}
	return e.Box * e.Box
}

// Scaling is a study of how cost grows with the grid: the runs of one
// result directory per side, each on generated corpora of that side at
// several shares of givens.
type Scaling struct {
	Sizes  []ScalingSize
	Styles figure.Styles
}

// ScalingSize is one side's observations and their summaries by share of
// givens.
type ScalingSize struct {
	Dir       string
	Side      int
	LimitNS   float64
	Obs       []Obs
	Summaries []Summary
}

// LoadScaling reads one result directory per side (each its own plan, so
// that each side has its own time limit) and summarises each by share of
// givens. A directory whose puzzles are not all of one generated side is
// refused.
func LoadScaling(dirs []string, m Measure) (*Scaling, []string, error) {
	var s Scaling
	var all []Obs
	var notes []string
	for _, dir := range dirs {
		d, w, err := Load(dir)
		notes = append(notes, w...)
		if err != nil {
			return nil, notes, err
		}
		obs := Observations(d.Runs, m, DetectKinds(d.Runs))
		side, err := oneSide(dir, obs)
		if err != nil {
			return nil, notes, err
		}
		limit := float64(d.LimitNS())
		s.Sizes = append(s.Sizes, ScalingSize{Dir: dir, Side: side, LimitNS: limit, Obs: obs, Summaries: Summarize(obs, ShareOfGivens{}, limit)})
		all = append(all, obs...)
	}
	slices.SortFunc(s.Sizes, func(a, b ScalingSize) int { return cmp.Compare(a.Side, b.Side) })
	for i := 1; i < len(s.Sizes); i++ {
		if s.Sizes[i].Side == s.Sizes[i-1].Side {
			return nil, notes, fmt.Errorf("scaling: %s and %s both hold %d×%d runs: give one directory per side", s.Sizes[i-1].Dir, s.Sizes[i].Dir, s.Sizes[i].Side, s.Sizes[i].Side)
		}
	}
	s.Styles = newStyles(all, false)
	return &s, notes, nil
}

// oneSide returns the side every observation's corpus has.
func oneSide(dir string, obs []Obs) (int, error) {
	if len(obs) == 0 {
		return 0, fmt.Errorf("scaling: %s holds no runs", dir)
	}
	side := sideOf(obs[0].Corpus)
	for _, o := range obs {
		if s := sideOf(o.Corpus); s == 0 || s != side {
			return 0, fmt.Errorf("scaling: %s: corpus %s is not a generated corpus of side %d (holes-%d@SHARE): give one directory per side", dir, o.Corpus, sideOf(obs[0].Corpus), sideOf(obs[0].Corpus))
		}
	}
	return side, nil
}

// Figure draws, for each side, the median time of the solved puzzles with
// its interquartile range as a band (a panel per side, top row) and the
// share solved with its Wilson interval (bottom row), against the share
// of givens, a line per pipeline.
func (s *Scaling) Figure(m Measure) (figure.Figure, error) {
	var times, rates []figure.Panel
	var sums []Summary
	outside := false
	for _, size := range s.Sizes {
		sums = append(sums, size.Summaries...)
		outside = outside || slices.ContainsFunc(size.Summaries, func(sum Summary) bool { return sum.External })
		t, err := TimeByGroup(size.Obs, size.Summaries, ShareOfGivens{}, m, s.Styles)
		if err != nil {
			return figure.Figure{}, err
		}
		r, err := SuccessByGroup(size.Summaries, ShareOfGivens{}, s.Styles)
		if err != nil {
			return figure.Figure{}, err
		}
		title := fmt.Sprintf("%d×%d, limit %s", size.Side, size.Side, formatSeconds(size.LimitNS))
		for _, p := range t.Panels {
			p.Title = title
			times = append(times, p)
		}
		for _, p := range r.Panels {
			p.Title = title
			rates = append(rates, p)
		}
	}
	return figure.Figure{
		Name:  "scaling",
		Title: "How does each pipeline's time depend on the share of givens, by size?",
		Caption: "Top: median " + m.Label() + " time of the solved puzzles, interquartile range as a band (log scale, each panel its own). " +
			"Bottom: share solved within the limit, Wilson 95% interval. One line per pipeline." + fewCaption(sums, false) + startupCaption(m, outside),
		Panels: slices.Concat(times, rates),
	}, nil
}

// startupCaption says whether the times of outside programs hold their
// start-up, where some pipeline runs them.
func startupCaption(m Measure, outside bool) string {
	switch {
	case !outside:
		return ""
	case m.Own():
		return " An outside program's time is its own: its measured process start-up is taken out."
	}
	return " An outside program's time includes its process start-up, once per call."
}

// formatSeconds writes a limit in seconds: "10 s".
func formatSeconds(ns float64) string {
	if math.IsNaN(ns) || ns <= 0 {
		return "unknown"
	}
	return strconv.FormatFloat(ns/1e9, 'g', 3, 64) + " s"
}

// Peak is where one pipeline's cost peaks on one side: the share of
// givens with the highest PAR-2 (each unsolved puzzle charged twice the
// limit), with its median over solved puzzles and its success.
type Peak struct {
	Solver      string
	Side        int
	Group       Group
	PAR2        float64
	Median      float64
	Solved, N   int
	PAR2Samples []float64 // the puzzles' PAR-2 charges at the peak, for the fit's interval
}

// Peaks returns each pipeline's peak on each side, sorted by pipeline and
// side.
func (s *Scaling) Peaks() []Peak {
	var out []Peak
	for _, size := range s.Sizes {
		best := map[string]Summary{}
		for _, sum := range size.Summaries {
			if b, ok := best[sum.Solver]; !ok || sum.PAR2 > b.PAR2 {
				best[sum.Solver] = sum
			}
		}
		for solver, sum := range best {
			out = append(out, Peak{Solver: solver, Side: size.Side, Group: sum.Group, PAR2: sum.PAR2, Median: sum.Median,
				Solved: sum.Solved, N: sum.N, PAR2Samples: par2Charges(size.Obs, solver, sum.Group, size.LimitNS)})
		}
	}
	slices.SortFunc(out, func(a, b Peak) int { return cmp.Or(cmp.Compare(a.Solver, b.Solver), cmp.Compare(a.Side, b.Side)) })
	return out
}

// par2Charges are the PAR-2 charges of one pipeline's puzzles in a group.
func par2Charges(obs []Obs, solver string, g Group, fallback float64) []float64 {
	var out []float64
	for i := range obs {
		o := &obs[i]
		if o.Solver != solver || (ShareOfGivens{}).Group(o).Compare(g) != 0 {
			continue
		}
		switch {
		case o.Solved:
			out = append(out, o.TimeNS)
		case o.LimitNS > 0:
			out = append(out, 2*o.LimitNS)
		default:
			out = append(out, 2*fallback)
		}
	}
	return out
}

// Growth is how a pipeline's cost at its peak grows with the side: the
// exponent b of PAR-2 ∝ side^b fitted by least squares on the log-log
// points, with a 95% bootstrap interval (the puzzles at each peak
// resampled), and the ratio of peak PAR-2 between consecutive sides.
type Growth struct {
	Solver         string
	Exponent       float64
	ExpLo, ExpHi   float64
	Ratios         []float64 // peak PAR-2 of side i+1 over side i
	Sides          []int
	CensoredAtPeak bool // some side's peak has unsolved puzzles: PAR-2 is a bound, the exponent too
}

// bootstrapRounds is how many resamples the exponent's interval takes.
const bootstrapRounds = 2000

// Growths fits each pipeline's growth over the sides it ran on (two or
// more); the bootstrap is seeded, so the table is the same every time.
func Growths(peaks []Peak) []Growth {
	var out []Growth
	for solver := range slices.Values(uniqueSolvers(peaks)) {
		var ps []Peak
		for _, p := range peaks {
			if p.Solver == solver {
				ps = append(ps, p)
			}
		}
		if len(ps) < 2 {
			continue
		}
		g := Growth{Solver: solver, Exponent: fitExponent(ps, func(p Peak) float64 { return p.PAR2 })}
		for i, p := range ps {
			g.Sides = append(g.Sides, p.Side)
			g.CensoredAtPeak = g.CensoredAtPeak || p.Solved < p.N
			if i > 0 {
				g.Ratios = append(g.Ratios, p.PAR2/ps[i-1].PAR2)
			}
		}
		g.ExpLo, g.ExpHi = bootstrapExponent(ps)
		out = append(out, g)
	}
	return out
}

func uniqueSolvers(peaks []Peak) []string {
	var out []string
	for _, p := range peaks {
		if !slices.Contains(out, p.Solver) {
			out = append(out, p.Solver)
		}
	}
	return out
}

// fitExponent is the least-squares slope of log(value) on log(side).
func fitExponent(ps []Peak, value func(Peak) float64) float64 {
	var sx, sy, sxx, sxy float64
	n := float64(len(ps))
	for _, p := range ps {
		x, y := math.Log(float64(p.Side)), math.Log(value(p))
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}

// bootstrapExponent resamples the puzzles at each side's peak and refits.
func bootstrapExponent(ps []Peak) (lo, hi float64) {
	rng := rand.New(rand.NewPCG(1, 0x5ca1e))
	fits := make([]float64, 0, bootstrapRounds)
	means := make(map[int]float64, len(ps))
	for range bootstrapRounds {
		for _, p := range ps {
			var sum float64
			for range p.PAR2Samples {
				sum += p.PAR2Samples[rng.IntN(len(p.PAR2Samples))]
			}
			means[p.Side] = sum / float64(len(p.PAR2Samples))
		}
		fits = append(fits, fitExponent(ps, func(p Peak) float64 { return means[p.Side] }))
	}
	slices.Sort(fits)
	return fits[bootstrapRounds*25/1000], fits[bootstrapRounds*975/1000-1]
}

// WriteMarkdown writes the study's document: what was run, the figure
// (linked as figure, relative to the document) with its caption, the
// peaks and the growth.
func (s *Scaling) WriteMarkdown(w io.Writer, figure, caption string) error {
	fmt.Fprintf(w, "# How cost grows with the puzzle\n\n")
	fmt.Fprintf(w, "Generated by `sudokubench report --scaling`. Puzzles: the generated corpora holes-SIDE@SHARE (random full grids, all but a share of the cells emptied; solvable, not necessarily uniquely), run in first mode.\n\n")
	fmt.Fprintf(w, "| side | runs | pipelines | limit | puzzles per share |\n|---|---|---|---|---|\n")
	for _, size := range s.Sizes {
		solvers := uniqueObsSolvers(size.Obs)
		per := 0
		for _, sum := range size.Summaries {
			per = max(per, sum.N)
		}
		fmt.Fprintf(w, "| %d×%d | %d | %d | %s | %d |\n", size.Side, size.Side, len(size.Obs), len(solvers), formatSeconds(size.LimitNS), per)
	}
	fmt.Fprintf(w, "\n![%s](%s)\n\n%s\n\n", "median time and share solved against the share of givens, by size", figure, table.EscapeMarkdown(caption))
	fmt.Fprintf(w, "## Where each pipeline's hardness peaks\n\n")
	fmt.Fprintf(w, "The peak is the share of givens with the highest PAR-2 (mean time, an unsolved puzzle charged twice the limit); the median is over the solved puzzles.\n\n")
	fmt.Fprintf(w, "| pipeline | side | peak at | PAR-2 | median | solved |\n|---|---|---|---|---|---|\n")
	for _, p := range s.Peaks() {
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %d/%d |\n", p.Solver, p.Side, p.Group.Label, fmtNS(p.PAR2), fmtNS(p.Median), p.Solved, p.N)
	}
	fmt.Fprintf(w, "\n## How the time at the peak grows with the side\n\n")
	fmt.Fprintf(w, "PAR-2 at the peak ∝ side^b, b fitted by least squares on log-log; the interval is a 95%% bootstrap over the puzzles at each peak (%d resamples). Where a peak has unsolved puzzles the PAR-2 is capped by the limit, and so is the exponent (marked *).\n\n", bootstrapRounds)
	fmt.Fprintf(w, "| pipeline | sides | exponent b | 95%% interval | growth per size step |\n|---|---|---|---|---|\n")
	for _, g := range Growths(s.Peaks()) {
		star := ""
		if g.CensoredAtPeak {
			star = "*"
		}
		var ratios []string
		for _, r := range g.Ratios {
			ratios = append(ratios, fmt.Sprintf("×%.3g", r))
		}
		fmt.Fprintf(w, "| %s | %v | %.2f%s | %.2f to %.2f | %v |\n", g.Solver, g.Sides, g.Exponent, star, g.ExpLo, g.ExpHi, ratios)
	}
	return nil
}

func uniqueObsSolvers(obs []Obs) []string {
	var out []string
	for _, o := range obs {
		if !slices.Contains(out, o.Solver) {
			out = append(out, o.Solver)
		}
	}
	return out
}

// fmtNS writes nanoseconds in a readable unit.
func fmtNS(ns float64) string {
	switch {
	case math.IsNaN(ns):
		return "–"
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	}
	return fmt.Sprintf("%.3g µs", ns/1e3)
}
