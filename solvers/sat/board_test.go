package sat

import (
	"fmt"
	"slices"
	"testing"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestBoardReductionMatchesReducer checks that the board reducer gives
// gophersat the very problem that cnf.Reducer's reduced formula makes:
// the same verdict on contradictory givens, the same variables, the same
// clauses and constraints with the same literals in the same order, and
// the same formula size — so that the pipelines that use it keep their
// names, their search and their figures' meaning.
func TestBoardReductionMatchesReducer(t *testing.T) {
	puzzles := mixedStream(t, true, first{"17-clue", 40}, first{"top1465", 40}, first{"hardest-1106", 20}, first{"serg", 10})
	puzzles = append(puzzles, diagonalPuzzle(t), blank(sudoku.PatternGrid(2), 2), blank(sudoku.PatternGrid(4), 3), blank(sudoku.PatternGrid(5), 2))
	for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
		for _, ill := range solvertest.IllPosedPuzzles(3, v) {
			puzzles = append(puzzles, ill.Grid)
		}
	}
	for _, amo := range []cnf.AtMostOne{cnf.Pairwise, cnf.Native} {
		opt := cnf.Options{Encoding: cnf.Extended, AtMostOne: amo, Propagate: true}
		encoders := map[*sudoku.Geometry]*cnf.Encoder{}
		reducers := map[*sudoku.Geometry]*boardReducer{}
		var unsat int
		for _, p := range puzzles {
			geo := p.Geometry()
			if encoders[geo] == nil {
				encoders[geo], reducers[geo] = cnf.NewEncoder(geo, opt), newBoardReducer(geo, amo == cnf.Pairwise)
			}
			inst, err := encoders[geo].Encode(p)
			br := reducers[geo]
			if ok := br.reduce(p); ok != (err == nil) {
				t.Fatalf("%s %s: board reduction ok %v, reducer says %v", opt, p, ok, err)
			}
			if err != nil {
				unsat++
				continue
			}
			want, _ := buildProblem(inst.Formula)
			if diff := problemDiff(want, br.problem()); diff != "" {
				t.Fatalf("%s %s: %s", opt, p, diff)
			}
			if br.stats != inst.Stats() {
				t.Fatalf("%s %s: board stats %+v, reducer's %+v", opt, p, br.stats, inst.Stats())
			}
		}
		if unsat == 0 {
			t.Errorf("%s: no sample contradicted by propagation", opt)
		}
	}
}

// problemDiff describes the first difference between two gophersat
// problems' variables and constraints, or returns "".
func problemDiff(want, got *solver.Problem) string {
	if want.NbVars != got.NbVars || len(want.Clauses) != len(got.Clauses) {
		return fmt.Sprintf("%d variables and %d constraints, want %d and %d", got.NbVars, len(got.Clauses), want.NbVars, len(want.Clauses))
	}
	for i, w := range want.Clauses {
		if g := got.Clauses[i]; !slices.Equal(clauseInts(g), clauseInts(w)) || g.Cardinality() != w.Cardinality() {
			return fmt.Sprintf("constraint %d is %v at least %d, want %v at least %d", i, clauseInts(g), g.Cardinality(), clauseInts(w), w.Cardinality())
		}
	}
	return ""
}

func clauseInts(c *solver.Clause) []int32 {
	lits := make([]int32, c.Len())
	for i := range lits {
		lits[i] = c.Get(i).Int()
	}
	return lits
}
