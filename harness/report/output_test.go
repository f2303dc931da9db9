package report

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
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
	rep, err := New(&Data{Records: synthetic()}, Config{By: []string{"corpus"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		format, want string
	}{{"latex", `\textbf{12}`}, {"md", "**12**"}, {"html", "<b>12</b>"}} {
		var b bytes.Buffer
		tw, _ := TableFormat(tt.format)
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
		rep, err := New(&Data{Records: recs}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		figs, err := rep.Figures()
		if err != nil {
			t.Fatalf("set=%s: %v", name, err)
		}
		if name == "two-solvers" {
			p, err := Scatter(rep.Obs, "fast", "slow", 0, CPU)
			if err != nil {
				t.Fatal(err)
			}
			figs = append(figs, Figure{Name: "scatter-no-limit", Plot: p})
		}
		for _, f := range figs {
			for _, format := range []string{"svg", "png", "pdf"} {
				t.Run(fmt.Sprintf("set=%s/plot=%s/format=%s", name, f.Name, format), func(t *testing.T) {
					var b bytes.Buffer
					if err := WriteFigure(&b, f, format); err != nil {
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
	rep, err := New(&Data{Records: synthetic()}, Config{})
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
		files, err := rep.WriteFiles(Files{PlotDir: dir}, "md", []string{"svg", "pdf"})
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

func TestCompare(t *testing.T) {
	a, b := loadRun(t, "run-a"), loadRun(t, "run-b")
	cs, warnings := Compare(a.Records, b.Records, CompareConfig{})
	if len(warnings) != 1 || !strings.Contains(warnings[0], "qubo/anneal: 4 instance(s) only in A") {
		t.Errorf("warnings %q", warnings)
	}
	byName := make(map[string]Comparison)
	for _, c := range cs {
		byName["solver="+c.Solver+"/corpus="+c.Corpus] = c
	}
	tests := []struct {
		name       string
		both, wins int
		speedup    float64
		verdict    string
		changes    string
	}{
		{"solver=exactcover/dlx/corpus=all", 6, 6, 2, "B 2.00× faster", ""},
		{"solver=exactcover/dlx/corpus=17-clue", 4, 4, 2, "insufficient data (4 pairs solved by both, need 5)", ""},
		{"solver=sat/gophersat/extended/corpus=all", 3, 0, 1, "insufficient data (3 pairs solved by both, need 5)", "solved→timeout 1, timeout→solved 1"},
		{"solver=sat/gophersat/extended/corpus=top95", 0, 0, math.NaN(), "insufficient data (0 pairs solved by both, need 5)", "solved→timeout 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := byName[tt.name]
			if !ok {
				t.Fatalf("missing; have %v", cs)
			}
			if c.Both != tt.both || c.Wins != tt.wins || !near(c.Speedup, tt.speedup, 1e-9) {
				t.Errorf("both %d wins %d speedup %g, want %d %d %g", c.Both, c.Wins, c.Speedup, tt.both, tt.wins, tt.speedup)
			}
			if v := c.Verdict(5); v != tt.verdict {
				t.Errorf("verdict %q, want %q", v, tt.verdict)
			}
			if ch := changesText(c.Changes); ch != tt.changes {
				t.Errorf("changes %q, want %q", ch, tt.changes)
			}
		})
	}
}

func TestCompareNoSignificantDifference(t *testing.T) {
	// B is 10% faster on half the puzzles and 10% slower on the others.
	var a, b []record.Record
	for i := range 20 {
		id := fmt.Sprint(i)
		a = append(a, rec("s", id, 17, "solved", 1000, 0))
		f := 1.1
		if i%2 == 0 {
			f = 1 / 1.1
		}
		b = append(b, rec("s", id, 17, "solved", int64(1000*f), 0))
	}
	cs, _ := Compare(a, b, CompareConfig{})
	if len(cs) != 1 || cs[0].Verdict(5) != "no significant difference" || cs[0].SignP != 1 {
		t.Errorf("got %+v, want no significant difference with sign p = 1", cs)
	}
	var buf bytes.Buffer
	if err := (Text{}).WriteTable(&buf, CompareTable(cs, CPU, 0)); err != nil || !strings.Contains(buf.String(), "no significant difference") {
		t.Errorf("table: %v\n%s", err, buf.String())
	}
}
