// Package sudokutest holds what tests across the module share to make
// grids: a literal puzzle line parsed (or the test failed), and a full grid
// with cells emptied at random; and to check a computed figure: Near.
//
// It imports nothing of the module but sudoku, so that the tests of every
// package above it can use it, an engine's own package tests included.
// Emptying a number of cells, as the holes corpora do, is corpora.Holes.
package sudokutest

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Parse reads a puzzle or solution line of the given variant, failing tb
// on any error: for the literal lines tests hold.
func Parse(tb testing.TB, line string, v sudoku.Variant) *sudoku.Grid {
	tb.Helper()
	g, err := sudoku.ParseLine(line, v)
	if err != nil {
		tb.Fatalf("parsing %q: %v", line, err)
	}
	return g
}

// Blank returns a copy of full with each cell emptied with probability p,
// each draw from rng in cell order.
func Blank(full *sudoku.Grid, p float64, rng *rand.Rand) *sudoku.Grid {
	g := full.Clone()
	for i := range g.Cells() {
		if rng.Float64() < p {
			g.Set(i, 0)
		}
	}
	return g
}

// Near reports whether a computed figure a is within tol of the expected
// b: NaN is near only NaN, and an infinity only itself.
func Near(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}
