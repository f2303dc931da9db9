package reproduce

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// Comparison is the table computed from a result directory.
type Comparison struct {
	Entries []Entry
	// Overall and ByLevel hold each pipeline's figures over all levels and
	// per level (in Levels order).
	Overall map[string]Stats
	ByLevel map[string][]Stats
	// Report is the harness's report of the same results: setup, warnings,
	// observations and plot styles.
	Report *report.Report
	// Obs are the observations of the entries' pipelines on the levels.
	Obs []report.Obs
}

// Load reads a comparison's results and computes every entry's figures in
// the chosen time measure.
func Load(dir string, entries []Entry, m report.Measure) (*Comparison, error) {
	data, warnings, err := report.Load(dir)
	if err != nil {
		return nil, err
	}
	// The comparison's tables and figures read one time, m's.
	rep, err := report.New(data, report.Config{Measure: m, Part: report.PartTotal, By: []string{"corpus"}})
	if err != nil {
		return nil, err
	}
	rep.Warnings = append(warnings, rep.Warnings...)
	c := &Comparison{Entries: entries, Overall: make(map[string]Stats), ByLevel: make(map[string][]Stats), Report: rep}
	type key struct {
		solver string
		level  int
	}
	obs := make(map[key][]report.Obs)
	recs := make(map[key][]*record.Record)
	for _, o := range rep.Obs {
		if l := levelOf(o.Corpus); l >= 0 {
			obs[key{o.Solver, l}] = append(obs[key{o.Solver, l}], o)
		}
	}
	for i := range data.Runs.Len() {
		r := data.Runs.At(i)
		if l := levelOf(r.Corpus); l >= 0 {
			recs[key{r.Solver, l}] = append(recs[key{r.Solver, l}], &r)
		}
	}
	for _, e := range entries {
		if e.Solver == "" {
			continue
		}
		var allObs []report.Obs
		var allRecs []*record.Record
		for l := range Levels {
			k := key{e.Solver, l}
			c.ByLevel[e.Solver] = append(c.ByLevel[e.Solver], statsOf(obs[k], recs[k]))
			allObs, allRecs = append(allObs, obs[k]...), append(allRecs, recs[k]...)
		}
		c.Overall[e.Solver] = statsOf(allObs, allRecs)
		c.Obs = append(c.Obs, allObs...)
	}
	return c, nil
}

// Table is the article's table with ours beside it: per row, our figure,
// the article's as it prints it and their ratio (ours ÷ article) for
// average and hardest time and memory; puzzles solved with its interval
// beside the article's accuracy; and the share of cells right, of all 81
// and of the blank ones, where a pipeline filled some cell wrong, the
// article's CNN "accuracy" beside the first. Over every level together.
func (c *Comparison) Table() *table.Table {
	t := &table.Table{
		Title: "The comparison table: ours / article (ratio)",
		Columns: []table.Column{
			{Name: "algorithm"},
			{Name: "pipeline"},
			{Name: "avg (ms)", CSV: []string{"avg_ms", "article_avg_ms", "avg_ratio"}, Right: true},
			{Name: "hardest (ms)", CSV: []string{"hardest_ms", "article_hardest_ms", "hardest_ratio"}, Right: true},
			{Name: "memory (MB)", CSV: []string{"memory_mb", "article_memory_mb", "memory_ratio"}, Right: true},
			{Name: "puzzles solved [95% CI]", CSV: []string{"accuracy", "accuracy_lo", "accuracy_hi", "article_accuracy"}, Right: true},
			{Name: "cells right, all 81", CSV: []string{"cell_accuracy_all", "article_cell_accuracy"}, Right: true},
			{Name: "cells right, blank", CSV: []string{"cell_accuracy_blank"}, Right: true},
		},
	}
	t.Columns = append(t.Columns, countColumns()...)
	for _, e := range c.Entries {
		s, ok := c.Overall[e.Solver]
		if !ok {
			t.Rows = append(t.Rows, missingRow(e, t.Columns))
			continue
		}
		p := e.Published
		if p == nil {
			p = &Published{}
		}
		pub := e.Published != nil
		cells := []table.Cell{table.TextCell(e.Algorithm), table.TextCell(e.Solver),
			versus(ours(ms(s.MeanNS)), p.AvgMS, pub, true),
			versus(ours(ms(s.MaxNS)), p.HardestMS, pub, true),
			versus(memoryCell(s), p.MemoryMB, pub, true),
			versus(rate(s), p.Accuracy, pub, false),
			versus(allCells(s), p.CellAccuracy, pub && p.CellAccuracy != "", false),
			blankCells(s)}
		t.Rows = append(t.Rows, table.Row{Cells: append(cells, countCells(s)...)})
	}
	t.Notes = c.notes()
	return t
}

// LevelTable gives each pipeline's figures per level; the article has no
// figures per level. Best values are marked among the pipelines of a
// level.
func (c *Comparison) LevelTable() *table.Table {
	t := &table.Table{
		Title: "By level",
		Columns: []table.Column{
			{Name: "level", CSV: []string{"level"}},
			{Name: "algorithm"},
			{Name: "pipeline"},
			{Name: "avg (ms)", CSV: []string{"avg_ms"}, Right: true, Better: table.Lower},
			{Name: "hardest (ms)", CSV: []string{"hardest_ms"}, Right: true, Better: table.Lower},
			{Name: "memory (MB)", CSV: []string{"memory_mb"}, Right: true, Better: table.Lower},
			{Name: "puzzles solved [95% CI]", CSV: []string{"accuracy", "accuracy_lo", "accuracy_hi"}, Right: true, Better: table.Higher},
			{Name: "cells right, all 81", CSV: []string{"cell_accuracy_all"}, Right: true},
			{Name: "cells right, blank", CSV: []string{"cell_accuracy_blank"}, Right: true},
		},
	}
	t.Columns = append(t.Columns, countColumns()...)
	for l, level := range Levels {
		for _, e := range c.Entries {
			stats, ok := c.ByLevel[e.Solver]
			if !ok {
				continue
			}
			s := stats[l]
			cells := []table.Cell{table.TextCell(level.Label()), table.TextCell(e.Algorithm), table.TextCell(e.Solver),
				ours(ms(s.MeanNS)), ours(ms(s.MaxNS)), memoryCell(s), rate(s), allCells(s), blankCells(s)}
			t.Rows = append(t.Rows, table.Row{Set: level.Name, Small: s.N < report.MinN, Cells: append(cells, countCells(s)...)})
		}
	}
	t.MarkBest()
	t.Notes = []string{"Best values in bold among the pipelines of a level (none where a level has fewer than " +
		strconv.Itoa(report.MinN) + " puzzles).", cellsNote}
	return t
}

// cellsNote explains the cell columns.
const cellsNote = "Cells right: of the cells of the grids a pipeline returned, right or wrong, those holding the solution's digit: " +
	"of all 81, givens included (what Keras's accuracy of a per-cell softmax counts), and of the blank cells alone; " +
	"– where every grid returned was right (the share of puzzles solved says it all) or none was returned."

// notes explain the main table.
func (c *Comparison) notes() []string {
	m := c.Report.Config.Measure
	notes := []string{
		fmt.Sprintf("Ours: %s time of the solve call in an isolated worker, mean and maximum over the puzzles solved, three significant digits; article: %s, its figures quoted as it prints them.", m.Label(), PublishedSetup),
		"Ratio = ours / article, written 1/x below 0.1. Puzzles solved: the share with a verified answer (Wilson 95% interval), beside the article's accuracy; gave up: stopped without an answer (a budget spent, an incomplete solver); wrong: an answer that broke a rule or a given; other: timeouts, memouts, crashes and errors.",
		cellsNote,
		"The article's CNN accuracy (94.8%) is almost certainly Keras's accuracy metric of its per-cell softmax, the share of the 81 cells right, givens included: it stands beside our figure of that metric, not beside the share of puzzles solved, for which the article gives none (–).",
		"Memory: the solver's own peak resident memory, the highest of any run, in MB of 2^20 bytes: the peak above the idle worker for in-process solvers, the outside programs' own peak for the others (n/a where it could not be measured).",
	}
	withWorker := false
	for _, s := range c.Overall {
		withWorker = withWorker || s.MemKind == WithWorker
	}
	if withWorker {
		notes = append(notes, "* the worker's whole peak, with what an idle worker holds (about 18 MiB): these records hold no idle baseline to take away.")
	}
	return notes
}

func countColumns() []table.Column {
	return []table.Column{
		{Name: "solved", CSV: []string{"solved", "n"}, Right: true},
		{Name: "gave up", CSV: []string{"gave_up"}, Right: true},
		{Name: "wrong", Right: true},
		{Name: "other", Right: true},
	}
}

func countCells(s Stats) []table.Cell {
	return []table.Cell{
		{Text: fmt.Sprintf("%d/%d", s.Solved, s.N), Raw: []string{strconv.Itoa(s.Solved), strconv.Itoa(s.N)}, Value: float64(s.Solved)},
		table.IntCell(s.Statuses["gave-up"]), table.IntCell(s.Statuses["wrong"]), table.IntCell(s.Unsolved()),
	}
}

// missingRow is a row without a pipeline, saying why in its pipeline cell,
// with empty cells (and empty CSV fields) elsewhere.
func missingRow(e Entry, columns []table.Column) table.Row {
	cells := []table.Cell{table.TextCell(e.Algorithm), table.TextCell(e.Missing)}
	for _, col := range columns[len(cells):] {
		cells = append(cells, table.Cell{Raw: make([]string, max(len(col.CSV), 1)), Value: math.NaN()})
	}
	return table.Row{Cells: cells}
}

// versus turns our cell into "ours / article", the article's figure as it
// prints it, "–" where it gives none, with the ratio (ours ÷ article) when
// asked for and both are numbers. Rows the article lacks show ours alone.
func versus(ours table.Cell, article string, published, ratio bool) table.Cell {
	if !published {
		ours.Raw = append(ours.Raw, "")
		if ratio {
			ours.Raw = append(ours.Raw, "")
		}
		return ours
	}
	theirs := article
	if theirs == "" {
		theirs = "–"
	}
	ours.Text = fmt.Sprintf("%s / %s", ours.Text, theirs)
	r := ours.Value / number(article)
	if ratio && !math.IsNaN(r) && !math.IsInf(r, 0) {
		ours.Text += " (" + ratioText(r) + ")"
	}
	ours.Raw = append(ours.Raw, table.RawFloat(number(article)))
	if ratio {
		ours.Raw = append(ours.Raw, table.RawFloat(r))
	}
	return ours
}

func rate(s Stats) table.Cell {
	if s.N == 0 {
		return table.Cell{Text: "–", Raw: []string{"", "", ""}, Value: math.NaN()}
	}
	return table.Cell{
		Text:  fmt.Sprintf("%s [%.1f, %.1f]", table.FormatPercent(s.Rate), 100*s.RateLo, 100*s.RateHi),
		Raw:   []string{table.RawFloat(s.Rate), table.RawFloat(s.RateLo), table.RawFloat(s.RateHi)},
		Value: s.Rate,
	}
}

// allCells is the share of all cells right, givens included, where some
// returned grid had a cell wrong.
func allCells(s Stats) table.Cell { return share(s.CellsRight, s.Cells, s.CellsWrong()) }

// blankCells is the share of blank cells right, where some returned grid
// had a cell wrong.
func blankCells(s Stats) table.Cell { return share(s.BlankRight, s.Blank, s.CellsWrong()) }

func share(right, of int, show bool) table.Cell {
	if !show || of == 0 {
		return table.Cell{Text: "–", Raw: []string{""}, Value: math.NaN()}
	}
	v := float64(right) / float64(of)
	return table.Cell{Text: table.FormatPercent(v), Raw: []string{table.RawFloat(v)}, Value: v}
}

func memoryCell(s Stats) table.Cell {
	c := ours(mb(s))
	switch {
	case s.MemKind == Unmeasured:
		c.Text = "n/a"
	case s.MemKind == WithWorker:
		c.Text += "*"
	}
	return c
}

func ms(ns float64) float64 { return ns / 1e6 }

func mb(s Stats) float64 { return s.MemBytes / (1 << 20) }

// ours is a figure of ours, three significant digits.
func ours(v float64) table.Cell {
	return table.Cell{Text: table.FormatSig(v, 3), Raw: []string{table.RawFloat(v)}, Value: v}
}

// ratioText writes a ratio as "2.25×", or below 0.1 as its inverse,
// "1/273", which reads better than 0.00366×.
func ratioText(r float64) string {
	if r >= 0.1 || r <= 0 {
		return table.FormatSig(r, 3) + "×"
	}
	return "1/" + table.FormatSig(1/r, 3)
}
