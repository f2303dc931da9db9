package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// Config chooses what a report shows. The zero Config reports CPU time by
// hint count and by corpus in compact tables, then the portfolio, with
// automatic buckets, the solvers' kinds taken from the records, and a
// scatter plot of every solver against the baseline; outside programs'
// time as PartDefault says.
type Config struct {
	// Measure is the clock; an own measure puts every table and figure
	// on own time, as PartOwn does, whatever Part says.
	Measure Measure
	// Part says which part of outside programs' time tables, figures and
	// the portfolio show.
	Part TimePart
	// By names the groupings, "hints", "corpus", "rating", "all", and
	// "portfolio" for the portfolio section (itself by hint count and by
	// rating); nil: hints, corpus and portfolio.
	By      []string
	Buckets HintBuckets // nil: AutoBuckets
	// Rate grades puzzles for the grouping by rating and the portfolio
	// by rating (harness/rating.Grades); nil: neither.
	Rate Rater
	// Outside says which solvers run outside programs, for records written
	// before records said so (nil: only the records' word).
	Outside func(solver string) bool
	// Wide shows every column; the compact tables give success with its
	// interval, unsolved runs, median, PAR-2 and memory.
	Wide bool
	// Width is the text tables' width in columns; 0: no limit.
	Width int
	// Scatter names the pairs of solvers to draw against each other; nil:
	// every solver against the baseline (ScatterBaseline when it has
	// records, else the first solver by name); empty: none.
	Scatter [][2]string
	// ScatterAll draws every pair of solvers instead (n·(n−1)/2 plots).
	ScatterAll bool
	// PlotWidth is the print width figures are made for.
	PlotWidth figure.PrintWidth
	// NoTitles leaves the question out of each figure and puts it at the
	// head of the figure's caption instead, as a paper's figures want.
	NoTitles bool
}

// Report is what every document shows, computed once from the data.
type Report struct {
	Data     *Data
	Config   Config
	LimitNS  float64 // the plan's limit; PAR-2 falls back on it
	Coverage Coverage
	Kinds    Kinds // how each solver's records were read
	// TableMeasure and FigureMeasure are the times the tables and the
	// figures show (TimePart); OwnColumn says that the tables add own
	// time beside the whole; OwnUnavailable says why own time is not
	// shown where it was meant to be ("" where it is).
	TableMeasure, FigureMeasure Measure
	OwnColumn                   bool
	OwnUnavailable              string
	Obs                         []Obs // in TableMeasure
	// figureTimes are the observations' times in FigureMeasure where it
	// differs from TableMeasure (nil otherwise), figureObs the
	// observations in it, made from them when first asked for.
	figureTimes *obsTimes
	figureObs   []Obs
	// MixedModes is set when first-mode and unique-mode runs stand side by
	// side: first-mode rows are marked and do not compete for best.
	MixedModes bool
	Styles     figure.Styles
	Sections   []Section
	// Portfolios are the portfolio analysis, one per mode that two
	// pipelines or more ran (Config.By "portfolio").
	Portfolios []*Portfolio
	// Robustness compares each solver's runs on the equivalent forms of
	// a puzzle (run --forms); nil when no puzzle ran in two forms.
	Robustness *table.Table
	Warnings   []string
}

// Section is the statistics for one grouping.
type Section struct {
	Grouper   Grouper
	Summaries []Summary // in the report's TableMeasure
	// FigureSummaries are the same in FigureMeasure.
	FigureSummaries []Summary
	Tables          []*table.Table // the summary table, then the stochastic one if any; every column
}

// New computes a report.
func New(d *Data, c Config) (*Report, error) {
	kinds := DetectKinds(d.Runs)
	if c.Outside != nil {
		kinds.MarkOutside(d.Runs, c.Outside)
	}
	if c.By == nil {
		c.By = []string{"hints", "corpus", "portfolio"}
	}
	r := &Report{Data: d, Config: c, LimitNS: float64(d.LimitNS()), Coverage: d.Coverage(), Kinds: kinds}
	var err error
	r.TableMeasure, r.FigureMeasure, r.OwnColumn, r.OwnUnavailable, err = timeParts(c, d.Runs, kinds)
	if err != nil {
		return nil, err
	}
	r.Obs = Observations(d.Runs, r.TableMeasure, kinds)
	if r.FigureMeasure != r.TableMeasure {
		r.figureTimes = timesIn(d.Runs, r.FigureMeasure, kinds)
	}
	r.MixedModes = mixedModes(r.Obs)
	r.Styles = newStyles(r.Obs, r.MixedModes)
	if len(r.Obs) == 0 {
		r.Warnings = append(r.Warnings, "no records: the report is empty")
	}
	if err := r.checkScatter(); err != nil {
		return nil, err
	}
	for _, by := range c.By {
		if by == "portfolio" {
			continue
		}
		g, err := r.grouper(by)
		if err != nil {
			return nil, err
		}
		r.Sections = append(r.Sections, r.section(g, by == "all"))
	}
	if slices.Contains(c.By, "portfolio") {
		r.addPortfolios()
	}
	r.Robustness = RobustnessTable(d.Runs, r.TableMeasure)
	return r, nil
}

// section computes the statistics and tables of one grouping, each
// summary with its own median where the tables show own time or have a
// column of it.
func (r *Report) section(g Grouper, all bool) Section {
	o := TableOptions{Measure: r.TableMeasure, MixedModes: r.MixedModes, NoGroup: all, OwnColumn: r.OwnColumn}
	sums := Summarize(r.Obs, g, r.LimitNS)
	figSums := sums
	switch {
	case r.TableMeasure.Own():
		for i := range sums {
			sums[i].OwnMedian = sums[i].Median
		}
	case r.OwnColumn:
		// Figures are in own time where the tables add its column
		// (timeParts).
		r.figureTimes.swap(r.Obs)
		figSums = Summarize(r.Obs, g, r.LimitNS)
		r.figureTimes.swap(r.Obs)
		for i := range sums {
			sums[i].OwnMedian = figSums[i].Median // the same solvers, modes and groups, in the same order
		}
	}
	sec := Section{Grouper: g, Summaries: sums, FigureSummaries: figSums, Tables: []*table.Table{SummaryTable(sums, g, o)}}
	if t := StochasticTable(sums, g, o); t != nil {
		sec.Tables = append(sec.Tables, t)
	}
	if t := CellAccuracyTable(r.Data.Runs, g); t != nil {
		sec.Tables = append(sec.Tables, t)
	}
	return sec
}

// figureObservations are the observations in FigureMeasure.
func (r *Report) figureObservations() []Obs {
	if r.figureTimes == nil {
		return r.Obs
	}
	if r.figureObs == nil {
		r.figureObs = slices.Clone(r.Obs)
		r.figureTimes.swap(r.figureObs)
	}
	return r.figureObs
}

// mixedModes reports whether the observations hold both modes.
func mixedModes(obs []Obs) bool {
	for _, o := range obs {
		if o.Mode != obs[0].Mode {
			return true
		}
	}
	return false
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
	case "rating":
		if r.Config.Rate == nil {
			return nil, fmt.Errorf("grouping by rating needs a rater (report.Config.Rate: harness/rating.Grades)")
		}
		g, warnings := NewByRating(r.Data.Runs, r.Config.Rate)
		r.Warnings = append(r.Warnings, warnings...)
		return g, nil
	case "all":
		return All{}, nil
	}
	return nil, fmt.Errorf("unknown grouping %q: use hints, corpus, rating, all or portfolio", by)
}

// Tables returns every table in order as documents show them.
func (r *Report) Tables() []*table.Table {
	var ts []*table.Table
	for _, s := range r.Sections {
		ts = append(ts, r.SectionTables(s)...)
	}
	for _, p := range r.Portfolios {
		ts = append(ts, r.PortfolioTables(p)...)
	}
	if t := r.RobustnessTable(); t != nil {
		ts = append(ts, t)
	}
	return ts
}

// RobustnessTable returns the robustness table as documents show it, nil
// when the runs have no forms.
func (r *Report) RobustnessTable() *table.Table {
	if r.Robustness == nil {
		return nil
	}
	return asShown(r.Robustness, r.Config.Wide, "Runs: "+r.Coverage.String()+".")
}

// asShown is t as documents show it: compact unless wide, and the notes
// given after its own. t itself is left as it was, so that a table shown
// twice (a report written in two formats) does not gather notes.
func asShown(t *table.Table, wide bool, notes ...string) *table.Table {
	shown := *t
	if !wide {
		shown = *t.Compact()
	}
	shown.Notes = append(slices.Clone(shown.Notes), notes...)
	return &shown
}

// sectionNotes are the notes every table of a section ends with: how
// much of the plan the runs cover, and what was certified.
func sectionNotes(c Coverage, cert Certification) []string {
	notes := []string{"Runs: " + c.String() + "."}
	if note := cert.Note(); note != "" {
		notes = append(notes, note)
	}
	return notes
}

// SectionTables returns a section's tables as documents show them: compact
// unless the report is wide, units in the headers where a column allows
// (SharedUnits), each noting how much of the plan it covers.
func (r *Report) SectionTables(s Section) []*table.Table {
	notes := sectionNotes(r.Coverage, r.Data.Certification())
	var ts []*table.Table
	for _, t := range s.Tables {
		ts = append(ts, asShown(t, r.Config.Wide, notes...).SharedUnits())
	}
	return ts
}

// WriteTables writes every table in one format, a blank line between them.
// CSV is one tidy table instead: a row per solver and group, the kind of
// group in a column; for a report of the portfolio alone, a row per
// pipeline, mode and group of the portfolio.
func (r *Report) WriteTables(w io.Writer, tw table.Writer) error {
	if _, ok := tw.(table.CSV); ok {
		if len(r.Sections) == 0 && len(r.Portfolios) > 0 {
			return tw.WriteTable(w, PortfolioTidyTable(r.Portfolios))
		}
		return tw.WriteTable(w, r.TidyTable())
	}
	if txt, ok := tw.(table.Text); ok && txt.Width == 0 {
		txt.Width = r.Config.Width
		tw = txt
	}
	return table.WriteAll(w, tw, r.Tables())
}

// Figures draws every figure of the report, at the configured print
// width, each pipeline in the same panel, colour, glyph and dash in all of
// them; with NoTitles, each figure's question heads its caption instead.
func (r *Report) Figures() ([]figure.Figure, error) {
	var figs []figure.Figure
	add := func(f figure.Figure, err error, name, caption string) error {
		if err != nil {
			return fmt.Errorf("plot %s: %w", name, err)
		}
		f.Name, f.Caption = name, caption+r.modeCaption()
		figs = append(figs, f)
		return nil
	}
	m, obs := r.FigureMeasure, r.figureObservations()
	f, err := Cactus(obs, m, r.Styles)
	if err := add(f, err, "cactus", "Puzzles solved within a time, per pipeline."+r.timesCaption()); err != nil {
		return nil, err
	}
	for _, s := range r.Sections {
		name := s.Grouper.Name()
		f, err := SuccessByGroup(s.Summaries, s.Grouper, r.Styles)
		if err := add(f, err, "success-by-"+name, "Share of puzzles solved by "+name+", with Wilson 95% intervals"+bandOrBar(s.Grouper)+"."+fewCaption(s.Summaries, false)); err != nil {
			return nil, err
		}
		f, err = TimeByGroup(obs, s.FigureSummaries, s.Grouper, m, r.Styles)
		if err := add(f, err, "time-by-"+name, timeCaption(s)+r.timesCaption()); err != nil {
			return nil, err
		}
	}
	f, err = MemoryBySolver(r.Obs, r.Styles)
	if err := add(f, err, "memory", memoryCaption(r.Obs)); err != nil {
		return nil, err
	}
	stochastic, err := r.stochasticFigures()
	if err != nil {
		return nil, err
	}
	for _, f := range stochastic {
		f.Caption += r.modeCaption()
		figs = append(figs, f)
	}
	for _, pr := range r.scatterPairs() {
		f, err := Scatter(obs, pr[0], pr[1], m, r.Styles)
		caption := fmt.Sprintf("Per-puzzle time, %s (x) against %s (y); puzzles one of them did not solve on the dashed border.", r.Styles.Name(pr[0]), r.Styles.Name(pr[1]))
		if err := add(f, err, "scatter-"+slug(pr[0])+"-vs-"+slug(pr[1]), caption+r.timesCaption()); err != nil {
			return nil, err
		}
	}
	for i := range figs {
		figs[i].Width = r.Config.PlotWidth
		if r.Config.NoTitles {
			figs[i] = figs[i].Untitled()
		}
	}
	return figs, nil
}

// memoryCaption describes the memory figure: one memory for every
// pipeline, its own, and where a 0 is drawn.
func memoryCaption(obs []Obs) string {
	s := "Each pipeline's own peak memory over its puzzles: for an in-process solver, the worker's peak above the idle worker's (the Go runtime and the solver as built, about 17-19 MiB, are not the solver's); for an outside one, the most its programs' process tree held at one time. The worker's whole peak stays in the records; pipelines without a measured peak are left out."
	var mems []float64
	old := false
	for _, o := range obs {
		if !math.IsNaN(o.OwnMem) {
			mems = append(mems, o.OwnMem)
			old = old || o.OldMem
		}
	}
	if floor, wide := memoryScale(mems); wide && slices.Contains(mems, 0) {
		s += fmt.Sprintf(" A peak at or below the idle worker's (0) is drawn at the axis's left end, %s.", record.FormatBytes(floor))
	}
	if old {
		s += " Some records predate own memory: theirs is, in process, the worker's peak less the idle worker's, and for outside programs the sum of their processes' peaks, an upper bound."
	}
	return s
}

// bandOrBar says how a figure by a grouping draws an interval.
func bandOrBar(g Grouper) string {
	if _, ok := g.(Placer); ok {
		return " as bands"
	}
	return " as bars"
}

// timeCaption describes a section's time figure.
func timeCaption(s Section) string {
	name := s.Grouper.Name()
	_, solvers := groupsAndSolvers(s.Summaries)
	if len(solvers) <= fewSeries {
		caption := "Time of the puzzles solved by " + name + ": box plots of each pipeline's times."
		if slices.ContainsFunc(s.Summaries, func(sum Summary) bool { return sum.Solved > 0 && sum.Solved < figure.FewN }) {
			caption += fmt.Sprintf(" Where fewer than %d puzzles were solved, their times are drawn as hollow points, not a box.", figure.FewN)
		}
		return caption
	}
	return "Time of the puzzles solved by " + name + ": each pipeline's median, with the interquartile range" + bandOrBar(s.Grouper) + "; none where it solved nothing." + fewCaption(s.Summaries, true)
}

// fewCaption says what a hollow point means, where a figure of the
// summaries has one: a point drawn from fewer than FewN puzzles (solved
// ones, for solved set, as a time's median is).
func fewCaption(sums []Summary, solved bool) string {
	for _, s := range sums {
		n := s.N
		if solved {
			n = s.Solved
		}
		if n > 0 && n < figure.FewN {
			return fmt.Sprintf(" Hollow marks: drawn from fewer than %d puzzles (tables give each n).", figure.FewN)
		}
	}
	return ""
}

// modeCaption is what a figure's caption adds when first-mode and
// unique-mode runs stand side by side.
func (r *Report) modeCaption() string {
	if !r.Styles.Marked() {
		return ""
	}
	return " " + FirstModeMark + " first mode: found any solution without proving it unique; such times do not compare with the others'."
}

// ScatterBaseline is the solver every other is drawn against by default:
// the suite's reference engine.
const ScatterBaseline = "exactcover/dlx"

// scatterPairs are the pairs the configuration asks for, every pair of
// solvers in name order, or by default every solver against the baseline.
func (r *Report) scatterPairs() [][2]string {
	solvers := r.Styles.Pipelines()
	var prs [][2]string
	switch {
	case r.Config.ScatterAll:
		for i := range solvers {
			for j := i + 1; j < len(solvers); j++ {
				prs = append(prs, [2]string{solvers[i], solvers[j]})
			}
		}
	case r.Config.Scatter != nil:
		prs = r.Config.Scatter
	case len(solvers) > 1:
		base := solvers[0]
		if slices.Contains(solvers, ScatterBaseline) {
			base = ScatterBaseline
		}
		for _, s := range solvers {
			if s != base {
				prs = append(prs, [2]string{base, s})
			}
		}
	}
	return prs
}

// checkScatter refuses a scatter pair naming a solver without records.
func (r *Report) checkScatter() error {
	for _, pr := range r.Config.Scatter {
		for _, s := range pr {
			if _, found := slices.BinarySearch(r.Styles.Pipelines(), s); !found {
				return fmt.Errorf("scatter %s:%s: no records of solver %q (solvers: %s)", pr[0], pr[1], s, strings.Join(r.Styles.Pipelines(), ", "))
			}
		}
	}
	return nil
}

// ParseScatter reads a scatter pair "A:B" (solver names).
func ParseScatter(s string) ([2]string, error) {
	a, b, ok := strings.Cut(s, ":")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !ok || a == "" || b == "" || a == b {
		return [2]string{}, fmt.Errorf("scatter %q: want two different solvers as A:B, e.g. exactcover/dlx:sat/gophersat/extended", s)
	}
	return [2]string{a, b}, nil
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
