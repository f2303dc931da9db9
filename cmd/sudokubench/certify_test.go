package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCertifyCommand(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
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
