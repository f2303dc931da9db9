package verify_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Judge three answers to one puzzle as the parent does after each run: the
// solution stays solved, a grid that changes a given is wrong, and a right
// answer that came after the limit is a timeout.
func ExampleJudge() {
	puzzle, _ := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
	const solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	run := plan.Run{Puzzle: corpora.Puzzle{ID: "norvig-hardest:1", Grid: puzzle, Solutions: 1}}
	answers := []struct {
		grid string
		wall time.Duration
	}{
		{solution, time.Millisecond},
		{"5" + solution[1:], time.Millisecond},
		{solution, 2 * time.Second},
	}
	for _, a := range answers {
		rec := record.Record{Status: "solved", WallNS: int64(a.wall)}
		verify.Judge(&rec, run, a.grid, time.Second)
		fmt.Println(strings.TrimSpace(rec.Status + ": " + rec.Detail))
	}
	// Output:
	// solved:
	// wrong: wrong solution: r1c1: given 4 changed to 5
	// timeout: answered after 2s, past the 1s limit
}
