package serve

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/harness/rating"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
)

// The results browser lists the result directories under --results and
// renders each one's HTML report, as `sudokubench report --format html`
// does. It reads nothing outside --results: run paths are checked, and
// symbolic links are resolved and must land inside. Nor does it show
// where --results is: its answers, errors and report warnings name a run
// by its path below --results.

// Bounds of the walk that finds runs.
const (
	runsDepth = 4   // directories below --results
	maxRuns   = 500 // runs listed
)

// errNoResults says that the server was started without a results
// directory.
var errNoResults = &apiError{code: http.StatusNotFound, msg: "this server has no results directory: start it with --results DIR"}

// runEntry is one result directory for GET /api/results.
type runEntry struct {
	Path    string    `json:"path"`   // below --results, slash-separated; "." for --results itself
	Report  string    `json:"report"` // the URL of its HTML report
	Bytes   int64     `json:"results_bytes"`
	Created time.Time `json:"created,omitzero"`
	Commit  string    `json:"commit,omitempty"`
	Solvers []string  `json:"solvers,omitempty"`
	Corpora []string  `json:"corpora,omitempty"`
	Mode    string    `json:"mode,omitempty"`
	Planned int       `json:"planned_runs,omitempty"`
}

// handleResults answers GET /api/results: the runs under --results.
func (s *Server) handleResults(w http.ResponseWriter, _ *http.Request) {
	root, err := s.resultsRoot()
	if err != nil {
		writeError(w, err)
		return
	}
	runs, err := listRuns(root)
	if err != nil {
		writeError(w, &apiError{code: http.StatusInternalServerError, msg: "the results directory cannot be listed"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": runs})
}

// resultsRoot is --results, absolute, with its symbolic links resolved.
// A --results that does not exist (yet) is 404: a benchmark may make it
// while the server runs.
func (s *Server) resultsRoot() (string, error) {
	if s.cfg.Results == "" {
		return "", errNoResults
	}
	root, err := filepath.Abs(s.cfg.Results)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", &apiError{code: http.StatusNotFound, msg: "this server's results directory does not exist (yet): it lists runs once a benchmark writes there"}
	case err != nil:
		return "", &apiError{code: http.StatusInternalServerError, msg: "this server's results directory cannot be read"}
	}
	return root, nil
}

// listRuns finds the directories under root that hold a results file,
// without following symbolic links.
func listRuns(root string) ([]runEntry, error) {
	runs := []runEntry{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil // an unreadable corner is not listed
		}
		rel, _ := filepath.Rel(root, path)
		if rel != "." && strings.Count(rel, string(filepath.Separator)) >= runsDepth {
			return fs.SkipDir
		}
		if e, ok := runAt(path, rel); ok {
			runs = append(runs, e)
		}
		if len(runs) == maxRuns {
			return fs.SkipAll
		}
		return nil
	})
	return runs, err
}

// runAt describes the run in dir, if dir holds a results file of its own.
func runAt(dir, rel string) (runEntry, bool) {
	path, err := record.ResultsPath(dir)
	if err != nil {
		return runEntry{}, false
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return runEntry{}, false
	}
	slashed := filepath.ToSlash(rel)
	e := runEntry{Path: slashed, Report: "/reports/" + (&url.URL{Path: strings.TrimPrefix(slashed, ".")}).EscapedPath(), Bytes: fi.Size()}
	manifest := filepath.Join(dir, record.ManifestFile)
	if mi, err := os.Lstat(manifest); err == nil && mi.Mode().IsRegular() {
		if m, err := record.ReadManifest(manifest); err == nil {
			e.Created, e.Commit, e.Solvers, e.Corpora = m.Created, m.Commit, m.Plan.Solvers, m.Plan.Corpora
			e.Mode, e.Planned = m.Plan.Mode, m.Plan.Runs
		}
	}
	return e, true
}

// runDir resolves a run's path below the results root. It refuses an
// absolute path, one with "..", and a directory or result file whose
// symbolic links lead outside the root.
func (s *Server) runDir(rel string) (string, error) {
	root, err := s.resultsRoot()
	if err != nil {
		return "", err
	}
	leaves := &apiError{code: http.StatusForbidden, msg: fmt.Sprintf("run %q is outside the results directory", rel)}
	if !filepath.IsLocal(rel) || slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), "..") {
		return "", leaves
	}
	dir := filepath.Join(root, rel)
	for _, p := range []string{dir, filepath.Join(dir, record.ResultsFile), filepath.Join(dir, record.CompressedResultsFile), filepath.Join(dir, record.ManifestFile)} {
		real, err := filepath.EvalSymlinks(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) && p != dir:
			continue // report.Load says what is missing
		case err != nil:
			return "", &apiError{code: http.StatusNotFound, msg: fmt.Sprintf("no run %q in the results directory", rel)}
		case !inside(root, real):
			return "", leaves
		}
	}
	return dir, nil
}

// inside reports whether path is root or below it.
func inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && filepath.IsLocal(rel)
}

// reportPolicy lets a report page use its own inline style and SVG and
// nothing else.
const reportPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

// handleReport answers GET /reports/{run...} with the run's HTML report:
// tables by hint count and corpus, and its plots inline. A client that
// leaves before the report is made takes its request slot with it; one
// that waits past the report's time limit is told to retry.
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	run := cmp.Or(r.PathValue("run"), ".")
	dir, err := s.runDir(run)
	if err != nil {
		writeError(w, err)
		return
	}
	page, err := s.reports.page(r.Context(), dir, run)
	if errors.Is(err, context.Canceled) {
		return // the client left: no one to answer
	}
	if err != nil {
		writeError(w, reportError(err, dir, run))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", reportPolicy)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(page)
}

// reportTimeout is how long a request waits for a report to be made: far
// more than the largest committed run takes (about a second).
const reportTimeout = 30 * time.Second

// errReportSlow says that a report took longer than its time limit.
var errReportSlow = errors.New("the report takes longer than its time limit")

// reportCache keeps each run's rendered report while its records and
// manifest stay as they were: rendering reads every record and draws every
// plot, about a second for the largest committed run. A run is rendered
// once at a time, however many requests ask for it: a request waits for
// the rendering under way, at most limit, while the rendering goes on
// without it and is kept for the next.
type reportCache struct {
	mu      sync.Mutex
	pages   map[string]cachedReport // by directory
	pending map[string]*rendering   // by directory
	// render makes a report (renderReport; a stand-in in tests), and
	// limit bounds the wait for it (reportTimeout when 0).
	render func(dir, run string) ([]byte, error)
	limit  time.Duration
}

type cachedReport struct {
	stamp string // the files' sizes and modification times
	page  []byte
}

// rendering is a report being made: done closes when page and err are set.
type rendering struct {
	stamp string
	done  chan struct{}
	page  []byte
	err   error
}

// page returns the report of the run in dir, rendered again only when its
// files changed. run names the run in the report's warnings. It returns
// ctx's error when ctx ends first, and errReportSlow after the limit.
func (c *reportCache) page(ctx context.Context, dir, run string) ([]byte, error) {
	stamp, err := filesStamp(dir)
	if err != nil {
		return nil, err
	}
	cached, job := c.start(dir, run, stamp)
	if job == nil {
		return cached, nil
	}
	timer := time.NewTimer(cmp.Or(c.limit, reportTimeout))
	defer timer.Stop()
	select {
	case <-job.done:
		return job.page, job.err
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, errReportSlow
	}
}

// start returns the page of the run in dir at stamp when it is cached,
// else its rendering, begun now or already under way.
func (c *reportCache) start(dir, run, stamp string) ([]byte, *rendering) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cached, ok := c.pages[dir]; ok && cached.stamp == stamp {
		return cached.page, nil
	}
	if job, ok := c.pending[dir]; ok && job.stamp == stamp {
		return nil, job
	}
	if c.pending == nil {
		c.pending = make(map[string]*rendering)
	}
	job := &rendering{stamp: stamp, done: make(chan struct{})}
	c.pending[dir] = job
	render := c.render
	if render == nil {
		render = renderReport
	}
	go func() {
		job.page, job.err = render(dir, run)
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.pending[dir] == job {
			delete(c.pending, dir)
		}
		if job.err == nil {
			if c.pages == nil {
				c.pages = make(map[string]cachedReport)
			}
			c.pages[dir] = cachedReport{stamp: stamp, page: job.page}
		}
		close(job.done)
	}()
	return nil, job
}

// filesStamp describes the results file of dir and its manifest by size
// and modification time. A run may lack a manifest; report.Load warns of
// that.
func filesStamp(dir string) (string, error) {
	var b strings.Builder
	results, err := record.ResultsPath(dir)
	if err != nil {
		return "", err
	}
	for _, path := range []string{results, filepath.Join(dir, record.ManifestFile)} {
		name := filepath.Base(path)
		info, err := os.Stat(path)
		switch {
		case name == record.ManifestFile && errors.Is(err, fs.ErrNotExist):
			b.WriteString("no manifest")
		case err != nil:
			return "", err
		default:
			fmt.Fprintf(&b, "%s:%d:%d;", name, info.Size(), info.ModTime().UnixNano())
		}
	}
	return b.String(), nil
}

// renderReport makes the HTML report of one result directory, its
// warnings naming it as run.
func renderReport(dir, run string) ([]byte, error) {
	data, warnings, err := report.Load(dir)
	if err != nil {
		return nil, err
	}
	rep, err := report.New(data, report.Config{Rate: rating.Grades})
	if err != nil {
		return nil, err
	}
	rep.Warnings = append(warnings, rep.Warnings...)
	for i, w := range rep.Warnings {
		rep.Warnings[i] = strings.ReplaceAll(w, dir, run)
	}
	figs, err := rep.Figures()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := rep.WriteHTML(&b, figs); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// reportError says why the report of run, in dir, cannot be shown, naming
// the run's files below --results: a run without a results file is 404,
// and files the report cannot be made from are the server's fault, 500.
func reportError(err error, dir, run string) *apiError {
	switch {
	case errors.Is(err, errReportSlow):
		return &apiError{code: http.StatusServiceUnavailable, msg: fmt.Sprintf("the report of run %q is still being made: retry in a while", run), retryAfter: 5}
	case errors.Is(err, record.ErrNotRegular):
		return &apiError{code: http.StatusNotFound, msg: fmt.Sprintf("no run %q: %s", run, strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))}
	case errors.Is(err, fs.ErrNotExist):
		msg := fmt.Sprintf("no run %q: it has no %s", run, record.ResultsFile)
		if run == "." {
			msg = "the results directory holds no run of its own: GET /api/results lists the runs below it"
		}
		return &apiError{code: http.StatusNotFound, msg: msg}
	}
	return &apiError{code: http.StatusInternalServerError, msg: fmt.Sprintf("the report of run %q cannot be made: %s", run, strings.ReplaceAll(err.Error(), dir, run))}
}
