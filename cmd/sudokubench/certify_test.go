package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/certify"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
)

func TestCertifyCommand(t *testing.T) {
	harnesstest.NeedCadical(t)
	out := filepath.Join(t.TempDir(), "cert")
	stdout, stderr, err := runCLIInput(t, "", "certify", "--corpus", "tdoku-tests", "--limit", "30", "--out", out)
	want := "30 puzzles of tdoku-tests: 30 certified, 0 not; unique 18; unsat 10; multiple 2\n0 disagree with the corpus's solution counts"
	if err != nil || !strings.Contains(stdout, want) {
		t.Errorf("got %v\nstdout %s\nstderr %s\nwant %q", err, stdout, stderr, want)
	}
	_, _, err = runCLIInput(t, "", "certify", "--corpus", "tdoku-tests", "--limit", "30", "--out", out)
	if err == nil || !strings.Contains(err.Error(), "pass --resume") {
		t.Errorf("second call without --resume: %v", err)
	}
	stdout, _, err = runCLIInput(t, "", "certify", "--corpus", "tdoku-tests", "--limit", "30", "--out", out, "--resume")
	if err != nil || !strings.Contains(stdout, "(0 written by this call)") {
		t.Errorf("resumed finished certification: %v\n%s", err, stdout)
	}
	if _, _, err := runCLIInput(t, "", "certify", "--corpus", "tdoku-tests", "--solver", "exactcover/dlx", "--out", t.TempDir()); err == nil || !strings.Contains(err.Error(), "writes no DRAT proofs") {
		t.Errorf("a solver without proofs: %v", err)
	}
}

// A pipeline a --defs file defines with proof = "drat" certifies as the
// shipped CaDiCaL pipelines do, its definition recorded in the summary so
// that a resume with the file changed is refused.
func TestCertifyWithADefinedPipeline(t *testing.T) {
	skipWithoutCadical(t)
	text := `[[solver]]
name    = "sat/my-cadical/minimal"
input   = "cnf"
options = { encoding = "minimal" }
command = ["cadical", "-q", "{input}", "{proof}"]
output  = "sat-competition"
unique  = "block"
proof   = "drat"
`
	defs := writeDefs(t, text)
	out := filepath.Join(t.TempDir(), "cert")
	args := []string{"certify", "--defs", defs, "--solver", "sat/my-cadical/minimal", "--corpus", "tdoku-tests", "--limit", "6", "--out", out}
	stdout, stderr, err := runCLIInput(t, "", args...)
	if err != nil || !strings.Contains(stdout, "6 puzzles of tdoku-tests: 6 certified, 0 not") {
		t.Fatalf("%v\nstdout %s\nstderr %s", err, stdout, stderr)
	}
	sum, err := certify.ReadSummary(filepath.Join(out, certify.SummaryFile))
	if err != nil || sum.Solver != "sat/my-cadical/minimal" || sum.SolverDefinition != defs || sum.SolverDefinitionSHA == "" {
		t.Errorf("summary %+v (%v), want the definition named with its SHA-256", sum, err)
	}
	if err := os.WriteFile(defs, []byte(text+"# changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLIInput(t, "", append(args, "--resume")...); err == nil || !strings.Contains(err.Error(), "the definition of sat/my-cadical/minimal") {
		t.Errorf("resume with the definition changed: %v, want a refusal", err)
	}
}
