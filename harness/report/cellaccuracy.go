package report

import (
	"cmp"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
)

// cellTally is the blank cells of a solver's runs in one group.
type cellTally struct {
	solver       string
	group        Group
	runs         int
	blank, right int
}

// CellAccuracyTable lays out, per solver and group, the share of blank
// cells that returned grids filled with the solution's digit, over the
// runs whose records measured it (a corpus that gives solutions, a solver
// that returned a grid), for the solvers that filled some cell wrong: a
// solver whose every grid was right has nothing to show here. It is a
// secondary figure, labelled as such: the headline is whole puzzles
// solved. It returns nil when no solver has a row.
func CellAccuracyTable(recs []record.Record, g Grouper) *Table {
	tallies := make(map[[2]string]*cellTally)
	guesses := make(map[string]bool) // solvers that filled some cell wrong
	for i := range recs {
		r := &recs[i]
		if r.BlankCells == 0 {
			continue
		}
		guesses[r.Solver] = guesses[r.Solver] || r.BlankCellsRight < r.BlankCells
		grp := g.Group(&Obs{Solver: r.Solver, Corpus: r.Corpus, Hints: r.Hints})
		key := [2]string{r.Solver, grp.Label}
		t, ok := tallies[key]
		if !ok {
			t = &cellTally{solver: r.Solver, group: grp}
			tallies[key] = t
		}
		t.runs++
		t.blank += r.BlankCells
		t.right += r.BlankCellsRight
	}
	rows := make([]*cellTally, 0, len(tallies))
	for _, t := range tallies {
		if guesses[t.solver] {
			rows = append(rows, t)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	slices.SortFunc(rows, func(a, b *cellTally) int {
		return cmp.Or(a.group.Compare(b.group), cmp.Compare(a.solver, b.solver))
	})
	tab := &Table{
		Title: "Cell accuracy on blank cells by " + g.Name() + " (secondary: whole puzzles solved is the headline)",
		Columns: []Column{{Name: "solver", Keep: 10}, {Name: g.Name(), CSV: []string{"group"}, Keep: 10, Group: true},
			{Name: "runs", Right: true, Keep: 8}, {Name: "blank cells", Right: true, Keep: 6},
			{Name: "right", Right: true, Keep: 6}, {Name: "cell accuracy", CSV: []string{"cell_accuracy"}, Right: true, Better: Higher, Keep: 9}},
		Notes: []string{"Cell accuracy counts the blank cells a returned grid (right or wrong) fills with the solution's digit, " +
			"over runs on corpora that give solutions; a grid can score 95% of cells and still be wrong as a puzzle."},
	}
	for _, t := range rows {
		acc := float64(t.right) / float64(t.blank)
		tab.Rows = append(tab.Rows, Row{Set: t.group.Label, Cells: []Cell{
			TextCell(t.solver), TextCell(t.group.Label), IntCell(t.runs), IntCell(t.blank), IntCell(t.right),
			{Text: FormatPercent(acc), Raw: []string{RawFloat(acc)}, Value: acc}}})
	}
	tab.MarkBest()
	return tab
}
