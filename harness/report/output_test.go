package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// synthetic makes two solvers on 12 puzzles: "fast" solves all, one in 0 ns;
// "slow" is 3× slower and times out on two.
func synthetic() []record.Record {
	var recs []record.Record
	for i := range 12 {
		id := fmt.Sprint(i)
		t := int64(1000 * (i + 1))
		fast := rec("fast", id, 17+i%3, "solved", t, 0)
		if i == 0 {
			fast.CPUNS = 0
		}
		slow := rec("slow", id, 17+i%3, "solved", 3*t, 0)
		if i >= 10 {
			slow.Status = "timeout"
		}
		recs = append(recs, fast, slow)
	}
	return recs
}

func TestBestMarkedWhenEnoughData(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(synthetic()...)}, Config{By: []string{"corpus"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		format, want string
	}{{"latex", `\textbf{100.0\% [75.8, 100.0]}`}, {"md", "**100.0% [75.8, 100.0]**"}, {"html", "<b>100.0% [75.8, 100.0]</b>"}} {
		var b bytes.Buffer
		tw, _ := table.WriterFor(tt.format)
		if err := rep.WriteTables(&b, tw); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("format=%s: best solved count not marked %q:\n%s", tt.format, tt.want, b.String())
		}
	}
}

func TestPlotsRender(t *testing.T) {
	single := []record.Record{rec("only", "1", 17, "solved", 0, 0), rec("only", "2", 18, "timeout", 100, 0)}
	sets := map[string][]record.Record{"two-solvers": synthetic(), "single-solver": single, "all-unsolved": {rec("x", "1", 17, "crash", 0, 0)}}
	for name, recs := range sets {
		rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		figs, err := rep.Figures()
		if err != nil {
			t.Fatalf("set=%s: %v", name, err)
		}
		if name == "two-solvers" {
			f, err := Scatter(rep.Obs, "fast", "slow", CPU, rep.Styles)
			if err != nil {
				t.Fatal(err)
			}
			f.Name = "scatter-no-limit"
			figs = append(figs, f)
		}
		for _, f := range figs {
			for _, format := range figure.PlotFormatNames() {
				if format == "png" && f.Name != "cactus" {
					continue // slow at print resolution, and drawn alike
				}
				t.Run(fmt.Sprintf("set=%s/plot=%s/format=%s", name, f.Name, format), func(t *testing.T) {
					var b bytes.Buffer
					if err := figure.WriteFigure(&b, f, format); err != nil {
						t.Fatal(err)
					}
					if b.Len() == 0 {
						t.Error("empty output")
					}
				})
			}
		}
	}
}

func TestHTMLSelfContained(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(synthetic()...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.WriteHTML(&b, figs); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"<table>", "<td>fast</td>", "<svg", "Results by hints", "Results by corpus", "</html>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"<?xml", "src=", "<link", "href=\"http"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q: not self-contained", bad)
		}
	}
	if n := strings.Count(page, "<svg"); n != len(figs) {
		t.Errorf("%d inline SVGs, want %d", n, len(figs))
	}
}

func TestWriteFilesDeterministic(t *testing.T) {
	write := func() (string, map[string][]byte) {
		d := loadRun(t, "run-a")
		rep, err := New(d, Config{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		files, err := rep.WriteFiles(Files{PlotDir: dir}, []string{"md"}, []string{"svg", "pdf"})
		if err != nil {
			t.Fatal(err)
		}
		out := make(map[string][]byte)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[filepath.Base(f)] = b
		}
		return dir, out
	}
	_, a := write()
	_, b := write()
	md := string(a["report.md"])
	for _, want := range []string{"](cactus.svg)", "](time-by-hints.svg)", "](scatter-exactcover-dlx-vs-sat-gophersat-extended.svg)", "**created**: 2025-01-02T03:04:05Z", "limit 1.00 s"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	if len(a) != len(b) {
		t.Fatalf("%d files then %d", len(a), len(b))
	}
	for name, content := range a {
		if !bytes.Equal(content, b[name]) {
			t.Errorf("%s differs between two runs on the same input", name)
		}
	}
}

// TestFirstModeMarked reports run-a, where the incomplete qubo/anneal ran
// in first mode beside unique-mode solvers: its rows, legend entries and
// figure captions say so, and its rows compete for no best value.
func TestFirstModeMarked(t *testing.T) {
	rep, err := New(loadRun(t, "run-a"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.MixedModes {
		t.Fatal("first and unique mode side by side not noticed")
	}
	var md bytes.Buffer
	if err := rep.WriteMarkdown(&md, nil, "", ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| qubo/anneal † |") || !strings.Contains(md.String(), "† first mode") {
		t.Errorf("the Markdown does not mark the first-mode rows:\n%s", md.String())
	}
	for _, tab := range rep.Tables() {
		for _, r := range tab.Rows {
			if strings.HasSuffix(r.Cells[0].Text, FirstModeMark) != strings.HasPrefix(r.Cells[0].Text, "qubo/anneal") {
				t.Errorf("row %q marked wrongly", r.Cells[0].Text)
			}
		}
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := figure.WriteFigure(&svg, figs[0], "svg"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "qubo/anneal †") || !strings.Contains(figs[0].Caption, "† first mode: found any solution without proving it unique") {
		t.Errorf("the cactus plot does not mark the first-mode solver; caption %q", figs[0].Caption)
	}
}

// TestLinkFromMixedPaths links a document to its plots whether the paths
// are absolute or relative to the working directory.
func TestLinkFromMixedPaths(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ doc, dir string }{
		{filepath.Join(wd, "out", "DOC.md"), filepath.Join("out", "plots")},
		{filepath.Join("out", "DOC.md"), filepath.Join(wd, "out", "plots")},
		{filepath.Join("out", "DOC.md"), filepath.Join("out", "plots")},
	} {
		if link, err := LinkFrom(tt.doc, tt.dir); err != nil || link != "plots" {
			t.Errorf("LinkFrom(%s, %s) = %q, %v; want plots", tt.doc, tt.dir, link, err)
		}
	}
}

// copyRun copies a result directory's manifest and records into a new
// temporary directory.
func copyRun(t *testing.T, from string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{record.ManifestFile, record.ResultsFile} {
		b, err := os.ReadFile(filepath.Join(from, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestWriteFilesNeverReplacesARun: a document or plot aimed at a run's
// records or manifest, by any path to them, is refused before anything
// is written, and the run is left as it was.
func TestWriteFilesNeverReplacesARun(t *testing.T) {
	dir := copyRun(t, filepath.Join("testdata", "run-a"))
	if err := os.Symlink(record.ResultsFile, filepath.Join(dir, "report.csv")); err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for _, name := range []string{record.ManifestFile, record.ResultsFile} {
		before[name], _ = os.ReadFile(filepath.Join(dir, name))
	}
	d, _, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := New(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, doc, plots, format string }{
		{"doc=records", filepath.Join(dir, record.ResultsFile), dir, "csv"},
		{"doc=records-dot", filepath.Join(dir, ".") + "/./" + record.ResultsFile, dir, "csv"},
		{"doc=manifest", filepath.Join(dir, record.ManifestFile), dir, "md"},
		{"doc=compressed-records", filepath.Join(dir, record.ResultsFile+".gz"), dir, "md"},
		{"doc=link-to-records", filepath.Join(dir, "report.csv"), dir, "csv"},
		{"doc=default-through-link", "", dir, "csv"}, // dir/report.csv, the link
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := rep.WriteFiles(Files{Doc: c.doc, PlotDir: c.plots}, []string{c.format}, []string{"svg"})
			if err == nil || !strings.Contains(err.Error(), "which no command may replace") {
				t.Errorf("WriteFiles to %q: %v, want a refusal", c.doc, err)
			}
			for name, want := range before {
				if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, want) {
					t.Errorf("%s was changed", name)
				}
			}
			if svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg")); len(svgs) > 0 {
				t.Errorf("a refused report wrote %v", svgs)
			}
		})
	}
}

// TestWriteFilesChecksEveryFormatFirst: documents in several formats go
// through one check: a file in the way of the last of them, which
// sudokubench did not write, stops the others and the plots from being
// written; with Force, all are written, and written again without it.
func TestWriteFilesChecksEveryFormatFirst(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(synthetic()...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	html := filepath.Join(dir, "report.html")
	if err := os.WriteFile(html, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	formats := []string{"md", "latex", "html"}
	if _, err := rep.WriteFiles(Files{PlotDir: dir}, formats, []string{"svg"}); err == nil || !strings.Contains(err.Error(), "did not write") {
		t.Fatalf("WriteFiles over a user's report.html: %v, want a refusal", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a refused WriteFiles left %d files, want the user's one", len(entries))
	}
	if b, _ := os.ReadFile(html); string(b) != "mine\n" {
		t.Errorf("the user's report.html became %.40q", b)
	}
	for _, force := range []bool{true, false} {
		files, err := rep.WriteFiles(Files{PlotDir: dir, Force: force}, formats, []string{"svg"})
		if err != nil || !slices.Contains(files, html) {
			t.Errorf("force %v: %v, files %q", force, err, files)
		}
	}
}

// Every table format is declared once: its name and aliases find it, its
// document has its extension, and an unknown name lists them all.
func TestDocFormatsDeclaredOnce(t *testing.T) {
	for _, n := range table.FormatNames() {
		f, err := table.LookupFormat(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range append([]string{f.Name, strings.ToUpper(f.Name)}, f.Aliases...) {
			got, err := table.LookupFormat(name)
			if err != nil || got.Name != f.Name {
				t.Errorf("LookupDocFormat(%q) = %s, %v; want %s", name, got.Name, err, f.Name)
			}
			if Extension(name) != f.Ext {
				t.Errorf("Extension(%q) = %s, want %s", name, Extension(name), f.Ext)
			}
		}
	}
	_, err := table.LookupFormat("docx")
	if err == nil || !strings.Contains(err.Error(), strings.Join(table.FormatNames(), ", ")) {
		t.Errorf("unknown format: %v, want the list of formats", err)
	}
}
