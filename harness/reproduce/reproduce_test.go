package reproduce

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers"
)

// testRegistry holds three of the article's pipelines, one that cannot run
// here and one of no row.
func testRegistry(t *testing.T) *solvers.Registry {
	t.Helper()
	reg := solvers.NewRegistry()
	noop := func() solvers.Solver {
		return solvers.SolverFunc(func(context.Context, solvers.Request) (solvers.Result, error) { return solvers.Result{}, nil })
	}
	for _, in := range []solvers.Info{
		{Name: "backtrack/naive", New: noop},
		{Name: "propagate/norvig", New: noop},
		{Name: "exactcover/dlx", New: noop},
		{Name: "genetic/seed", New: noop},
		{Name: "sat/gophersat/extended-propagated", New: noop},
		{Name: "milp/cbc", New: noop, Available: func() error { return errors.New("cbc not found") }},
		{Name: "milp/gophersat-pb", New: noop},
		{Name: "qubo/anneal/fixed", New: noop},
		{Name: "other/engine", New: noop},
	} {
		if err := reg.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

func describe(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Algorithm+"="+e.Solver+e.Missing)
	}
	return out
}

func TestSelect(t *testing.T) {
	reg := testRegistry(t)
	article := []string{"basic backtracking=backtrack/naive", "constraint propagation=propagate/norvig",
		"dancing links=exactcover/dlx", "genetic algorithm=genetic/seed", "CNN inference=not built"}
	for _, tt := range []struct {
		selection string
		want      []string
	}{
		{"", article},
		{"article", article},
		{"article,exactcover/dlx", article},
		{"exactcover/dlx,other/engine", []string{"dancing links=exactcover/dlx", "other/engine=other/engine"}},
		{"extra", []string{"tracked backtracking=not built", "bit-parallel propagation=not built",
			"memetic genetic algorithm=not built", "SAT=sat/gophersat/extended-propagated",
			"0/1 MILP=milp/gophersat-pb", "QUBO annealing=qubo/anneal/fixed",
			"recurrent relational network, iterative=not built", "graph convolutional network, iterative=not built",
			"network-guided search=not built"}},
		{"milp/cbc", []string{"0/1 MILP=milp/cbc cannot run here: cbc not found"}},
	} {
		t.Run("selection="+tt.selection, func(t *testing.T) {
			got, err := Select(reg, tt.selection)
			if err != nil {
				t.Fatal(err)
			}
			if d := describe(got); !slices.Equal(d, tt.want) {
				t.Errorf("Select(%q) =\n%q\nwant\n%q", tt.selection, d, tt.want)
			}
		})
	}
	if all, _ := Select(reg, "all"); len(all) != len(ArticleRows)+len(ExtraRows) {
		t.Errorf("all: %d rows, want %d", len(all), len(ArticleRows)+len(ExtraRows))
	}
	if _, err := Select(reg, "article,nope"); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("err = %v, want the unknown entry named", err)
	}
}

// writeResults writes a result directory as the harness would: a
// manifest and records for the solvers on each level's first n puzzles.
func writeResults(t *testing.T, dir string, n int, statuses map[string]func(level, i int) (string, int64, uint64)) {
	t.Helper()
	m := &record.Manifest{Suite: "sudokubench", Plan: record.Plan{Mode: "first", Reps: 1, Seed: 1, Sample: n, TimeoutNS: int64(time.Second)}}
	for solver := range statuses {
		m.Plan.Solvers = append(m.Plan.Solvers, solver)
	}
	slices.Sort(m.Plan.Solvers)
	for _, l := range Levels {
		m.Plan.Corpora = append(m.Plan.Corpora, l.Corpus)
	}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, solver := range m.Plan.Solvers {
		for l, level := range Levels {
			for i := range n {
				status, ns, peak := statuses[solver](l, i)
				r := &record.Record{Solver: solver, Corpus: level.Corpus, PuzzleID: fmt.Sprintf("%s:%d", level.Corpus, i+1),
					Hints: level.Lo, Mode: "first", Seed: 1, Status: status, CPUNS: ns, WallNS: ns, PeakRSS: peak,
					BaseRSS: 16 << 20, TimeoutNS: int64(time.Second)}
				if err := w.Write(r); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// comparisonFixture is 12 puzzles per level: dlx solves each in (level+1)
// ms with 1 MiB above the base; the GA solves the first 6 of the easy
// level only, in 100 ms, gives up on the rest and returns one wrong grid.
func comparisonFixture(t *testing.T) string {
	dir := t.TempDir()
	writeResults(t, dir, 12, map[string]func(level, i int) (string, int64, uint64){
		"exactcover/dlx": func(level, i int) (string, int64, uint64) {
			return "solved", int64(level+1) * 1e6, 17 << 20
		},
		"genetic/seed": func(level, i int) (string, int64, uint64) {
			switch {
			case level == 0 && i < 6:
				return "solved", 100e6, 20 << 20
			case level == 3 && i == 0:
				return "wrong", 900e6, 20 << 20
			}
			return "gave-up", 1e9, 20 << 20
		},
	})
	return dir
}

func TestComparisonFigures(t *testing.T) {
	dir := comparisonFixture(t)
	entries, err := Recorded(dir, testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	if d := describe(entries); !slices.Equal(d, []string{"basic backtracking=not in these results", "constraint propagation=not in these results",
		"dancing links=exactcover/dlx", "genetic algorithm=genetic/seed", "CNN inference=not built"}) {
		t.Fatalf("Recorded = %q", d)
	}
	c, err := Load(dir, entries, report.CPU)
	if err != nil {
		t.Fatal(err)
	}
	dlx, ga := c.Overall["exactcover/dlx"], c.Overall["genetic/seed"]
	if dlx.N != 48 || dlx.Solved != 48 || dlx.MeanNS != 2.5e6 || dlx.MaxNS != 4e6 || dlx.MemBytes != 1<<20 || dlx.MemKind != Own {
		t.Errorf("dlx overall %+v", dlx)
	}
	if ga.Solved != 6 || ga.Statuses["gave-up"] != 41 || ga.Statuses["wrong"] != 1 || ga.Unsolved() != 0 || ga.MeanNS != 100e6 {
		t.Errorf("GA overall %+v", ga)
	}
	if lv := c.ByLevel["genetic/seed"]; lv[0].Solved != 6 || lv[0].N != 12 || lv[3].Statuses["wrong"] != 1 || !math.IsNaN(lv[1].MeanNS) {
		t.Errorf("GA by level %+v", lv)
	}
	var text bytes.Buffer
	if err := c.WriteTables(&text, table.Markdown{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| dancing links | exactcover/dlx | 2.50 / 9.7 (0.258×) | 4.00 / 95 (1/23.8) | 1.00 / 6.8 (0.147×) | 100.0% [92.6, 100.0] / 100% | – | – | 48/48 | 0 | 0 | 0 |",
		"| genetic algorithm | genetic/seed | 100 / 1,240.5 (1/12.4) | 100 / timeout | 4.00 / 45.3 (1/11.3) | 12.5% [5.9, 24.7] / 87.5% | – | – | 6/48 | 41 | 1 | 0 |",
		"| CNN inference | not built |",
		"| expert (17-24) | dancing links | exactcover/dlx | 4.00 | 4.00 | **1.00** | **100.0% [75.8, 100.0]** | – | – | 12/12 | 0 | 0 | 0 |",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("tables lack\n%s\n%s", want, text.String())
		}
	}
}

func TestComparisonFiles(t *testing.T) {
	dir := comparisonFixture(t)
	entries, _ := Recorded(dir, testRegistry(t))
	c, err := Load(dir, entries, report.CPU)
	if err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(t.TempDir(), "COMPARISON.md")
	to := Files{Dir: dir, Doc: doc}
	files, err := c.WriteFiles(to, []string{"svg"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{doc, "comparison.tex", "comparison.csv", "comparison-levels.csv", "comparison-accuracy.svg", "comparison-time.svg"} {
		if !slices.ContainsFunc(files, func(f string) bool { return strings.HasSuffix(f, want) }) {
			t.Errorf("files %v lack %s", files, want)
		}
	}
	md, _ := os.ReadFile(doc)
	link, _ := filepath.Rel(filepath.Dir(doc), filepath.Join(dir, "comparison-accuracy.svg"))
	if !strings.Contains(string(md), "]("+filepath.ToSlash(link)+")") || !strings.Contains(string(md), "`17-clue+0..7` | 12 |") {
		t.Errorf("document lacks its plot link %s or the level table:\n%s", link, md)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "comparison.csv"))
	for i, line := range strings.Split(strings.TrimSpace(string(csv)), "\n") {
		if got := strings.Count(line, ","); got != 22 {
			t.Errorf("comparison.csv line %d has %d commas, want 22: %s", i+1, got, line)
		}
	}
	to.Check = true
	if _, err := c.WriteFiles(to, []string{"svg"}); err != nil {
		t.Fatalf("fresh files reported stale: %v", err)
	}
	os.WriteFile(doc, append(md, "edited\n"...), 0o644)
	if _, err := c.WriteFiles(to, []string{"svg"}); err == nil || !strings.Contains(err.Error(), "COMPARISON.md") {
		t.Errorf("check of an edited document: err = %v, want it named", err)
	}
}

func TestOwnMemory(t *testing.T) {
	for _, tt := range []struct {
		r     record.Record
		bytes float64
		kind  MemoryKind
	}{
		{record.Record{PeakRSS: 30 << 20, BaseRSS: 17 << 20}, 13 << 20, Own},
		{record.Record{PeakRSS: 30 << 20}, 30 << 20, WithWorker},
		{record.Record{PeakRSS: 30 << 20, External: true, ProgramPeakRSS: 5 << 20}, 5 << 20, Program},
		{record.Record{PeakRSS: 30 << 20, External: true}, 0, Unmeasured},
		{record.Record{}, 0, Unmeasured},
	} {
		if b, k := ownMemory(&tt.r); b != tt.bytes || k != tt.kind {
			t.Errorf("%+v: %v bytes, kind %d; want %v, %d", tt.r, b, k, tt.bytes, tt.kind)
		}
	}
}

func TestRatioText(t *testing.T) {
	for r, want := range map[float64]string{2.25: "2.25×", 0.147: "0.147×", 0.00366: "1/273", 1.0 / 12600: "1/12,600"} {
		if got := ratioText(r); got != want {
			t.Errorf("ratioText(%v) = %q, want %q", r, got, want)
		}
	}
}

// TestRecordedWithExtras: a run with an extra row's pipeline reports every
// extra row, the missing ones as not built or not in these results, and a
// pipeline of no row as a row of its own.
func TestRecordedWithExtras(t *testing.T) {
	dir := t.TempDir()
	m := &record.Manifest{Plan: record.Plan{Corpora: levelCorpora(), Solvers: []string{"exactcover/dlx", "sat/minisat/extended", "other/engine"}}}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	entries, err := Recorded(dir, testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"basic backtracking=not in these results", "constraint propagation=not in these results",
		"dancing links=exactcover/dlx", "genetic algorithm=not in these results", "CNN inference=not built",
		"tracked backtracking=not built", "bit-parallel propagation=not built", "memetic genetic algorithm=not built",
		"SAT=sat/minisat/extended", "0/1 MILP=not in these results", "QUBO annealing=not in these results",
		"recurrent relational network, iterative=not built", "graph convolutional network, iterative=not built",
		"network-guided search=not built", "other/engine=other/engine"}
	if d := describe(entries); !slices.Equal(d, want) {
		t.Errorf("Recorded =\n%q\nwant\n%q", d, want)
	}
}

// TestArticleQuotedExactly: the article's figures are quoted as it prints
// them, ours beside them with three significant digits, and the ratio
// reads the quoted figure.
func TestArticleQuotedExactly(t *testing.T) {
	for _, tt := range []struct {
		ours    float64
		article string
		want    string
	}{
		{50.5, "185.6", "50.5 / 185.6 (0.272×)"},
		{1859, "12,450", "1,860 / 12,450 (0.149×)"},
		{16.5, "1,240.5", "16.5 / 1,240.5 (1/75.2)"},
		{252, "timeout", "252 / timeout"},
		{math.NaN(), "1.2", "– / 1.2"},
	} {
		if got := versus(ours(tt.ours), tt.article, true, true).Text; got != tt.want {
			t.Errorf("ours %g beside %q: %q, want %q", tt.ours, tt.article, got, tt.want)
		}
	}
	for s, want := range map[string]float64{"1,240.5": 1240.5, "87.5%": 0.875, "94.8%": 0.948, "8.2": 8.2} {
		if got := number(s); !near(got, want) {
			t.Errorf("number(%q) = %g, want %g", s, got, want)
		}
	}
	if !math.IsNaN(number("timeout")) || !math.IsNaN(number("")) {
		t.Error("timeout or no figure read as a number")
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestCNNRowCountsCells: the CNN row's headline is whole puzzles solved,
// with no article figure beside it; the article's 94.8% stands beside our
// share of all 81 cells right (givens included), and the share of blank
// cells follows, each labelled.
func TestCNNRowCountsCells(t *testing.T) {
	dir := t.TempDir()
	writeResults(t, dir, 12, map[string]func(level, i int) (string, int64, uint64){
		"neural/cnn/oneshot": func(level, i int) (string, int64, uint64) { return "wrong", 1e6, 17 << 20 },
	})
	// Each grid fills half its blank cells (rounded down) right.
	recs, _, err := record.ReadAll(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		recs[i].BlankCells = 81 - recs[i].Hints
		recs[i].BlankCellsRight = recs[i].BlankCells / 2
	}
	if err := os.Remove(filepath.Join(dir, record.ResultsFile)); err != nil {
		t.Fatal(err)
	}
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	entries, err := Recorded(dir, testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir, entries, report.CPU)
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := table.WriteAll(&md, table.Markdown{}, []*table.Table{c.Table()}); err != nil {
		t.Fatal(err)
	}
	// Blank cells: 1,284 right of 2,592; all cells: 2,580 of 3,888.
	want := "| CNN inference | neural/cnn/oneshot | – / 1.2 | – / 1.2 | 1.00 / 220 (1/220) | 0.0% [0.0, 7.4] / – | 66.4% / 94.8% | 49.5% | 0/48 | 0 | 48 | 0 |"
	if !strings.Contains(md.String(), want) || !strings.Contains(md.String(), "| puzzles solved [95% CI] | cells right, all 81 | cells right, blank |") {
		t.Errorf("the CNN row or the headers are not\n%s\nin\n%s", want, md.String())
	}
}

// TestComparisonNeverReplacesTheRun: --doc aimed at the comparison's own
// records or manifest is refused before any file is written.
func TestComparisonNeverReplacesTheRun(t *testing.T) {
	dir := comparisonFixture(t)
	entries, _ := Recorded(dir, testRegistry(t))
	c, err := Load(dir, entries, report.CPU)
	if err != nil {
		t.Fatal(err)
	}
	records, _ := os.ReadFile(filepath.Join(dir, record.ResultsFile))
	for _, doc := range []string{record.ResultsFile, record.ManifestFile, "sub/../" + record.ResultsFile} {
		t.Run("doc="+doc, func(t *testing.T) {
			os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
			_, err := c.WriteFiles(Files{Dir: dir, Doc: filepath.Join(dir, doc)}, []string{"svg"})
			if err == nil || !strings.Contains(err.Error(), "which no command may replace") {
				t.Errorf("--doc %s: %v, want a refusal", doc, err)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, record.ResultsFile)); !bytes.Equal(got, records) {
				t.Error("the records were changed")
			}
			if _, err := os.Stat(filepath.Join(dir, "comparison.tex")); err == nil {
				t.Error("a refused comparison wrote comparison.tex")
			}
		})
	}
}
