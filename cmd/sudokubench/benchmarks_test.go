package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// regenerate is the command that makes BENCHMARKS.md and its plots from the
// committed reference run (run from the repository root). The scatter plots
// set the fastest engine of each kind against another.
var regenerate = []string{"report", "results/reference", "--format", "md", "--plots", "svg",
	"--out", "results/reference/plots", "--doc", "BENCHMARKS.md",
	"--scatter", "exactcover/dlx:sat/gophersat/extended-propagated",
	"--scatter", "sat/gophersat/minimal:sat/gophersat/extended",
	"--scatter", "sat/minisat/extended:sat/cadical/extended",
	"--scatter", "milp/cbc:milp/gophersat-pb",
	"--scatter", "milp/gophersat-pb:milp/gophersat-pb/cutting-planes"}

func TestBenchmarksMarkdownIsUpToDate(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	out, err := runCLI(t, append(regenerate, "--check")...)
	if err != nil {
		t.Fatalf("%v\n%s\nregenerate with: sudokubench %s", err, out, strings.Join(regenerate, " "))
	}
}

func TestReportCheckCatchesAStaleDocument(t *testing.T) {
	dir := t.TempDir()
	runA := filepath.Join("..", "..", "harness", "report", "testdata", "run-a")
	doc := filepath.Join(dir, "DOC.md")
	args := []string{"report", runA, "--format", "md", "--plots", "svg", "--out", filepath.Join(dir, "plots"), "--doc", doc}
	if _, err := runCLI(t, args...); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(doc)
	if err != nil || !strings.Contains(string(text), "](plots/cactus.svg)") {
		t.Fatalf("document does not link its plots relative to itself (err %v):\n%.500s", err, text)
	}
	if _, err := runCLI(t, append(args, "--check")...); err != nil {
		t.Fatalf("a fresh document is reported stale: %v", err)
	}
	os.WriteFile(doc, append(text, "edited by hand\n"...), 0o644)
	if _, err := runCLI(t, append(args, "--check")...); err == nil || !strings.Contains(err.Error(), "DOC.md") {
		t.Fatalf("--check err = %v, want DOC.md named as out of date", err)
	}
}
