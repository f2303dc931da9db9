package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
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
		rec("dlx", "1", 17, "solved", 5, 0), // deterministic: no reads
	}
}

// effortSummaries summarizes effortRecords by 17 and 30 hints.
func effortSummaries(recs []record.Record) []Summary {
	obs := Observations(NewRuns(recs...), CPU, DetectKinds(NewRuns(recs...)))
	var out []Summary
	for _, s := range Summarize(obs, HintBuckets{{17, 17}, {30, 30}}, 0) {
		if s.Solver == "qubo/sa" {
			out = append(out, s)
		}
	}
	return out
}

func TestUpdatesFoldIntoSummaries(t *testing.T) {
	sums := effortSummaries(effortRecords())
	if len(sums) != 2 || sums[0].Group.Label != "17" || sums[1].Group.Label != "30" {
		t.Fatalf("summaries %+v", sums)
	}
	s := sums[0]
	// 1 of 20 reads solved; 20 ms and 4 M updates over 20 reads.
	factor := math.Log(0.01) / math.Log(0.95)
	lo, hi := stats.Wilson(1, 20, stats.Z95)
	if s.N != 2 || s.Reads != 20 || !sudokutest.Near(s.PerRead, 0.05, 1e-12) || s.PerReadLo != lo || s.PerReadHi != hi ||
		!s.CountsUpdates || !sudokutest.Near(s.ReadTimeNS, 1e6, 1e-6) || !sudokutest.Near(s.UpdatesPerRead, 2e5, 1e-6) ||
		!sudokutest.Near(s.TTS99, 1e6*factor, 1e-3) || !sudokutest.Near(s.UTS99, 2e5*factor, 1e-3) {
		t.Errorf("17 hints: %+v", s)
	}
	if !(s.TTS99Lo < s.TTS99 && s.TTS99 < s.TTS99Hi) || !sudokutest.Near(s.UTS99Hi, stats.TTS99(2e5, lo), 1e-3) || !sudokutest.Near(s.UTS99Lo, stats.TTS99(2e5, hi), 1e-3) {
		t.Errorf("intervals: TTS99 [%g, %g, %g], UTS99 [%g, %g, %g]", s.TTS99Lo, s.TTS99, s.TTS99Hi, s.UTS99Lo, s.UTS99, s.UTS99Hi)
	}
	// Every read solved: one read's cost, whatever the interval's low end.
	if s := sums[1]; s.TTS99 != 1e6 || s.UTS99 != 2e5 || s.UTS99Lo != 2e5 {
		t.Errorf("30 hints: %+v", s)
	}
	// A puzzle's runs pool their reads and updates.
	again := annealRec("1", 17, "gave-up", 10e6, 10, 0, 3e6)
	again.Seed = 2
	runs := []record.Record{effortRecords()[0], again}
	obs := Observations(NewRuns(runs...), CPU, DetectKinds(NewRuns(runs...)))
	if o := obs[0]; len(obs) != 1 || o.Reads != 20 || o.ReadsSolved != 1 || o.Updates != 4e6 || !o.CountsUpdates {
		t.Errorf("two runs of a puzzle: %+v", obs)
	}
}

func TestUpdatesNeedEveryRunCounted(t *testing.T) {
	recs := effortRecords()
	delete(recs[1].Counters, CounterUpdates)
	obs := Observations(NewRuns(recs...), CPU, DetectKinds(NewRuns(recs...)))
	for _, o := range obs {
		if want := o.Solver == "qubo/sa" && o.PuzzleID != "c:2"; o.CountsUpdates != want {
			t.Errorf("%s on %s counts updates: %v, want %v", o.Solver, o.PuzzleID, o.CountsUpdates, want)
		}
	}
	sums := effortSummaries(recs)
	if s := sums[0]; s.CountsUpdates || !math.IsNaN(s.UTS99) || !math.IsNaN(s.UpdatesPerRead) || math.IsNaN(s.TTS99) {
		t.Errorf("17 hints, one run without updates: %+v", s)
	}
	if !sums[1].CountsUpdates {
		t.Error("30 hints: every run counted updates")
	}
}

func writeTables(t *testing.T, rep *Report, tw table.Writer) string {
	t.Helper()
	var b bytes.Buffer
	if err := rep.WriteTables(&b, tw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestStochasticTableShowsUpdatesWhenCounted(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(effortRecords()...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	text := writeTables(t, rep, table.Text{})
	for _, want := range []string{"Stochastic solvers by hints", "TTS99 [95% CI]", "UTS99 [95% CI]", "5.0% [0.9, 23.6]", "18.0 M [", `counter "updates_attempted"`} {
		if !strings.Contains(text, want) {
			t.Errorf("tables lack %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "Stochastic solvers"); n != 1 {
		t.Errorf("%d stochastic tables, want one", n)
	}
	rep.Config.Wide = true
	if wide := writeTables(t, rep, table.Text{}); !strings.Contains(wide, "updates/read") || !strings.Contains(wide, "200 k") {
		t.Errorf("the wide table lacks updates per read:\n%s", wide)
	}
	// run-a's stochastic solver counts no updates: no update columns.
	plain, err := New(loadRun(t, "run-a"), Config{By: []string{"corpus"}, Wide: true})
	if err != nil {
		t.Fatal(err)
	}
	if text := writeTables(t, plain, table.Text{}); !strings.Contains(text, "Stochastic solvers by corpus") || strings.Contains(text, "UTS99") || strings.Contains(text, "updates") {
		t.Errorf("update columns without update counters:\n%s", text)
	}
}

// TestStochasticTableFitsCompact gives the compact stochastic table long
// pipeline names with the first-mode mark and typical figures: it fits
// 100 columns with TTS99 and UTS99, dropping nothing.
func TestStochasticTableFitsCompact(t *testing.T) {
	var recs []record.Record
	for i, name := range []string{"qubo/sa/propagated", "qubo/tabu/pruned"} {
		for p := range 12 {
			r := annealRec(fmt.Sprint(p), 17+p, "solved", 456e6, 10, float64(1+p%4+i), 45.6e6)
			r.Solver, r.Mode = name, "first"
			recs = append(recs, r)
		}
	}
	recs = append(recs, rec("exactcover/dlx", "0", 17, "solved", 5, 0))
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	text := writeTables(t, rep, table.Text{Width: 100})
	stoch := text[strings.Index(text, "Stochastic solvers"):]
	for _, want := range []string{"qubo/sa/propagated " + FirstModeMark, "TTS99 [95% CI]", "1.29 s [470 ms, 3.90 s]", "UTS99 [95% CI]", "129 M [47.0 M, 390 M]"} {
		if !strings.Contains(stoch, want) {
			t.Errorf("the compact table lacks %q:\n%s", want, stoch)
		}
	}
	if strings.Contains(stoch, "Left out") {
		t.Errorf("the compact table does not fit 100 columns:\n%s", stoch)
	}
}

func TestTidyTableCarriesUpdates(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(effortRecords()...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	factor95 := math.Log(0.01) / math.Log(0.95)
	lo17, hi17 := stats.Wilson(1, 20, stats.Z95)
	rows, err := csv.NewReader(strings.NewReader(writeTables(t, rep, table.CSV{}))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int {
		i := slices.Index(rows[0], name)
		if i < 0 {
			t.Fatalf("no column %s in %q", name, rows[0])
		}
		return i
	}
	for _, r := range rows[1:] {
		switch r[col("solver")] + " " + r[col("group")] {
		case "qubo/sa 30":
			if r[col("uts99")] != "200000" || r[col("tts99_lo_ns")] != "1000000" || r[col("uts99_hi")] != "3980889" || r[col("updates_per_read")] != "200000" {
				t.Errorf("qubo/sa on 30 hints: %q", r)
			}
		case "qubo/sa 17":
			want := []string{table.RawWhole(2e5 * factor95), table.RawWhole(stats.TTS99(2e5, hi17)), table.RawWhole(stats.TTS99(2e5, lo17))}
			if got := r[col("uts99") : col("uts99_hi")+1]; !slices.Equal(got, want) {
				t.Errorf("qubo/sa on 17 hints: UTS99 %q, want %q", got, want)
			}
		case "dlx 17":
			if r[col("uts99")] != "" || r[col("tts99_lo_ns")] != "" {
				t.Errorf("a deterministic solver with stochastic figures: %q", r)
			}
		}
	}
}

func TestStochasticFigures(t *testing.T) {
	names := func(d *Data) []string {
		rep, err := New(d, Config{})
		if err != nil {
			t.Fatal(err)
		}
		figs, err := rep.stochasticFigures()
		if err != nil {
			t.Fatal(err)
		}
		var ns []string
		for _, f := range figs {
			ns = append(ns, f.Name)
			var b bytes.Buffer
			if err := figure.WriteFigure(&b, f, "svg"); err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
		}
		return ns
	}
	all := []string{"success-by-time", "tts99-by-hints", "tts99-by-corpus", "success-by-updates", "uts99-by-hints", "uts99-by-corpus"}
	if got := names(&Data{Runs: NewRuns(effortRecords()...)}); !slices.Equal(got, all) {
		t.Errorf("figures %q, want %q", got, all)
	}
	// A stochastic solver without update counters: time only.
	if got := names(loadRun(t, "run-a")); !slices.Equal(got, all[:3]) {
		t.Errorf("figures without update counters %q, want %q", got, all[:3])
	}
	// No stochastic solver: nothing to draw.
	if got := names(&Data{Runs: NewRuns(rec("dlx", "1", 17, "solved", 5, 0))}); len(got) != 0 {
		t.Errorf("figures without stochastic solvers: %q", got)
	}
}

func TestTTS99ByGroupPlotsEachSolversGroups(t *testing.T) {
	recs := effortRecords()
	// A second stochastic solver that counts no updates: TTS99, no UTS99.
	plain := annealRec("1", 30, "solved", 1e6, 1, 1, 0)
	plain.Solver = "ga"
	delete(plain.Counters, CounterUpdates)
	obs := Observations(NewRuns(append(recs, plain)...), CPU, DetectKinds(NewRuns(append(recs, plain)...)))
	sums := Summarize(obs, HintBuckets{{17, 17}, {30, 30}}, 0)
	if _, solvers := groupsAndSolvers(withCost(sums, Time)); !slices.Equal(solvers, []string{"ga", "qubo/sa"}) {
		t.Errorf("TTS99 drawn for %q, want every stochastic solver", solvers)
	}
	updates := withCost(sums, Updates)
	groups, solvers := groupsAndSolvers(updates)
	if !slices.Equal(solvers, []string{"qubo/sa"}) || len(groups) != 2 {
		t.Fatalf("UTS99 drawn for %q in %v, want qubo/sa in both groups", solvers, groups)
	}
	// One point per group, log10 of UTS99 with its interval.
	pts := toSolutionPoints(summariesOf(updates, "qubo/sa"), Updates, math.Inf(1))
	s := updates[0]
	want := []point{{group: groups[0], y: math.Log10(s.UTS99), lo: math.Log10(s.UTS99Lo), hi: math.Log10(s.UTS99Hi), n: s.N},
		{group: groups[1], y: math.Log10(2e5), lo: math.Log10(2e5), hi: math.Log10(updates[1].UTS99Hi), n: updates[1].N}}
	if !slices.Equal(pts, want) {
		t.Errorf("points %v, want %v", pts, want)
	}
	f, err := TTS99ByGroup(sums, HintBuckets{{17, 17}, {30, 30}}, Updates, CPU, newStyles(obs, false))
	if err != nil {
		t.Fatal(err)
	}
	// A group settled without sampling costs nothing: it is left out, not
	// drawn at log10(0).
	free := slices.Clone(sums)
	for i := range free {
		free[i].UTS99, free[i].UTS99Lo = 0, 0
	}
	if _, err := TTS99ByGroup(free, HintBuckets{{17, 17}, {30, 30}}, Updates, CPU, newStyles(obs, false)); err != nil {
		t.Errorf("a group solved at no cost: %v", err)
	}
	// The hint counts on the x axis, with room; the y axis covers log10
	// of UTS99 (2e5 up to the 17-hint interval's high end).
	p := f.Panels[0].Plot
	if p.X.Min > 17 || p.X.Max < 30 || p.Y.Min > math.Log10(2e5) || p.Y.Max < math.Log10(s.UTS99Hi) {
		t.Errorf("axes x [%g, %g], y [%g, %g]", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
}

func TestSuccessByBudgetCountsEveryRun(t *testing.T) {
	runs := RunCosts(NewRuns(effortRecords()...), map[string]bool{"qubo/sa": true}, Updates, CPU)
	if len(runs) != 3 {
		t.Fatalf("%d runs, want the 3 stochastic ones", len(runs))
	}
	// Two of the three runs solved, at 2e5 and 1e6 updates.
	want := []float64{0, 100.0 / 3, 200.0 / 3}
	pts := budgetCurve(runs, "qubo/sa", 1e5)
	if len(pts) != 3 || pts[1].X != math.Log10(2e5) || pts[2].X != 6 {
		t.Fatalf("curve %v", pts)
	}
	for i, p := range pts {
		if !sudokutest.Near(p.Y, want[i], 1e-9) {
			t.Errorf("point %d at %g%%, want %g%%", i, p.Y, want[i])
		}
	}
	if _, err := SuccessByBudget(RunCosts(NewRuns(effortRecords()...), map[string]bool{"qubo/sa": true}, Time, CPU), Time, CPU, figure.Styles{}); err != nil {
		t.Fatal(err)
	}
}
