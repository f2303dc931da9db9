package solvertest

import (
	"context"
	"errors"

	"github.com/sudokubench/sudokubench/solvers"
)

// The planted faulty solvers below misbehave as engines do in the field,
// for the tests of what runs engines (the harness, the server) to plant in
// their registries: each fault must end as its own status, never as a
// verified answer or a dead run.

// FillWithOnes claims as solved the puzzle with a 1 in every empty cell:
// an answer that breaks the rules, which verification must catch.
func FillWithOnes(_ context.Context, req solvers.Request) (solvers.Result, error) {
	g := req.Puzzle.Clone()
	for i := range g.Cells() {
		if g.Cell(i) == 0 {
			g.Set(i, 1)
		}
	}
	return solvers.Result{Status: solvers.Solved, Solution: g}, nil
}

// ClaimsUnsat calls every puzzle unsatisfiable: a lie on a solvable one.
func ClaimsUnsat(context.Context, solvers.Request) (solvers.Result, error) {
	return solvers.Result{Status: solvers.Unsat}, nil
}

// SpinForever ignores its context, as an engine that cannot be
// interrupted: only killing its process ends it.
func SpinForever(context.Context, solvers.Request) (solvers.Result, error) {
	for x := 0; ; x++ {
		if x < 0 {
			return solvers.Result{}, errors.New("unreachable")
		}
	}
}

// PlantedPanic is what Panic panics with.
const PlantedPanic = "planted panic"

// Panic panics with PlantedPanic, as an engine with a bug.
func Panic(context.Context, solvers.Request) (solvers.Result, error) {
	panic(PlantedPanic)
}
