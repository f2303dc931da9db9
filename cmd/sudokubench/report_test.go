package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReportCommand(t *testing.T) {
	runA := filepath.Join("..", "..", "harness", "report", "testdata", "run-a")
	runB := filepath.Join("..", "..", "harness", "report", "testdata", "run-b")
	out, err := runCLI(t, "report", runA, "--by", "corpus", "--time", "wall")
	if err != nil || !strings.Contains(out, "Results by corpus") || !strings.Contains(out, "wall-clock time") {
		t.Errorf("report text: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if _, err := runCLI(t, "report", runA, "--format", "md", "--plots", "svg", "--out", dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil || !strings.Contains(string(md), "](cactus.svg)") {
		t.Errorf("report.md: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cactus.svg")); err != nil {
		t.Error(err)
	}
	out, err = runCLI(t, "compare", runA, runB)
	if err != nil || !strings.Contains(out, "B 2.00× faster") {
		t.Errorf("compare: %v\n%s", err, out)
	}
	for _, bad := range [][]string{
		{"report", runA, "--format", "docx"},
		{"report", runA, "--plots", "svg"},
		{"report", runA, "--by", "size"},
		{"report", t.TempDir()},
	} {
		if _, err := runCLI(t, bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
