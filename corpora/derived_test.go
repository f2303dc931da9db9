package corpora_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

func TestLookupDerivedRange(t *testing.T) {
	e, err := corpora.Lookup("17-clue+19..28")
	if err != nil {
		t.Fatal(err)
	}
	if !e.Derived() || e.Added != 19 || e.AddedMax != 28 || !e.Unique || !strings.Contains(e.Source, "19 to 28") {
		t.Errorf("got %+v", e)
	}
	if single, _ := corpora.Lookup("17-clue+8"); single.Added != 8 || single.AddedMax != 8 {
		t.Errorf("17-clue+8: got %+v", single)
	}
	for _, bad := range []string{"17-clue+28..19", "17-clue+5..5", "17-clue+0..65", "17-clue+1..x", "17-clue+..4", "17-clue+07..9", "top1465+1..2"} {
		if _, err := corpora.Lookup(bad); err == nil {
			t.Errorf("Lookup(%q) accepted", bad)
		}
	}
}

// TestDerivedRange: each puzzle of 17-clue+a..b is a derived puzzle with
// its own k in a..b, the k spread over the range, the same for the same
// seed, and the hint filter sees each puzzle's own count.
func TestDerivedRange(t *testing.T) {
	const name = "17-clue+19..28"
	opts := corpora.Options{Sample: 30, Seed: 3, Oracle: dlx.Oracle{}}
	var got []corpora.Puzzle
	if _, err := corpora.Load(dataDir, name, opts, collect(&got)); err != nil {
		t.Fatal(err)
	}
	hints := make(map[int]int)
	for i, p := range got {
		if p.Hints < 36 || p.Hints > 45 {
			t.Errorf("%s: %d hints, outside 36-45", p.ID, p.Hints)
		}
		hints[p.Hints]++
		if i < 5 { // each check reads 17-clue for the base puzzle
			checkDerived(t, p, name, p.Hints)
		}
	}
	if len(hints) < 7 {
		t.Errorf("hint counts %v: 30 puzzles should spread over most of the 10 counts", hints)
	}
	if again := sampleIDs(t, name, opts); !slices.Equal(again, puzzleIDs(got)) {
		t.Errorf("same seed, different ids")
	}
	r, _ := corpora.ParseHintRange("44-")
	opts.Hints = r
	var high []corpora.Puzzle
	if _, err := corpora.Load(dataDir, name, opts, collect(&high)); err != nil {
		t.Fatal(err)
	}
	for _, p := range high {
		if p.Hints < 44 {
			t.Errorf("hints 44-: got %s with %d", p.ID, p.Hints)
		}
	}
	if len(high) != 30 {
		t.Errorf("hints 44-: %d puzzles, want a full sample of 30", len(high))
	}
}
