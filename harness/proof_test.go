package harness

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
)

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
				t.Errorf("%s: %s, certified %s, proof %d bytes %d lemmas, checked in %d ns", r.Key(), r.Status, harnesstest.CertifiedText(r), r.ProofBytes, r.ProofLemmas, r.ProofCheckNS)
			}
			certified[r.Status]++
		} else if r.Certified != nil {
			t.Errorf("%s: %s, yet certified %s", r.Key(), r.Status, harnesstest.CertifiedText(r))
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
	harnesstest.NeedCadical(t)
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
		if r.Status != string(solvers.Wrong) || harnesstest.CertifiedText(r) != "false" || !strings.Contains(r.Detail, "DRAT proof rejected") {
			t.Errorf("%s: %s, certified %q (%s); want wrong, a rejected proof", r.Key(), r.Status, harnesstest.CertifiedText(r), r.Detail)
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
