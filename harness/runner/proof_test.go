package runner

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

// multiplePuzzle is the first test puzzle with givens removed until it has
// several solutions.
func multiplePuzzle(t *testing.T) corpora.Puzzle {
	pz := harnesstest.Puzzles(t)[0]
	g := pz.Grid.Clone()
	for i := range g.Cells() {
		g.Set(i, 0)
		if dlx.CountSolutions(g, 2) == 2 {
			break
		}
	}
	pz.Grid, pz.ID, pz.Hints = g, "test:multiple", g.Hints()
	return pz
}

func TestProofsCertifyVerdicts(t *testing.T) {
	reg := harnesstest.Registry()
	ex := NewExecutor(testLaunch, 5*time.Second, 0)
	defer ex.Close()
	dir, remove, err := ProofDir()
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	ex.proofs = dir
	easy := harnesstest.Puzzles(t)[0] // unit propagation refutes a second solution
	cases := []struct {
		solver    string
		puzzle    corpora.Puzzle
		mode      solvers.Mode
		status    solvers.Status
		certified string // "true", "false", or "" for absent
		detail    string
	}{
		{"test/proof-empty-clause", easy, solvers.Unique, solvers.Solved, "true", ""},
		{"test/proof-none", easy, solvers.Unique, solvers.Solved, "true", ""},
		{"test/proof-empty-clause", multiplePuzzle(t), solvers.Unique, solvers.Wrong, "false", "DRAT proof rejected: lemma 1 (proof:1) fails: the empty clause does not follow"},
		{"test/proof-none", multiplePuzzle(t), solvers.Unique, solvers.Wrong, "false", "DRAT proof rejected: the proof does not refute the formula"},
		{"test/proof-garbage", easy, solvers.Unique, solvers.Wrong, "false", `DRAT proof unreadable: proof:1: "x" is not a literal`},
		{"test/proof-garbage", easy, solvers.First, solvers.Solved, "", ""},
		{"test/ok", easy, solvers.Unique, solvers.Solved, "", ""},
	}
	for _, c := range cases {
		t.Run("solver="+c.solver+"/puzzle="+c.puzzle.ID+"/mode="+string(c.mode), func(t *testing.T) {
			info, err := reg.Lookup(c.solver)
			if err != nil {
				t.Fatal(err)
			}
			rec, grid, err := ex.Solve(context.Background(), plan.Run{Key: "k", Solver: info, Puzzle: c.puzzle, Mode: c.mode})
			if err != nil {
				t.Fatal(err)
			}
			if solvers.Status(rec.Status) != c.status || harnesstest.CertifiedText(rec) != c.certified || !strings.Contains(rec.Detail, c.detail) {
				t.Errorf("status %s, certified %q (%q); want %s, %q with %q", rec.Status, harnesstest.CertifiedText(rec), rec.Detail, c.status, c.certified, c.detail)
			}
			if (grid != nil) != (c.status == solvers.Solved) {
				t.Errorf("grid %v returned for status %s", grid, rec.Status)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("proof files left behind: %v", entries)
			}
		})
	}
}
