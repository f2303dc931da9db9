package dlx

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// entry is one line of a shipped corpus: the puzzle and, for tdoku-tests,
// its recorded solution count and solution.
type entry struct {
	puzzle   *sudoku.Grid
	count    int // -1 when the line records none
	solution string
}

// readCorpus reads up to max puzzles (all if max ≤ 0) of corpora/data/name.txt,
// skipping '#' lines and stripping '\r'. It does not use the corpora package,
// so that these tests do not depend on it.
func readCorpus(tb testing.TB, name string, max int) []entry {
	tb.Helper()
	path := filepath.Join("..", "..", "corpora", "data", name+".txt")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []entry
	sc := bufio.NewScanner(f)
	for lineNo := 1; sc.Scan() && (max <= 0 || len(out) < max); lineNo++ {
		line := strings.TrimSpace(strings.TrimSuffix(sc.Text(), "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, parseEntry(tb, path, lineNo, line))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func parseEntry(tb testing.TB, path string, lineNo int, line string) entry {
	fields := strings.Split(line, ":")
	g, err := sudoku.ParseLine(fields[0], sudoku.Classic)
	if err != nil {
		tb.Fatalf("%s:%d: %v", path, lineNo, err)
	}
	e := entry{puzzle: g, count: -1}
	if len(fields) > 1 {
		if e.count, err = strconv.Atoi(fields[1]); err != nil {
			tb.Fatalf("%s:%d: count: %v", path, lineNo, err)
		}
	}
	if len(fields) > 2 {
		e.solution = fields[2]
	}
	return e
}
