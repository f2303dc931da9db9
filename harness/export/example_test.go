package export_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/export"
	"github.com/sudokubench/sudokubench/sudoku"
)

// An export writes each puzzle as an instance file with a BenchExec task
// definition beside it, the property files the tasks name, and a list of
// the puzzles; here the instances are the puzzle lines themselves (the
// sudokubench command writes any format of encodings/formats).
func ExampleWrite() {
	var puzzles []corpora.Puzzle
	_, err := corpora.Load("", "norvig-top95", corpora.Options{Limit: 2}, func(p corpora.Puzzle) error {
		puzzles = append(puzzles, p)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "export")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	lines := export.Format{Name: "puzzle", Ext: "txt", Write: func(w io.Writer, p *sudoku.Grid) error {
		_, err := fmt.Fprintln(w, p)
		return err
	}}
	sum, err := export.Write(export.Config{Dir: filepath.Join(dir, "instances"), Format: lines}, puzzles)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Tasks, "tasks")
	for _, f := range sum.Files {
		rel, _ := filepath.Rel(dir, f)
		fmt.Println(filepath.ToSlash(rel))
	}
	task, err := os.ReadFile(filepath.Join(dir, "instances", "norvig-top95_1.yml"))
	fmt.Print(string(task), err, "\n")
	// Output:
	// 2 tasks
	// instances/norvig-top95_1.txt
	// instances/norvig-top95_1.yml
	// instances/norvig-top95_2.txt
	// instances/norvig-top95_2.yml
	// instances/puzzles.csv
	// instances/properties/solvable.prp
	// instances/properties/unique.prp
	// # sudokubench: norvig-top95:1, 17 hints
	// format_version: "2.0"
	//
	// input_files: "norvig-top95_1.txt"
	//
	// properties:
	//   - property_file: properties/solvable.prp
	//     expected_verdict: true
	//   - property_file: properties/unique.prp
	//     expected_verdict: true
	//
	// options:
	//   format: puzzle
	//   size: 9
	//   variant: classic
	//   hints: 17
	//   solutions: 1
	//   puzzle: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	//   puzzle_sha256: 170e5876b68220329fed6b8c16526d941324dbcd4d5503b651a84a311ec8dc82
	// <nil>
}
