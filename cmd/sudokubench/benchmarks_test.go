package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/outfile"
)

// committedDocuments are the commands that make each committed run's
// document and plots from its records (run from the repository root);
// BENCHMARKS.md links the documents and shows their key plots.
var committedDocuments = [][]string{
	{"report", "results/reference", "--format", "md", "--plots", "svg",
		"--out", "results/reference/plots", "--doc", "results/reference/report.md"},
	{"report", "results/families", "--format", "md", "--plots", "svg",
		"--out", "results/families/plots", "--doc", "results/families/report.md"},
	{"reproduce", "comparison", "--out", "results/comparison", "--report-only"},
	{"report", "results/goal-25", "--format", "md", "--plots", "svg",
		"--out", "results/goal-25/plots", "--doc", "results/goal-25/report.md"},
	{"report", "--scaling", "results/scaling/size-9", "results/scaling/size-16", "results/scaling/size-25",
		"results/scaling/size-36", "--plots", "svg", "--out", "results/scaling/plots", "--doc", "results/scaling/report.md"},
}

// The committed documents are what their records give, and each is listed
// as sudokubench's own (outfile.Claim), so that the commands regenerate
// them without --force.
func TestCommittedDocumentsAreUpToDate(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	for _, args := range committedDocuments {
		out, err := runCLI(t, append(args, "--check")...)
		if err != nil {
			t.Errorf("%v\n%.2000s\nregenerate with: sudokubench %s", err, out, strings.Join(args, " "))
		}
		for _, line := range strings.Split(out, "\n") {
			path, ok := strings.CutPrefix(line, "checked ")
			if !ok {
				continue
			}
			if err := outfile.Check(path, false); err != nil {
				t.Errorf("%v\nlist it as sudokubench's: sudokubench %s --force", err, strings.Join(args, " "))
			}
		}
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
