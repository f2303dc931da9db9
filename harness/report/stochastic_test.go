package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

// annealRec is a stochastic run that counts reads and updates.
func annealRec(puzzle string, hints int, status string, cpu int64, reads, solved, updates float64) record.Record {
	r := rec("qubo/sa", puzzle, hints, status, cpu, 0)
	r.Stochastic = true
	r.Counters = map[string]float64{CounterReads: reads, CounterReadsSolved: solved, CounterUpdates: updates}
	return r
}

func effortRecords() []record.Record {
	return []record.Record{
		annealRec("1", 17, "solved", 10e6, 10, 1, 1e6),
		annealRec("2", 17, "gave-up", 10e6, 10, 0, 3e6),
		annealRec("3", 30, "solved", 1e6, 1, 1, 2e5),
		rec("dlx", "1", 17, "solved", 5, 0), // deterministic: no effort
	}
}

func TestSummarizeEfforts(t *testing.T) {
	es := Efforts(effortRecords(), HintBuckets{{17, 17}, {30, 30}}, CPU)
	if len(es) != 3 {
		t.Fatalf("%d efforts, want the 3 stochastic runs", len(es))
	}
	sums := SummarizeEfforts(es)
	if len(sums) != 2 || sums[0].Group.Label != "17" || sums[1].Group.Label != "30" {
		t.Fatalf("summaries %+v", sums)
	}
	s := sums[0]
	// 1 of 20 reads solved; 20 ms and 4 M updates over 20 reads.
	factor := math.Log(0.01) / math.Log(0.95)
	lo, hi := Wilson(1, 20, Z95)
	if s.Runs != 2 || !near(s.PerRead, 0.05, 1e-12) || s.PerReadLo != lo || s.PerReadHi != hi ||
		!near(s.TimePerRead, 1e6, 1e-6) || !near(s.UpdatesPerRead, 2e5, 1e-6) ||
		!near(s.TTS99, 1e6*factor, 1e-3) || !near(s.UTS99, 2e5*factor, 1e-3) || s.MedianUpdates != 1e6 {
		t.Errorf("17 hints: %+v", s)
	}
	if !(s.TTS99Lo < s.TTS99 && s.TTS99 < s.TTS99Hi) || !near(s.UTS99Hi, TTS99(2e5, lo), 1e-3) {
		t.Errorf("intervals: TTS99 [%g, %g, %g], UTS99 high %g", s.TTS99Lo, s.TTS99, s.TTS99Hi, s.UTS99Hi)
	}
	// Every read solved: one read's cost, whatever the interval's low end.
	if s := sums[1]; s.TTS99 != 1e6 || s.UTS99 != 2e5 || s.UTS99Lo != 2e5 {
		t.Errorf("30 hints: %+v", s)
	}
}

func TestEffortTableNeedsUpdateCounters(t *testing.T) {
	if EffortTable(nil, "hints", CPU) != nil {
		t.Error("a table without efforts")
	}
	rep, err := New(&Data{Records: effortRecords()}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.WriteTables(&b, Text{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Stochastic solvers' effort by hints", "UTS99 [95% CI]", "5.0% [0.9, 23.6]", "1.00 M"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("tables lack %q:\n%s", want, b.String())
		}
	}
}

func TestStochasticFigures(t *testing.T) {
	rep, err := New(&Data{Records: effortRecords()}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range figs {
		names[f.Name] = true
		var b bytes.Buffer
		if err := WriteFigure(&b, f, "svg"); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	for _, want := range []string{"success-by-time", "success-by-updates", "tts99-by-hints", "uts99-by-hints", "tts99-by-corpus"} {
		if !names[want] {
			t.Errorf("no figure %s among %v", want, names)
		}
	}
	// Without update counters there is nothing to draw.
	plain, err := New(&Data{Records: []record.Record{rec("dlx", "1", 17, "solved", 5, 0)}}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if figs, err := plain.stochasticFigures(); err != nil || len(figs) != 0 {
		t.Errorf("%d figures, %v", len(figs), err)
	}
}

func TestSuccessByBudgetCountsEveryRun(t *testing.T) {
	es := Efforts(effortRecords(), ByCorpus{}, CPU)
	// Two of the three runs solved, at 2e5 and 1e6 updates.
	want := []float64{0, 100.0 / 3, 200.0 / 3}
	pts := budgetCurve(es, "qubo/sa", Updates, 1e5)
	if len(pts) != 3 || pts[1].X != math.Log10(2e5) || pts[2].X != 6 {
		t.Fatalf("curve %v", pts)
	}
	for i, p := range pts {
		if !near(p.Y, want[i], 1e-9) {
			t.Errorf("point %d at %g%%, want %g%%", i, p.Y, want[i])
		}
	}
	if _, err := SuccessByBudget(es, Time, CPU, Styles{}); err != nil {
		t.Fatal(err)
	}
}

func TestFormatCount(t *testing.T) {
	for v, want := range map[float64]string{950: "950", 12345: "12.3 k", 4.56e6: "4.56 M", 1.2e9: "1.20 G", math.Inf(1): "∞", math.NaN(): "–"} {
		if got := FormatCount(v); got != want {
			t.Errorf("FormatCount(%g) = %q, want %q", v, got, want)
		}
	}
	if got := countLabel(2e6); got != "2 M" {
		t.Errorf("countLabel(2e6) = %q", got)
	}
}
