package cnf

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

// satisfied reports whether a model (model[v-1] for variable v) makes a
// clause true.
func satisfied(clause []int, model []bool) bool {
	for _, l := range clause {
		if (l > 0 && model[l-1]) || (l < 0 && !model[-l-1]) {
			return true
		}
	}
	return false
}

// firstRowBlank is the pattern grid with its first row emptied: its only
// solution is the pattern grid.
func firstRowBlank() (puzzle, solution *sudoku.Grid) {
	solution = sudoku.PatternGrid(3)
	puzzle = solution.Clone()
	for c := range 9 {
		puzzle.Set(c, 0)
	}
	return puzzle, solution
}

func TestRefutationBlocksTheSolution(t *testing.T) {
	puzzle, solution := firstRowBlank()
	for _, opt := range []Options{
		{Encoding: Extended}, {Encoding: Minimal}, {Encoding: Extended, AtMostOne: Sequential},
		{Encoding: Extended, Reduce: true}, {Encoding: Minimal, Propagate: true},
	} {
		t.Run("encoding="+opt.String(), func(t *testing.T) {
			inst, err := Pose(puzzle, opt)
			if err != nil {
				t.Fatal(err)
			}
			full := inst.Full()
			f, err := Refutation(puzzle, solution, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Clauses) != len(full.Clauses)+1 || !strings.HasSuffix(f.Comment, "the solution blocked") {
				t.Fatalf("%d clauses (%q), want the %d of the puzzle and the blocking one", len(f.Clauses), f.Comment, len(full.Clauses))
			}
			model := inst.model(solution)
			for i, c := range f.Clauses[:len(f.Clauses)-1] {
				// A sequential counter's auxiliary variables are not set.
				if opt.AtMostOne != Sequential && !satisfied(c, model) {
					t.Fatalf("clause %d %v is false in the solution", i, c)
				}
			}
			block := f.Clauses[len(f.Clauses)-1]
			if satisfied(block, model) {
				t.Errorf("blocking clause %v holds in the solution", block)
			}
			if opt.Reduce || opt.Propagate {
				return
			}
			var want []int
			for c := range 9 {
				want = append(want, -CellVar(9, c, int(solution.Cell(c))))
			}
			if !slices.Equal(block, want) {
				t.Errorf("blocking clause %v, want the first row's digits negated %v", block, want)
			}
		})
	}
}

func TestRefutationOfNoSolutionIsThePuzzle(t *testing.T) {
	puzzle, _ := firstRowBlank()
	opt := Options{Encoding: Extended}
	f, err := Refutation(puzzle, nil, opt)
	inst, _ := Pose(puzzle, opt)
	if err != nil || len(f.Clauses) != len(inst.Full().Clauses) {
		t.Errorf("got %v, want the puzzle's formula", err)
	}
}

func TestRefutationOfAFullGridHoldsTheEmptyClause(t *testing.T) {
	g := sudoku.PatternGrid(3)
	f, err := Refutation(g, g, Options{Encoding: Extended})
	if err != nil || len(f.Clauses[len(f.Clauses)-1]) != 0 {
		t.Errorf("got %v, want the empty clause last", err)
	}
}

func TestRefutationOfContradictoryGivensIsUnreduced(t *testing.T) {
	puzzle, _ := firstRowBlank()
	puzzle.Set(0, int(puzzle.Cell(9))) // r1c1 repeats r2c1's digit
	opt := Options{Encoding: Extended, Reduce: true}
	if _, err := Pose(puzzle, opt); err == nil {
		t.Fatal("the reduction found no contradiction")
	}
	f, err := Refutation(puzzle, nil, opt)
	unreduced, _ := Pose(puzzle, Options{Encoding: Extended})
	if err != nil || f.Vars != 729 || len(f.Clauses) != len(unreduced.Full().Clauses) {
		t.Errorf("got %v, want the unreduced formula", err)
	}
	if _, err := Refutation(puzzle, sudoku.PatternGrid(3), opt); err == nil {
		t.Error("a solution of contradictory givens was taken")
	}
}

func TestRefutationRefusesNativeCardinality(t *testing.T) {
	puzzle, solution := firstRowBlank()
	if _, err := Refutation(puzzle, solution, Options{Encoding: Extended, AtMostOne: Native}); err == nil {
		t.Error("native cardinality constraints taken")
	}
}
