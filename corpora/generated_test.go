package corpora_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A generated corpus yields the puzzles its name asks for: the side, the
// givens, solvable (holes) or unique (unique), the same for the same seed
// and line, others for another seed.
func TestGeneratedCorpora(t *testing.T) {
	for _, c := range []struct {
		name        string
		side, hints int
	}{
		{"holes-9@0.30", 9, 24}, {"holes-16@0.40", 16, 102}, {"holes-25@0.5", 25, 313}, {"holes-36@0.45", 36, 583},
		{"unique-9@0.40", 9, 32}, {"unique-16@0.55", 16, 141},
	} {
		t.Run("corpus="+c.name, func(t *testing.T) {
			opts := corpora.Options{Sample: 3, Seed: 5, Oracle: dlx.Oracle{}}
			var got []corpora.Puzzle
			if _, err := corpora.Load(dataDir, c.name, opts, collect(&got)); err != nil {
				t.Fatal(err)
			}
			if len(got) != 3 {
				t.Fatalf("%d puzzles, want 3", len(got))
			}
			for _, p := range got {
				checkGeneratedPuzzle(t, p, c.name, c.side, c.hints)
			}
			var again []corpora.Puzzle
			if _, err := corpora.Load(dataDir, c.name, opts, collect(&again)); err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if got[i].ID != again[i].ID || !got[i].Grid.Equal(again[i].Grid) {
					t.Errorf("same seed: %s and %s differ", got[i].ID, again[i].ID)
				}
			}
			var other []corpora.Puzzle
			if _, err := corpora.Load(dataDir, c.name, corpora.Options{Limit: 1, Seed: 6, Oracle: dlx.Oracle{}}, collect(&other)); err != nil {
				t.Fatal(err)
			}
			var first []corpora.Puzzle
			if _, err := corpora.Load(dataDir, c.name, corpora.Options{Limit: 1, Seed: 5, Oracle: dlx.Oracle{}}, collect(&first)); err != nil {
				t.Fatal(err)
			}
			if other[0].ID != first[0].ID || other[0].Grid.Equal(first[0].Grid) {
				t.Errorf("line 1 under seeds 5 and 6: ids %s and %s, same grid %v", first[0].ID, other[0].ID, other[0].Grid.Equal(first[0].Grid))
			}
		})
	}
}

func checkGeneratedPuzzle(t *testing.T, p corpora.Puzzle, name string, side, hints int) {
	t.Helper()
	switch {
	case !strings.HasPrefix(p.ID, name+":"):
		t.Errorf("id %s, want %s:LINE", p.ID, name)
	case p.Grid.Geometry().N != side || p.Grid.Hints() != hints || p.Hints != hints:
		t.Errorf("%s: side %d with %d hints (field %d), want %d and %d", p.ID, p.Grid.Geometry().N, p.Grid.Hints(), p.Hints, side, hints)
	}
	if err := sudoku.CheckSolution(p.Grid, p.Solution); err != nil {
		t.Errorf("%s: the known solution does not solve it: %v", p.ID, err)
	}
	if strings.HasPrefix(name, corpora.UniqueKind) {
		if n := dlx.CountSolutions(p.Grid, 2); n != 1 || p.Solutions != 1 {
			t.Errorf("%s: %d solutions (field %d), want 1", p.ID, n, p.Solutions)
		}
	} else if p.Solutions != -1 {
		t.Errorf("%s: solutions %d, want -1 (unknown)", p.ID, p.Solutions)
	}
}

// Bad names of generated corpora are refused with what is wrong.
func TestGeneratedCorpusErrors(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"holes-16", "KIND-SIDE@SHARE"},
		{"holes-15@0.4", "side 15"},
		{"holes-x@0.4", `side "x"`},
		{"holes-16@0", "above 0 and at most 1"},
		{"holes-16@1.5", "above 0 and at most 1"},
		{"unique-9@abc", "above 0 and at most 1"},
		{"unique-9@0.1", "fewer than 17"},
		{"holes-9@0.001", "leaves no given"},
	} {
		t.Run("corpus="+c.name, func(t *testing.T) {
			_, err := corpora.Lookup(c.name)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

// corpora show's provenance of a generated corpus is its kind's section.
func TestGeneratedProvenance(t *testing.T) {
	for _, kind := range []string{corpora.HolesKind, corpora.UniqueKind} {
		name := fmt.Sprintf("%s-16@0.50", kind)
		if p := corpora.Provenance(name); !strings.Contains(p, "No file: generated") {
			t.Errorf("%s: provenance %q", name, p)
		}
	}
	if !slices.Contains(corpora.GeneratedSides, 36) {
		t.Error("36 is not a generated side")
	}
}
