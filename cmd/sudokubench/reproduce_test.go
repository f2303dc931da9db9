package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/reproduce"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// TestReproduceComparison runs the comparison with every row, isolated
// workers and all, on 4 puzzles per level: --limit 40 takes over a minute
// on two cores (the genetic algorithm's 1,000 generations on every puzzle
// it cannot solve, naive backtracking's budget on the expert ones), too
// long for the suite. Every row must come out, with the article's figures
// beside ours, and the written files must check as up to date.
func TestReproduceComparison(t *testing.T) {
	out := filepath.Join(t.TempDir(), "comparison")
	args := []string{"--corpora", "../../corpora/data", "reproduce", "comparison", "--limit", "4", "--timeout", "3s",
		"--solvers", "all", "--out", out}
	text, err := runCLI(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	for _, row := range append(append([]reproduce.Row{}, reproduce.ArticleRows...), reproduce.ExtraRows...) {
		if !strings.Contains(text, row.Algorithm) {
			t.Errorf("no row %q in\n%s", row.Algorithm, text)
		}
	}
	for _, want := range []string{
		"backtrack/naive", "propagate/norvig", "exactcover/dlx", "genetic/seed", "backtrack/tracked", "genetic/strong",
		"/ 9.7 (", "/ 87.5%", "/ timeout", "expert (17-24)", "16/16", "wrote " + filepath.Join(out, "comparison.md"),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	for _, f := range []string{"results.jsonl", "manifest.json", "comparison.tex", "comparison.csv", "comparison-accuracy.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	resumed, err := runCLI(t, "--corpora", "../../corpora/data", "reproduce", "comparison", "--out", out, "--resume")
	if err != nil || !strings.Contains(resumed, "(0 by this call)") {
		t.Errorf("--resume of a finished comparison (its plan from the manifest): %v\n%s", err, resumed)
	}
	check, err := runCLI(t, "reproduce", "comparison", "--out", out, "--report-only", "--check")
	if err != nil || !strings.Contains(check, "checked "+filepath.Join(out, "comparison.md")) {
		t.Errorf("--report-only --check on fresh files: %v\n%s", err, check)
	}
	// Own time and no titles: the question heads each figure's caption.
	if text, err := runCLI(t, "reproduce", "comparison", "--out", out, "--report-only", "--own", "--no-titles"); err != nil {
		t.Fatalf("--own --no-titles: %v\n%s", err, text)
	}
	md, err := os.ReadFile(filepath.Join(out, "comparison.md"))
	if err != nil || !strings.Contains(string(md), "own CPU time of the solve call") || !strings.Contains(string(md), "\n\nWhich puzzles does each pipeline solve, by level? Accuracy by level") {
		t.Errorf("comparison.md with --own --no-titles: %v\n%s", err, md)
	}
}

// Without --out, each comparison gets a directory of its own under
// results/, even when two start in the same second.
func TestReproduceComparisonDefaultDirsAreUnique(t *testing.T) {
	corporaDir, err := filepath.Abs("../../corpora/data")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	args := []string{"--corpora", corporaDir, "reproduce", "comparison", "--limit", "1", "--solvers", "exactcover/dlx"}
	for range 2 {
		if text, err := runCLI(t, args...); err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
	}
	docs, err := filepath.Glob(filepath.Join("results", "comparison-*", "comparison.md"))
	if err != nil || len(docs) != 2 {
		t.Errorf("two comparisons without --out wrote %v (%v), want a comparison.md in each of two directories", docs, err)
	}
}

func TestReproduceComparisonFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--report-only"}, "need --out"},
		{[]string{"--out", t.TempDir(), "--check"}, "use it with --report-only"},
		{[]string{"--out", t.TempDir(), "--solvers", "nope"}, `"nope"`},
		{[]string{"--out", t.TempDir(), "--plots", "gif"}, "unknown plot format"},
		{[]string{"--out", t.TempDir(), "--report-only"}, "manifest.json"},
		{[]string{"--out", "../../results/families", "--report-only", "--check"}, "not the comparison's levels"},
	} {
		_, err := runCLI(t, append([]string{"reproduce", "comparison"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err = %v, want one saying %q", tt.args, err, tt.want)
		}
	}
	for _, args := range [][]string{{"reproduce"}, {"reproduce", "nosuch"}} {
		if _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestComparisonRowsNameShippedPipelines checks that the pipeline each row
// of the comparison prefers is in the default registry: a renamed pipeline
// would otherwise fall back to a weaker one, or to "not built", unseen.
func TestComparisonRowsNameShippedPipelines(t *testing.T) {
	reg := registry.Default()
	for _, row := range append(append([]reproduce.Row{}, reproduce.ArticleRows...), reproduce.ExtraRows...) {
		if _, err := reg.Lookup(row.Pipelines[0]); err != nil {
			t.Errorf("row %q: %v", row.Algorithm, err)
		}
	}
}

// The comparison judges its runs as run does: unsat and multiple claims
// are cross-checked by exactcover/dlx.
func TestComparisonCrossChecksClaims(t *testing.T) {
	cmd := &cobra.Command{}
	cmd.Flags().String("corpora", "", "")
	fl := &comparisonFlags{solvers: "article", mode: "first", mem: harness.DefaultMem, limit: 1, timeout: time.Second}
	cfg, err := comparisonConfig(cmd, fl, registry.Default())
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := cfg.CrossCheck.(dlx.Oracle); !ok || c.Name() != "exactcover/dlx" {
		t.Errorf("the comparison's cross-check is %#v, want exactcover/dlx's oracle", cfg.CrossCheck)
	}
}

// A comparison replaces only what sudokubench wrote: a user's --doc is
// refused, writing nothing, unless --force, and before a comparison runs
// rather than after.
func TestReproduceComparisonReplacesOnlyItsOwnFiles(t *testing.T) {
	run := t.TempDir()
	for _, name := range []string{"manifest.json", "results.jsonl.gz"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "results", "comparison", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(run, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	notes := filepath.Join(t.TempDir(), "notes.md")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"reproduce", "comparison", "--out", run, "--report-only", "--plots", "", "--doc", notes}
	if _, err := runCLI(t, args...); err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "refusing to replace "+notes) {
		t.Errorf("--doc over a user's file: %v, want a usage error naming it", err)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
		t.Errorf("the refused comparison changed notes.md to %q", b)
	}
	if _, err := os.Stat(filepath.Join(run, "comparison.tex")); err == nil {
		t.Error("the refused comparison wrote its tables")
	}
	if _, err := runCLI(t, append(args, "--force")...); err != nil {
		t.Fatalf("--force: %v", err)
	}
	if b, _ := os.ReadFile(notes); !strings.Contains(string(b), "generated by `sudokubench reproduce comparison`") {
		t.Errorf("--force did not write the document: %q", b)
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(filepath.Dir(notes), ".sudokubench-files.json")); err != nil {
		t.Fatal(err)
	}
	_, err := runCLI(t, "reproduce", "comparison", "--limit", "1", "--solvers", "exactcover/dlx", "--out", fresh, "--doc", notes)
	if err == nil || !strings.Contains(err.Error(), "refusing to replace "+notes) {
		t.Errorf("a comparison whose --doc is a user's file: %v, want it refused", err)
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Error("a comparison refused for its --doc ran first")
	}
}

// reproduce reads a copy of the 17-clue corpus in --corpora as every
// command reads its input: a malformed line refuses it, exit 2, before a
// directory is made; --skip-invalid skips the line, naming it.
func TestReproduceRefusesAMalformedCorpusCopy(t *testing.T) {
	data := t.TempDir()
	text, err := os.ReadFile(filepath.Join("..", "..", "corpora", "data", "17-clue.txt"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(data, "17-clue.txt"), "not a puzzle\n"+string(text))
	out := filepath.Join(t.TempDir(), "comparison")
	args := []string{"--corpora", data, "reproduce", "comparison", "--limit", "1", "--solvers", "exactcover/dlx", "--plots", "", "--out", out}
	_, _, err = runCLIInput(t, "", args...)
	if want := filepath.Join(data, "17-clue.txt") + ":1: "; exitCodeOf(err) != exitUsage || !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("exit %d (%v), want %d naming %s", exitCodeOf(err), err, exitUsage, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("the refused comparison made %s", out)
	}
	_, stderr, err := runCLIInput(t, "", append(args, "--skip-invalid")...)
	if err != nil || !strings.Contains(stderr, "warning: skipped "+filepath.Join(data, "17-clue.txt")+":1: ") {
		t.Errorf("--skip-invalid: %v\n%s", err, stderr)
	}
}
