package report

import (
	"cmp"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// cellTally is the blank cells of a solver's runs in one group.
type cellTally struct {
	solver       string
	group        Group
	runs         int
	blank, right int
	givens       int // the hints of the runs measured
}

// CellAccuracyTable lays out, per solver and group, the share of blank
// cells that returned grids filled with the solution's digit, and the
// share of all cells, givens included (what Keras's "accuracy" of a
// per-cell softmax counts), over the runs whose records measured it (a
// corpus that gives solutions, a solver that returned a grid), for the
// solvers that filled some cell wrong: a solver whose every grid was
// right has nothing to show here. It is a secondary figure, labelled as
// such: the headline is whole puzzles solved. It returns nil when no
// solver has a row.
func CellAccuracyTable(runs *Runs, g Grouper) *table.Table {
	c := newCellCounts(g)
	for r := range runs.All() {
		c.add(r)
	}
	return c.table()
}

// cellCounts counts the blank cells of runs given one at a time, per
// solver and group.
type cellCounts struct {
	g       Grouper
	tallies map[[2]string]*cellTally
	guesses map[string]bool // solvers that filled some cell wrong
}

func newCellCounts(g Grouper) *cellCounts {
	return &cellCounts{g: g, tallies: make(map[[2]string]*cellTally), guesses: make(map[string]bool)}
}

// add counts r's blank cells, where its record measured them.
func (c *cellCounts) add(r *record.Record) {
	if r.BlankCells == 0 {
		return
	}
	c.guesses[r.Solver] = c.guesses[r.Solver] || r.BlankCellsRight < r.BlankCells
	grp := c.g.Group(&Obs{ObsPipeline: &ObsPipeline{Solver: r.Solver}, ObsPuzzle: &ObsPuzzle{Corpus: r.Corpus, PuzzleID: r.PuzzleID, Hints: r.Hints}})
	key := [2]string{r.Solver, grp.Label}
	t, ok := c.tallies[key]
	if !ok {
		t = &cellTally{solver: r.Solver, group: grp}
		c.tallies[key] = t
	}
	t.runs++
	t.blank += r.BlankCells
	t.right += r.BlankCellsRight
	t.givens += r.Hints
}

// table lays out the counts as CellAccuracyTable does.
func (c *cellCounts) table() *table.Table {
	g := c.g
	rows := make([]*cellTally, 0, len(c.tallies))
	for _, t := range c.tallies {
		if c.guesses[t.solver] {
			rows = append(rows, t)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	slices.SortFunc(rows, func(a, b *cellTally) int {
		return cmp.Or(a.group.Compare(b.group), cmp.Compare(a.solver, b.solver))
	})
	tab := &table.Table{
		Title: "Cell accuracy on blank cells by " + g.Name() + " (secondary: whole puzzles solved is the headline)",
		Columns: []table.Column{{Name: "solver", Keep: 10}, {Name: g.Name(), CSV: []string{"group"}, Keep: 10, Group: true},
			{Name: "runs", Right: true, Keep: 8}, {Name: "blank cells", Right: true, Keep: 6},
			{Name: "right", Right: true, Keep: 6},
			{Name: "blank cells right", CSV: []string{"cell_accuracy"}, Right: true, Better: table.Higher, Keep: 9},
			{Name: "all cells right", CSV: []string{"cell_accuracy_all"}, Right: true, Better: table.Higher, Keep: 8}},
		Notes: []string{"Blank cells right counts the blank cells a returned grid (right or wrong) fills with the solution's digit, " +
			"over runs on corpora that give solutions; all cells right counts the givens too, as Keras's accuracy of a per-cell softmax does. " +
			"A grid can score 95% of its cells and still be wrong as a puzzle."},
	}
	for _, t := range rows {
		blank := float64(t.right) / float64(t.blank)
		all := float64(t.right+t.givens) / float64(t.blank+t.givens)
		tab.Rows = append(tab.Rows, table.Row{Set: t.group.Label, Cells: []table.Cell{
			table.TextCell(t.solver), table.TextCell(t.group.Label), table.IntCell(t.runs), table.IntCell(t.blank), table.IntCell(t.right),
			{Text: table.FormatPercent(blank), Raw: []string{table.RawFloat(blank)}, Value: blank},
			{Text: table.FormatPercent(all), Raw: []string{table.RawFloat(all)}, Value: all}}})
	}
	tab.MarkBest()
	return tab
}
