package report

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/rating"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestByRating checks that puzzles are grouped by their rating: that of
// the corpus's puzzle whether the records hold it or only a form of it
// (mapped back by its transform), "unrated" with a warning where the
// records carry no puzzle.
func TestByRating(t *testing.T) {
	const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" // norvig-top95:1
	easy := sudoku.PatternGrid(3)
	for _, cell := range []int{0, 10, 20, 30} {
		easy.Set(cell, 0)
	}
	g, err := sudoku.ParseLine(hard, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	tr := sudoku.RandomTransform(g.Geometry(), 3)
	form, _ := tr.Apply(g)
	recs := []record.Record{
		{Solver: "s", PuzzleID: "c:1", Variant: "classic", Puzzle: easy.String()},
		// Only a form of c:2 is recorded: its rating is the original's.
		{Solver: "s", PuzzleID: "c:2", Variant: "classic", Puzzle: form.String(), Form: 1, Transform: tr.String()},
		{Solver: "s", PuzzleID: "c:3"}, // written before records carried the puzzle
	}
	ids, puzzles, unreadable := ratedPuzzles(NewRuns(recs...))
	if len(ids) != 2 || ids[1] != "c:2" || puzzles[1].String() != hard || unreadable != 1 {
		t.Fatalf("rated puzzles %v %v (%d without one), want c:2 mapped back to %s and one without", ids, puzzles, unreadable, hard)
	}
	by, warnings := NewByRating(NewRuns(recs...), rating.Grades)
	want := func(p *sudoku.Grid) string {
		r, err := rating.NewRater().Rate(p)
		if err != nil {
			t.Fatal(err)
		}
		return r.Grade().Label
	}
	for _, tc := range []struct{ id, label string }{
		{"c:1", "up-minimal, guesses 0"}, {"c:2", want(g)}, {"c:3", "unrated"},
	} {
		t.Run("puzzle="+tc.id, func(t *testing.T) {
			if got := by.Group(&Obs{ObsPuzzle: &ObsPuzzle{PuzzleID: tc.id}}); got.Label != tc.label {
				t.Errorf("group %q, want %q", got.Label, tc.label)
			}
		})
	}
	if got := by.Group(&Obs{ObsPuzzle: &ObsPuzzle{PuzzleID: "c:2"}}).Label; !strings.HasPrefix(got, "up-augmented") {
		t.Errorf("norvig-top95:1 rated %q, want up-augmented (locked candidates solve it)", got)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "of 1 puzzles carry no puzzle") {
		t.Errorf("warnings %q, want one about the puzzle without its text", warnings)
	}
	if !(by.Group(&Obs{ObsPuzzle: &ObsPuzzle{PuzzleID: "c:1"}}).Compare(by.Group(&Obs{ObsPuzzle: &ObsPuzzle{PuzzleID: "c:2"}})) < 0) {
		t.Error("the easier puzzle's group does not sort first")
	}
}

// TestReportByRating checks that a report grouped by rating names the
// groups, needs a rater for it (the report computes no rating itself),
// and refuses an unknown grouping with the choices.
func TestReportByRating(t *testing.T) {
	easy := sudoku.PatternGrid(3)
	easy.Set(0, 0)
	recs := []record.Record{{Solver: "s", Mode: "unique", Corpus: "c", PuzzleID: "c:1", Variant: "classic",
		Puzzle: easy.String(), Status: "solved", CPUNS: 1000}}
	if _, err := New(&Data{Runs: NewRuns(recs...)}, Config{By: []string{"rating"}}); err == nil || !strings.Contains(err.Error(), "needs a rater") {
		t.Errorf("by rating without a rater: %v, want an error saying it needs one", err)
	}
	r, err := New(&Data{Runs: NewRuns(recs...)}, Config{By: []string{"rating"}, Rate: rating.Grades})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteTables(&b, table.Text{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "up-minimal, guesses 0") {
		t.Errorf("report by rating lacks the puzzle's grade:\n%s", b.String())
	}
	if _, err := New(&Data{Runs: NewRuns(recs...)}, Config{By: []string{"difficulty"}}); err == nil || !strings.Contains(err.Error(), "rating") {
		t.Errorf("unknown grouping: %v, want an error listing rating", err)
	}
}
