package table_test

import (
	"os"

	"github.com/sudokubench/sudokubench/harness/report/table"
)

// A table is written in any format; here Markdown, the best value of
// the lower-is-better column in bold.
func Example() {
	t := &table.Table{Title: "Median time", Columns: []table.Column{
		{Name: "solver"}, {Name: "median", Better: table.Lower, Right: true, Unit: table.Duration}}}
	for _, r := range []struct {
		solver string
		ns     float64
	}{{"exactcover/dlx", 41_200}, {"sat/minisat/extended", 2_350_000}} {
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(r.solver), table.DurationCell(r.ns)}})
	}
	t.MarkBest()
	if err := (table.Markdown{}).WriteTable(os.Stdout, t); err != nil {
		panic(err)
	}
	// Output:
	// ### Median time
	//
	// | solver | median |
	// |---|---:|
	// | exactcover/dlx | **41.2 µs** |
	// | sat/minisat/extended | 2.35 ms |
	//
	// Bold: the best value among the solvers of one group.
}
