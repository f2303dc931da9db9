package report

import (
	"fmt"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
	"github.com/sudokubench/sudokubench/internal/memtest"
)

// Load keeps of each record what the report reads, and nothing a reader
// of many records cannot afford: no detail, model or options, only the
// counters some table or figure uses, and one copy of each shared
// string.
func TestLoadKeepsWhatTheReportReads(t *testing.T) {
	recs := []record.Record{
		{Solver: "sat/minisat/extended", Corpus: "17-clue", PuzzleID: "17-clue:1", Mode: "unique", Status: "solved",
			Detail: "a long stderr tail", Options: map[string]string{"encoding": "extended"}, Model: map[string]int{"x": 1},
			Counters: map[string]float64{"solves": 1, "startup_ns": 5, "startup_cpu_ns": 4, "conflicts": 12}},
		{Solver: "sat/minisat/extended", Corpus: "17-clue", PuzzleID: "17-clue:1", Mode: "unique", Status: "solved", Rep: 1,
			Counters: map[string]float64{"conflicts": 3}},
	}
	plan := record.Plan{Solvers: []string{"sat/minisat/extended"}, Corpora: []string{"17-clue"}, Mode: "unique", Reps: 2, Runs: 2}
	d, _, err := Load(resultDir(t, plan, "", recs))
	if err != nil {
		t.Fatal(err)
	}
	first := d.Records[0]
	if first.Detail != "" || first.Options != nil || first.Model != nil {
		t.Errorf("kept detail %q, options %v, model %v; want them left out", first.Detail, first.Options, first.Model)
	}
	if want := map[string]float64{"solves": 1, "startup_ns": 5, "startup_cpu_ns": 4}; fmt.Sprint(first.Counters) != fmt.Sprint(want) {
		t.Errorf("kept counters %v, want %v", first.Counters, want)
	}
	if d.Records[1].Counters != nil {
		t.Errorf("kept counters %v of a record that holds none the report reads, want nil", d.Records[1].Counters)
	}
	if a, b := first.Solver, d.Records[1].Solver; unsafe.StringData(a) != unsafe.StringData(b) {
		t.Error("the solver's name is held twice, want once")
	}
}

// BenchmarkReportMemory measures what a report holds per record: a
// synthetic plan of 10⁴ records and more (memtest.Sizes; recordtest)
// loaded and reported by hint count and by corpus (the portfolio section
// rates every puzzle, a cost in time that the rating's benchmarks
// measure); peak-B/record is the most the heap held
// while it did (memtest.Peak), held-B/record what the loaded records
// alone hold.
func BenchmarkReportMemory(b *testing.B) {
	sizes, err := memtest.Sizes()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "run")
			recordtest.MustWrite(b, dir, recordtest.Spec{Runs: n, Seed: 1})
			var peak, held uint64
			for b.Loop() {
				base := memtest.Live()
				peak = memtest.Peak(func() {
					d, _, err := Load(dir)
					if err != nil {
						b.Fatal(err)
					}
					held = memtest.Live() - base
					if _, err := New(d, Config{By: []string{"hints", "corpus"}}); err != nil {
						b.Fatal(err)
					}
				}) - base
			}
			b.ReportMetric(float64(peak)/float64(n), "peak-B/record")
			b.ReportMetric(float64(held)/float64(n), "held-B/record")
		})
	}
}
