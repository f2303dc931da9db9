package main

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/record"
)

func TestRunFlagsSampleOrFirst(t *testing.T) {
	all := func(string) bool { return true }
	for _, c := range []struct {
		sample            bool
		wantLimit, wantSm int
	}{{true, 0, 20}, {false, 20, 0}} {
		var cfg harness.Config
		fl := &runFlags{corpus: "top1465", limit: 20, sample: c.sample, mode: "unique", mem: "1GiB", reps: 1, timeout: time.Second}
		if err := applyFlags(&cfg, fl, all); err != nil {
			t.Fatal(err)
		}
		if cfg.Limit != c.wantLimit || cfg.Sample != c.wantSm || cfg.MemBytes != 1<<30 {
			t.Errorf("sample=%v: limit %d, sample %d, mem %d; want %d, %d, 1GiB", c.sample, cfg.Limit, cfg.Sample, cfg.MemBytes, c.wantLimit, c.wantSm)
		}
	}
}

// On --resume the manifest's plan stands, except for the flags given.
func TestRunFlagsResumeKeepsRecordedPlan(t *testing.T) {
	recorded := record.Plan{Solvers: []string{"exactcover/dlx"}, Corpora: []string{"serg"}, Hints: "20-25",
		Sample: 7, Mode: "first", Reps: 2, Forms: 4, Seed: 3, TimeoutNS: int64(time.Second), MemBytes: 1 << 20}
	var cfg harness.Config
	if err := cfg.ApplyPlan(recorded); err != nil {
		t.Fatal(err)
	}
	fl := &runFlags{corpus: "top1465", limit: 100, sample: true, mode: "unique", seed: 9, reps: 1, forms: 1}
	if err := applyFlags(&cfg, fl, func(name string) bool { return name == "seed" }); err != nil {
		t.Fatal(err)
	}
	if cfg.Seed != 9 || !slices.Equal(cfg.Corpora, []string{"serg"}) || cfg.Sample != 7 || cfg.Mode != "first" || cfg.Reps != 2 || cfg.Forms != 4 || cfg.Hints.String() != "20-25" {
		t.Errorf("resumed config %+v: want the recorded plan with seed 9", cfg)
	}
}

// Flags that cannot be meant are refused with a message, and nothing is
// written.
func TestRunRefusesFlagsThatCannotBeMeant(t *testing.T) {
	tests := []struct {
		flags []string
		says  string
	}{
		{[]string{"--limit", "-5"}, "need 0 (all) or more"},
		{[]string{"--limit", "-5", "--sample=false"}, "need 0 (all) or more"},
		{[]string{"--mem", "1KiB"}, "a worker needs at least 64 MiB"},
		{[]string{"--mem", "18446744073709551616"}, "more than the largest accepted, 1 EiB"},
		{[]string{"--mem", "8EiB"}, "more than the largest accepted, 1 EiB"},
		{[]string{"--solvers", ""}, "no solver given"},
		{[]string{"--reps", "0"}, "need 1 to 1000000"},
		{[]string{"--reps", "99999999999999", "--limit", "1"}, "repetitions 99999999999999: need 1 to 1000000"},
		{[]string{"--reps", "1000000000"}, "repetitions 1000000000: need 1 to 1000000"},
		{[]string{"--corpus", "17-clue", "--limit", "0", "--forms", "1000", "--solvers", "pure"}, "runs (49158 puzzles by "},
		{[]string{"--corpus", "17-clue", "--limit", "0", "--reps", "100000"}, "more than the 100000000 a benchmark may plan"},
		{[]string{"--forms", "-1"}, "need 0 (the puzzles alone) to 1000 equivalent forms"},
		{[]string{"--forms", "1001"}, "need 0 (the puzzles alone) to 1000 equivalent forms"},
		{[]string{"--timeout", "0s"}, "at least 1ms"},
		{[]string{"--timeout", "-1s"}, "at least 1ms"},
		{[]string{"--shard", "2/99999999999"}, "99999999999 pieces is more than the 1000000 a plan may be split into"},
		{[]string{"--shard", "0/8"}, "want i/n with 1 ≤ i ≤ n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.flags, " "), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			_, err := runCLI(t, append([]string{"run", "--out", out}, tt.flags...)...)
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want one that says %q", err, tt.says)
			}
			if _, statErr := os.Stat(out); !errors.Is(statErr, os.ErrNotExist) {
				t.Errorf("a refused run created %s", out)
			}
		})
	}
}

// A false unsat on a user's file, which gives no solutions, is caught by
// the cross-check: the cutting-planes pipeline calls the empty 25×25 grid
// unsolvable, the record is wrong with exactcover/dlx's solution and says
// it was cross-checked, and the report counts it wrong like any other.
func TestRunCrossChecksUnsatOnAUsersFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "user.txt")
	if err := os.WriteFile(file, []byte(strings.Repeat(".", 625)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, err := runCLI(t, "run", "--corpus", file, "--solvers", "milp/gophersat-pb/cutting-planes", "--mode", "first", "--out", out); err != nil {
		t.Fatal(err)
	}
	recs, _, err := record.ReadAll(filepath.Join(out, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Status != "wrong" || !recs[0].CrossChecked ||
		!strings.HasPrefix(recs[0].Detail, "reported unsat, but exactcover/dlx finds a solution: ") {
		t.Fatalf("records %+v, want one cross-checked wrong with dlx's solution", recs)
	}
	report, err := runCLI(t, "report", out, "--wide")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report, "1 wrong") {
		t.Errorf("the report does not count the refuted unsat as wrong:\n%s", report)
	}
}

// A corpus line whose listed count the run contradicts is recorded as it
// ran, with the contradiction in the record, and warned of in the run's
// output: P:2 for a unique puzzle that a unique-mode run solves, P:1 for
// one with several solutions.
func TestRunWarnsOfCorpusContradictions(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "listed.txt")
	writeFile(t, file, top95First+":2\n"+sergFirst+":1\n"+top95Second+":1\n")
	out := filepath.Join(dir, "out")
	stdout, stderr, err := runCLIInput(t, "", "run", "--corpus", file, "--solvers", "exactcover/dlx", "--mode", "unique", "--out", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	recs, _, err := record.ReadAll(filepath.Join(out, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		file + ":1": "the corpus lists 2 solutions, but this unique-mode run found exactly one",
		file + ":2": "the corpus lists 1 solution, but this run found two, which the cross-check confirmed",
		file + ":3": "",
	}
	for _, r := range recs {
		if r.CorpusContradiction != want[r.PuzzleID] {
			t.Errorf("%s (%s): corpus contradiction %q, want %q", r.PuzzleID, r.Status, r.CorpusContradiction, want[r.PuzzleID])
		}
	}
	if len(recs) != len(want) {
		t.Errorf("%d records, want %d", len(recs), len(want))
	}
	if w := "warning: 2 run(s) on 2 puzzle(s) contradict what their corpus lists"; !strings.Contains(stderr, w) {
		t.Errorf("the run's output lacks %q:\n%s\n%s", w, stdout, stderr)
	}
}
