package cnf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
)

// TestProfilePoolMatchesOneRater checks that the pool's tally, on one
// goroutine or several, is the one a single Rater's profiles give,
// puzzles without a solution included.
func TestProfilePoolMatchesOneRater(t *testing.T) {
	t.Parallel()
	puzzles := append(everyNth(t, "top1465.txt", 97, 15), everyNth(t, "tdoku-tests.txt", 1, 38)...)
	want := NewLadderAnalysis()
	r := NewRater(puzzles[0].Geometry())
	for i, p := range puzzles {
		pr, err := r.Profile(p)
		if err := want.Add(p.Hints(), pr, err); err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
	}
	for _, workers := range []int{1, 3} {
		pool := NewProfilePool(workers)
		for i, p := range puzzles {
			pool.Add(fmt.Sprint("puzzle ", i), p.Hints(), p)
		}
		got, err := pool.Close()
		if err != nil {
			t.Fatal(err)
		}
		if g, w := ladderTally(got), ladderTally(want); g != w {
			t.Errorf("%d workers: %s\none rater: %s", workers, g, w)
		}
	}
	if want.NoSolution == 0 {
		t.Errorf("the sample holds no puzzle without a solution: the test checks less than it says")
	}
}

// ladderTally writes out everything a LadderAnalysis counts.
func ladderTally(a *LadderAnalysis) string {
	var b strings.Builder
	for _, bucket := range append(a.Buckets(), a.Total()) {
		fmt.Fprintf(&b, "%+v ", *bucket)
	}
	fmt.Fprintf(&b, "%d without a solution, %d over budget", a.NoSolution, a.OverBudget)
	return b.String()
}

// TestUPAnalysisTallies checks UPAnalysis against each encoding's
// propagator, puzzle by puzzle, on 17-clue puzzles, which naked singles
// alone never solve and hidden singles solve about 45% of, and on top1465
// puzzles of several hint counts.
func TestUPAnalysisTallies(t *testing.T) {
	t.Parallel()
	puzzles := append(everyNth(t, "17-clue.txt", 997, 30), everyNth(t, "top1465.txt", 61, 24)...)
	a := NewUPAnalysis()
	for _, p := range puzzles {
		a.Add(p)
	}
	geo := puzzles[0].Geometry()
	minimal := NewPropagator(Encode(geo, Options{Encoding: Minimal}))
	extended := NewPropagator(Encode(geo, Options{Encoding: Extended}))
	want := map[int]*UPBucket{}
	for _, p := range puzzles {
		b := want[p.Hints()]
		if b == nil {
			b = &UPBucket{Hints: p.Hints()}
			want[p.Hints()] = b
		}
		b.Puzzles++
		if solved, _ := minimal.SolvesPuzzle(p); solved {
			b.solved[Minimal]++
		}
		if solved, _ := extended.SolvesPuzzle(p); solved {
			b.solved[Extended]++
		}
	}
	buckets := a.Buckets()
	if len(buckets) != len(want) || len(buckets) < 3 {
		t.Fatalf("%d buckets, want %d (at least 3)", len(buckets), len(want))
	}
	for i, b := range buckets {
		if i > 0 && buckets[i-1].Hints >= b.Hints {
			t.Errorf("buckets out of order: %d before %d", buckets[i-1].Hints, b.Hints)
		}
		if w := want[b.Hints]; w == nil || *w != *b {
			t.Errorf("bucket %+v, want %+v", *b, w)
		}
	}
	if b := want[17]; b.Solved(Extended) == 0 || b.Solved(Minimal) != 0 {
		t.Errorf("17 hints: %+v; hidden singles solve some, naked singles none", *b)
	}
	if total := a.Total(); total.Hints != -1 || total.Puzzles != len(puzzles) {
		t.Errorf("total %+v", *total)
	}
}

// TestPublishedShares checks that the published figures name shipped
// corpora, give tdoku's unit-propagation share on every encoding, and
// that PublishedShare finds them.
func TestPublishedShares(t *testing.T) {
	for name, shares := range publishedShares {
		if _, err := corpora.Lookup(name); err != nil {
			t.Errorf("published figures for %q: %v", name, err)
		}
		for _, e := range Encodings {
			if s := shares[Rung{e, UnitPropagation}]; !strings.HasSuffix(s, "% (tdoku)") {
				t.Errorf("%s, unit propagation on %s: %q, want tdoku's share", name, e, s)
			}
		}
	}
	for _, tt := range []struct {
		corpus string
		rung   Rung
		want   string
	}{
		{"17-clue", Rung{Extended, UnitPropagation}, "44.5% (tdoku)"},
		{"17-clue", Rung{Extended, FailedLiterals}, "all or nearly all (Lynce & Ouaknine)"},
		{"top1465", Rung{Augmented, UnitPropagation}, "4.0% (tdoku)"},
		{"top1465", Rung{Augmented, FailedLiterals}, ""},
		{"norvig-top95", Rung{Minimal, UnitPropagation}, ""},
	} {
		if got := PublishedShare(tt.corpus, tt.rung); got != tt.want {
			t.Errorf("%s, %s: %q, want %q", tt.corpus, tt.rung, got, tt.want)
		}
	}
}
