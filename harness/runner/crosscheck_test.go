package runner

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// outOfTime is a checker whose budget always runs out before it finds
// anything.
type outOfTime struct{}

func (outOfTime) Name() string { return "test/out-of-time" }

func (outOfTime) Settle(context.Context, *sudoku.Grid, int) (int, *sudoku.Grid, bool) {
	return 0, nil, false
}

// userPuzzle is a puzzle from a user's file: no known solution or count,
// so only the oracle can tell a false claim.
func userPuzzle(t *testing.T, line string) corpora.Puzzle {
	t.Helper()
	g, err := sudoku.ParseLine(line, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	return corpora.Puzzle{ID: "user:1", Corpus: "user", Line: 1, Grid: g, Hints: g.Hints(), Solutions: -1}
}

// crossCheckCases are the claims every judging path must settle: lies
// refuted with the oracle's finding, true claims confirmed, and a claim
// the oracle cannot settle in time left as it is, saying so.
var crossCheckCases = []struct {
	name, solver, puzzle string
	checker              verify.CrossChecker
	want                 solvers.Status
	checked              bool
	says                 string
}{
	{"false-unsat", "test/claims-unsat", harnesstest.PuzzleLines[0], dlx.Oracle{}, solvers.Wrong, true,
		"reported unsat, but exactcover/dlx finds a solution: 652483917978162435314975628825736149791824563436519872269348751547291386183657294"},
	{"false-multiple", "test/claims-multiple", harnesstest.PuzzleLines[1], dlx.Oracle{}, solvers.Wrong, true,
		"reported multiple, but exactcover/dlx finds exactly one solution, the one returned"},
	{"true-unsat", "exactcover/dlx", "55" + strings.Repeat(".", 79), dlx.Oracle{}, solvers.Unsat, true, ""},
	{"true-multiple", "exactcover/dlx", strings.Repeat(".", 81), dlx.Oracle{}, solvers.Multiple, true, ""},
	{"out-of-time", "test/claims-unsat", harnesstest.PuzzleLines[0], outOfTime{}, solvers.Unsat, false, ""},
	{"no-checker", "test/claims-unsat", harnesstest.PuzzleLines[0], nil, solvers.Unsat, false, ""},
}

// checkCrossChecked compares a record with its case.
func checkCrossChecked(t *testing.T, rec record.Record, want solvers.Status, checked bool, says string, checker verify.CrossChecker) {
	t.Helper()
	if solvers.Status(rec.Status) != want || rec.CrossChecked != checked || !strings.Contains(rec.Detail, says) {
		t.Errorf("status %s, cross-checked %v, detail %q; want %s, %v, %q", rec.Status, rec.CrossChecked, rec.Detail, want, checked, says)
	}
	wantNote := ""
	if _, late := checker.(outOfTime); late {
		wantNote = "test/out-of-time did not settle it within 5s"
	}
	if rec.CrossCheckNote != wantNote {
		t.Errorf("note %q, want %q", rec.CrossCheckNote, wantNote)
	}
}

func TestExecutorCrossChecksClaims(t *testing.T) {
	reg := harnesstest.Registry()
	for _, c := range crossCheckCases {
		t.Run("claim="+c.name, func(t *testing.T) {
			info, err := reg.Lookup(c.solver)
			if err != nil {
				t.Fatal(err)
			}
			ex := NewExecutor(testLaunch, 10*time.Second, 0).CrossCheckWith(c.checker)
			defer ex.Close()
			rec, _, err := ex.Solve(context.Background(), plan.Run{Key: "k", Solver: info, Puzzle: userPuzzle(t, c.puzzle), Mode: solvers.Unique})
			if err != nil {
				t.Fatal(err)
			}
			checkCrossChecked(t, rec, c.want, c.checked, c.says, c.checker)
		})
	}
}

func TestPoolCrossChecksClaims(t *testing.T) {
	reg := harnesstest.Registry()
	for _, c := range crossCheckCases {
		t.Run("claim="+c.name, func(t *testing.T) {
			info, err := reg.Lookup(c.solver)
			if err != nil {
				t.Fatal(err)
			}
			pool := NewPool(testLaunch, 1).CrossCheckWith(c.checker)
			defer pool.Close()
			run := plan.Run{Solver: info, Puzzle: userPuzzle(t, c.puzzle), Mode: solvers.Unique}
			rec, _, err := pool.Do(context.Background(), run, Limits{Timeout: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			checkCrossChecked(t, rec, c.want, c.checked, c.says, c.checker)
		})
	}
}
