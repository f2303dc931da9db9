package verify

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// What a run establishes, held against what its corpus lists: a verified
// grid shows a solution, one other than the listed solution shows two, a
// multiple says two, a unique-mode solved says one; a first-mode run
// establishes no count. A contradiction puts the corpus in doubt (the
// status stays, the record says so), except a unique-mode solved whose
// grid is not the listed solution: the corpus's verified grid refutes it.
func TestCorpusClaimsAreHeldToTheRun(t *testing.T) {
	const solutionA = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	a := sudokutest.Parse(t, solutionA, sudoku.Classic)
	b := sudokutest.Parse(t, strings.NewReplacer("1", "2", "2", "1").Replace(solutionA), sudoku.Classic) // another solution of the empty grid
	empty := sudoku.NewGrid(a.Geometry())
	tests := []struct {
		name       string
		corpus     string
		listed     int          // the line's count, -1 none
		solution   *sudoku.Grid // the line's solution, nil none
		status     solvers.Status
		mode       solvers.Mode
		checked    bool
		grid       *sudoku.Grid
		wantStatus solvers.Status
		says       string // in CorpusContradiction; "" none
	}{
		{"listed=0/solved", "user", 0, nil, solvers.Solved, solvers.First, false, a, solvers.Solved, "the corpus lists no solution, but this run found one"},
		{"listed=1/first-mode/another-solution", "user", 1, a, solvers.Solved, solvers.First, false, b, solvers.Solved, "as the puzzle's only solution, but this run found another that verifies"},
		{"listed=1/unique-mode/another-solution", "user", 1, a, solvers.Solved, solvers.Unique, false, b, solvers.Wrong, "as the puzzle's only solution, but this run found another"},
		{"listed=none/csv-solution/unique-mode/another", "user", -1, a, solvers.Solved, solvers.Unique, false, b, solvers.Wrong, "only solution"},
		{"listed=1/unique-mode/the-solution", "user", 1, a, solvers.Solved, solvers.Unique, false, a, solvers.Solved, ""},
		{"listed=2/unique-mode/solved", "user", 2, nil, solvers.Solved, solvers.Unique, false, a, solvers.Solved, "the corpus lists 2 solutions, but this unique-mode run found exactly one"},
		{"listed=2/first-mode/solved", "user", 2, nil, solvers.Solved, solvers.First, false, a, solvers.Solved, ""},
		{"listed=2/unique-mode/another-of-two", "user", 2, a, solvers.Solved, solvers.Unique, false, b, solvers.Wrong, ""},
		{"listed=1/multiple/cross-checked", "user", 1, nil, solvers.Multiple, solvers.Unique, true, a, solvers.Multiple, "the corpus lists 1 solution, but this run found two, which the cross-check confirmed"},
		{"listed=1/multiple/unchecked", "user", 1, nil, solvers.Multiple, solvers.Unique, false, a, solvers.Multiple, "found two, not cross-checked"},
		{"listed=2/multiple", "user", 2, nil, solvers.Multiple, solvers.Unique, true, a, solvers.Multiple, ""},
		{"listed=1/wrong", "user", 1, nil, solvers.Wrong, solvers.Unique, false, nil, solvers.Wrong, ""},
		{"holes/another-solution", "holes-9@0.40", -1, a, solvers.Solved, solvers.First, false, b, solvers.Solved, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pz := corpora.Puzzle{ID: tt.corpus + ":1", Corpus: tt.corpus, Line: 1, Grid: empty, Solutions: tt.listed, Solution: tt.solution}
			rec := record.Record{Status: string(tt.status), Mode: string(tt.mode), CrossChecked: tt.checked}
			grid := CheckCorpusClaims(&rec, plan.Run{Puzzle: pz, Mode: tt.mode}, tt.grid)
			if solvers.Status(rec.Status) != tt.wantStatus || (grid == nil) != (tt.wantStatus != solvers.Solved && tt.wantStatus != solvers.Multiple) {
				t.Errorf("status %s (%s), grid %v; want %s", rec.Status, rec.Detail, grid, tt.wantStatus)
			}
			if tt.wantStatus != tt.status && !strings.HasPrefix(rec.Detail, "reported the only solution, but the corpus lists another that verifies: "+solutionA) {
				t.Errorf("detail %q, want the corpus's solution named", rec.Detail)
			}
			if (tt.says == "") != (rec.CorpusContradiction == "") || !strings.Contains(rec.CorpusContradiction, tt.says) {
				t.Errorf("corpus contradiction %q, want %q", rec.CorpusContradiction, tt.says)
			}
		})
	}
}

// TestCheckOriginal checks that a solution of a form that does not map
// back onto a solution of the corpus's puzzle makes the run wrong, and
// that one that does passes.
func TestCheckOriginal(t *testing.T) {
	puzzles := harnesstest.Puzzles(t)
	p, other := puzzles[0], puzzles[1]
	fp, tr, err := plan.FormOf(p, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	sol := harnesstest.SolveOnce(t, fp.Grid)
	for _, tc := range []struct {
		name     string
		original *sudoku.Grid
		wrong    bool
	}{
		{"original=its-own", p.Grid, false},
		{"original=another-puzzle", other.Grid, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := record.Record{Status: string(solvers.Solved)}
			got := CheckOriginal(&rec, plan.Run{Form: 1, Transform: tr, Original: tc.original}, sol)
			if wrong := rec.Status == string(solvers.Wrong); wrong != tc.wrong || (got == nil) != tc.wrong {
				t.Errorf("status %s (%s), solution kept %v; want wrong %v", rec.Status, rec.Detail, got != nil, tc.wrong)
			}
			if tc.wrong && !strings.Contains(rec.Detail, "mapped back") {
				t.Errorf("detail %q does not say the solution was mapped back", rec.Detail)
			}
		})
	}
}
