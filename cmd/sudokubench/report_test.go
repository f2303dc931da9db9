package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
)

var (
	runA = filepath.Join("..", "..", "harness", "report", "testdata", "run-a")
	runB = filepath.Join("..", "..", "harness", "report", "testdata", "run-b")
)

func TestReportCommand(t *testing.T) {
	out, err := runCLI(t, "report", runA, "--by", "corpus", "--time", "wall")
	if err != nil || !strings.Contains(out, "Results by corpus") || !strings.Contains(out, "wall-clock time") {
		t.Errorf("report text: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if _, err := runCLI(t, "report", runA, "--format", "md", "--plots", "svg", "--out", dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil || !strings.Contains(string(md), "](cactus.svg)") {
		t.Errorf("report.md: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cactus.svg")); err != nil {
		t.Error(err)
	}
	for _, bad := range [][]string{
		{"report", runA, "--format", "docx"},
		{"report", runA, "--plots", "svg"},
		{"report", runA, "--by", "size"},
		{"report", runA, "--scatter", "exactcover/dlx"},
		{"report", runA, "--scatter", "exactcover/dlx:no-such-solver"},
		{"report", t.TempDir()},
	} {
		if _, err := runCLI(t, bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

// TestReportPlotWidthAndFormats: --plot-width sizes the figures for a
// column or a page, --plots takes every declared format, tex among them
// (linked from Markdown, not shown), and a bad value of either says what
// it takes.
func TestReportPlotWidthAndFormats(t *testing.T) {
	widths := make(map[string]string)
	for _, width := range []string{"column", "page"} {
		dir := t.TempDir()
		if _, err := runCLI(t, "report", runA, "--format", "md", "--plots", "svg,tex", "--plot-width", width, "--out", dir); err != nil {
			t.Fatal(err)
		}
		svg, err := os.ReadFile(filepath.Join(dir, "cactus.svg"))
		if err != nil {
			t.Fatal(err)
		}
		widths[width] = regexp.MustCompile(`<svg[^>]* width="([^"]+)"`).FindStringSubmatch(string(svg))[1]
		tex, err := os.ReadFile(filepath.Join(dir, "cactus.tex"))
		if err != nil || !strings.Contains(string(tex), `\begin{pgfpicture}`) {
			t.Errorf("plot-width=%s: cactus.tex is no PGF picture (%v)", width, err)
		}
	}
	if widths["column"] != "252pt" || widths["page"] != "504pt" {
		t.Errorf("cactus.svg widths %v, want 252pt (3.5 in) for a column, 504pt (7 in) for a page", widths)
	}
	dir := t.TempDir()
	if _, err := runCLI(t, "report", runA, "--format", "md", "--plots", "tex", "--out", dir); err != nil {
		t.Fatal(err)
	}
	if md, err := os.ReadFile(filepath.Join(dir, "report.md")); err != nil || !strings.Contains(string(md), "[cactus.tex](cactus.tex)") || strings.Contains(string(md), "![cactus]") {
		t.Errorf("report.md does not link the PGF figures: %v\n%.600s", err, md)
	}
	for _, tt := range []struct{ flag, value, want string }{
		{"--plot-width", "a4", "column (3.5 in) or page (7 in)"},
		{"--plots", "gif", "use svg, png, pdf, tex"},
	} {
		_, err := runCLI(t, "report", runA, "--format", "md", "--out", t.TempDir(), tt.flag, tt.value)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.value) {
			t.Errorf("%s %s: err = %v, want it named and %q", tt.flag, tt.value, err, tt.want)
		}
	}
}

// TestTablesFitTheTerminal checks that report and compare write tables
// that fit 100 columns when stdout is not a terminal, and every column
// with --wide.
func TestTablesFitTheTerminal(t *testing.T) {
	for _, args := range [][]string{
		{"report", runA},
		{"report", filepath.Join("..", "..", "results", "reference")},
		{"compare", runA, runB},
	} {
		out, err := runCLI(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "warning:") {
				continue
			}
			if n := utf8.RuneCountInString(line); n > defaultWidth {
				t.Errorf("%v: a line of %d columns:\n%s", args, n, line)
			}
		}
		if strings.Contains(out, "bold") || strings.Contains(out, "Bold") {
			t.Errorf("%v: a text table speaks of bold, which it cannot show", args)
		}
	}
	wide, err := runCLI(t, "report", runA, "--wide")
	if err != nil || !strings.Contains(wide, "mem max") || !strings.Contains(wide, "p90") {
		t.Errorf("--wide lacks columns: %v\n%s", err, wide)
	}
}

// TestRunSummaryFits prints the summary `run` ends with for the reference
// run: one compact row per solver, n counting its 280 puzzles, within 100
// columns.
func TestRunSummaryFits(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := printRunSummary(&out, &errOut, filepath.Join("..", "..", "results", "reference")); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "Results over every puzzle run") || !regexp.MustCompile(`(?m)^exactcover/dlx +280 `).MatchString(text) {
		t.Errorf("summary:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if n := utf8.RuneCountInString(line); n > defaultWidth {
			t.Errorf("a line of %d columns:\n%s", n, line)
		}
	}
	if strings.Contains(strings.ToLower(text), "bold") {
		t.Errorf("the summary speaks of bold, which a terminal table cannot show:\n%s", text)
	}
}

// A benchmark past the 50,000 runs where `run` used to leave its
// summary out ends with the table all the same, each solver's row
// counting its puzzles.
func TestRunSummaryOfALargeBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads 60,000 records")
	}
	var out, errOut bytes.Buffer
	dir := filepath.Join(t.TempDir(), "large")
	recordtest.MustWrite(t, dir, recordtest.Spec{Runs: 60_000, Seed: 1})
	if err := printRunSummary(&out, &errOut, dir); err != nil {
		t.Fatal(err)
	}
	if text := out.String(); !strings.Contains(text, "Results over every puzzle run") || !regexp.MustCompile(`(?m)^exactcover/dlx +12,?000 `).MatchString(text) ||
		!strings.Contains(text, "sudokubench report "+dir) {
		t.Errorf("summary of 60,000 runs, 12,000 puzzles a solver:\n%s", text)
	}
	if errOut.Len() > 0 {
		t.Errorf("warnings of a whole synthetic benchmark: %s", errOut.String())
	}
}

func TestReportOutUnwritable(t *testing.T) {
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, "report", runA, "--format", "md", "--plots", "svg", "--out", filepath.Join(blocked, "plots"))
	if err == nil {
		t.Fatal("writing under a file succeeded")
	}
	if strings.Contains(out, "wrote") {
		t.Errorf("claims files were written before failing:\n%s", out)
	}
}

// scaledCopy writes a copy of a result directory whose times are those
// of dir times factor: another run of the same plan.
func scaledCopy(t *testing.T, dir string, factor float64) string {
	t.Helper()
	return editedCopy(t, dir, func(r *record.Record) {
		r.CPUNS, r.WallNS = int64(float64(r.CPUNS)*factor), int64(float64(r.WallNS)*factor)
	})
}

// editedCopy copies a result directory with each record edited.
func editedCopy(t *testing.T, dir string, edit func(*record.Record)) string {
	t.Helper()
	out := t.TempDir()
	if err := os.CopyFS(out, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	recs, _, err := record.ReadAll(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, r := range recs {
		edit(&r)
		line, _ := json.Marshal(r)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(filepath.Join(out, record.ResultsFile), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReportNeverReplacesTheRun is the audit's case: a report written
// into the run's own directory with --doc naming its records or its
// manifest is refused, says why, and leaves the run resumable.
func TestReportNeverReplacesTheRun(t *testing.T) {
	dl := filepath.Join(t.TempDir(), "dl")
	if err := os.CopyFS(dl, os.DirFS(runA)); err != nil {
		t.Fatal(err)
	}
	records, _ := os.ReadFile(filepath.Join(dl, "results.jsonl"))
	manifest, _ := os.ReadFile(filepath.Join(dl, "manifest.json"))
	for _, doc := range []string{"results.jsonl", "manifest.json", "./results.jsonl"} {
		t.Run("doc="+doc, func(t *testing.T) {
			out, err := runCLI(t, "report", dl, "--out", dl, "--doc", filepath.Join(dl, doc), "--format", "csv", "--plots", "svg")
			if err == nil || !strings.Contains(err.Error(), "refusing to write") || strings.Contains(out, "wrote") {
				t.Errorf("report --doc %s: %v\n%s", doc, err, out)
			}
			if got, _ := os.ReadFile(filepath.Join(dl, "results.jsonl")); !bytes.Equal(got, records) {
				t.Error("the records were replaced")
			}
			if got, _ := os.ReadFile(filepath.Join(dl, "manifest.json")); !bytes.Equal(got, manifest) {
				t.Error("the manifest was replaced")
			}
		})
	}
}

func TestCompareCommand(t *testing.T) {
	out, err := runCLI(t, "compare", runA, runB)
	if err != nil || !strings.Contains(out, "not judged: one run a side") || !strings.Contains(out, "does not cover run-to-run") {
		t.Errorf("compare A B: %v\n%s", err, out)
	}
	a2, b2 := scaledCopy(t, runA, 1.03), scaledCopy(t, runB, 0.98)
	out, err = runCLI(t, "compare", runA, a2, "--", runB, b2)
	if err != nil || !strings.Contains(out, "2/2") || !strings.Contains(out, "Welch's t test") {
		t.Errorf("compare with two runs a side: %v\n%s", err, out)
	}
	for _, bad := range [][]string{
		{"compare", runA},
		{"compare", runA, runA, runB},
		{"compare", runA, runB, "--"},
		{"compare", runA, runA, runA, "--", runB, runB, runB},
		{"compare", runA, a2, "--", runB, runA},
		{"compare", runA, a2, "--", runB, scaledCopy(t, runA, 1)},
	} {
		if _, err := runCLI(t, bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

// Runs with no puzzle in common have nothing to compare: compare says so,
// naming them, and exits 2, rather than print an empty table.
func TestCompareRefusesRunsWithNothingInCommon(t *testing.T) {
	dirs := make([]string, 2)
	for i := range dirs {
		dirs[i] = t.TempDir()
		line := fmt.Sprintf(`{"solver":"exactcover/dlx","puzzle_id":"c:%d","mode":"unique","status":"solved","wall_ns":1000,"cpu_ns":1000}`, i+1)
		if err := os.WriteFile(filepath.Join(dirs[i], record.ResultsFile), []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdout, _, err := runCLIInput(t, "", "compare", dirs[0], dirs[1])
	want := fmt.Sprintf("A (%s) and B (%s) share no puzzle", dirs[0], dirs[1])
	if exitCodeOf(err) != exitUsage || !strings.Contains(fmt.Sprint(err), want) || stdout != "" {
		t.Errorf("exit %d (%v), stdout %q; want %d, saying %q, and no table", exitCodeOf(err), err, stdout, exitUsage, want)
	}
}

func TestComparePairCommand(t *testing.T) {
	out, err := runCLI(t, "compare", runA, "--pair", "exactcover/dlx,sat/gophersat/extended", "--own")
	if err != nil || !strings.Contains(out, "B = sat/gophersat/extended against A = exactcover/dlx") || !strings.Contains(out, "own CPU time") {
		t.Errorf("compare RUN --pair X,Y --own: %v\n%s", err, out)
	}
	out, err = runCLI(t, "compare", runA, runB, "--pair", "exactcover/dlx,exactcover/dlx", "--wide")
	if err != nil || !strings.Contains(out, "drift between the runs") {
		t.Errorf("compare A B --pair X,X: %v\n%s", err, out)
	}
	timedOut := editedCopy(t, runA, func(r *record.Record) { r.Status = "timeout" })
	out, err = runCLI(t, "compare", runA, timedOut, "--pair", "exactcover/dlx,exactcover/dlx", "--wide")
	if exitCode(err) != exitNo || !strings.Contains(err.Error(), "no puzzle solved by both") || !strings.Contains(out, "only A") {
		t.Errorf("a pair that solved no puzzle in common: exit %d, %v\n%s", exitCode(err), err, out)
	}
	for _, bad := range [][]string{
		{"compare", runA, "--pair", "exactcover/dlx"},
		{"compare", runA, "--pair", "exactcover/dlx,exactcover/dlx"},
		{"compare", runA, "--pair", "exactcover/dlx,qubo/anneal"},
		{"compare", runA, "--pair", "exactcover/dlx,nope"},
		{"compare", runA, runA, "--pair", "exactcover/dlx,sat/gophersat/extended"},
	} {
		if _, err := runCLI(t, bad...); exitCode(err) != exitUsage {
			t.Errorf("%v: exit %d (%v), want %d", bad, exitCode(err), err, exitUsage)
		}
	}
}

// A scaling report goes through the same guard: a --doc that is a link to
// a run's manifest is refused, and the manifest is left as it was.
func TestScalingReportNeverReplacesTheRun(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "size-9")
	if err := os.CopyFS(run, os.DirFS(filepath.Join("..", "..", "results", "scaling", "size-9"))); err != nil {
		t.Fatal(err)
	}
	manifest, _ := os.ReadFile(filepath.Join(run, "manifest.json"))
	doc := filepath.Join(dir, "report.md")
	if err := os.Symlink(filepath.Join(run, "manifest.json"), doc); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, "report", "--scaling", run, "--out", filepath.Join(dir, "plots"), "--doc", doc, "--plots", "svg")
	if err == nil || !strings.Contains(err.Error(), "refusing to write") || strings.Contains(out, "wrote") {
		t.Errorf("report --scaling --doc (a link to the manifest): %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(filepath.Join(run, "manifest.json")); !bytes.Equal(got, manifest) {
		t.Error("the manifest was replaced")
	}
}

// outsideRun writes a run of exactcover/dlx beside sat/cadical/extended,
// an outside program whose two calls a puzzle hold 4 ms of start-up each
// (CPU); with measured unset, its records predate the CPU start-up.
func outsideRun(t *testing.T, measured bool) string {
	t.Helper()
	dir := t.TempDir()
	var b bytes.Buffer
	for i := range 12 {
		dlx := record.Record{Solver: "exactcover/dlx", Corpus: "17-clue", PuzzleID: fmt.Sprintf("17-clue:%d", i), Hints: 17, Size: 9,
			Mode: "unique", Seed: 1, Status: "solved", CPUNS: int64(1000 * (i + 1)), WallNS: int64(1000 * (i + 1)), TimeoutNS: 1e9}
		cadical := dlx
		cadical.Solver, cadical.External, cadical.CPUNS, cadical.WallNS = "sat/cadical/extended", true, int64(10e6+1e6*i), int64(11e6+1e6*i)
		cadical.Counters = map[string]float64{"solves": 2, "startup_ns": 10e6}
		if measured {
			cadical.Counters["startup_cpu_ns"] = 8e6
		}
		for _, r := range []record.Record{dlx, cadical} {
			line, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(append(line, '\n'))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, record.ResultsFile), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReportOwnFlag: by default the tables show the whole time with own
// median beside it; --own puts them on own time, --own=false leaves own
// time out; own time of records without a CPU start-up is refused.
func TestReportOwnFlag(t *testing.T) {
	run := outsideRun(t, true)
	for _, tt := range []struct {
		args        []string
		want, avoid string
	}{
		{nil, "own median", "own CPU time:"},
		{[]string{"--own"}, "Results by corpus (own CPU time: outside programs' start-up taken out)", "own median"},
		{[]string{"--own=false"}, "Results by corpus (CPU time: outside programs' start-up included)", "own median"},
	} {
		out, err := runCLI(t, append([]string{"report", run, "--by", "corpus"}, tt.args...)...)
		if err != nil || !strings.Contains(out, tt.want) || strings.Contains(out, tt.avoid) {
			t.Errorf("report %v: %v; want %q and not %q in\n%s", tt.args, err, tt.want, tt.avoid, out)
		}
	}
	if _, err := runCLI(t, "report", outsideRun(t, false), "--own"); err == nil || !strings.Contains(err.Error(), "startup_cpu_ns") {
		t.Errorf("--own on records without the CPU start-up: %v", err)
	}
	out, err := runCLI(t, "report", outsideRun(t, false))
	if err != nil || strings.Contains(out, "own median") || !strings.Contains(out, "start-up included") {
		t.Errorf("the default on records without the CPU start-up: %v\n%s", err, out)
	}
}

// TestCompareOwnMeansReportOwn: compare --own and report --own read the
// same own time, and both refuse, naming the pipeline, records that hold
// no CPU start-up, which compare without --own takes.
func TestCompareOwnMeansReportOwn(t *testing.T) {
	pair := []string{"--pair", "exactcover/dlx,sat/cadical/extended"}
	for _, measured := range []bool{true, false} {
		run := outsideRun(t, measured)
		for _, args := range [][]string{append([]string{"compare", run, "--own"}, pair...), {"report", run, "--own"}} {
			out, err := runCLI(t, args...)
			switch {
			case measured && (err != nil || !strings.Contains(out, "own CPU time")):
				t.Errorf("%v: %v\n%s", args[:1], err, out)
			case !measured && (err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "records of sat/cadical/extended") || !strings.Contains(err.Error(), "startup_cpu_ns")):
				t.Errorf("%v --own on records without the CPU start-up: %v, want a usage error naming the pipeline", args[:1], err)
			}
		}
	}
	if _, err := runCLI(t, append([]string{"compare", outsideRun(t, false)}, pair...)...); err != nil {
		t.Errorf("compare without --own on records without the CPU start-up: %v", err)
	}
}

// TestReportFormatList: --format takes a list, each document written
// once with --out; a list without --out, or with --doc, is refused.
func TestReportFormatList(t *testing.T) {
	dir := t.TempDir()
	out, err := runCLI(t, "report", outsideRun(t, true), "--format", "md,latex,html", "--plots", "svg,pdf", "--no-titles", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{"report.md", "report.tex", "report.html", "cactus.svg", "cactus.pdf"} {
		if strings.Count(out, "wrote "+filepath.Join(dir, doc)+"\n") != 1 {
			t.Errorf("%s not written once:\n%s", doc, out)
		}
	}
	tex, err := os.ReadFile(filepath.Join(dir, "report.tex"))
	if err != nil || !strings.Contains(string(tex), `\caption{How many puzzles does each pipeline solve within a time?`) {
		t.Errorf("report.tex does not caption the cactus with its question: %v", err)
	}
	for _, bad := range [][]string{
		{"--format", "md,html"},
		{"--format", "md,html", "--out", t.TempDir(), "--doc", filepath.Join(t.TempDir(), "r.md")},
		{"--format", "md,md", "--out", t.TempDir()},
		{"--format", "md,docx", "--out", t.TempDir()},
	} {
		if _, err := runCLI(t, append([]string{"report", runA}, bad...)...); err == nil {
			t.Errorf("%v taken", bad)
		}
	}
}

// A report replaces only what sudokubench wrote: a user's file named by
// --doc is refused, before anything is written, unless --force; once
// written, the report's own files are replaced without it. A hard link to
// another run's records is refused even with --force, and those records
// stay as they were.
func TestReportReplacesOnlyItsOwnFiles(t *testing.T) {
	dir := t.TempDir()
	notes, plots := filepath.Join(dir, "notes.md"), filepath.Join(dir, "plots")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"report", runA, "--format", "md", "--plots", "svg", "--out", plots, "--doc", notes}
	_, err := runCLI(t, args...)
	if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "refusing to replace "+notes+": it is a file that sudokubench did not write") {
		t.Errorf("report over a user's file: %v, want a usage error naming it", err)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
		t.Errorf("the refused report changed notes.md to %q", b)
	}
	if _, err := os.Stat(plots); err == nil {
		t.Error("the refused report wrote its plots")
	}
	if _, err := runCLI(t, append(args, "--force")...); err != nil {
		t.Fatalf("report --force: %v", err)
	}
	if b, _ := os.ReadFile(notes); !strings.HasPrefix(string(b), "# ") {
		t.Errorf("report --force did not write the report: %q", b)
	}
	if _, err := runCLI(t, args...); err != nil {
		t.Errorf("report over its own files: %v", err)
	}

	run2 := filepath.Join(t.TempDir(), "run2")
	if err := os.CopyFS(run2, os.DirFS(runA)); err != nil {
		t.Fatal(err)
	}
	records, _ := os.ReadFile(filepath.Join(run2, record.ResultsFile))
	link := filepath.Join(dir, "h.md")
	if err := os.Link(filepath.Join(run2, record.ResultsFile), link); err != nil {
		t.Fatal(err)
	}
	for _, force := range []string{"--force=false", "--force"} {
		_, err := runCLI(t, "report", runA, "--format", "md", "--out", plots, "--doc", link, force)
		if err == nil || !strings.Contains(err.Error(), "holds a run's records") {
			t.Errorf("report --doc (a hard link to a run's records) %s: %v, want a refusal", force, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(run2, record.ResultsFile)); !bytes.Equal(got, records) {
		t.Error("the other run's records were changed")
	}
}

// The report's collector leaves GOGC=50 up to a million runs and less
// above, to no less than 10, from the plan's size while loading, and a
// GOGC in the environment wins.
func TestReportGCPercentFallsWithTheRuns(t *testing.T) {
	for _, c := range []struct{ runs, want int }{{0, 50}, {1_000_000, 50}, {2_000_000, 25}, {10_000_000, 10}} {
		if got := reportGCPercentFor(c.runs); got != c.want {
			t.Errorf("%d runs: GOGC %d, want %d", c.runs, got, c.want)
		}
	}
	dir := filepath.Join(t.TempDir(), "run")
	recordtest.MustWrite(t, dir, recordtest.Spec{Runs: 30})
	if got := plannedRuns([]string{dir, dir, t.TempDir()}); got != 60 {
		t.Errorf("two directories of 30 planned runs and one without a manifest: %d planned, want 60", got)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	collectForRuns(4_000_000)
	if got := debug.SetGCPercent(100); got != 12 {
		t.Errorf("GOGC unset, 4×10⁶ runs: GC percent %d, want 12", got)
	}
	t.Setenv("GOGC", "150")
	collectForRuns(4_000_000)
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC=150 in the environment: collectForRuns changed the GC percent to %d", got)
	}
}
