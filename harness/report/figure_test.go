package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
)

// longCorpora are names of shipped corpora, long enough to collide as
// category labels.
var longCorpora = []string{"hardest-1106", "hardest-1905-11plus", "norvig-hardest", "norvig-top95", "top1465", "17-clue", "17-clue+28", "kaggle-1m"}

// figureRecords is a run of many pipelines of several families on
// corpora of several hint counts and long names: small multiples,
// stochastic pipelines in first mode beside unique-mode ones, pipelines
// that collapse below some hint count.
func figureRecords(pipelines map[string][]string, corpora []string, perCorpus int) []record.Record {
	var recs []record.Record
	n := 0
	for _, family := range []string{"exactcover", "sat", "milp", "qubo", "direct", "neural"} {
		for pi, solver := range pipelines[family] {
			n++
			incomplete := family == "qubo" || family == "neural" || strings.HasPrefix(solver, "genetic/")
			for ci, corpus := range corpora {
				hints := 17 + 4*ci
				for i := range perCorpus {
					r := record.Record{Solver: solver, Family: family, Corpus: corpus, PuzzleID: fmt.Sprintf("%s:%d", corpus, i),
						Hints: hints, Size: 9, Mode: "unique", Seed: 1, Status: "solved",
						CPUNS: int64(1000 * n * (i + 1) * (ci + 1)), PeakRSS: uint64(20+n) << 20, BaseRSS: 17 << 20, TimeoutNS: 1e9}
					r.WallNS = r.CPUNS
					if incomplete {
						r.Mode = "first"
						// Pipeline pi collapses below 17+4·pi hints.
						if hints < 17+4*pi && (i+pi)%3 != 0 {
							r.Status = "gave-up"
						}
					}
					if family == "qubo" || strings.HasPrefix(solver, "genetic/") {
						r.Stochastic = true
						solved := 0.0
						if r.Solved() {
							solved = 1
						}
						r.Counters = map[string]float64{CounterReads: 2, CounterReadsSolved: solved, CounterUpdates: float64(r.CPUNS * 10)}
					}
					recs = append(recs, r)
				}
			}
		}
	}
	return recs
}

// manyFamilies has 25 pipelines, as the committed families run.
var manyFamilies = map[string][]string{
	"exactcover": {"exactcover/dlx"},
	"sat":        {"sat/cadical/extended", "sat/gophersat/extended-propagated", "sat/minisat/extended"},
	"milp":       {"milp/cbc", "milp/gophersat-pb"},
	"qubo": {"qubo/descent/propagated", "qubo/kerberos/propagated", "qubo/neal/fixed", "qubo/neal/pruned", "qubo/pt/propagated",
		"qubo/sa/propagated", "qubo/sa/pruned", "qubo/swap/propagated", "qubo/swap/pruned", "qubo/tabu/propagated"},
	"direct": {"backtrack/tracked", "genetic/strong", "propagate/bitboard", "propagate/norvig"},
	"neural": {"neural/cnn/iterative", "neural/cnn/oneshot", "neural/rrn/iterative", "neural/rrn/oneshot", "neural/rrn/search"},
}

// fewFamilies is a small run: one panel, few series.
var fewFamilies = map[string][]string{
	"exactcover": {"exactcover/dlx"},
	"qubo":       {"qubo/neal/fixed"},
	"direct":     {"genetic/strong"},
}

func figuresOf(t *testing.T, recs []record.Record, width figure.PrintWidth) []figure.Figure {
	t.Helper()
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{PlotWidth: width})
	if err != nil {
		t.Fatal(err)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	return figs
}

// TestFiguresLegible draws every figure of a many-pipeline run and of a
// small one at both print widths on a recording canvas: no text may
// collide with other text or with data, and nothing may leave the
// canvas.
func TestFiguresLegible(t *testing.T) {
	for _, tt := range []struct {
		name string
		recs []record.Record
	}{
		{"many-pipelines", figureRecords(manyFamilies, longCorpora, 4)},
		{"few-pipelines", figureRecords(fewFamilies, longCorpora[:4], 6)},
	} {
		for _, width := range []figure.PrintWidth{figure.ColumnWidth, figure.PageWidth} {
			for _, f := range figuresOf(t, tt.recs, width) {
				t.Run(fmt.Sprintf("run=%s/width=%s/figure=%s", tt.name, width, f.Name), func(t *testing.T) {
					for _, p := range figure.Check(f) {
						t.Error(p)
					}
				})
			}
		}
	}
}

// TestCommittedFiguresLegible checks every figure of the committed runs
// at both print widths, as TestFiguresLegible does.
func TestCommittedFiguresLegible(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every committed figure twice")
	}
	for _, run := range []string{"reference", "families"} {
		d, _, err := Load(filepath.Join("..", "..", "results", run))
		if err != nil {
			t.Fatal(err)
		}
		for _, width := range []figure.PrintWidth{figure.ColumnWidth, figure.PageWidth} {
			rep, err := New(d, Config{PlotWidth: width})
			if err != nil {
				t.Fatal(err)
			}
			figs, err := rep.Figures()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range figs {
				t.Run(fmt.Sprintf("run=%s/width=%s/figure=%s", run, width, f.Name), func(t *testing.T) {
					for _, p := range figure.Check(f) {
						t.Error(p)
					}
				})
			}
		}
	}
}

// goldenFigures are one figure of each kind, at column width, from a
// small run with long corpus names.
func goldenFigures(t *testing.T) map[string]figure.Figure {
	t.Helper()
	many := map[string][]string{
		"exactcover": {"exactcover/dlx"},
		"sat":        {"sat/minisat/extended", "sat/gophersat/extended"},
		"qubo":       {"qubo/neal/fixed", "qubo/neal/pruned", "qubo/sa/pruned", "qubo/swap/pruned", "qubo/tabu/propagated"},
		"direct":     {"genetic/strong", "propagate/norvig"},
	}
	out := make(map[string]figure.Figure)
	for _, f := range figuresOf(t, figureRecords(many, longCorpora[:5], 3), figure.ColumnWidth) {
		switch f.Name {
		case "cactus", "success-by-hints", "success-by-corpus", "time-by-hints", "time-by-corpus", "memory",
			"success-by-updates", "tts99-by-hints", "scatter-exactcover-dlx-vs-qubo-neal-fixed":
			out[f.Name] = f
		}
	}
	for _, f := range figuresOf(t, figureRecords(fewFamilies, longCorpora[:3], 6), figure.ColumnWidth) {
		if f.Name == "time-by-corpus" {
			out["time-by-corpus-boxes"] = f
		}
	}
	return out
}

// TestFigureGoldens compares one figure of each kind with its SVG in
// testdata/golden/figures (go test -update rewrites them): a change to
// how any figure looks shows up here, to be looked at before it is
// accepted.
func TestFigureGoldens(t *testing.T) {
	figs := goldenFigures(t)
	if len(figs) != 10 {
		t.Fatalf("%d figures of the golden run, want 10", len(figs))
	}
	for name, f := range figs {
		t.Run("figure="+name, func(t *testing.T) {
			var b bytes.Buffer
			if err := figure.WriteFigure(&b, f, "svg"); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", "figures", name+".svg")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				dir, err := os.MkdirTemp("", "figure-")
				if err != nil {
					t.Fatal(err)
				}
				got := filepath.Join(dir, name+".svg")
				if err := os.WriteFile(got, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Errorf("%s differs from %s: look at both, then go test -update if the change is meant", got, path)
			}
		})
	}
}
