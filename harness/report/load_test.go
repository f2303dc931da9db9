package report

import (
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"testing"
	"unsafe"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
	"github.com/sudokubench/sudokubench/internal/memtest"
)

// Load keeps of each record what the report reads, and nothing a reader
// of many records cannot afford: no detail, model or options, only the
// counters some table or figure uses (in a side table, for the runs that
// carry some), and one copy of each shared string.
func TestLoadKeepsWhatTheReportReads(t *testing.T) {
	own := uint64(3 << 20)
	recs := []record.Record{
		{Solver: "sat/minisat/extended", Corpus: "17-clue", PuzzleID: "17-clue:1", Mode: "unique", Status: "solved",
			Detail: "a long stderr tail", Options: map[string]string{"encoding": "extended"}, Model: map[string]int{"x": 1},
			Counters: map[string]float64{"solves": 1, "startup_ns": 5, "startup_cpu_ns": 4, "conflicts": 12}, OwnPeak: &own},
		{Solver: "sat/minisat/extended", Corpus: "17-clue", PuzzleID: "17-clue:1", Mode: "unique", Status: "solved", Seed: 1, Rep: 1,
			Counters: map[string]float64{"conflicts": 3}},
	}
	plan := record.Plan{Solvers: []string{"sat/minisat/extended"}, Corpora: []string{"17-clue"}, Mode: "unique", Reps: 2, Runs: 2}
	d, _, err := Load(resultDir(t, plan, "", recs))
	if err != nil {
		t.Fatal(err)
	}
	first := d.Runs.At(0)
	if first.Detail != "" || first.Options != nil || first.Model != nil {
		t.Errorf("kept detail %q, options %v, model %v; want them left out", first.Detail, first.Options, first.Model)
	}
	if want := map[string]float64{"solves": 1, "startup_ns": 5, "startup_cpu_ns": 4}; fmt.Sprint(first.Counters) != fmt.Sprint(want) {
		t.Errorf("kept counters %v, want %v", first.Counters, want)
	}
	if first.OwnPeak == nil || *first.OwnPeak != own || d.Runs.At(1).OwnPeak != nil {
		t.Errorf("own peaks %v and %v, want %d and none", first.OwnPeak, d.Runs.At(1).OwnPeak, own)
	}
	if c := d.Runs.At(1).Counters; c != nil || len(d.Runs.counters) != 1 {
		t.Errorf("kept counters %v of a record that holds none the report reads and %d counter sets, want nil and 1", c, len(d.Runs.counters))
	}
	if a, b := d.Runs.rows[0], d.Runs.rows[1]; a.kind != b.kind || a.puzzle != b.puzzle || len(d.Runs.kinds) != 1 || len(d.Runs.puzzles) != 1 {
		t.Error("the run kind or the puzzle is held twice, want once")
	}
	if size := unsafe.Sizeof(runRow{}); size > 88 {
		t.Errorf("a run's row is %d bytes, want at most 88", size)
	}
}

// A run read back from the compact rows is the record given, less what
// the report does not read: every field the report reads, every flag and
// pointer, a start time to the nanosecond.
func TestRunsGiveBackWhatTheyHold(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	recordtest.MustWrite(t, dir, recordtest.Spec{Runs: 200, Seed: 3})
	path, err := record.ResultsPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	yes, no := true, false
	var recs []record.Record
	if _, err := record.Read(path, func(r *record.Record) error {
		r.Form, r.Transform, r.CorpusContradiction = len(recs)%3, fmt.Sprint("t", len(recs)%3), fmt.Sprint("c", len(recs)%2)
		r.BlankCells, r.BlankCellsRight, r.Certified = 60, len(recs)%61, []*bool{nil, &yes, &no}[len(recs)%3]
		if len(recs)%4 == 0 { // a seed not the plan's plus the repetition
			r.Seed = math.MinInt64 + int64(len(recs))
		}
		recs = append(recs, *r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	runs := NewRuns(recs...)
	if runs.Len() != len(recs) {
		t.Fatalf("%d runs held, want %d", runs.Len(), len(recs))
	}
	for i := range recs {
		want, got := recs[i], runs.At(i)
		want.Schema, want.Options, want.Detail, want.Model, want.CrossCheckNote = 0, nil, "", nil, ""
		want.EncodeNS, want.SolveNS, want.DecodeNS, want.AllocBytes = 0, 0, 0, 0
		want.Counters = keptCounters(want.Counters)
		if !want.Started.Equal(got.Started) {
			t.Fatalf("run %d started %v, want %v", i, got.Started, want.Started)
		}
		got.Started = want.Started
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("run %d read back as\n%+v\nwant\n%+v", i, got, want)
		}
	}
}

// keptCounters is the counters of reportCounters in all, nil when none.
func keptCounters(all map[string]float64) map[string]float64 {
	kept := make(map[string]float64)
	for _, name := range reportCounters {
		if v, ok := all[name]; ok {
			kept[name] = v
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

// BenchmarkReportMemory measures what a report holds per record: a
// synthetic plan of 10⁴ records and more (memtest.BySize; recordtest)
// loaded and reported by hint count and by corpus (the portfolio section
// rates every puzzle, a cost in time that the rating's benchmarks
// measure); peak-B/record is the most the heap held
// while it did (memtest.Peak), held-B/record what the loaded records
// alone hold.
func BenchmarkReportMemory(b *testing.B) {
	benchmarkRecordMemory(b, func(dir string) (func() error, error) {
		d, _, err := Load(dir)
		return func() error {
			_, err := New(d, Config{By: []string{"hints", "corpus"}})
			return err
		}, err
	})
}

// benchmarkRecordMemory measures, on synthetic plans of 10⁴ records and
// more (memtest.BySize; recordtest), what read holds once it has read a
// directory's records (held-B/record) and the most the heap held while
// it read them and the function it returns made its tables
// (peak-B/record).
func benchmarkRecordMemory(b *testing.B, read func(dir string) (tables func() error, err error)) {
	memtest.BySize(b, "records", func(b *testing.B, n int) {
		dir := filepath.Join(b.TempDir(), "run")
		recordtest.MustWrite(b, dir, recordtest.Spec{Runs: n, Seed: 1})
		var peak, held uint64
		for b.Loop() {
			base := memtest.Live()
			peak = memtest.Peak(func() {
				tables, err := read(dir)
				if err != nil {
					b.Fatal(err)
				}
				held = memtest.Live() - base
				if err := tables(); err != nil {
					b.Fatal(err)
				}
			}) - base
		}
		b.ReportMetric(float64(peak)/float64(n), "peak-B/record")
		b.ReportMetric(float64(held)/float64(n), "held-B/record")
	})
}
