package harness

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/defs"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

// addProofSolvers registers planted pipelines that claim to write DRAT
// proofs of the extended encoding, CaDiCaL's shipped definitions, and a
// definition whose program corrupts CaDiCaL's proofs.
func addProofSolvers(reg *solvers.Registry) {
	spec := &solvers.ProofSpec{Encoding: cnf.Options{Encoding: cnf.Extended}}
	planted := map[string]string{
		"test/proof-empty-clause": "0\n", // refutes what unit propagation refutes
		"test/proof-none":         "",    // writes no proof
		"test/proof-garbage":      "1 x 0\n",
	}
	for name, proof := range planted {
		f := firstSolutionProving(proof)
		if err := reg.Add(solvers.Info{Name: name, Family: "sat", PureGo: true, Proofs: spec, New: func() solvers.Solver { return f }}); err != nil {
			panic(err)
		}
	}
	corrupt, err := defs.Parse("corrupt.toml", []byte(corruptProofDefinition))
	if err != nil {
		panic(err)
	}
	for _, f := range append(defs.Shipped(), corrupt) {
		for _, d := range f.Definitions {
			if d.Proof == "" {
				continue
			}
			if err := reg.Add(d.Info()); err != nil {
				panic(err)
			}
		}
	}
}

// corruptProofDefinition is CaDiCaL defined to write proofs, by a wrapper
// that answers as CaDiCaL does and then puts the empty clause alone in
// place of CaDiCaL's proof: a refutation only where unit propagation
// refutes the formula.
const corruptProofDefinition = `[[solver]]
name    = "sat/cadical-corrupt"
input   = "cnf"
command = ["sh", "-c", "cadical -q \"$1\" \"$2\"; code=$?; echo 0 > \"$2\"; exit $code", "sh", "{input}", "{proof}"]
output  = "sat-competition"
unique  = "block"
proof   = "drat"
`

// firstSolutionProving returns the first solution dlx finds as unique,
// whatever the puzzle, and writes proof (unless "") where asked: a
// pipeline whose uniqueness claims are only as good as its proofs.
func firstSolutionProving(proof string) solvers.SolverFunc {
	return func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		res, err := dlx.NewSolver().Solve(ctx, solvers.Request{Puzzle: req.Puzzle, Mode: solvers.First})
		if err != nil || req.ProofPath == "" || proof == "" {
			return res, err
		}
		return res, os.WriteFile(req.ProofPath, []byte(proof), 0o644)
	}
}

// multiplePuzzle is the first test puzzle with givens removed until it has
// several solutions.
func multiplePuzzle(t *testing.T) corpora.Puzzle {
	pz := testPuzzles(t)[0]
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
	reg := testRegistry()
	ex := NewExecutor(testLaunch, 5*time.Second, 0)
	defer ex.Close()
	dir, remove, err := proofDir()
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	ex.proofs = dir
	easy := testPuzzles(t)[0] // unit propagation refutes a second solution
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
			rec, grid, err := ex.Solve(context.Background(), Run{Key: "k", Solver: info, Puzzle: c.puzzle, Mode: c.mode})
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
	cfg.Registry = testRegistry()
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

// TestWorkerAsksForProofsOnlyInTheTimedSolve: the job's proof path reaches
// the solve that is timed, and no warm-up or primer solve writes there.
func TestWorkerAsksForProofsOnlyInTheTimedSolve(t *testing.T) {
	type call struct{ puzzle, proof string }
	var calls []call
	reg := testSolverRegistry(t, "test/instant", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		calls = append(calls, call{req.Puzzle.String(), req.ProofPath})
		return solvers.Result{Status: solvers.Unsat}, nil
	})
	var sent []job
	for i := range 4 {
		j := classicJob(strings.Repeat(".", i) + "1" + strings.Repeat(".", 15-i))
		j.ProofPath = fmt.Sprintf("proof-%d", i)
		sent = append(sent, j)
	}
	var out strings.Builder
	if err := ServeWorker(reg, "test/instant", strings.NewReader(jobLines(sent...)), &out); err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, c := range calls {
		if c.proof == "" {
			continue
		}
		if want := sent[asked]; c.proof != want.ProofPath || c.puzzle != want.Puzzle {
			t.Fatalf("a solve of %s asked for proof %q; want only job %d's, %q for %s", c.puzzle, c.proof, asked, want.ProofPath, want.Puzzle)
		}
		asked++
	}
	if asked != len(sent) || len(calls) <= len(sent) {
		t.Errorf("%d of %d solves asked for proofs, of %d jobs; want each job's once, and warm-ups besides", asked, len(calls), len(sent))
	}
}
