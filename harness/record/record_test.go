package record

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeRecords(t *testing.T, recs ...Record) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), ResultsFile)
	w, err := Append(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func sampleRecord(id string, status string) Record {
	return Record{
		Solver: "exactcover/dlx", Corpus: "top1465", PuzzleID: id, Mode: "unique", Seed: 1,
		Status: status, WallNS: 1234, Counters: map[string]float64{"nodes": 7}, Model: map[string]int{"items": 324},
	}
}

func TestWriteThenReadKeepsEveryField(t *testing.T) {
	in := []Record{sampleRecord("top1465:3", "solved"), sampleRecord("top1465:4", "timeout")}
	got, warnings, err := ReadAll(writeRecords(t, in...))
	if err != nil || len(warnings) != 0 {
		t.Fatalf("ReadAll: %v, warnings %v", err, warnings)
	}
	if len(got) != 2 || got[0].PuzzleID != "top1465:3" || got[1].Status != "timeout" ||
		got[0].Counters["nodes"] != 7 || got[0].Model["items"] != 324 || got[0].WallNS != 1234 {
		t.Fatalf("records changed on the way: %+v", got)
	}
}

func TestReadSkipsATornLastLineWithAWarning(t *testing.T) {
	path := writeRecords(t, sampleRecord("top1465:3", "solved"))
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"solver":"exactcover/dlx","puzz`)
	f.Close()
	got, warnings, err := ReadAll(path)
	if err != nil {
		t.Fatalf("a torn last line must not be an error: %v", err)
	}
	if len(got) != 1 || len(warnings) != 1 || !strings.Contains(warnings[0], ":2: incomplete last line") {
		t.Fatalf("got %d records, warnings %v; want 1 record and a warning naming line 2", len(got), warnings)
	}
}

func TestReadRejectsABadLineInTheMiddle(t *testing.T) {
	path := filepath.Join(t.TempDir(), ResultsFile)
	good := `{"solver":"s","puzzle_id":"c:1","status":"solved"}`
	os.WriteFile(path, []byte(good+"\nnot json\n"+good+"\n"), 0o644)
	_, _, err := ReadAll(path)
	if err == nil || !strings.Contains(err.Error(), ResultsFile+":2:") {
		t.Fatalf("err = %v, want the file and line 2 named", err)
	}
}

func TestKeyAndSolved(t *testing.T) {
	r := sampleRecord("top1465:3", "multiple")
	r.Rep = 2
	if got, want := r.Key(), "exactcover/dlx|top1465:3|unique|1|2"; got != want {
		t.Errorf("Key() = %q, want %q", got, want)
	}
	r.Form = 3
	if got, want := r.Key(), "exactcover/dlx|top1465:3|unique|1|2|form=3"; got != want {
		t.Errorf("Key() of form 3 = %q, want %q", got, want)
	}
	for status, want := range map[string]bool{"solved": true, "unsat": true, "multiple": true, "timeout": false, "wrong": false, "error": false} {
		r.Status = status
		if r.Solved() != want {
			t.Errorf("Solved() for %s = %v, want %v", status, !want, want)
		}
	}
}

func TestManifestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), ManifestFile)
	m := &Manifest{Suite: "sudokubench", Commit: "abc", Plan: Plan{Solvers: []string{"exactcover/dlx"}, Seed: 9, TimeoutNS: 1e9}}
	if err := WriteManifest(path, m); err != nil {
		t.Fatal(err)
	}
	got, err := ReadManifest(path)
	if err != nil || got.Commit != "abc" || got.Plan.Seed != 9 || got.Plan.Solvers[0] != "exactcover/dlx" {
		t.Fatalf("ReadManifest = %+v, %v", got, err)
	}
	os.WriteFile(path, []byte("{"), 0o644)
	if _, err := ReadManifest(path); err == nil || !strings.Contains(err.Error(), "not a manifest") {
		t.Errorf("bad manifest error = %v", err)
	}
}

// Results written before the provenance and memory fields existed (a
// manifest and three records of an earlier reference run) must still read,
// with those fields empty.
func TestOldResultsStillRead(t *testing.T) {
	dir := filepath.Join("testdata", "before-provenance")
	m, err := ReadManifest(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if m.Build() != m.Commit || m.Executable != "" || m.LoadStart != [3]float64{} {
		t.Errorf("old manifest read as build %q, executable %q, load %v", m.Build(), m.Executable, m.LoadStart)
	}
	recs, _, err := ReadAll(filepath.Join(dir, ResultsFile))
	if err != nil || len(recs) == 0 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	if r := recs[0]; !r.Started.IsZero() || r.Build != "" || r.BaseRSS != 0 || r.PeakRSS == 0 {
		t.Errorf("old record read as started %v, build %q, base %d, peak %d", r.Started, r.Build, r.BaseRSS, r.PeakRSS)
	}
	if r := recs[0]; r.Schema != 1 || r.Puzzle != "" || m.Schema != 1 {
		t.Errorf("old results read as record schema %d, puzzle %q, manifest schema %d; want schema 1 and no puzzle", r.Schema, r.Puzzle, m.Schema)
	}
	if r := recs[0]; r.OwnPeak != nil || r.Timing != "" {
		t.Errorf("old record read with own peak %v, timing %q; want neither", r.OwnPeak, r.Timing)
	}
}

// An own peak of zero (an in-process solver that used nothing above the
// idle worker) is a measurement, written and read back as 0; one not
// measured is absent. Neither field changes the schema.
func TestOwnPeakZeroIsMeasured(t *testing.T) {
	zero := uint64(0)
	path := writeRecords(t, Record{Solver: "a", OwnPeak: &zero, Timing: "window"}, Record{Solver: "b"})
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if !strings.Contains(lines[0], `"own_peak_bytes":0`) || strings.Contains(lines[1], "own_peak_bytes") || !strings.Contains(lines[0], `"schema":1`) {
		t.Fatalf("written:\n%s", text)
	}
	recs, _, err := ReadAll(path)
	if err != nil || recs[0].OwnPeak == nil || *recs[0].OwnPeak != 0 || recs[1].OwnPeak != nil || recs[0].Timing != "window" {
		t.Errorf("read back %+v, %v", recs, err)
	}
}

// What is written carries the schema, in records and the manifest: 1,
// or 2 for a record of an equivalent form and the manifest of a plan
// with forms, which a schema-1 reader would misread.
func TestWrittenResultsCarryTheSchema(t *testing.T) {
	form := sampleRecord("top1465:3", "solved")
	form.Form, form.Transform = 2, "transpose"
	path := writeRecords(t, sampleRecord("top1465:3", "solved"), form)
	b, _ := os.ReadFile(path)
	lines := strings.Split(string(b), "\n")
	if !strings.HasPrefix(lines[0], `{"schema":1,"solver":`) || !strings.HasPrefix(lines[1], `{"schema":2,"solver":`) {
		t.Errorf("record lines = %s, want them to begin with schema 1, then 2 for the form", b)
	}
	for _, tc := range []struct{ forms, want int }{{0, 1}, {4, 2}} {
		t.Run(fmt.Sprintf("manifest/forms=%d", tc.forms), func(t *testing.T) {
			mpath := filepath.Join(t.TempDir(), ManifestFile)
			if err := WriteManifest(mpath, &Manifest{Suite: "sudokubench", Plan: Plan{Forms: tc.forms}}); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(mpath); !strings.Contains(string(b), fmt.Sprintf(`"schema": %d,`, tc.want)) {
				t.Errorf("manifest lacks schema %d:\n%s", tc.want, b)
			}
			if _, err := ReadManifest(mpath); err != nil {
				t.Errorf("a manifest this package wrote does not read: %v", err)
			}
		})
	}
}

// A schema newer than this reader's is refused with where it is, not
// misread; an older one (none) reads.
func TestReadRefusesANewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), ResultsFile)
	lines := `{"solver":"s","puzzle_id":"c:1","status":"solved"}` + "\n" +
		`{"schema":1,"solver":"s","puzzle_id":"c:2","status":"solved"}` + "\n" +
		`{"schema":2,"solver":"s","puzzle_id":"c:3","status":"solved","form":1}` + "\n" +
		`{"schema":3,"solver":"s","puzzle_id":"c:4","status":"solved"}` + "\n"
	os.WriteFile(path, []byte(lines), 0o644)
	_, _, err := ReadAll(path)
	if err == nil || !strings.Contains(err.Error(), ResultsFile+":4: written in schema 3, newer than the schema 2") {
		t.Errorf("err = %v, want line 4 named as schema 3, newer than 2", err)
	}
	mpath := filepath.Join(t.TempDir(), ManifestFile)
	os.WriteFile(mpath, []byte(`{"schema":7,"suite":"sudokubench"}`), 0o644)
	if _, err := ReadManifest(mpath); err == nil || !strings.Contains(err.Error(), "written in schema 7") {
		t.Errorf("manifest of schema 7: %v, want a refusal", err)
	}
}

func TestManifestKeepsProvenanceAndLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), ManifestFile)
	m := &Manifest{Commit: "abc", Dirty: true, Executable: "e3b0", LoadStart: [3]float64{0.5, 0.25, 0.125}, LoadEnd: [3]float64{2, 1, 0.5}}
	if err := WriteManifest(path, m); err != nil {
		t.Fatal(err)
	}
	got, err := ReadManifest(path)
	if err != nil || got.Build() != "abc+dirty" || got.Executable != "e3b0" || got.LoadStart != m.LoadStart || got.LoadEnd != m.LoadEnd {
		t.Fatalf("ReadManifest = %+v, %v", got, err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `"load_start": [`) || !strings.Contains(string(b), `"load_end": [`) {
		t.Errorf("manifest lacks load_start/load_end:\n%s", b)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("writing left %d files, want the manifest alone", len(entries))
	}
	if BuildName(UnknownBuild, true) != UnknownBuild {
		t.Errorf("an unstamped build got a dirty mark: %q", BuildName(UnknownBuild, true))
	}
}

// TestCertifiedIsThreeValued: a verdict certified, one whose proof failed,
// and one never asked for a proof read back apart.
func TestCertifiedIsThreeValued(t *testing.T) {
	yes, no := true, false
	in := []Record{sampleRecord("top1465:1", "solved"), sampleRecord("top1465:2", "wrong"), sampleRecord("top1465:3", "solved")}
	in[0].Certified, in[0].ProofBytes, in[0].ProofLemmas, in[0].ProofCheckNS = &yes, 2910, 713, 1500000
	in[1].Certified = &no
	path := writeRecords(t, in...)
	got, _, err := ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Certified == nil || !*got[0].Certified || got[0].ProofBytes != 2910 || got[0].ProofLemmas != 713 || got[0].ProofCheckNS != 1500000 {
		t.Errorf("certified record read back as %+v", got[0])
	}
	if got[1].Certified == nil || *got[1].Certified || got[2].Certified != nil {
		t.Errorf("certified %v and %v, want false and absent", got[1].Certified, got[2].Certified)
	}
	b, _ := os.ReadFile(path)
	if lines := strings.Split(string(b), "\n"); strings.Contains(lines[2], "certified") || strings.Contains(lines[2], "proof_") {
		t.Errorf("a record asked for no proof writes %s", lines[2])
	}
}

// A run's own time is its time less its calls' start-up, never below
// zero; a run without calls is all its own, and one whose calls carry no
// CPU start-up (an older record) is not known.
func TestOwnTime(t *testing.T) {
	for _, c := range []struct {
		name              string
		r                 Record
		wall, cpu         int64
		ok                bool
		callWall, callCPU time.Duration
		perCall           bool
	}{
		{"in process", Record{WallNS: 20, CPUNS: 30}, 20, 30, true, 0, 0, false},
		{"two calls", Record{WallNS: 9e6, CPUNS: 8e6, Counters: map[string]float64{"solves": 2, "startup_ns": 4e6, "startup_cpu_ns": 3e6}}, 5e6, 5e6, true, 2e6, 15e5, true},
		{"no call", Record{WallNS: 9e6, CPUNS: 8e6, Counters: map[string]float64{"propagation_only": 1}}, 9e6, 8e6, true, 0, 0, false},
		{"below zero", Record{WallNS: 3e6, CPUNS: 2e6, Counters: map[string]float64{"solves": 1, "startup_ns": 4e6, "startup_cpu_ns": 3e6}}, 0, 0, true, 4e6, 3e6, true},
		{"older record", Record{WallNS: 9e6, CPUNS: 8e6, Counters: map[string]float64{"solves": 1, "startup_ns": 4e6}}, 9e6, 8e6, false, 0, 0, false},
	} {
		t.Run("run="+c.name, func(t *testing.T) {
			if wall, cpu, ok := c.r.Own(); wall != c.wall || cpu != c.cpu || ok != c.ok {
				t.Errorf("Own() = %d, %d, %v; want %d, %d, %v", wall, cpu, ok, c.wall, c.cpu, c.ok)
			}
			if wall, cpu, ok := c.r.StartupPerCall(); wall != c.callWall || cpu != c.callCPU || ok != c.perCall {
				t.Errorf("StartupPerCall() = %s, %s, %v; want %s, %s, %v", wall, cpu, ok, c.callWall, c.callCPU, c.perCall)
			}
		})
	}
}
