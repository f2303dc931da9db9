package record_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/record"
)

// A run's records are one JSON line each in its directory's
// results.jsonl: a Writer appends them, Read streams them back, a line
// cut short by a killed process skipped with a warning.
func ExampleRead() {
	dir, err := os.MkdirTemp("", "records")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, record.ResultsFile)

	w, err := record.Append(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range []record.Record{
		{Solver: "exactcover/dlx", Corpus: "norvig-top95", PuzzleID: "norvig-top95:1", Mode: "unique", Status: "solved", WallNS: 41_000},
		{Solver: "sat/minisat/extended", Corpus: "norvig-top95", PuzzleID: "norvig-top95:1", Mode: "unique", Status: "timeout", WallNS: 10_000_000_000},
	} {
		if err := w.Write(&r); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}

	warnings, err := record.Read(path, func(r *record.Record) error {
		fmt.Printf("%s %s: %s in %d µs\n", r.Solver, r.PuzzleID, r.Status, r.WallNS/1000)
		return nil
	})
	fmt.Println(len(warnings), "warnings,", err)
	// Output:
	// exactcover/dlx norvig-top95:1: solved in 41 µs
	// sat/minisat/extended norvig-top95:1: timeout in 10000000 µs
	// 0 warnings, <nil>
}
