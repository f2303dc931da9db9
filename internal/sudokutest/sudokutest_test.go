package sudokutest

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

func TestParse(t *testing.T) {
	g := Parse(t, "1...............", sudoku.Classic)
	if g.N() != 4 || g.Cell(0) != 1 || g.Hints() != 1 {
		t.Errorf("Parse(1 and 15 dots) = %s (%d hints)", g, g.Hints())
	}
}

// Blank empties none of the cells at p = 0, all at p = 1, and about half at
// p = 0.5, leaving the rest and full itself as they were.
func TestBlank(t *testing.T) {
	full := sudoku.PatternGrid(3)
	rng := rand.New(rand.NewPCG(1, 2))
	if g := Blank(full, 0, rng); g.Hints() != 81 {
		t.Errorf("p=0: %d hints, want 81", g.Hints())
	}
	if g := Blank(full, 1, rng); g.Hints() != 0 {
		t.Errorf("p=1: %d hints, want 0", g.Hints())
	}
	half := Blank(full, 0.5, rng)
	if h := half.Hints(); h < 25 || h > 56 {
		t.Errorf("p=0.5: %d hints, want about 40", h)
	}
	if err := sudoku.CheckSolution(half, full); err != nil {
		t.Errorf("the blanked grid is not a puzzle of the full one: %v", err)
	}
	if full.Hints() != 81 {
		t.Error("Blank changed full")
	}
}

func TestNear(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		a, b, tol float64
		want      bool
	}{
		{1, 1.05, 0.1, true}, {1, 1.2, 0.1, false}, {nan, nan, 0, true}, {nan, 1, 1e9, false},
		{inf, inf, 0, true}, {inf, 1e300, 1e300, false}, {-inf, inf, 0, false},
	} {
		if got := Near(c.a, c.b, c.tol); got != c.want {
			t.Errorf("Near(%g, %g, %g) = %v, want %v", c.a, c.b, c.tol, got, c.want)
		}
	}
}
