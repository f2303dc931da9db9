package solvertest

import (
	"fmt"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Holes puzzles keep the share of givens asked for, differ from one
// another, and are solvable: dlx completes each. Every classic size, and
// the diagonal variant at 9×9 (the conformance suites meet it at every
// size).
func TestHolesPuzzles(t *testing.T) {
	type shape struct {
		box int
		v   sudoku.Variant
	}
	shapes := []shape{{3, sudoku.Diagonal}}
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		shapes = append(shapes, shape{box, sudoku.Classic})
	}
	for _, sh := range shapes {
		geo := sudoku.MustGeometry(sh.box, sh.v)
		t.Run(fmt.Sprintf("size=%d/variant=%s", geo.N, sh.v), func(t *testing.T) {
			puzzles := HolesPuzzles(t, sh.box, sh.v, 0.6, 2, 1)
			if puzzles[0].Equal(puzzles[1]) {
				t.Errorf("two equal puzzles %s", puzzles[0])
			}
			for _, p := range puzzles {
				if p.Geometry().String() != geo.String() || p.Hints() != int(0.6*float64(geo.Cells)+0.5) {
					t.Errorf("%s puzzle with %d hints, want %s with 60%% of %d", p.Geometry(), p.Hints(), geo, geo.Cells)
				}
				if err := Check(dlx.NewSolver(), p, solvers.First, solvers.Solved); err != nil {
					t.Errorf("%s: %v", p, err)
				}
			}
		})
	}
}
