package ladder

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// pinnedSample is the fixed sample whose profiles testdata/ladder-profiles.txt
// pins: every corpus the ladder is reported on, the puzzles at indices 0,
// stride, 2·stride, … of its file (at most n). tdoku-tests holds puzzles
// without a solution, serg puzzles with many. The file was written by the
// code before the ladder was made faster (commit e07d9fa, on a sample of
// which this one keeps a part); a change of sample needs it written again
// by code whose profiles are trusted, not by the code under test.
var pinnedSample = []struct {
	corpus    string
	stride, n int
}{
	{"17-clue.txt", 1638, 30},
	{"top1465.txt", 37, 40},
	{"hardest-1106.txt", 38, 10},
	{"hardest-1905-11plus.txt", 9754, 5},
	{"serg.txt", 2000, 5},
	{"tdoku-tests.txt", 1, 38},
}

// profileCode writes what Rater.Profile returned in a few characters: per
// encoding, weakest first, the weakest inference that solves the puzzle
// on it (U, F, D) or '-'; or the error's kind.
func profileCode(pr Profile, err error) string {
	switch {
	case errors.Is(err, ErrNoSolution):
		return "no-solution"
	case errors.Is(err, ErrBudget):
		return "over-budget"
	case err != nil:
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, e := range cnf.Encodings {
		code := byte('-')
		for _, inf := range Inferences {
			if pr.Solves(e, inf) {
				code = "UFD"[inf]
				break
			}
		}
		b.WriteByte(code)
	}
	return b.String()
}

// pinnedProfile is one line of testdata/ladder-profiles.txt.
type pinnedProfile struct {
	corpus string
	index  int
	hints  int
	code   string
}

func (p pinnedProfile) String() string {
	return fmt.Sprintf("%s %d %d %s", p.corpus, p.index, p.hints, p.code)
}

// profileSample profiles the pinned sample with one rater, as analyze
// --inference does, and tallies it.
func profileSample(t *testing.T) ([]pinnedProfile, *Analysis) {
	a := NewAnalysis()
	var out []pinnedProfile
	raters := map[*sudoku.Geometry]*Rater{}
	for _, s := range pinnedSample {
		for i, p := range everyNth(t, s.corpus, s.stride, s.n) {
			r := raters[p.Geometry()]
			if r == nil {
				r = NewRater(p.Geometry())
				raters[p.Geometry()] = r
			}
			pr, err := r.Profile(p)
			if err := a.Add(p.Hints(), pr, err); err != nil {
				t.Fatalf("%s #%d: %v", s.corpus, i*s.stride, err)
			}
			out = append(out, pinnedProfile{s.corpus, i * s.stride, p.Hints(), profileCode(pr, err)})
		}
	}
	return out, a
}

const pinnedProfilesFile = "testdata/ladder-profiles.txt"

func readPinnedProfiles(t *testing.T) []string {
	f, err := os.Open(pinnedProfilesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestLadderProfilesPinned pins what the inference ladder finds on a fixed
// sample of every corpus: each puzzle's profile (testdata/ladder-profiles.txt,
// written by the code before the ladder was made faster) and the tallies
// analyze --inference prints from them. A change in what any procedure
// derives on any encoding shows here.
func TestLadderProfilesPinned(t *testing.T) {
	t.Parallel()
	got, a := profileSample(t)
	want := readPinnedProfiles(t)
	if len(want) != len(got) {
		t.Fatalf("%d profiles, %s pins %d", len(got), pinnedProfilesFile, len(want))
	}
	for i, p := range got {
		if p.String() != want[i] {
			t.Errorf("profile %q, pinned %q", p, want[i])
		}
	}
	total := a.Total()
	var solved [cnf.Augmented + 1][DoubleLookahead + 1]int
	for _, e := range cnf.Encodings {
		for _, inf := range Inferences {
			solved[e][inf] = total.Solved(e, inf)
		}
	}
	var rated [RatingSearch + 1]int
	for _, r := range Ratings {
		rated[r] = total.Rated(r)
	}
	wantSolved := [cnf.Augmented + 1][DoubleLookahead + 1]int{
		{9, 14, 82}, {9, 14, 82}, {20, 79, 103}, {31, 79, 103},
	}
	wantRated := [RatingSearch + 1]int{9, 0, 11, 11, 48, 24, 15}
	if solved != wantSolved || rated != wantRated || total.Puzzles != 118 || a.NoSolution != 10 || a.OverBudget != 0 {
		t.Errorf("tallies: %d puzzles, solved %v, rated %v, %d without a solution, %d over budget", total.Puzzles, solved, rated, a.NoSolution, a.OverBudget)
	}
}
