package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
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
	dir, remove, err := proofDir()
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
			if solvers.Status(rec.Status) != c.status || certifiedText(rec) != c.certified || !strings.Contains(rec.Detail, c.detail) {
				t.Errorf("status %s, certified %q (%q); want %s, %q with %q", rec.Status, certifiedText(rec), rec.Detail, c.status, c.certified, c.detail)
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

func certifiedText(rec record.Record) string {
	if rec.Certified == nil {
		return ""
	}
	if *rec.Certified {
		return "true"
	}
	return "false"
}

// TestCadicalVerdictsCertified runs CaDiCaL's pipelines with --certify on
// tdoku's test puzzles: unique, multiple and unsolvable ones.
func TestCadicalVerdictsCertified(t *testing.T) {
	out := t.TempDir()
	cfg := testConfig(out)
	cfg.Solvers, cfg.Corpora, cfg.Limit, cfg.Sample, cfg.Reps, cfg.Certify = "sat/cadical/*", []string{"tdoku-tests"}, 0, 0, 1, true
	cfg.Registry = harnesstest.Registry()
	in, _ := cfg.Registry.Lookup("sat/cadical/extended")
	if err := in.Check(); err != nil {
		t.Skip(err)
	}
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	certified := map[string]int{}
	for _, r := range readRecords(t, out) {
		if r.Status == "unsat" || (r.Status == "solved" && r.Mode == "unique") {
			if r.Certified == nil || !*r.Certified || r.ProofBytes == 0 || r.ProofLemmas == 0 || r.ProofCheckNS == 0 {
				t.Errorf("%s: %s, certified %s, proof %d bytes %d lemmas, checked in %d ns", r.Key(), r.Status, certifiedText(r), r.ProofBytes, r.ProofLemmas, r.ProofCheckNS)
			}
			certified[r.Status]++
		} else if r.Certified != nil {
			t.Errorf("%s: %s, yet certified %s", r.Key(), r.Status, certifiedText(r))
		}
	}
	if certified["solved"] == 0 || certified["unsat"] == 0 {
		t.Errorf("certified %v, want solved and unsat verdicts", certified)
	}
	m, err := record.ReadManifest(filepath.Join(out, record.ManifestFile))
	if err != nil || !m.Plan.Certify {
		t.Errorf("manifest plan does not say certify: %v", err)
	}
}

// TestCorruptDefinedProofIsWrong: a defined pipeline whose program writes
// a proof that does not refute its formula has its unique verdicts made
// wrong, as a built-in pipeline's would be.
func TestCorruptDefinedProofIsWrong(t *testing.T) {
	out := t.TempDir()
	cfg := tinyConfig(out, "sat/cadical-corrupt")
	cfg.Certify = true
	in, _ := cfg.Registry.Lookup("sat/cadical-corrupt")
	if err := in.Check(); err != nil {
		t.Skip(err)
	}
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, out)
	if len(recs) == 0 {
		t.Fatal("no records")
	}
	for _, r := range recs {
		if r.Status != string(solvers.Wrong) || certifiedText(r) != "false" || !strings.Contains(r.Detail, "DRAT proof rejected") {
			t.Errorf("%s: %s, certified %q (%s); want wrong, a rejected proof", r.Key(), r.Status, certifiedText(r), r.Detail)
		}
	}
}

// TestCertifyIsPartOfThePlan: a benchmark is resumed with the
// certification it was started with, and a solver selection that writes
// no proofs is warned of.
func TestCertifyIsPartOfThePlan(t *testing.T) {
	out := t.TempDir()
	cfg := tinyConfig(out, "exactcover/dlx")
	cfg.Certify = true
	sum, err := Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(sum.Warnings, "\n"), "none of the selected solvers writes DRAT proofs") {
		t.Errorf("warnings %q, want one that nothing will be certified", sum.Warnings)
	}
	cfg.Certify, cfg.Resume = false, true
	if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "certify") {
		t.Errorf("resumed without --certify: %v, want a refusal naming certify", err)
	}
}
