package neural

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestSearchIsComplete runs the network-guided search, with a small
// untrained network (the search must be complete whatever the network
// says), on tdoku's fixture of puzzles with 0, 1 and many solutions.
func TestSearchIsComplete(t *testing.T) {
	pred := NewPredictor(NewRRN(RRNConfig{Hidden: 8, Steps: 2}, rand.New(rand.NewPCG(2, 2))))
	for _, pz := range corporatest.First(t, "tdoku-tests", 0) {
		t.Run(fmt.Sprintf("line=%d/count=%d", pz.Line, pz.Solutions), func(t *testing.T) {
			var board [Cells]uint8
			copy(board[:], pz.Grid.Cells())
			first, found, _, _, _ := pred.Search(context.Background(), board, 2)
			if want := min(pz.Solutions, 2); found != want {
				t.Fatalf("found %d solutions, want %d", found, want)
			}
			if found > 0 {
				sol := sudoku.NewGrid(pz.Grid.Geometry())
				copy(sol.Cells(), first[:])
				if err := sudoku.CheckSolution(pz.Grid, sol); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func TestPropagateFindsSingles(t *testing.T) {
	solution := sudoku.PatternGrid(3)
	var board [Cells]uint8
	copy(board[:], solution.Cells())
	// A blank whose peers hold eight digits is a naked single; blanking a
	// whole box leaves each digit one place by its rows and columns.
	for _, c := range append(sudoku.MustGeometry(3, sudoku.Classic).Units[18].Cells, 80) {
		board[c] = 0
	}
	if !propagate(&board) {
		t.Fatal("contradiction reported on a consistent board")
	}
	for c, d := range board {
		if d != solution.Cells()[c] {
			t.Fatalf("%s = %d after propagation, want %d", solution.Geometry().CellName(c), d, solution.Cells()[c])
		}
	}
	board[0], board[1] = board[1], board[0] // two equal digits in a column now
	if propagate(&board) {
		t.Error("no contradiction reported for a board breaking the rules")
	}
}

// TestSearchConformance runs the suite's contract for complete solvers on
// the network-guided search, on the one shape the networks read.
func TestSearchConformance(t *testing.T) {
	solvertest.Suite{
		New:     pipeline("rrn", searchMethod, 0).New,
		Samples: []solvertest.Sample{{Corpus: "17-clue+20", N: 10}},
		MinBox:  3, MaxBox: 3, ClassicOnly: true,
		// Exhausting a tdoku-tests puzzle takes the shipped network 4 to
		// 12 s of forward passes; TestSearchIsComplete covers all ten with
		// a small network.
		UnsatLines: []int{19},
	}.Run(t)
}

// TestIncompletePipelinesGiveUpOnIllPosedPuzzles: one shot and iterative
// filling give up on givens that contradict each other, in either mode,
// rather than fill a board that no rule allows.
func TestIncompletePipelinesGiveUpOnIllPosedPuzzles(t *testing.T) {
	for _, info := range Pipelines() {
		if !info.Incomplete {
			continue
		}
		for _, p := range solvertest.IllPosedPuzzles(3, sudoku.Classic) {
			t.Run("solver="+info.Name+"/puzzle="+p.Name, func(t *testing.T) {
				if err := solvertest.Check(info.New(), p.Grid, solvers.First, solvers.GaveUp); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

func TestPipelinesRefuseOtherGeometries(t *testing.T) {
	s := &Solver{kind: "rrn", method: OneShot, pred: NewPredictor(NewRRN(RRNConfig{Hidden: 4, Steps: 1}, rand.New(rand.NewPCG(1, 1))))}
	res, err := s.Solve(context.Background(), solvers.Request{Puzzle: sudoku.PatternGrid(2), Mode: solvers.First})
	if err != nil || res.Status != solvers.Error {
		t.Errorf("4×4 puzzle: status %s, error %v; want status error", res.Status, err)
	}
}
