package report

import (
	"fmt"
	"io"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Config chooses what a report shows. The zero Config reports CPU time by
// hint count and by corpus, with automatic buckets and stochastic solvers
// detected from the records.
type Config struct {
	Measure    Measure
	By         []string    // "hints", "corpus"; nil: both
	Buckets    HintBuckets // nil: AutoBuckets
	Stochastic IsStochastic
}

// Report is what every document shows, computed once from the data.
type Report struct {
	Data     *Data
	Config   Config
	LimitNS  float64
	Obs      []Obs
	Styles   Styles
	Sections []Section
	Warnings []string
}

// Section is the statistics for one grouping.
type Section struct {
	Grouper   Grouper
	Summaries []Summary
	Tables    []*Table // the summary table, then the stochastic one if any
}

// New computes a report.
func New(d *Data, c Config) (*Report, error) {
	if c.Stochastic == nil {
		c.Stochastic = DetectStochastic(d.Records)
	}
	if c.By == nil {
		c.By = []string{"hints", "corpus"}
	}
	limit, warnings := d.LimitNS()
	r := &Report{Data: d, Config: c, LimitNS: float64(limit), Warnings: warnings}
	r.Obs = Observations(d.Records, c.Measure, c.Stochastic)
	r.Styles = NewStyles(r.Obs)
	if len(r.Obs) == 0 {
		r.Warnings = append(r.Warnings, "no records: the report is empty")
	}
	for _, by := range c.By {
		g, err := r.grouper(by)
		if err != nil {
			return nil, err
		}
		sums := Summarize(r.Obs, g, r.LimitNS)
		sec := Section{Grouper: g, Summaries: sums, Tables: []*Table{SummaryTable(sums, g.Name(), c.Measure)}}
		if t := StochasticTable(sums, g.Name(), c.Measure); t != nil {
			sec.Tables = append(sec.Tables, t)
		}
		if t := EffortTable(SummarizeEfforts(Efforts(d.Records, g, c.Measure)), g.Name(), c.Measure); t != nil {
			sec.Tables = append(sec.Tables, t)
		}
		r.Sections = append(r.Sections, sec)
	}
	return r, nil
}

func (r *Report) grouper(by string) (Grouper, error) {
	switch by {
	case "hints":
		if r.Config.Buckets != nil {
			return r.Config.Buckets, nil
		}
		return AutoBuckets(r.Obs), nil
	case "corpus":
		return ByCorpus{}, nil
	}
	return nil, fmt.Errorf("unknown grouping %q: use hints or corpus", by)
}

// Tables returns every table in order.
func (r *Report) Tables() []*Table {
	var ts []*Table
	for _, s := range r.Sections {
		ts = append(ts, s.Tables...)
	}
	return ts
}

// WriteTables writes every table in one format, a blank line between them.
func (r *Report) WriteTables(w io.Writer, tw TableWriter) error {
	for i, t := range r.Tables() {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := tw.WriteTable(w, t); err != nil {
			return err
		}
	}
	return nil
}

// Figure is a named plot of a report.
type Figure struct {
	Name    string // file stem: "cactus", "time-by-hints", "scatter-a-vs-b"
	Caption string
	Plot    *plot.Plot
	// Width and Height size the plot without its legend column; zero is
	// PlotWidth or PlotHeight.
	Width, Height vg.Length
}

// MaxScatters bounds the pairwise scatter plots a report draws: all pairs
// of solvers in name order until this many.
const MaxScatters = 6

// Figures draws every plot of the report.
func (r *Report) Figures() ([]Figure, error) {
	var figs []Figure
	add := func(f Figure, err error) error {
		if err != nil {
			return fmt.Errorf("plot %s: %w", f.Name, err)
		}
		figs = append(figs, f)
		return nil
	}
	m, solvers := r.Config.Measure, len(r.Styles.solvers)
	p, err := Cactus(r.Obs, m, r.Styles)
	if err := add(Figure{Name: "cactus", Caption: "Solved puzzles within a time, per solver.", Plot: p}, err); err != nil {
		return nil, err
	}
	for _, s := range r.Sections {
		name := s.Grouper.Name()
		width := GroupedWidth(len(groupsOf(r.Obs, s.Grouper)), solvers)
		p, err := TimeByGroup(r.Obs, s.Grouper, m, r.Styles)
		if err := add(Figure{Name: "time-by-" + name, Caption: "Time of solved runs by " + name + ".", Plot: p, Width: width}, err); err != nil {
			return nil, err
		}
		p, err = SuccessByGroup(s.Summaries, name, r.Styles)
		if err := add(Figure{Name: "success-by-" + name, Caption: "Success rate by " + name + " with Wilson 95% intervals.", Plot: p, Width: width}, err); err != nil {
			return nil, err
		}
	}
	p, err = MemoryBySolver(r.Obs, r.Styles)
	if err := add(Figure{Name: "memory", Caption: "Peak memory by solver.", Plot: p, Height: MemoryHeight(solvers)}, err); err != nil {
		return nil, err
	}
	stochastic, err := r.stochasticFigures()
	if err != nil {
		return nil, err
	}
	figs = append(figs, stochastic...)
	for _, pr := range solverPairs(r.Styles.solvers) {
		p, err := Scatter(r.Obs, pr[0], pr[1], r.LimitNS, m)
		caption := fmt.Sprintf("Per-puzzle time, %s (x) against %s (y); unsolved runs on the border.", pr[0], pr[1])
		// Square, so that the diagonal runs near 45°, and big enough for
		// long solver names in the title and the y label.
		f := Figure{Name: "scatter-" + slug(pr[0]) + "-vs-" + slug(pr[1]), Caption: caption, Plot: p, Width: 5 * vg.Inch, Height: 5 * vg.Inch}
		if err := add(f, err); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

func solverPairs(solvers []string) [][2]string {
	var prs [][2]string
	for i := range solvers {
		for j := i + 1; j < len(solvers) && len(prs) < MaxScatters; j++ {
			prs = append(prs, [2]string{solvers[i], solvers[j]})
		}
	}
	return prs
}

// slug makes a solver name safe for a file name: "sat/gophersat" → "sat-gophersat".
func slug(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' {
			return r
		}
		return '-'
	}, s)
}
