package serve

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
)

// writeRun writes a small result directory: a manifest and a record for
// each of two solvers on each of three puzzles.
func writeRun(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	solvers := []string{"exactcover/dlx", "sat/gophersat/extended"}
	m := &record.Manifest{
		Suite: "sudokubench", Created: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), Commit: "0123abc",
		Plan: record.Plan{Solvers: solvers, Corpora: []string{"17-clue"}, Mode: "unique", Reps: 1, Seed: 1, TimeoutNS: 10e9, Runs: 6},
	}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	for i, solver := range solvers {
		for line := 1; line <= 3; line++ {
			rec := record.Record{
				Solver: solver, Corpus: "17-clue", PuzzleID: fmt.Sprintf("17-clue:%d", line), Hints: 17, Size: 9,
				Variant: "classic", Mode: "unique", Seed: 1, Status: "solved",
				WallNS: int64((i*10 + 1) * line * 20_000), CPUNS: int64((i*10 + 1) * line * 20_000),
				PeakRSS: 20 << 20, TimeoutNS: 10e9,
			}
			if err := w.Write(&rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// resultsTree builds a results directory with two runs, and beside it, out
// of bounds, a run that a symlinked directory and a symlinked result file
// point at.
func resultsTree(t *testing.T) string {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "results")
	writeRun(t, filepath.Join(root, "run-a"))
	writeRun(t, filepath.Join(root, "sweep", "run-b"))
	outside := filepath.Join(base, "private")
	writeRun(t, outside)
	if err := os.Symlink(outside, filepath.Join(root, "escape")); err != nil {
		t.Fatal(err)
	}
	leaky := filepath.Join(root, "leaky")
	if err := os.MkdirAll(leaky, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, record.ResultsFile), filepath.Join(leaky, record.ResultsFile)); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestResultsBrowserListsRunsAndRendersReports checks the listing and a
// report, and that no path reads outside --results.
func TestResultsBrowserListsRunsAndRendersReports(t *testing.T) {
	root := resultsTree(t)
	s, ts := newTestServer(t, func(c *Config) { c.Results = root })

	var list struct {
		Runs []runEntry `json:"runs"`
	}
	get(t, ts, "/api/results").decode(t, &list)
	var paths []string
	for _, r := range list.Runs {
		paths = append(paths, r.Path+" "+r.Report)
	}
	want := []string{"run-a /reports/run-a", "sweep/run-b /reports/sweep/run-b"}
	if fmt.Sprint(paths) != fmt.Sprint(want) {
		t.Errorf("runs %q, want %q (no symlinked directory or result file)", paths, want)
	}
	if len(list.Runs) > 0 && (list.Runs[0].Commit != "0123abc" || list.Runs[0].Planned != 6 || len(list.Runs[0].Solvers) != 2) {
		t.Errorf("run-a described as %+v", list.Runs[0])
	}

	a := get(t, ts, "/reports/sweep/run-b")
	page := string(a.body)
	if a.code != http.StatusOK || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") ||
		!strings.Contains(page, "<h1>Benchmark results</h1>") || !strings.Contains(page, "<svg") || !strings.Contains(page, "sat/gophersat/extended") {
		t.Errorf("report: %d %s, %d bytes; want an HTML report with tables and plots", a.code, a.header.Get("Content-Type"), len(page))
	}
	if a.header.Get("Content-Security-Policy") != reportPolicy {
		t.Errorf("report served without its content policy")
	}

	for _, run := range []string{"escape", "leaky", "..", "../private", "run-a/../../private", "/etc", filepath.Join(filepath.Dir(root), "private")} {
		_, err := s.runDir(run)
		if ae, ok := err.(*apiError); !ok || ae.code != http.StatusForbidden {
			t.Errorf("run %q: %v, want 403 outside the results directory", run, err)
		}
	}
	for _, path := range []string{"/reports/escape", "/reports/leaky", "/reports/%2e%2e/private", "/reports/..%2fprivate"} {
		a := get(t, ts, path)
		if a.code == http.StatusOK || strings.Contains(string(a.body), "Benchmark results") {
			t.Errorf("%s: %d, %d bytes; want a refusal", path, a.code, len(a.body))
		}
	}
	if a := get(t, ts, "/reports/missing"); a.code != http.StatusNotFound {
		t.Errorf("a missing run: %d, want 404", a.code)
	}
}

// TestResultsBrowserNeedsADirectory checks the answer of a server started
// without --results.
func TestResultsBrowserNeedsADirectory(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, path := range []string{"/api/results", "/reports/run-a"} {
		a := get(t, ts, path)
		if e := a.refusal(t); a.code != http.StatusNotFound || !strings.Contains(e.Error, "start it with --results DIR") {
			t.Errorf("%s: %d %q", path, a.code, e.Error)
		}
	}
}

// TestReportFollowsItsRecords asks twice for a report whose run gains
// records in between: the second page must show them, not the first
// page kept from before.
func TestReportFollowsItsRecords(t *testing.T) {
	root := resultsTree(t)
	_, ts := newTestServer(t, func(c *Config) { c.Results = root })
	before := string(get(t, ts, "/reports/run-a").body)
	w, err := record.Append(filepath.Join(root, "run-a", record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	rec := record.Record{Solver: "exactcover/dlx", Corpus: "17-clue", PuzzleID: "17-clue:4", Hints: 17, Size: 9,
		Variant: "classic", Mode: "unique", Seed: 1, Status: "timeout", WallNS: 10e9, CPUNS: 10e9, TimeoutNS: 10e9}
	if err := w.Write(&rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	after := string(get(t, ts, "/reports/run-a").body)
	if after == before || !strings.Contains(after, "1 timeout") {
		t.Errorf("the report after a new record is unchanged or lacks it (%d bytes before, %d after)", len(before), len(after))
	}
}

// TestReportOfAPipeHoldsNoSlot plants a named pipe where a run's results
// file goes and asks for its report more times than the server has
// request slots, each client giving up after a moment: the pipe must not
// be opened, and the solves after must still be served, not told 429.
func TestReportOfAPipeHoldsNoSlot(t *testing.T) {
	root := resultsTree(t)
	dir := filepath.Join(root, "piped")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, record.ResultsFile), 0o644); err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, func(c *Config) { c.Results = root; c.MaxInFlight = 2 })
	impatient := &http.Client{Timeout: 500 * time.Millisecond}
	for range 3 {
		res, err := impatient.Get(ts.URL + "/reports/piped")
		if err != nil {
			continue // the client gave up: the server must let the slot go
		}
		a := read(t, res)
		if e := a.refusal(t); a.code != http.StatusNotFound || !strings.Contains(e.Error, "not a regular file") {
			t.Errorf("report of a pipe: %d %q, want 404 saying it is not a regular file", a.code, e.Error)
		}
	}
	if a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95}); a.code != http.StatusOK {
		t.Errorf("a solve after the pipe's reports: %d %s, want 200", a.code, a.body)
	}
}

// TestReportSlotFreesWhenItsClientLeaves renders reports that never end:
// a client that gives up must take its request slot with it, and a
// client that waits is told, after the server's limit, to retry.
func TestReportSlotFreesWhenItsClientLeaves(t *testing.T) {
	root := resultsTree(t)
	s, ts := newTestServer(t, func(c *Config) { c.Results = root; c.MaxInFlight = 1 })
	stuck := make(chan struct{})
	t.Cleanup(func() { close(stuck) })
	s.reports.render = func(string, string) ([]byte, error) {
		<-stuck
		return nil, errors.New("never")
	}
	impatient := &http.Client{Timeout: 300 * time.Millisecond}
	if res, err := impatient.Get(ts.URL + "/reports/run-a"); err == nil {
		t.Fatalf("a report that never renders answered %d", res.StatusCode)
	}
	for deadline := time.Now().Add(10 * time.Second); len(s.inFlight) > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the request slot of a client that left is still held")
		}
	}
	if a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95}); a.code != http.StatusOK {
		t.Errorf("a solve after the client left: %d %s, want 200", a.code, a.body)
	}
	s.reports.limit = 200 * time.Millisecond
	a := get(t, ts, "/reports/sweep/run-b")
	if e := a.refusal(t); a.code != http.StatusServiceUnavailable || a.header.Get("Retry-After") == "" || !strings.Contains(e.Error, "sweep/run-b") {
		t.Errorf("a report past the limit: %d Retry-After %q %q; want 503 naming the run, with Retry-After", a.code, a.header.Get("Retry-After"), e.Error)
	}
}
