package report

import (
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func TestCellAccuracyTable(t *testing.T) {
	recs := []record.Record{
		{Solver: "neural/cnn/oneshot", Corpus: "gen", Hints: 30, Status: "wrong", BlankCells: 51, BlankCellsRight: 45},
		{Solver: "neural/cnn/oneshot", Corpus: "gen", Hints: 30, Status: "solved", BlankCells: 51, BlankCellsRight: 51},
		{Solver: "exactcover/dlx", Corpus: "gen", Hints: 30, Status: "solved"}, // not measured
		// Every cell right in every grid: nothing to show.
		{Solver: "propagate/bitboard", Corpus: "gen", Hints: 30, Status: "solved", BlankCells: 51, BlankCellsRight: 51},
	}
	tab := CellAccuracyTable(NewRuns(recs...), ByCorpus{})
	if tab == nil || len(tab.Rows) != 1 {
		t.Fatalf("want one row for the one solver measured, got %+v", tab)
	}
	cells := tab.Rows[0].Cells
	// All cells: (96 right + 60 givens) of 162.
	if cells[0].Text != "neural/cnn/oneshot" || cells[2].Text != "2" || cells[3].Text != "102" || cells[4].Text != "96" || cells[5].Text != "94.1%" || cells[6].Text != "96.3%" {
		t.Errorf("row %v; want 2 runs, 102 blank cells, 96 right, 94.1%% of blank cells, 96.3%% of all", cells)
	}
	if CellAccuracyTable(NewRuns(recs[2:]...), ByCorpus{}) != nil {
		t.Error("a table for records without cell counts, or with every cell right")
	}
}
