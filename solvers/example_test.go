package solvers_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A new engine joins a registry as an Info: its name, family and how to
// make one. Select then finds it by name, by prefix or as "pure" (every
// pure-Go pipeline that is not opt-in), as run --solvers does.
func ExampleRegistry() {
	reg := solvers.NewRegistry()
	for _, in := range dlx.Pipelines() {
		if err := reg.Add(in); err != nil {
			fmt.Println(err)
			return
		}
	}
	// An engine of one's own, here a deliberately weak one: it answers a
	// grid with every cell given and gives up on any other (Incomplete).
	givenOnly := solvers.SolverFunc(func(_ context.Context, req solvers.Request) (solvers.Result, error) {
		if req.Puzzle.Hints() < len(req.Puzzle.Cells()) {
			return solvers.Result{Status: solvers.GaveUp, Detail: "not every cell is given"}, nil
		}
		return solvers.Result{Status: solvers.Solved, Solution: req.Puzzle.Clone()}, nil
	})
	err := reg.Add(solvers.Info{
		Name: "direct/given-only", Family: "direct", PureGo: true, Incomplete: true,
		New: func() solvers.Solver { return givenOnly },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, list := range []string{"pure", "direct/*", "exactcover/dlx"} {
		infos, err := reg.Select(list)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(list, ":")
		for _, in := range infos {
			fmt.Print(" ", in.Name)
		}
		fmt.Println()
	}

	info, _ := reg.Lookup("direct/given-only")
	puzzle := sudoku.PatternGrid(2)
	puzzle.Set(0, 0)
	res, err := info.New().Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: solvers.First})
	fmt.Println(res.Status, res.Detail, err)
	// Output:
	// pure: direct/given-only exactcover/dlx
	// direct/*: direct/given-only
	// exactcover/dlx: exactcover/dlx
	// gave-up not every cell is given <nil>
}
