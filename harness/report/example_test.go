package report_test

import (
	"fmt"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/report"
)

// Load a result directory, compute its statistics by corpus, and print a
// summary table of them: puzzles solved (qubo/anneal's four runs are two
// puzzles run twice), success with its Wilson 95% interval, PAR-2 (each
// unsolved puzzle charged twice its 1 s limit) and the median CPU time
// over solved puzzles. r.WriteTables writes the report's own tables.
func ExampleNew() {
	d, warnings, err := report.Load(filepath.Join("testdata", "run-a"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Runs.Len(), "records,", len(warnings), "warnings")
	r, err := report.New(d, report.Config{By: []string{"corpus"}, Scatter: [][2]string{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%-22s %-7s %-7s %-16s %9s %9s\n", "solver", "corpus", "solved", "95% interval", "PAR-2", "median")
	for _, s := range r.Sections[0].Summaries {
		fmt.Printf("%-22s %-7s %d of %d  [%5.1f%%, %5.1f%%] %7.1fms %7.1fms\n", s.Solver, s.Group.Label,
			s.Solved, s.N, 100*s.RateLo, 100*s.RateHi, s.PAR2/1e6, s.Median/1e6)
	}
	// Output:
	// 16 records, 0 warnings
	// solver                 corpus  solved  95% interval         PAR-2    median
	// exactcover/dlx         17-clue 4 of 4  [ 51.0%, 100.0%]     2.5ms     2.5ms
	// exactcover/dlx         top95   2 of 2  [ 34.2%, 100.0%]    15.0ms    15.0ms
	// qubo/anneal            17-clue 1 of 2  [  9.5%,  90.5%]  1025.0ms    50.0ms
	// sat/gophersat/extended 17-clue 3 of 4  [ 30.1%,  95.4%]   503.5ms     4.0ms
	// sat/gophersat/extended top95   1 of 2  [  9.5%,  90.5%]  1020.0ms    40.0ms
}
