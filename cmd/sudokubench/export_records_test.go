package main

import (
	"encoding/csv"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/internal/memtest"
)

// pandasMedianLine is the computation docs/reports.md shows.
const pandasMedianLine = `runs[runs.solved].groupby(["solver", "corpus"]).cpu_ns.median()`

// The pandas lines of docs/reports.md, runs[runs.solved].groupby(["solver",
// "corpus"]).cpu_ns.median(), rebuild the report's median by corpus from
// export-records' CSV: done here by hand on a test run and on the
// committed reference run (one run per puzzle in both).
func TestExportRecordsRebuildsTheReportsMedians(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "reports.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "\n"+pandasMedianLine) {
		t.Fatalf("docs/reports.md no longer shows the line this test checks:\n%s", pandasMedianLine)
	}
	for _, dir := range []string{
		filepath.Join("..", "..", "harness", "report", "testdata", "run-a"),
		filepath.Join("..", "..", "results", "reference"),
	} {
		t.Run("run="+filepath.Base(dir), func(t *testing.T) {
			out, _, err := runCLIInput(t, "", "export-records", dir)
			if err != nil {
				t.Fatal(err)
			}
			rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil {
				t.Fatalf("the CSV does not parse: %v", err)
			}
			path, err := record.ResultsPath(dir)
			if err != nil {
				t.Fatal(err)
			}
			recs, _, err := record.ReadAll(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != len(recs)+1 {
				t.Fatalf("%d rows for %d records, want a header and one row each", len(rows), len(recs))
			}
			got := pandasMedians(t, rows)
			want := reportMedians(t, dir)
			if len(got) != len(want) || len(want) == 0 {
				t.Errorf("medians for %d solver×corpus groups from the CSV, %d from the report", len(got), len(want))
			}
			for group, w := range want {
				if g := got[group]; math.Abs(g-w) > 1e-9*w {
					t.Errorf("%s: median %g ns from the CSV, %g from the report", group, g, w)
				}
			}
		})
	}
}

// The header is the one docs/reports.md documents for a run's records.
func TestExportRecordsHeader(t *testing.T) {
	out, _, err := runCLIInput(t, "", "export-records", filepath.Join("..", "..", "harness", "report", "testdata", "run-a"))
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(out, "\n")
	want := "schema,solver,family,stochastic,corpus,puzzle_id,puzzle_sha,hints,size,variant,mode,seed,rep," +
		"status,solved,detail,wall_ns,cpu_ns,alloc_bytes,peak_rss_bytes,base_rss_bytes,own_peak_bytes,timeout_ns"
	if header != want {
		t.Errorf("header\n %s\nwant\n %s", header, want)
	}
}

// pandasMedians is what pandas gives for the solved rows' cpu_ns grouped
// by solver and corpus: for an even count, the mean of the middle two.
func pandasMedians(t *testing.T, rows [][]string) map[string]float64 {
	col := func(name string) int {
		i := slices.Index(rows[0], name)
		if i < 0 {
			t.Fatalf("no %s column in %q", name, rows[0])
		}
		return i
	}
	solver, corpus, solved, cpu := col("solver"), col("corpus"), col("solved"), col("cpu_ns")
	times := make(map[string][]float64)
	for _, row := range rows[1:] {
		if row[solved] != "true" {
			continue
		}
		ns, err := strconv.ParseFloat(row[cpu], 64)
		if err != nil {
			t.Fatalf("cpu_ns %q: %v", row[cpu], err)
		}
		group := row[solver] + " on " + row[corpus]
		times[group] = append(times[group], ns)
	}
	medians := make(map[string]float64)
	for group, xs := range times {
		slices.Sort(xs)
		n := len(xs)
		medians[group] = (xs[(n-1)/2] + xs[n/2]) / 2
	}
	return medians
}

// reportMedians is the report's median time by corpus, per solver.
func reportMedians(t *testing.T, dir string) map[string]float64 {
	d, _, err := report.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.New(d, report.Config{By: []string{"corpus"}, Scatter: [][2]string{}})
	if err != nil {
		t.Fatal(err)
	}
	medians := make(map[string]float64)
	for _, s := range r.Sections[0].Summaries {
		if s.Solved > 0 {
			medians[s.Solver+" on "+s.Group.Label] = s.Median
		}
	}
	return medians
}

// export-records streams the records of shards, each run once however
// many times it is recorded (a shard given twice, once compressed), and
// writes what record.WriteCSV writes of the distinct records.
func TestExportRecordsStreamsEachRunOnce(t *testing.T) {
	tmp := t.TempDir()
	pieces := []string{filepath.Join(tmp, "p1"), filepath.Join(tmp, "p2"), filepath.Join(tmp, "p2-again")}
	for i, s := range []recordtest.Spec{
		{Runs: 400, Seed: 2, Shard: record.Shard{Index: 1, Count: 2}},
		{Runs: 400, Seed: 2, Shard: record.Shard{Index: 2, Count: 2}},
		{Runs: 400, Seed: 2, Shard: record.Shard{Index: 2, Count: 2}, Compressed: true},
	} {
		recordtest.MustWrite(t, pieces[i], s)
	}
	var distinct []record.Record
	for _, dir := range pieces[:2] {
		path, err := record.ResultsPath(dir)
		if err != nil {
			t.Fatal(err)
		}
		recs, _, err := record.ReadAll(path)
		if err != nil {
			t.Fatal(err)
		}
		distinct = append(distinct, recs...)
	}
	var want strings.Builder
	if err := record.WriteCSV(&want, distinct); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "csv", "runs.csv")
	_, stderr, err := runCLIInput(t, "", append([]string{"export-records", "--out", out}, pieces...)...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want.String() {
		t.Errorf("the CSV (%d bytes) is not WriteCSV's of the %d distinct records (%d bytes)", len(got), len(distinct), want.Len())
	}
	if !strings.Contains(stderr, "recorded more than once") {
		t.Errorf("stderr %q: no warning of the repeated runs", stderr)
	}
}

// BenchmarkExportRecordsMemory measures what export-records holds per
// record it writes: 10⁴ synthetic records and more (memtest.BySize;
// recordtest) exported to a file; peak-B/record is the most the heap
// held (memtest.Peak) over the records.
func BenchmarkExportRecordsMemory(b *testing.B) {
	memtest.BySize(b, "records", func(b *testing.B, n int) {
		dir := filepath.Join(b.TempDir(), "run")
		recordtest.MustWrite(b, dir, recordtest.Spec{Runs: n, Seed: 1})
		out := filepath.Join(b.TempDir(), "runs.csv")
		var peak uint64
		for b.Loop() {
			base := memtest.Live()
			peak = memtest.Peak(func() {
				root := newRootCmd()
				root.SetOut(io.Discard)
				root.SetErr(io.Discard)
				root.SetArgs([]string{"export-records", "--force", "--out", out, dir})
				if err := root.Execute(); err != nil {
					b.Fatal(err)
				}
			}) - base
		}
		b.ReportMetric(float64(peak)/float64(n), "peak-B/record")
	})
}
