package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

// formRecord is one run of a solver on one form of a puzzle.
func formRecord(solver, puzzle string, form int, cpuNS int64, guesses float64, status string) record.Record {
	return record.Record{Solver: solver, Mode: "unique", Corpus: "c", PuzzleID: puzzle, Form: form,
		CPUNS: cpuNS, Status: status, TimeoutNS: 10e6, Counters: map[string]float64{CounterGuesses: guesses}}
}

func TestRobustnessTable(t *testing.T) {
	recs := []record.Record{
		// Puzzle 1: times 1, 2, 4 ms; guesses 0, 1, 3.
		formRecord("fragile", "c:1", 0, 1e6, 0, "solved"),
		formRecord("fragile", "c:1", 1, 2e6, 1, "solved"),
		formRecord("fragile", "c:1", 2, 4e6, 3, "solved"),
		// Puzzle 2: one form times out at its 10 ms limit.
		formRecord("fragile", "c:2", 0, 1e6, 1, "solved"),
		formRecord("fragile", "c:2", 1, 12e6, 9, "timeout"),
		formRecord("fragile", "c:2", 2, 2e6, 1, "solved"),
		// Puzzle 3: 1, 1.5, 1 ms; guesses 2 everywhere.
		formRecord("fragile", "c:3", 0, 1e6, 2, "solved"),
		formRecord("fragile", "c:3", 1, 1.5e6, 2, "solved"),
		formRecord("fragile", "c:3", 2, 1e6, 2, "solved"),
		// Two repetitions of each form: the median of each counts.
		formRecord("steady", "c:1", 0, 1e6, 0, "solved"),
		formRecord("steady", "c:1", 0, 3e6, 0, "solved"),
		formRecord("steady", "c:1", 1, 2e6, 0, "solved"),
		formRecord("steady", "c:1", 1, 2e6, 0, "solved"),
		// A puzzle run in one form only has no spread.
		formRecord("steady", "c:2", 0, 1e6, 0, "solved"),
	}
	tab := RobustnessTable(NewRuns(recs...), CPU)
	if tab == nil || len(tab.Rows) != 2 {
		t.Fatalf("want a row per solver, got %+v", tab)
	}
	for i, want := range [][]string{
		// Time spreads 4, 10 (the limit over 1 ms), 1.5: median 4, worst 10 (c:2).
		// Guess spreads 4/1, 10/2, 1: median 4, worst 5 (c:2).
		{"fragile", "3", "3", "4.00×", "10.0×", "4.00×", "5.00×", "1"},
		{"steady", "1", "2", "1.00×", "1.00×", "1.00×", "1.00×", "0"},
	} {
		if got := tab.Rows[i].Texts(); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("row %d = %q, want %q", i, got, want)
		}
	}
	if notes := strings.Join(tab.Notes, " "); !strings.Contains(notes, "fragile: c:2 (time), c:2 (guesses); steady: – (time), – (guesses)") {
		t.Errorf("notes %q do not name the worst puzzles", notes)
	}
	if !tab.Rows[1].Cells[3].Best || tab.Rows[0].Cells[3].Best {
		t.Error("the steady solver's time spread is not the one marked best")
	}
	if RobustnessTable(NewRuns(recs[len(recs)-1:]...), CPU) != nil {
		t.Error("a robustness table for runs without forms")
	}
}

// TestReportShowsRobustnessOnlyWithForms checks that a report's tables end
// with the robustness table when the runs have forms, and only then.
func TestReportShowsRobustnessOnlyWithForms(t *testing.T) {
	withForms := []record.Record{
		formRecord("s", "c:1", 0, 1e6, 0, "solved"),
		formRecord("s", "c:1", 1, 2e6, 0, "solved"),
	}
	for _, tc := range []struct {
		name string
		recs []record.Record
		want bool
	}{{"forms=1", withForms, true}, {"forms=0", withForms[:1], false}} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New(&Data{Runs: NewRuns(tc.recs...)}, Config{})
			if err != nil {
				t.Fatal(err)
			}
			tables := r.Tables()
			last := tables[len(tables)-1]
			if got := strings.HasPrefix(last.Title, "Robustness"); got != tc.want {
				t.Errorf("last table %q: robustness %v, want %v", last.Title, got, tc.want)
			}
		})
	}
}

// A wide report's tables, asked for twice (a report written in two
// formats), carry their notes once: showing a table must not add its
// notes to the report's own copy.
func TestTablesShownTwiceKeepTheirNotes(t *testing.T) {
	recs := []record.Record{
		formRecord("s", "c:1", 0, 1e6, 0, "solved"),
		formRecord("s", "c:1", 1, 2e6, 0, "solved"),
	}
	r, err := New(&Data{Runs: NewRuns(recs...)}, Config{Wide: true})
	if err != nil {
		t.Fatal(err)
	}
	var first [][]string
	for _, tab := range r.Tables() {
		first = append(first, slices.Clone(tab.Notes))
	}
	for i, tab := range r.Tables() {
		if !slices.Equal(first[i], tab.Notes) {
			t.Errorf("table %q: notes %q, then %q", tab.Title, first[i], tab.Notes)
		}
	}
}
