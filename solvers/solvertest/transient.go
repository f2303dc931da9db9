package solvertest

import (
	"context"
	"maps"
	"testing"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// CheckTransient solves each puzzle twice with s, once as a request whose
// result the caller keeps and once as a transient one
// (solvers.Request.Transient), and reports as test errors a transient
// result that differs from the kept one (phases aside), and a kept result
// that the transient solves after it changed.
func CheckTransient(t *testing.T, s solvers.Solver, puzzles []*sudoku.Grid, mode solvers.Mode) {
	t.Helper()
	type kept struct {
		res      solvers.Result
		solution string
		counters solvers.Counters
		model    map[string]int
	}
	var all []kept
	for i, p := range puzzles {
		req := solvers.Request{Puzzle: p, Mode: mode, Seed: 1}
		res, err := s.Solve(context.Background(), req)
		if err != nil {
			t.Fatalf("puzzle %d %s: %v", i+1, p, err)
		}
		k := kept{res: res, solution: gridString(res.Solution), counters: maps.Clone(res.Counters), model: maps.Clone(res.Model)}
		all = append(all, k)
		req.Transient = true
		tr, err := s.Solve(context.Background(), req)
		if err != nil {
			t.Fatalf("puzzle %d %s, transient: %v", i+1, p, err)
		}
		if tr.Status != res.Status || tr.Detail != res.Detail || gridString(tr.Solution) != k.solution ||
			!maps.Equal(tr.Counters, k.counters) || !maps.Equal(tr.Model, k.model) {
			t.Errorf("puzzle %d %s: transient result %s %v %v %s, kept %s %v %v %s", i+1, p,
				tr.Status, tr.Counters, tr.Model, gridString(tr.Solution), res.Status, res.Counters, res.Model, k.solution)
		}
	}
	for i, k := range all {
		if gridString(k.res.Solution) != k.solution || !maps.Equal(k.res.Counters, k.counters) || !maps.Equal(k.res.Model, k.model) {
			t.Errorf("puzzle %d: the kept result changed to %v %v %s", i+1, k.res.Counters, k.res.Model, gridString(k.res.Solution))
		}
	}
}

// gridString is a grid's line, "" for none.
func gridString(g *sudoku.Grid) string {
	if g == nil {
		return ""
	}
	return g.String()
}
