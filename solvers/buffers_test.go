package solvers

import (
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// A transient request's result reuses the buffers, emptied; any other
// request's gets its own, which later solves leave alone.
func TestResultBuffers(t *testing.T) {
	nine := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	sixteen := sudoku.NewGrid(sudoku.MustGeometry(4, sudoku.Classic))
	transient := Request{Puzzle: nine, Mode: Unique, Transient: true}
	var b ResultBuffers

	c := b.Counters(transient)
	SetSearchCounters(c, 3, 1)["restarts"] = 2
	m := b.Model(transient)
	m["items"] = 324
	g := b.Grid(transient)
	again := b.Counters(transient)
	if len(again) != 0 || len(b.Model(transient)) != 0 {
		t.Errorf("second transient counters %v, model %v: want both empty", again, b.Model(transient))
	}
	again[string(Nodes)] = 9
	if c[string(Nodes)] != 9 || b.Grid(transient) != g {
		t.Error("a transient request got new buffers, want the solver's own")
	}

	kept := Request{Puzzle: nine, Mode: Unique}
	own := b.Counters(kept)
	SetSearchCounters(own, 5, 2)
	b.Counters(transient)[string(Nodes)] = 1
	if own[string(Nodes)] != 5 || len(own) != 2 {
		t.Errorf("a kept result's counters %v changed with the buffers", own)
	}
	if b.Grid(kept) == g || b.Counters(kept) == nil {
		t.Error("a request that is not transient got the solver's grid")
	}

	big := b.Grid(Request{Puzzle: sixteen, Transient: true})
	if big.Geometry() != sixteen.Geometry() || b.Grid(transient).Geometry() != nine.Geometry() {
		t.Error("the grid's geometry does not follow the puzzle's")
	}
}
