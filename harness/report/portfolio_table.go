package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/report/table"
)

// vbsLabel names the virtual best solver's row.
const vbsLabel = "VBS (virtual best)"

// portfolioTitle names a portfolio's table; with both modes in the
// report, it says which. (Its notes say which time it reads: a title
// that said it too would not fit a page's continued heading.)
func portfolioTitle(p *Portfolio, what string, mixedModes bool) string {
	if mixedModes {
		return fmt.Sprintf("%s, %s mode", what, p.Mode)
	}
	return what
}

// PortfolioTable lays out a portfolio over all its puzzles: the VBS, then
// every pipeline in the portfolio's ranking, the SBS first.
func PortfolioTable(p *Portfolio, mixedModes bool) *table.Table {
	what := fmt.Sprintf("Portfolio of %d pipelines on %d puzzles", len(p.Pipelines), p.All.VBS.N)
	t := &table.Table{
		Title: portfolioTitle(p, what, mixedModes),
		Columns: []table.Column{
			{Name: "pipeline", Keep: 10},
			{Name: "solved", Right: true, Better: table.Higher},
			{Name: "success [95% CI]", CSV: []string{"success", "success_lo", "success_hi"}, Right: true, Better: table.Higher, Keep: 9},
			{Name: "PAR-2", Unit: table.Duration, CSV: []string{"par2_ns"}, Right: true, Better: table.Lower, Keep: 8},
			{Name: "PAR-2 / VBS", CSV: []string{"par2_over_vbs"}, Right: true, Keep: 3},
			{Name: "unique", Right: true, Keep: 7},
			{Name: "marginal", Unit: table.Duration, CSV: []string{"marginal_par2_ns"}, Right: true, Better: table.Higher, Keep: 6},
			{Name: "fastest", CSV: []string{"fastest", "fastest_share"}, Right: true, Better: table.Higher, Keep: 5},
		},
		Notes: portfolioNotes(p, mixedModes),
	}
	set := &p.All
	small := set.VBS.N < MinN
	t.Rows = append(t.Rows, table.Row{Apart: true, Small: small, Cells: []table.Cell{
		table.TextCell(vbsLabel), table.IntCell(set.VBS.Solved), table.RateCell(set.VBS.Rate, set.VBS.RateLo, set.VBS.RateHi),
		table.DurationCell(set.VBS.PAR2), noCell(1), noCell(1), noCell(1), noCell(2),
	}})
	for _, st := range set.Pipelines {
		label := st.Pipeline
		if st.Pipeline == p.SBS() {
			label += " (SBS)"
		}
		t.Rows = append(t.Rows, table.Row{Small: small, Cells: []table.Cell{
			{Text: label, Raw: []string{st.Pipeline}, Value: math.NaN()}, table.IntCell(st.Solved), table.RateCell(st.Rate, st.RateLo, st.RateHi),
			table.DurationCell(st.PAR2), ratioCell(st.PAR2 / set.VBS.PAR2), table.IntCell(st.Unique), table.DurationCell(st.MarginalPAR2),
			fastestCell(st.Fastest, set.VBS.Solved),
		}})
	}
	t.MarkBest()
	return t
}

// noCell is an empty cell of a column with raw columns.
func noCell(raw int) table.Cell {
	return table.Cell{Text: "–", Raw: make([]string, raw), Value: math.NaN()}
}

// fastestCell is the puzzles a pipeline was fastest on, with their share
// of those the VBS solved: "45.0% (126)".
func fastestCell(fastest, solved int) table.Cell {
	share := float64(fastest) / float64(solved)
	text := fmt.Sprintf("%s (%d)", table.FormatPercent(share), fastest)
	if solved == 0 {
		text = "–"
	}
	return table.Cell{Text: text, Raw: []string{fmt.Sprint(fastest), table.RawFloat(share)}, Value: float64(fastest)}
}

func portfolioNotes(p *Portfolio, mixedModes bool) []string {
	vbs, sbs := p.All.VBS, p.All.Standing(p.SBS())
	notes := []string{
		"VBS, the virtual best solver: on each puzzle, the best of the pipelines' results, solved (solved, unsat or multiple, every answer verified; wrong never counts) before unsolved, then the least time. SBS, the single best solver: the pipeline with the least PAR-2 (ties: more puzzles solved, then the name); the pipelines are listed in that order.",
		gapNote(sbs, vbs),
		"unique: the puzzles no other pipeline solved. marginal: how much the VBS's PAR-2 grows without the pipeline, its marginal contribution (in puzzles solved, the VBS loses its unique ones). fastest: the puzzles on which its time is the least, and their share of those the VBS solved (equal times count for each).",
		portfolioTimeNote(p, "A pipeline's repetitions on a puzzle fold into one observation (median time)."),
		parNote(p.Limits),
	}
	if mixedModes {
		notes = append(notes, modeNote(p.Mode))
	}
	if p.LeftOut > 0 {
		notes = append(notes, fmt.Sprintf("%d puzzles that not every pipeline ran are left out.", p.LeftOut))
	}
	if vbs.N < MinN {
		notes = append(notes, fmt.Sprintf("Fewer than %d puzzles: no best value is marked.", MinN))
	}
	return notes
}

// gapNote states the gap between the SBS and the VBS.
func gapNote(sbs, vbs Standing) string {
	if sbs.Solved == vbs.Solved && sbs.PAR2 <= vbs.PAR2*TieRatio {
		return fmt.Sprintf("No gap: the SBS, %s, solves the VBS's %d of %d puzzles and its PAR-2 is within %.0f%% of the VBS's, so choosing the pipeline puzzle by puzzle would gain nothing.",
			sbs.Pipeline, vbs.Solved, vbs.N, 100*(TieRatio-1))
	}
	return fmt.Sprintf("The gap: the SBS, %s, solves %d of %d puzzles to the VBS's %d, and its PAR-2 is %s to the VBS's %s: what choosing the pipeline puzzle by puzzle could gain.",
		sbs.Pipeline, sbs.Solved, vbs.N, vbs.Solved, table.FormatDuration(sbs.PAR2), table.FormatDuration(vbs.PAR2))
}

// portfolioTimeNote says which time the portfolio reads, in the tables'
// words (timeNote), and why it is not the tables' where it is not.
func portfolioTimeNote(p *Portfolio, lead string) string {
	note := fmt.Sprintf("%s Times are %s time.", lead, p.Measure.Label())
	switch {
	case len(p.Outside) == 0:
		return note
	case !p.Measure.Own():
		note += " " + wholeTimeNote
		if p.OwnUnavailable != "" {
			note += " Own time is not shown: " + p.OwnUnavailable + "."
		}
		return note
	}
	note += " " + ownTimeNote
	if p.OwnTime {
		note += " The portfolio reads own time, as the figures do, unlike the tables by group that show the whole time with own median beside it: the start-up, alike for every puzzle, would otherwise decide the fastest pipeline on every easy puzzle."
	}
	if len(p.ZeroOwn) > 0 {
		note += " O" + zeroOwnText(p)[1:]
	}
	return note + " " + ownHolds
}

// zeroOwnText says which pipelines solved puzzles in an own time of 0, in
// a phrase that starts with "own".
func zeroOwnText(p *Portfolio) string {
	var parts []string
	for _, s := range sortedKeys(p.ZeroOwn) {
		parts = append(parts, fmt.Sprintf("%s on %d puzzles", s, p.ZeroOwn[s]))
	}
	return fmt.Sprintf("own time would be 0 for %s: the start-up the worker measured is at least the whole solve there, so the own time is unknown, and the whole time counts instead (an upper bound).", strings.Join(parts, ", "))
}

// modeNote says which pipelines a portfolio of a report with both modes
// holds.
func modeNote(mode string) string {
	if mode == "unique" {
		return "Unique-mode pipelines only (complete: uniqueness proved); the first-mode ones have a portfolio of their own."
	}
	return fmt.Sprintf("%s-mode pipelines only: incomplete, run to find any solution without proving it unique, so they are not set beside the unique-mode ones, which have a portfolio of their own.", strings.ToUpper(mode[:1])+mode[1:])
}

// PortfolioGroupTable lays out a portfolio by one grouping, a row per
// group: the VBS, the SBS (over all the puzzles), the pipeline best in the
// group, the one most often fastest, the unique solves and the largest
// marginal contribution.
func PortfolioGroupTable(p *Portfolio, g PortfolioGrouping, mixedModes bool) *table.Table {
	name := g.Grouper.Name()
	t := &table.Table{
		Title: portfolioTitle(p, "Portfolio by "+name, mixedModes),
		Columns: []table.Column{
			{Name: name, CSV: []string{"group"}, Keep: 10},
			{Name: "n", Right: true, Keep: 9},
			{Name: "VBS solved", CSV: []string{"vbs_solved", "vbs_success"}, Right: true, Keep: 8},
			{Name: "VBS PAR-2", Unit: table.Duration, CSV: []string{"vbs_par2_ns"}, Right: true, Keep: 8},
			{Name: "SBS solved", CSV: []string{"sbs_solved", "sbs_success"}, Right: true},
			{Name: "SBS PAR-2", Unit: table.Duration, CSV: []string{"sbs_par2_ns"}, Right: true, Keep: 7},
			{Name: "SBS / VBS", CSV: []string{"sbs_par2_over_vbs"}, Right: true, Keep: 3},
			{Name: "best here", CSV: []string{"best_here"}, Keep: 6},
			{Name: "fastest most often", CSV: []string{"fastest_most_often", "fastest_share"}, Keep: 3},
			{Name: "unique solves", CSV: []string{"unique_solves"}, Keep: 2},
			{Name: "largest marginal PAR-2", CSV: []string{"largest_marginal", "largest_marginal_par2_ns"}, Keep: 1},
		},
	}
	small := false
	for _, set := range g.Sets {
		vbs, sbs := set.VBS, set.Standing(p.SBS())
		n := table.IntCell(vbs.N)
		if vbs.N < MinN {
			n.Text += "*"
			small = true
		}
		t.Rows = append(t.Rows, table.Row{Set: set.Group.Label, Cells: []table.Cell{
			table.TextCell(set.Group.Label), n, solvedCell(vbs), table.DurationCell(vbs.PAR2), solvedCell(sbs), table.DurationCell(sbs.PAR2),
			ratioCell(sbs.PAR2 / vbs.PAR2), table.TextCell(rankPipelines(set.Pipelines)[0]), mostOftenFastest(set),
			uniqueSolves(set), largestMarginal(set),
		}})
	}
	t.Notes = []string{
		fmt.Sprintf("Per %s group: the VBS; the SBS over all the puzzles, %s, and its PAR-2 over the VBS's; the pipeline with the least PAR-2 in the group (best here); the one most often fastest, with its share of the puzzles the VBS solved; the pipelines with unique solves; and the one whose absence would cost the VBS most PAR-2. Every pipeline's figures by group: report --by portfolio --format csv.", name, p.SBS()),
		portfolioTimeNote(p, "As in the portfolio over all the puzzles."),
	}
	if small {
		t.Notes = append(t.Notes, fmt.Sprintf("* fewer than %d puzzles.", MinN))
	}
	return t
}

// solvedCell is a standing's puzzles solved with their share: "49 (98.0%)".
func solvedCell(st Standing) table.Cell {
	return table.Cell{Text: fmt.Sprintf("%d (%s)", st.Solved, table.FormatPercent(st.Rate)), Raw: []string{fmt.Sprint(st.Solved), table.RawFloat(st.Rate)}, Value: float64(st.Solved)}
}

// mostOftenFastest names the pipeline fastest on most puzzles of the set,
// with its share of those the VBS solved (ties: the first in the ranking).
func mostOftenFastest(set PortfolioSet) table.Cell {
	best := set.Pipelines[0]
	for _, st := range set.Pipelines[1:] {
		if st.Fastest > best.Fastest {
			best = st
		}
	}
	if best.Fastest == 0 {
		return noCell(2)
	}
	share := float64(best.Fastest) / float64(set.VBS.Solved)
	return table.Cell{Text: fmt.Sprintf("%s %s", best.Pipeline, table.FormatPercent(share)), Raw: []string{best.Pipeline, table.RawFloat(share)}, Value: math.NaN()}
}

// maxListed is how many pipelines a cell lists before counting the rest.
const maxListed = 3

// uniqueSolves lists the pipelines with unique solves, most first:
// "sat/cadical/extended 3, milp/cbc 1".
func uniqueSolves(set PortfolioSet) table.Cell {
	var sts []Standing
	for _, st := range set.Pipelines {
		if st.Unique > 0 {
			sts = append(sts, st)
		}
	}
	slices.SortStableFunc(sts, func(a, b Standing) int { return b.Unique - a.Unique })
	var parts []string
	for i, st := range sts {
		if i == maxListed {
			parts = append(parts, fmt.Sprintf("%d more", len(sts)-maxListed))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", st.Pipeline, st.Unique))
	}
	if len(parts) == 0 {
		return table.TextCell("–")
	}
	return table.Cell{Text: strings.Join(parts, ", "), Raw: []string{strings.Join(parts, ";")}, Value: math.NaN()}
}

// largestMarginal names the pipeline whose absence would cost the VBS
// most PAR-2, and that cost: "propagate/bitboard +12.3 µs"; "–" where
// every pipeline could go at no cost.
func largestMarginal(set PortfolioSet) table.Cell {
	var best Standing
	for _, st := range set.Pipelines {
		if st.MarginalPAR2 > best.MarginalPAR2 {
			best = st
		}
	}
	if best.Pipeline == "" {
		return noCell(2)
	}
	return table.Cell{Text: best.Pipeline + " +" + table.FormatDuration(best.MarginalPAR2), Raw: []string{best.Pipeline, table.RawWhole(best.MarginalPAR2)}, Value: math.NaN()}
}

// PortfolioTidyTable is every portfolio's every standing in one table
// for machines: a row per mode, grouping, group and pipeline (the VBS as
// "VBS"), raw values (ns, fractions).
func PortfolioTidyTable(ps []*Portfolio) *table.Table {
	names := []string{"mode", "group_kind", "group", "pipeline", "sbs", "n", "solved", "success", "success_lo", "success_hi",
		"par2_ns", "unique", "marginal_par2_ns", "fastest", "measure"}
	t := &table.Table{Title: "Portfolio"}
	for _, n := range names {
		t.Columns = append(t.Columns, table.Column{Name: n})
	}
	for _, p := range ps {
		t.Rows = append(t.Rows, tidyPortfolioRows(p, "all", p.All)...)
		for _, g := range p.Groupings {
			for _, set := range g.Sets {
				t.Rows = append(t.Rows, tidyPortfolioRows(p, g.Grouper.Name(), set)...)
			}
		}
	}
	return t
}

func tidyPortfolioRows(p *Portfolio, kind string, set PortfolioSet) []table.Row {
	var rows []table.Row
	for _, st := range append([]Standing{set.VBS}, set.Pipelines...) {
		name := st.Pipeline
		if name == "" {
			name = "VBS"
		}
		raw := []string{p.Mode, kind, set.Group.Label, name, fmt.Sprint(name == p.SBS()), fmt.Sprint(st.N), fmt.Sprint(st.Solved),
			table.RawFloat(st.Rate), table.RawFloat(st.RateLo), table.RawFloat(st.RateHi), table.RawWhole(st.PAR2)}
		if st.Pipeline == "" {
			raw = append(raw, "", "", "")
		} else {
			raw = append(raw, fmt.Sprint(st.Unique), table.RawWhole(st.MarginalPAR2), fmt.Sprint(st.Fastest))
		}
		raw = append(raw, p.Measure.Label())
		cells := make([]table.Cell, len(raw))
		for i, v := range raw {
			cells[i] = table.Cell{Text: v, Raw: []string{v}, Value: math.NaN()}
		}
		rows = append(rows, table.Row{Cells: cells})
	}
	return rows
}

// PortfolioHeading is the heading of a portfolio's section in a document.
func (r *Report) PortfolioHeading(p *Portfolio) string {
	if r.MixedModes {
		return "Portfolio, " + p.Mode + " mode"
	}
	return "Portfolio"
}

// PortfolioTables returns a portfolio's tables as documents show them:
// over all its puzzles, then by each grouping; compact unless the report
// is wide, units in the headers where a column allows, each noting how
// much of the plan it covers.
func (r *Report) PortfolioTables(p *Portfolio) []*table.Table {
	ts := []*table.Table{PortfolioTable(p, r.MixedModes)}
	for _, g := range p.Groupings {
		ts = append(ts, PortfolioGroupTable(p, g, r.MixedModes))
	}
	for i, t := range ts {
		if !r.Config.Wide {
			t = t.Compact()
		}
		t = t.SharedUnits()
		t.Notes = append(slices.Clone(t.Notes), "Runs: "+r.Coverage.String()+".")
		ts[i] = t
	}
	return ts
}
