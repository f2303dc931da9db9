package report

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sudokubench/sudokubench/harness/record"
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
	rep, err := New(&Data{Records: manySolvers(19)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	cactus, err := Cactus(rep.Obs, CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	if cactus.Y.Min != 0 || cactus.Y.Max != 10.5 {
		t.Errorf("cactus y = [%g, %g], want [0, 10.5]: the 10 instances and 5%% headroom", cactus.Y.Min, cactus.Y.Max)
	}
	box, err := TimeByGroup(rep.Obs, rep.Sections[0].Grouper, CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	// Slowest 19·10 µs, fastest 1 µs: the axis may add the 20% headroom
	// and room for zeros at half the fastest, nothing more.
	if hi, lo := math.Pow(10, box.Y.Max), math.Pow(10, box.Y.Min); hi > 190e-6*1.2*1.001 || lo < 0.5e-6*0.999 {
		t.Errorf("time-by-hints y = [%g s, %g s], want within [0.5 µs, 228 µs]", lo, hi)
	}
	success, err := SuccessByGroup(rep.Sections[0].Summaries, "hints", rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	if success.Y.Min != 0 || success.Y.Max != 100 {
		t.Errorf("success y = [%g, %g], want [0, 100]", success.Y.Min, success.Y.Max)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		for _, ax := range []plot.Axis{f.Plot.X, f.Plot.Y} {
			for _, tk := range ax.Tick.Marker.Ticks(ax.Min, ax.Max) {
				if exponent.MatchString(tk.Label) {
					t.Errorf("%s: tick label %q in exponent form", f.Name, tk.Label)
				}
			}
		}
	}
}

// TestLegendBesideThePlot checks that the canvas grows by a legend column,
// and taller when the legend needs it, so the legend never covers data.
// (TestPNGAtPrintResolution checks that the pixels follow the canvas.)
func TestLegendBesideThePlot(t *testing.T) {
	for _, n := range []int{1, 25, 60} {
		rep, err := New(&Data{Records: manySolvers(n)}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Cactus(rep.Obs, CPU, rep.Styles)
		if err != nil {
			t.Fatal(err)
		}
		width, height, _ := Figure{Name: "cactus", Plot: p}.canvas()
		legend := p.Legend.Rectangle(draw.Canvas{}).Size()
		if width < PlotWidth+legend.X {
			t.Errorf("%d solvers: canvas %g pt wide, want room for the plot and a %g pt legend", n, width, legend.X)
		}
		if height < max(PlotHeight, legend.Y) {
			t.Errorf("%d solvers: canvas %g pt high, want room for a %g pt legend", n, height, legend.Y)
		}
	}
}

func TestTicks(t *testing.T) {
	labels := func(ts []plot.Tick) []string {
		var ls []string
		for _, tk := range ts {
			if !tk.IsMinor() {
				ls = append(ls, tk.Label)
			}
		}
		return ls
	}
	for _, tt := range []struct {
		name string
		got  []plot.Tick
		want []string
	}{
		{"time, wide", timeTicks{}.Ticks(8e-6, 30), []string{"10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s"}},
		{"time, two decades", timeTicks{}.Ticks(0.15e-3, 12e-3), []string{"200 µs", "500 µs", "1 ms", "2 ms", "5 ms", "10 ms"}},
		{"MiB, narrow", mibTicks{}.Ticks(15, 28), []string{"16", "18", "20", "22", "24", "26", "28"}},
		{"time, narrow", timeTicks{}.Ticks(1.05e-3, 2.52e-3), []string{"1.2 ms", "1.4 ms", "1.6 ms", "1.8 ms", "2 ms", "2.2 ms", "2.4 ms"}},
		{"MiB, below 1", mibTicks{}.Ticks(0.25, 0.45), []string{"0.25", "0.3", "0.35", "0.4", "0.45"}},
		{"count", linearTicks{}.Ticks(0, 294), []string{"0", "50", "100", "150", "200", "250"}},
		{"MiB, linear", linearTicks{}.Ticks(16.8, 29.6), []string{"18", "20", "22", "24", "26", "28"}},
	} {
		if got := labels(tt.got); !slices.Equal(got, tt.want) {
			t.Errorf("%s: labels %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFamilyBest picks each family's pipeline of lowest PAR-2, and a report
// over several pipelines of several families draws the family plot.
func TestFamilyBest(t *testing.T) {
	var recs []record.Record
	add := func(solver, family string, status string, cpu int64) {
		for i := range 4 {
			r := rec(solver, fmt.Sprint(i), 17+i, status, cpu, 0)
			r.Family = family
			recs = append(recs, r)
		}
	}
	add("sat/slow", "sat", "solved", 90)
	add("sat/fast", "sat", "solved", 10)
	add("qubo/fails", "qubo", "gave-up", 1)
	add("qubo/works", "qubo", "solved", 50)
	add("exactcover/dlx", "exactcover", "solved", 5)
	d := &Data{Records: recs}
	rep, err := New(d, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(FamilyBest(rep.Obs), ","); got != "exactcover/dlx,qubo/works,sat/fast" {
		t.Errorf("best of each family: %s, want exactcover/dlx,qubo/works,sat/fast", got)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(figs, func(f Figure) bool { return f.Name == "success-by-hints-family" }) {
		t.Error("no success-by-hints-family figure")
	}
}
