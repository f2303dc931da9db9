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
// that returned a grid). It is a secondary figure, labelled as such: the
// headline is whole puzzles solved. It returns nil when no record has it.
func CellAccuracyTable(recs []record.Record, g Grouper) *Table {
	tallies := make(map[[2]string]*cellTally)
	for i := range recs {
		r := &recs[i]
		if r.BlankCells == 0 {
			continue
		}
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
	if len(tallies) == 0 {
		return nil
	}
	rows := make([]*cellTally, 0, len(tallies))
	for _, t := range tallies {
		rows = append(rows, t)
	}
	slices.SortFunc(rows, func(a, b *cellTally) int {
		return cmp.Or(a.group.Compare(b.group), cmp.Compare(a.solver, b.solver))
	})
	tab := &Table{
		Title: "Cell accuracy on blank cells by " + g.Name() + " (secondary: whole puzzles solved is the headline)",
		Columns: []Column{{Name: "solver"}, {Name: g.Name(), CSV: []string{"group"}},
			{Name: "runs", Right: true}, {Name: "blank cells", Right: true},
			{Name: "right", Right: true}, {Name: "cell accuracy", CSV: []string{"cell_accuracy"}, Right: true, Better: Higher}},
		Notes: []string{"Cell accuracy counts the blank cells a returned grid (right or wrong) fills with the solution's digit, " +
			"over runs on corpora that give solutions; a grid can score 95% of cells and still be wrong as a puzzle."},
	}
	for _, t := range rows {
		acc := float64(t.right) / float64(t.blank)
		tab.Rows = append(tab.Rows, Row{Set: t.group.Label, Cells: []Cell{
			textCell(t.solver), textCell(t.group.Label), intCell(t.runs), intCell(t.blank), intCell(t.right),
			{Text: FormatPercent(acc), Raw: []string{rawFloat(acc)}, Value: acc}}})
	}
	tab.MarkBest()
	return tab
}
