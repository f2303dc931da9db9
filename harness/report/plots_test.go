package report

import (
	"fmt"
	"math"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/internal/memtest"
)

// manySolvers has n solvers on 10 puzzles each, solver s taking
// (s+1)(i+1) µs on puzzle i.
func manySolvers(n int) []record.Record {
	var recs []record.Record
	for s := range n {
		for i := range 10 {
			recs = append(recs, rec(fmt.Sprintf("solver-%02d", s), fmt.Sprint(i), 17+i%5, "solved", int64(1000*(s+1)*(i+1)), 0))
		}
	}
	return recs
}

var exponent = regexp.MustCompile(`\de[+-]\d`)

func TestPlotAxesFitTheData(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(manySolvers(19)...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	cactus, err := Cactus(rep.Obs, CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cactus.Panels {
		if p.Plot.Y.Min != 0 || p.Plot.Y.Max != 10.5 {
			t.Errorf("cactus y = [%g, %g], want [0, 10.5]: the 10 instances and 5%% headroom", p.Plot.Y.Min, p.Plot.Y.Max)
		}
	}
	sec := rep.Sections[0]
	times, err := TimeByGroup(rep.Obs, sec.Summaries, sec.Grouper, CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	// Slowest 19·10 µs, fastest 1 µs: the axis may add the 20% headroom
	// and room for zeros at half the fastest, nothing more.
	for _, p := range times.Panels {
		if hi, lo := math.Pow(10, p.Plot.Y.Max), math.Pow(10, p.Plot.Y.Min); hi > 190e-6*1.2*1.001 || lo < 0.5e-6*0.999 {
			t.Errorf("time-by-hints y = [%g s, %g s], want within [0.5 µs, 228 µs]", lo, hi)
		}
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		for _, p := range f.Panels {
			for _, ax := range []plot.Axis{p.Plot.X, p.Plot.Y} {
				for _, tk := range ax.Tick.Marker.Ticks(ax.Min, ax.Max) {
					if exponent.MatchString(tk.Label) {
						t.Errorf("%s: tick label %q in exponent form", f.Name, tk.Label)
					}
				}
			}
		}
	}
}

// A report's figure styles are the same whatever the number of
// observations of its pipelines, and hold nothing per observation: a
// study has as many as it has runs.
func TestStylesHoldNothingPerObservation(t *testing.T) {
	pipelines := []*ObsPipeline{{Solver: "sat/a", Family: "sat", Mode: "unique"}, {Solver: "sat/b", Family: "sat", Mode: "unique"},
		{Solver: "qubo/x", Family: "qubo", Mode: "first"}}
	var few, many []Obs
	for _, p := range pipelines {
		few = append(few, Obs{ObsPipeline: p})
		for range 100000 {
			many = append(many, Obs{ObsPipeline: p})
		}
	}
	before := memtest.Live()
	st := newStyles(many, true)
	after := memtest.Live()
	held := after - min(before, after)
	if want := newStyles(few, true); fmt.Sprint(st) != fmt.Sprint(want) {
		t.Errorf("styles of 3×10⁵ observations\n%+v\nwant those of one each\n%+v", st, want)
	}
	if held > 64<<10 {
		t.Errorf("the styles of 3×10⁵ observations of three pipelines hold %d bytes, want under 64 KiB", held)
	}
	runtime.KeepAlive(many)
}

// TestSmallMultiples: up to MaxSeries pipelines share one panel; more get
// a panel per family, a large family cut along its engines into panels of
// at most MaxSeries, families of one pipeline pooled; every pipeline keeps
// its panel, colour, glyph and dash in every figure, and no two of a panel
// share any of them.
func TestSmallMultiples(t *testing.T) {
	obs := func(families map[string][]string) []Obs {
		var out []Obs
		for f, solvers := range families {
			for _, s := range solvers {
				out = append(out, Obs{ObsPipeline: &ObsPipeline{Solver: s, Family: f, Mode: "unique"}})
			}
		}
		return out
	}
	titles := func(st figure.Styles) []string {
		var ts []string
		for _, f := range st.Facets(st.Pipelines()) {
			ts = append(ts, fmt.Sprintf("%s=%d", f.Title, len(f.Solvers)))
		}
		return ts
	}
	few := newStyles(obs(map[string][]string{"sat": {"sat/a", "sat/b"}, "qubo": {"qubo/x"}}), false)
	if got := titles(few); !slices.Equal(got, []string{"=3"}) {
		t.Errorf("three pipelines in facets %q, want one untitled panel", got)
	}
	sat := make([]string, 14)
	for i := range sat {
		engine := []string{"gophersat", "minisat", "cadical"}[min(i/8, 1)+i/12]
		sat[i] = fmt.Sprintf("sat/%s/v%02d", engine, i)
	}
	many := newStyles(obs(map[string][]string{
		"sat": sat, "exactcover": {"exactcover/dlx"}, "milp": {"milp/cbc"}, "neural": {"neural/cnn", "neural/rrn"},
	}), false)
	want := []string{"sat: cadical, minisat=6", "sat: gophersat=8", "neural=2", "exactcover, milp=2"}
	if got := titles(many); !slices.Equal(got, want) {
		t.Errorf("facets %q, want %q", got, want)
	}
	for _, f := range many.Facets(many.Pipelines()) {
		seen := make(map[string]bool)
		for _, s := range f.Solvers {
			key := fmt.Sprint(many.Color(s), many.Glyph(s), many.Dashes(s))
			if seen[key] {
				t.Errorf("facet %q: %s shares its style with another", f.Title, s)
			}
			seen[key] = true
		}
	}
	if got := many.Label("sat/gophersat/v03"); got != "v03" {
		t.Errorf("label in the gophersat panel %q, want the name less family and engine", got)
	}
	if got := many.Label("neural/cnn"); got != "cnn" {
		t.Errorf("label in the neural panel %q, want the name less the family", got)
	}
	if got := many.Label("milp/cbc"); got != "milp/cbc" {
		t.Errorf("label in a pooled panel %q, want the whole name", got)
	}
	// A figure of some of the pipelines keeps their panels and styles.
	part := many.Facets([]string{"neural/rrn", "sat/gophersat/v05"})
	if len(part) != 2 || part[0].Title != "sat: gophersat" || part[1].Title != "neural" {
		t.Errorf("facets of two pipelines: %+v", part)
	}
}

// TestFiguresAtPrintWidth: a figure is as wide as its print width (a
// scatter plot at most a column), and no text is under 7 pt.
func TestFiguresAtPrintWidth(t *testing.T) {
	recs := figureRecords(manyFamilies, longCorpora[:3], 2)
	for _, width := range []figure.PrintWidth{figure.ColumnWidth, figure.PageWidth} {
		for _, f := range figuresOf(t, recs, width) {
			w, h := f.Size()
			want := width.Length()
			if strings.HasPrefix(f.Name, "scatter-") {
				want = figure.ColumnWidth.Length()
			}
			if w != want {
				t.Errorf("width=%s/figure=%s: %g pt wide, want %g", width, f.Name, w, want)
			}
			sizes := figure.NewRecorder(w, h)
			f.Draw(sizes)
			if sizes.Smallest < 7 {
				t.Errorf("width=%s/figure=%s: text at %g pt, want at least 7", width, f.Name, sizes.Smallest)
			}
		}
	}
}
