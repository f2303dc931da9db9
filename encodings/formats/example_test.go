package formats_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A puzzle written as a DIMACS CNF file starts with a header line that
// names the format, its options and the puzzle, so that ReadFile can
// rebuild what decoding a solver's answer needs from the file alone.
func ExampleFormat_WriteFile() {
	puzzle, err := sudoku.ParseLine("1...............", sudoku.Classic)
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := formats.Lookup("cnf")
	if err != nil {
		fmt.Println(err)
		return
	}
	var file bytes.Buffer
	if _, err := f.WriteFile(&file, puzzle, map[string]string{"encoding": "minimal"}); err != nil {
		fmt.Println(err)
		return
	}
	header, _, _ := strings.Cut(file.String(), "\n")
	fmt.Println(f.About, "(."+f.Ext+")")
	fmt.Println(header)

	back, err := formats.ReadFile(file.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Header.Format.Name, back.Header.Options["encoding"], back.Header.Puzzle)
	// Output:
	// DIMACS CNF (.cnf)
	// c sudokubench model: format=cnf at_most_one=pairwise encoding=minimal reduce=none variant=classic puzzle=1...............
	// cnf minimal 1...............
}
