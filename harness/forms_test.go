package harness

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestBenchWithForms runs a small benchmark with equivalent forms: every
// puzzle runs once per form, each record names its form and transform, the
// transform's inverse takes the form back to the corpus's puzzle, the
// planted wrong solver is caught on every form, the manifest records the
// forms, and a resume with another count of forms is refused.
func TestBenchWithForms(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Corpora, cfg.Limit, cfg.Reps, cfg.Forms = []string{"norvig-top95"}, 3, 1, 2
	sum, err := Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, cfg.Out)
	if want := 3 * 3 * 2; sum.Planned != want || len(recs) != want {
		t.Fatalf("planned %d, recorded %d, want %d", sum.Planned, len(recs), want)
	}
	original := make(map[string]string)
	for _, r := range recs {
		if r.Form == 0 {
			original[r.PuzzleID] = r.Puzzle
		}
	}
	forms, keys := make(map[int]int), make(map[string]bool)
	for _, r := range recs {
		forms[r.Form]++
		if keys[r.Key()] {
			t.Errorf("key %s taken by two forms", r.Key())
		}
		keys[r.Key()] = true
		switch {
		case r.Solver == "test/wrong" && r.Status != "wrong":
			t.Errorf("%s: planted wrong solver got %s", r.Key(), r.Status)
		case r.Solver == "exactcover/dlx" && r.Status != "solved":
			t.Errorf("%s: got %s (%s)", r.Key(), r.Status, r.Detail)
		}
		if want := min(r.Form, 1) + 1; r.Schema != want {
			t.Errorf("%s: schema %d, want %d", r.Key(), r.Schema, want)
		}
		if r.Form == 0 {
			if r.Transform != "" {
				t.Errorf("%s: the corpus's form has transform %q", r.Key(), r.Transform)
			}
			continue
		}
		if back := mapBack(t, r); back != original[r.PuzzleID] || r.Puzzle == back {
			t.Errorf("%s: form %s under the inverse of %q is %s, want the corpus's %s, and the form must differ from it",
				r.Key(), r.Puzzle, r.Transform, back, original[r.PuzzleID])
		}
	}
	if forms[0] != 6 || forms[1] != 6 || forms[2] != 6 {
		t.Errorf("records per form %v, want 6 of each of 0, 1, 2", forms)
	}
	m, err := record.ReadManifest(filepath.Join(cfg.Out, record.ManifestFile))
	if err != nil || m.Plan.Forms != 2 || m.Plan.Seed != cfg.Seed || m.Schema != 2 {
		t.Errorf("manifest forms %d seed %d schema %d (%v), want 2, %d and schema 2", m.Plan.Forms, m.Plan.Seed, m.Schema, err, cfg.Seed)
	}
	cfg.Resume = true
	if sum, err := Bench(context.Background(), cfg); err != nil || sum.Done != 0 || sum.Skipped != 18 {
		t.Errorf("resume of a finished plan with forms: done %d, skipped %d (%v), want 0 and 18", sum.Done, sum.Skipped, err)
	}
	cfg.Forms = 3
	if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "forms") {
		t.Errorf("resume with another count of forms: %v, want a refusal naming forms", err)
	}
}

// mapBack applies the inverse of a record's transform to its puzzle.
func mapBack(t *testing.T, r record.Record) string {
	t.Helper()
	g, err := sudoku.ParseLine(r.Puzzle, sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := sudoku.ParseTransform(g.Geometry(), r.Transform)
	if err != nil {
		t.Fatalf("%s: transform %q: %v", r.Key(), r.Transform, err)
	}
	back, err := tr.Inverse().Apply(g)
	if err != nil {
		t.Fatal(err)
	}
	return back.String()
}

// TestConfigRefusesBadForms checks the bounds of --forms.
func TestConfigRefusesBadForms(t *testing.T) {
	for _, forms := range []int{-1, plan.MaxForms + 1} {
		t.Run(fmt.Sprintf("forms=%d", forms), func(t *testing.T) {
			cfg := testConfig(t.TempDir())
			cfg.Forms = forms
			if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "forms") {
				t.Errorf("Bench with %d forms: %v, want a refusal naming forms", forms, err)
			}
		})
	}
}

// TestShardsWithFormsMerge runs a plan with forms as two shards and merges
// them: every run of every form is there once, and no record is a stray.
func TestShardsWithFormsMerge(t *testing.T) {
	var dirs []string
	for i := 1; i <= 2; i++ {
		cfg := testConfig(t.TempDir())
		cfg.Corpora, cfg.Limit, cfg.Reps, cfg.Forms = []string{"norvig-top95"}, 3, 1, 2
		cfg.Solvers, cfg.Shard = "exactcover/dlx", plan.Shard{Index: i, Count: 2}
		if _, err := Bench(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, cfg.Out)
	}
	out := filepath.Join(t.TempDir(), "merged")
	sum, err := store.Merge(dirs, out)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, out)
	if sum.Records != 9 || len(recs) != 9 || sum.Duplicates != 0 || len(sum.Warnings) != 0 {
		t.Errorf("merged %d records (%d read, %d duplicates, warnings %q), want the plan's 9", sum.Records, len(recs), sum.Duplicates, sum.Warnings)
	}
}
