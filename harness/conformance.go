package harness

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// CheckCase is one check of a pipeline's conformance: puzzles, the mode
// they run in, and the status each must get.
type CheckCase struct {
	Name    string
	Puzzles []corpora.Puzzle
	Mode    solvers.Mode
	Want    solvers.Status
	// Skip, when set, says why the pipeline is not checked this way.
	Skip string
}

// CheckOutcome is what a case found.
type CheckOutcome struct {
	Case   CheckCase
	Passed int
	// Failures say, per failing puzzle, what came back: the status, its
	// detail (with the program's output for an error), and what was wanted.
	Failures []string
}

// OK reports whether every puzzle of the case passed.
func (o CheckOutcome) OK() bool { return len(o.Failures) == 0 }

// generatedHints are the hint counts of the generated puzzles per box
// size: unique, and far from the hardest, so that a check tests the
// contract rather than the engine's strength.
var generatedHints = map[int]int{2: 6, 3: 30, 4: 160, 5: 450, 6: 900}

// ConformanceCases is the set a pipeline is checked on before anyone
// benchmarks it: solvable 9×9 puzzles (17-clue) in first mode and, where
// the pipeline can prove uniqueness, in unique mode; puzzles with many
// solutions (serg), which unique mode must call multiple; unsolvable ones
// (tdoku-tests), which a complete solver must call unsat; generated puzzles
// of the other sides asked for, and of the diagonal variant. Cases the
// pipeline cannot take (sizes, variants, unique mode) are skipped, saying
// why.
func ConformanceCases(info solvers.Info, corporaDir string, oracle corpora.Oracle, sides []int) ([]CheckCase, error) {
	dir, err := corpora.FindDir(corporaDir)
	if err != nil {
		return nil, err
	}
	load := func(name string, n int, keep func(corpora.Puzzle) bool) ([]corpora.Puzzle, error) {
		var out []corpora.Puzzle
		_, err := corpora.Load(dir, name, corpora.Options{Oracle: oracle}, func(p corpora.Puzzle) error {
			if len(out) < n && keep(p) {
				out = append(out, p)
			}
			return nil
		})
		return out, err
	}
	all := func(corpora.Puzzle) bool { return true }
	clues, err := load("17-clue", 3, all)
	if err != nil {
		return nil, err
	}
	serg, err := load("serg", 2, all)
	if err != nil {
		return nil, err
	}
	unsat, err := load("tdoku-tests", 2, func(p corpora.Puzzle) bool { return p.Solutions == 0 })
	if err != nil {
		return nil, err
	}
	classic9 := sudoku.MustGeometry(3, sudoku.Classic)
	cases := []CheckCase{
		{Name: "17-clue, 9×9, first mode", Puzzles: clues, Mode: solvers.First, Want: solvers.Solved},
		{Name: "17-clue, 9×9, unique mode", Puzzles: clues, Mode: solvers.Unique, Want: solvers.Solved},
		{Name: "serg (several solutions), first mode", Puzzles: serg, Mode: solvers.First, Want: solvers.Solved},
		{Name: "serg (several solutions), unique mode", Puzzles: serg, Mode: solvers.Unique, Want: solvers.Multiple},
		{Name: "tdoku-tests (no solution), first mode", Puzzles: unsat, Mode: solvers.First, Want: solvers.Unsat},
	}
	for i := range cases {
		cases[i].Skip = skipReason(info, classic9, cases[i])
	}
	more, err := generatedCases(info, oracle, sides)
	return append(cases, more...), err
}

// generatedCases are the generated puzzles of each side asked for (9×9
// classic is the corpora's) and of the diagonal variant, in unique mode
// where the pipeline can run it.
func generatedCases(info solvers.Info, oracle corpora.Oracle, sides []int) ([]CheckCase, error) {
	var cases []CheckCase
	mode := info.ModeFor(solvers.Unique)
	for _, side := range sides {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			if side == 9 && v == sudoku.Classic {
				continue
			}
			geo, err := sudoku.GeometryForSide(side, v)
			if err != nil {
				return nil, err
			}
			c := CheckCase{Name: fmt.Sprintf("generated %s, %s mode", geo, mode), Mode: mode, Want: solvers.Solved}
			if c.Skip = skipReason(info, geo, c); c.Skip == "" {
				if c.Puzzles, err = generated(oracle, geo); err != nil {
					return nil, err
				}
			}
			cases = append(cases, c)
		}
	}
	return cases, nil
}

// skipReason says why a pipeline is not checked on a case: a geometry it
// does not take, unique mode it cannot run, unsat it cannot prove.
func skipReason(info solvers.Info, geo *sudoku.Geometry, c CheckCase) string {
	switch {
	case !info.Takes(geo):
		return fmt.Sprintf("%s does not take %s puzzles", info.Name, geo)
	case c.Mode == solvers.Unique && info.ModeFor(solvers.Unique) != solvers.Unique:
		return fmt.Sprintf("%s runs in first mode only", info.Name)
	case c.Want == solvers.Unsat && info.Incomplete:
		return fmt.Sprintf("%s is incomplete: it cannot prove a puzzle unsolvable", info.Name)
	}
	return ""
}

// generatedCount is how many generated puzzles a case holds.
const generatedCount = 2

// generated makes unique puzzles of a geometry with the suite's generator.
func generated(oracle corpora.Oracle, geo *sudoku.Geometry) ([]corpora.Puzzle, error) {
	gen, err := corpora.NewGenerator(oracle, corpora.GenerateOptions{Box: geo.Box, Variant: geo.Variant, Hints: generatedHints[geo.Box], Seed: uint64(geo.N)})
	if err != nil {
		return nil, err
	}
	var out []corpora.Puzzle
	for i := range generatedCount {
		g, err := gen.Next()
		if err != nil {
			return nil, fmt.Errorf("generating %s puzzles: %w", geo, err)
		}
		out = append(out, corpora.Puzzle{
			ID: fmt.Sprintf("generated-%d-%s:%d", geo.N, geo.Variant, i+1), Corpus: "generated",
			Line: i + 1, Grid: g, Hints: g.Hints(), Solutions: 1,
		})
	}
	return out, nil
}

// CheckConformance runs each case that is not skipped through ex, a
// worker of the pipeline under ex's limits with every answer verified, and
// calls report with each case's outcome as it ends. The error says ctx was
// cancelled.
func CheckConformance(ctx context.Context, ex *runner.Executor, info solvers.Info, cases []CheckCase, report func(CheckOutcome)) error {
	for _, c := range cases {
		o := CheckOutcome{Case: c}
		if c.Skip == "" {
			for _, p := range c.Puzzles {
				rec, err := ex.Do(ctx, plan.Run{Solver: info, Puzzle: p, Mode: info.ModeFor(c.Mode), Seed: DefaultSeed})
				if err != nil {
					return err
				}
				if solvers.Status(rec.Status) == c.Want {
					o.Passed++
					continue
				}
				detail := ""
				if rec.Detail != "" {
					detail = " (" + rec.Detail + ")"
				}
				o.Failures = append(o.Failures, fmt.Sprintf("%s: %s%s, want %s", p.ID, rec.Status, detail, c.Want))
			}
		}
		report(o)
	}
	return nil
}
