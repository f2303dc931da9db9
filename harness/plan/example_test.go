package plan_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Planning a run: every puzzle meets every solver that takes its
// geometry, in the puzzle itself and each equivalent form, once per
// repetition. A solver limited to some geometries leaves the others out,
// and the plan says so: here dlx takes all 20 puzzles and the 9×9-only
// solver 10, so 30 pairs, each twice (one form beside the puzzle) and
// three times over.
func ExamplePlanSize() {
	var puzzles []corpora.Puzzle
	for _, name := range []string{"norvig-top95", "holes-16@0.40"} {
		_, err := corpora.Load("", name, corpora.Options{Limit: 10, Oracle: dlx.Oracle{}}, func(p corpora.Puzzle) error {
			puzzles = append(puzzles, p)
			return nil
		})
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	nineOnly := solvers.Info{
		Name: "example/nine-only", Family: "direct", PureGo: true,
		New:      func() solvers.Solver { return dlx.NewSolver() },
		Supports: func(geo *sudoku.Geometry) bool { return geo.N == 9 },
	}
	infos := append(dlx.Pipelines(), nineOnly)

	runs, err := plan.PlanSize(puzzles, infos, 3, 1)
	fmt.Println(runs, "runs,", err)
	for _, l := range plan.LeftOut(puzzles, infos) {
		fmt.Printf("%s leaves out %d %s puzzles of %s\n", l.Solver, l.Puzzles, l.Geometry, l.Corpus)
	}
	// Output:
	// 180 runs, <nil>
	// example/nine-only leaves out 10 16×16 classic puzzles of holes-16@0.40
}
