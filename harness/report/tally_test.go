package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers"
)

// TestTallyIsTheReportByAll: a tally's tables and warnings are, to the
// byte, those of the report by "all" of the same directory, on the
// committed runs (outside programs, stochastic solvers, timeouts, wrong
// answers, networks' cell accuracy) and on synthetic ones edited to hold
// what those lack (duplicates, certification, equivalent forms, old
// memory figures, mixed limits, missing start-up, a missing manifest, a
// truncated line), a shard and no records at all, under every
// configuration a report by "all" reads.
func TestTallyIsTheReportByAll(t *testing.T) {
	noManifest := editedRun(t, false)
	if err := os.Remove(filepath.Join(noManifest, record.ManifestFile)); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	recordtest.MustWrite(t, empty, recordtest.Spec{Runs: 0, Seed: 5})
	shard := filepath.Join(t.TempDir(), "shard")
	recordtest.MustWrite(t, shard, recordtest.Spec{Runs: 2000, Reps: 2, Seed: 4, Shard: record.Shard{Index: 2, Count: 4}})
	minisat := func(s string) bool { return strings.HasPrefix(s, "sat/minisat") }
	every := map[string]Config{
		"default": {}, "wide": {Wide: true}, "width 100": {Width: 100}, "wall": {Measure: Wall},
		"total": {Part: PartTotal}, "own": {Part: PartOwn}, "own wall": {Measure: OwnWall}, "outside": {Outside: minisat},
	}
	some := map[string]Config{"default": {}, "wide": {Wide: true}, "own": {Part: PartOwn}}
	for _, tt := range []struct {
		name, dir string
		configs   map[string]Config
	}{
		{"run-a", filepath.Join("testdata", "run-a"), every},
		{"run-b", filepath.Join("testdata", "run-b"), some},
		{"reference", filepath.Join("..", "..", "results", "reference"), some},
		{"families", filepath.Join("..", "..", "results", "families"), some},
		{"comparison", filepath.Join("..", "..", "results", "comparison"), some},
		{"goal-25", filepath.Join("..", "..", "results", "goal-25"), some},
		{"edited", editedRun(t, false), every},
		{"no-startup", editedRun(t, true), every},
		{"no-manifest", noManifest, some},
		{"shard", shard, some},
		{"empty", empty, some},
	} {
		d, wantWarnings, err := Load(tt.dir)
		if err != nil {
			t.Fatal(err)
		}
		for cname, c := range tt.configs {
			want, wantErr := reportByAll(d, c)
			got, gotWarnings, gotErr := tallyByAll(tt.dir, c)
			if got != want || gotErr != wantErr {
				t.Errorf("%s, %s: the tally's tables differ from the report's\ntally (%s):\n%s\nreport (%s):\n%s", tt.name, cname, gotErr, got, wantErr, want)
			}
			if strings.Join(gotWarnings, "\n") != strings.Join(wantWarnings, "\n") {
				t.Errorf("%s, %s: warnings\n%q\nwant\n%q", tt.name, cname, gotWarnings, wantWarnings)
			}
		}
	}
}

// reportByAll is the report's tables by "all" of d as text, and the
// error, "" for none.
func reportByAll(d *Data, c Config) (string, string) {
	c.By = []string{"all"}
	rep, err := New(d, c)
	if err != nil {
		return "", err.Error()
	}
	var b bytes.Buffer
	if err := rep.WriteTables(&b, table.Text{}); err != nil {
		return "", err.Error()
	}
	return b.String(), ""
}

// tallyByAll is the tally's tables of dir as text, its warnings, and the
// error, "" for none.
func tallyByAll(dir string, c Config) (string, []string, string) {
	tally, warnings, err := NewTally(dir, c)
	if err != nil {
		return "", warnings, err.Error()
	}
	var b bytes.Buffer
	if err := tally.WriteText(&b); err != nil {
		return "", warnings, err.Error()
	}
	return b.String(), warnings, ""
}

// editedRun writes a synthetic run (recordtest: five solvers, one of them
// stochastic, one outside, three repetitions) edited to hold wrong
// answers, checked and rejected proofs, duplicated lines, a second host,
// cells filled, equivalent forms with guesses, corpus contradictions,
// records without own memory, another limit, outside programs' start-up
// (without its CPU part where noStartupCPU) and a truncated last line.
func editedRun(t *testing.T, noStartupCPU bool) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "synthetic")
	recordtest.MustWrite(t, src, recordtest.Spec{Runs: 1500, Reps: 3, Seed: 3})
	dir := filepath.Join(t.TempDir(), "edited")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest, err := os.ReadFile(filepath.Join(src, record.ManifestFile))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, record.ManifestFile), manifest, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	i := 0
	if _, err := record.Read(filepath.Join(src, record.ResultsFile), func(r *record.Record) error {
		edit(r, i, noStartupCPU)
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		w.Write(append(b, '\n'))
		if i%50 == 0 {
			w.Write(append(b, '\n'))
		}
		i++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	w.WriteString(`{"schema":1,"solver":"exactcover/dlx","puzzle`)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// edit changes record i of a synthetic run as editedRun says.
func edit(r *record.Record, i int, noStartupCPU bool) {
	yes, no := true, false
	switch {
	case i%97 == 0:
		r.Status = "wrong"
	case i%89 == 0:
		r.Certified = &yes
	case i%83 == 0:
		r.Status, r.Certified = "wrong", &no
	}
	if i%71 == 0 {
		r.Host = "other-host"
	}
	if r.Solver == "backtrack" && i%13 == 0 {
		r.BlankCells, r.BlankCellsRight = 81-r.Hints, 81-r.Hints-i%5
	}
	if i%7 == 0 && !r.Stochastic {
		r.Form = 1 + i%2
	}
	if !r.Stochastic {
		r.Counters[CounterGuesses] = float64(i % 11)
	}
	if i%211 == 0 {
		r.CorpusContradiction = "the corpus lists another solution"
	}
	if r.Solver == "backtrack" || r.External && i%2 == 0 || i%61 == 0 {
		r.OwnPeak = nil
	}
	if i%101 == 0 {
		r.TimeoutNS /= 2
	}
	if r.External {
		r.Counters[string(solvers.Calls)], r.Counters[string(solvers.Startup)], r.Counters[string(solvers.StartupCPU)] = 2, 1e6, 8e5
		if noStartupCPU && i%5 == 0 {
			delete(r.Counters, string(solvers.StartupCPU))
		}
	}
}

// BenchmarkTallyMemory measures what `run`'s summary holds per record: a
// synthetic plan of 10⁴ records and more (memtest.BySize; recordtest)
// tallied and its tables made; peak-B/record is the most the heap held
// while it did (memtest.Peak), held-B/record what the tally alone holds
// once its records are read.
func BenchmarkTallyMemory(b *testing.B) {
	benchmarkRecordMemory(b, func(dir string) (func() error, error) {
		tally, _, err := NewTally(dir, Config{})
		return func() error {
			_, err := tally.Tables()
			return err
		}, err
	})
}
