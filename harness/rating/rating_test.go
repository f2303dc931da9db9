package rating

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/encodings/cnf/ladder"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestGrade(t *testing.T) {
	for _, tc := range []struct {
		rating Rating
		label  string
		order  int
	}{
		{Rating{ladder.RatingUPMinimal, 0}, "up-minimal, guesses 0", 0},
		{Rating{ladder.RatingUPExtended, 0.5}, "up-extended, guesses 0-1", 21},
		{Rating{ladder.RatingFailedLiterals, 1}, "failed-literals, guesses 0-1", 41},
		{Rating{ladder.RatingFailedLiterals, 1.125}, "failed-literals, guesses 1-10", 42},
		{Rating{ladder.RatingSearch, 100}, "search, guesses 10-100", 63},
		{Rating{ladder.RatingSearch, 100.5}, "search, guesses 100+", 64},
	} {
		t.Run(fmt.Sprintf("rung=%s/guesses=%g", tc.rating.Rung, tc.rating.Guesses), func(t *testing.T) {
			if g := tc.rating.Grade(); g.Label != tc.label || g.Order != tc.order {
				t.Errorf("grade %q (order %d), want %q (%d)", g.Label, g.Order, tc.label, tc.order)
			}
		})
	}
}

// TestRate checks ratings of puzzles whose rung is known, that a rating
// depends on the puzzle alone and that a form of it climbs the ladder as
// far, and that a puzzle without a solution is refused.
func TestRate(t *testing.T) {
	full := sudoku.PatternGrid(3)
	oneBlank := full.Clone()
	oneBlank.Set(40, 0)
	hard := loadPuzzles(t, "top1465", 3)
	clash := hard[0].Clone()
	clash.Set(0, 5)
	clash.Set(1, 5)
	clash.Set(2, 0)
	r := NewRater()
	t.Run("puzzle=one-blank", func(t *testing.T) {
		got, err := r.Rate(oneBlank)
		if err != nil || got != (Rating{ladder.RatingUPMinimal, 0}) {
			t.Errorf("rating %+v (%v), want up-minimal with no guess", got, err)
		}
	})
	for i, p := range hard {
		t.Run(fmt.Sprintf("puzzle=top1465:%d", i+1), func(t *testing.T) {
			got, err := r.Rate(p)
			if err != nil {
				t.Fatal(err)
			}
			// analyze --inference rates 99.5% of top1465 failed-literals,
			// these among them.
			if got.Rung != ladder.RatingFailedLiterals || got.Guesses <= 0 {
				t.Errorf("rating %+v: want failed-literals, and guesses from propagate/bitboard", got)
			}
			again, _ := NewRater().Rate(p)
			if again != got {
				t.Errorf("rated %+v, then %+v by a fresh rater", got, again)
			}
			form, _ := sudoku.RandomTransform(p.Geometry(), 99).Apply(p)
			if f, err := r.Rate(form); err != nil || f.Rung != got.Rung {
				t.Errorf("a form rated %+v (%v), the puzzle %+v: the rung must not change", f, err, got)
			}
		})
	}
	t.Run("puzzle=clash", func(t *testing.T) {
		if _, err := r.Rate(clash); !errors.Is(err, ladder.ErrNoSolution) {
			t.Errorf("a puzzle with the same given twice in a row: %v, want %v", err, ladder.ErrNoSolution)
		}
	})
}

// TestRateAveragesOverForms checks that the guesses are a mean over the
// rater's forms: one form's guesses are a whole number, and the mean of
// many forms differs from some single form's.
func TestRateAveragesOverForms(t *testing.T) {
	p := loadPuzzles(t, "top1465", 1)[0]
	one, many := NewRater(), NewRater()
	one.Forms, many.Forms = 1, 16
	a, err := one.Rate(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := many.Rate(p)
	if err != nil {
		t.Fatal(err)
	}
	if a.Guesses != float64(int(a.Guesses)) || b.Guesses == float64(int(b.Guesses)) {
		t.Errorf("one form %g guesses, 16 forms %g: want a whole number, then a mean that is not", a.Guesses, b.Guesses)
	}
}

func loadPuzzles(t *testing.T, name string, n int) []*sudoku.Grid {
	t.Helper()
	var out []*sudoku.Grid
	for _, p := range corporatest.First(t, name, n) {
		out = append(out, p.Grid)
	}
	return out
}
