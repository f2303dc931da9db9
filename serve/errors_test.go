package serve

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

// brokenRuns adds to a results tree runs that cannot be reported: one
// whose records have a bad line before a good one, one whose manifest is
// not JSON, and a directory with no results file.
func brokenRuns(t *testing.T, root string) {
	t.Helper()
	corrupt := filepath.Join(root, "corrupt")
	writeRun(t, corrupt)
	good, err := os.ReadFile(filepath.Join(corrupt, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(corrupt, record.ResultsFile), "{not a record\n"+string(good))
	badManifest := filepath.Join(root, "bad-manifest")
	writeRun(t, badManifest)
	writeFile(t, filepath.Join(badManifest, record.ManifestFile), "[1, 2")
	if err := os.MkdirAll(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// partialCorpora is a corpus directory holding only norvig-top95.txt.
func partialCorpora(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	top95, err := os.ReadFile(filepath.Join(corporaDir, "norvig-top95.txt"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "norvig-top95.txt"), string(top95))
	return dir
}

// serverPaths are the directories an answer must never name: the test's
// temporary directories, this process's working directory, and the
// corpus directory.
func serverPaths(t *testing.T, dirs ...string) []string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	corpora, err := filepath.Abs(corporaDir)
	if err != nil {
		t.Fatal(err)
	}
	return append(dirs, wd, corpora, os.TempDir())
}

// checkJSONError fails unless a is a JSON error of the given status that
// names none of paths.
func checkJSONError(t *testing.T, a answer, code int, paths []string) {
	t.Helper()
	if !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
		t.Errorf("answer %d of type %q: %s; want a JSON error", a.code, a.header.Get("Content-Type"), a.body)
		return
	}
	if e := a.refusal(t); a.code != code || e.Error == "" {
		t.Errorf("answer %d %q, want %d with a message", a.code, e.Error, code)
	}
	for _, p := range paths {
		if strings.Contains(string(a.body), p) {
			t.Errorf("answer %d names the server's path %s: %s", a.code, p, a.body)
		}
	}
}

// TestErrorsAreJSONWithoutServerPaths asks the results browser, the
// reports, the corpora and the page for what they cannot give, and checks
// that every answer is a JSON error with an honest status that names no
// directory of the server's.
func TestErrorsAreJSONWithoutServerPaths(t *testing.T) {
	root := resultsTree(t)
	brokenRuns(t, root)
	corpora := partialCorpora(t)
	_, ts := newTestServer(t, func(c *Config) { c.Results = root; c.CorporaDir = corpora })
	_, none := newTestServer(t, func(c *Config) { c.Results = filepath.Join(t.TempDir(), "not-yet") })
	paths := serverPaths(t, filepath.Dir(root), corpora)
	cases := []struct {
		name, server, method, path string
		header                     http.Header
		code                       int
		msg                        string
	}{
		{"reports/root", ts.URL, "GET", "/reports/", nil, 404, "holds no run of its own"},
		{"reports/no results file", ts.URL, "GET", "/reports/empty", nil, 404, `no run "empty": it has no results.jsonl`},
		{"reports/missing", ts.URL, "GET", "/reports/missing", nil, 404, `no run "missing"`},
		{"reports/corrupt records", ts.URL, "GET", "/reports/corrupt", nil, 500, "corrupt/results.jsonl:1: not a result record"},
		{"reports/corrupt manifest", ts.URL, "GET", "/reports/bad-manifest", nil, 500, "bad-manifest/manifest.json: not a manifest"},
		{"reports/outside", ts.URL, "GET", "/reports/escape", nil, 403, "outside the results directory"},
		{"results/directory missing", none.URL, "GET", "/api/results", nil, 404, "does not exist (yet)"},
		{"reports/directory missing", none.URL, "GET", "/reports/run-a", nil, 404, "does not exist (yet)"},
		{"corpora/file missing", ts.URL, "GET", "/api/corpora", nil, 500, "open 17-clue.txt"},
		{"corpora/sample of a missing file", ts.URL, "GET", "/api/corpora/17-clue/sample", nil, 500, "open 17-clue.txt"},
		{"page/missing", ts.URL, "GET", "/nothing.html", nil, 404, "no page or API endpoint at /nothing.html"},
		{"page/wrong method", ts.URL, "POST", "/", nil, 405, "/ is read with GET, not POST"},
		{"page/bad range", ts.URL, "GET", "/app.js", http.Header{"Range": {"bytes=999999-"}}, 416, "range not satisfiable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := http.NewRequest(c.method, c.server+c.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Header = c.header
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			a := read(t, res)
			checkJSONError(t, a, c.code, paths)
			if e := a.refusal(t); !strings.Contains(e.Error, c.msg) {
				t.Errorf("message %q, want %q", e.Error, c.msg)
			}
		})
	}
	// The corpus that is there is still served.
	var s sampled
	if a := get(t, ts, "/api/corpora/norvig-top95/sample?n=2&seed=1"); a.code != http.StatusOK {
		t.Errorf("a sample of the corpus present: %d %s", a.code, a.body)
	} else if a.decode(t, &s); len(s.Puzzles) != 2 {
		t.Errorf("a sample of the corpus present: %+v", s)
	}
}

// TestReportWarningsNameRunsNotPaths renders the report of a run without
// a manifest and with a cut-off last record: the report is shown, and its
// warnings name the run, not where the server keeps it.
func TestReportWarningsNameRunsNotPaths(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "interrupted")
	writeRun(t, dir)
	if err := os.Remove(filepath.Join(dir, record.ManifestFile)); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, record.ResultsFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"solver": "exactcover/dl`); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, func(c *Config) { c.Results = root })
	a := get(t, ts, "/reports/interrupted")
	page := string(a.body)
	if a.code != http.StatusOK || !strings.Contains(page, "interrupted: no manifest.json") || !strings.Contains(page, "interrupted/results.jsonl:7: incomplete last line skipped") {
		t.Errorf("report: %d, %d bytes; want 200 with warnings naming the run", a.code, len(page))
	}
	for _, p := range serverPaths(t, root) {
		if strings.Contains(page, p) {
			t.Errorf("the report names the server's path %s", p)
		}
	}
}

// TestOversizedHeadersGetJSON431 sends headers over the server's limit to
// a server started as the command starts it: the answer is the API's JSON
// 431, not net/http's plain text.
func TestOversizedHeadersGetJSON431(t *testing.T) {
	s, err := New(Config{Registry: testRegistry(), Launch: testLaunch, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-served
	}()
	req, err := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/solvers", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Padding", strings.Repeat("x", 100<<10))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	a := read(t, res)
	checkJSONError(t, a, http.StatusRequestHeaderFieldsTooLarge, nil)
	if e := a.refusal(t); !strings.Contains(e.Error, "over the limit of 64 KiB") {
		t.Errorf("message %q, want the limit", e.Error)
	}
}

// TestSolverDetailsNameNoPaths checks that a detail a worker, its program
// or its files give keeps its first line with every absolute path cut to
// its last element.
func TestSolverDetailsNameNoPaths(t *testing.T) {
	for _, c := range []struct{ name, detail, want string }{
		{"worker start", "starting worker for sat/minisat: fork/exec /usr/local/bin/sudokubench: permission denied", "starting worker for sat/minisat: fork/exec sudokubench: permission denied"},
		{"solver file", "/tmp/sudokubench-41/model.lp: parse error at line 3", "model.lp: parse error at line 3"},
		{"quoted path and directory", `open "/srv/data/x.cnf" failed (see /var/log/)`, `open "x.cnf" failed (see log)`},
		{"stack", "panic: planted panic\ngoroutine 1 [running]:\n/home/ci/sudokubench/x.go:12", "panic: planted panic"},
		{"no path", "wrong solution: row 1: 1 at r1c1 and r1c2", "wrong solution: row 1: 1 at r1c1 and r1c2"},
		{"slashes in words", "energy 3 after 1000 sweeps / 10 reads, 1/2 of them", "energy 3 after 1000 sweeps / 10 reads, 1/2 of them"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := publicDetail(c.detail); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestWorkerThatCannotStartNamesNoPath serves with a launcher whose
// program is missing: the solve is a crash whose detail names the program,
// not where it was looked for.
func TestWorkerThatCannotStartNamesNoPath(t *testing.T) {
	dir := t.TempDir()
	_, ts := newTestServer(t, func(c *Config) {
		c.Launch = func(string) *exec.Cmd { return exec.Command(filepath.Join(dir, "sudokubench-gone")) }
	})
	a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95})
	var res solveAnswer
	a.decode(t, &res)
	if a.code != http.StatusOK || res.Status != "crash" || !strings.Contains(res.Detail, "fork/exec sudokubench-gone") {
		t.Errorf("%d %s %q; want 200 crash naming the program", a.code, res.Status, res.Detail)
	}
	for _, p := range serverPaths(t, dir) {
		if strings.Contains(string(a.body), p) {
			t.Errorf("the answer names the server's path %s: %s", p, a.body)
		}
	}
}
