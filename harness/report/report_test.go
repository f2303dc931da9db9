package report

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func loadRun(t *testing.T, dirs ...string) *Data {
	t.Helper()
	for i, d := range dirs {
		dirs[i] = filepath.Join("testdata", d)
	}
	d, _, err := Load(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func rec(solver, puzzle string, hints int, status string, cpu int64, rep int) record.Record {
	return record.Record{Solver: solver, Corpus: "c", PuzzleID: "c:" + puzzle, Hints: hints, Mode: "unique",
		Seed: 1, Rep: rep, Status: status, CPUNS: cpu, WallNS: 2 * cpu, PeakRSS: 1 << 20, TimeoutNS: 100}
}

// stochastic marks the named solvers stochastic.
func stochastic(names ...string) Kinds {
	k := Kinds{Stochastic: make(map[string]bool)}
	for _, n := range names {
		k.Stochastic[n] = true
	}
	return k
}

func TestObservationsFoldDeterministicReps(t *testing.T) {
	recs := []record.Record{
		rec("dlx", "1", 17, "solved", 30, 0), rec("dlx", "1", 17, "solved", 10, 1), rec("dlx", "1", 17, "timeout", 100, 2),
		rec("anneal", "1", 17, "solved", 5, 0), rec("anneal", "1", 17, "gave-up", 7, 1),
	}
	obs := Observations(NewRuns(recs...), CPU, stochastic("anneal"))
	if len(obs) != 2 {
		t.Fatalf("got %d observations, want 2 (one per solver and puzzle): %+v", len(obs), obs)
	}
	dlx := obs[1]
	if dlx.Solver != "dlx" || dlx.Runs != 3 || dlx.Status != "solved" || dlx.TimeNS != 20 {
		t.Errorf("dlx folded = %+v, want 3 runs, solved, median of solved times 20", dlx)
	}
	if w := Observations(NewRuns(recs...), Wall, Kinds{})[1].TimeNS; w != 40 {
		t.Errorf("wall median = %g, want 40", w)
	}
}

// TestRepetitionsCountPuzzles runs the fold the way `run --reps 3` records
// repetitions, each with the plan's seed plus the repetition: n, the
// intervals, PAR-2 and the cactus plot see 3 puzzles, not 9 runs.
func TestRepetitionsCountPuzzles(t *testing.T) {
	var recs []record.Record
	for p := range 3 {
		for rep := range 3 {
			r := rec("dlx", fmt.Sprint(p), 17, "solved", int64(1000*(p+1)+rep), rep)
			r.Seed = 1 + int64(rep)
			recs = append(recs, r)
		}
	}
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Sections[0].Summaries[0]
	if len(rep.Obs) != 3 || s.N != 3 || s.Solved != 3 {
		t.Fatalf("%d observations, n = %d, solved = %d; want 3 puzzles", len(rep.Obs), s.N, s.Solved)
	}
	if lo, _ := stats.Wilson(3, 3, stats.Z95); s.RateLo != lo {
		t.Errorf("interval low %g, want Wilson(3, 3) = %g", s.RateLo, lo)
	}
	if s.Median != 2001 {
		t.Errorf("median %g, want 2001 (the middle puzzle's median repetition)", s.Median)
	}
	cactus, err := Cactus(rep.Obs, CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	if y := cactus.Panels[0].Plot.Y; !sudokutest.Near(y.Max, 3*1.05, 1e-9) {
		t.Errorf("cactus reaches %g puzzles, want 3 and 5%% headroom", y.Max)
	}
}

func TestStochasticRunsAreReads(t *testing.T) {
	run := func(puzzle, status string, cpu int64, rep int) record.Record {
		r := rec("anneal", puzzle, 17, status, cpu, rep)
		r.Seed = 1 + int64(rep)
		return r
	}
	recs := []record.Record{
		// Two of three runs solved: solved, the median run with the
		// timed-out one at its limit 100.
		run("1", "solved", 10, 0), run("1", "solved", 30, 1), run("1", "timeout", 100, 2),
		// Half the runs solved is not most: unsolved, status of those.
		run("2", "solved", 10, 0), run("2", "gave-up", 40, 1),
	}
	obs := Observations(NewRuns(recs...), CPU, stochastic("anneal"))
	if len(obs) != 2 {
		t.Fatalf("%d observations, want one per puzzle", len(obs))
	}
	if o := obs[0]; !o.Solved || o.TimeNS != 30 || o.Reads != 3 || o.ReadsSolved != 2 || o.ReadTimeNS != 140 {
		t.Errorf("puzzle 1 = %+v, want solved in 30, 2 of 3 reads, 140 of read time", o)
	}
	if o := obs[1]; o.Solved || o.Status != "gave-up" || o.Reads != 2 || o.ReadsSolved != 1 {
		t.Errorf("puzzle 2 = %+v, want gave-up, 1 of 2 reads", o)
	}
	s := Summarize(obs, ByCorpus{}, 0)[0]
	if s.N != 2 || s.Solved != 1 || !sudokutest.Near(s.PerRead, 0.6, 1e-12) || !sudokutest.Near(s.ReadTimeNS, 38, 1e-9) {
		t.Errorf("n %d solved %d per read %g time/read %g, want 2, 1, 3/5, 190/5", s.N, s.Solved, s.PerRead, s.ReadTimeNS)
	}
}

func TestPAR2ChargesEachRunItsOwnLimit(t *testing.T) {
	short, long := rec("s", "1", 17, "timeout", 1, 0), rec("s", "2", 17, "timeout", 1, 0)
	short.TimeoutNS, long.TimeoutNS = 1e6, 1e10
	noLimit := rec("s", "3", 17, "crash", 1, 0)
	noLimit.TimeoutNS = 0
	s := Summarize(Observations(NewRuns(short, long, noLimit), CPU, Kinds{}), ByCorpus{}, 5e9)[0]
	if want := (2e6 + 2e10 + 1e10) / 3; !sudokutest.Near(s.PAR2, want, 1) || !math.IsNaN(s.LimitNS) {
		t.Errorf("PAR-2 %g (limit %g), want %g: 2 × 1 ms, 2 × 10 s, and 2 × the 5 s fallback, under no one limit", s.PAR2, s.LimitNS, want)
	}
}

// TestMemoryIsTheSolversOwn: a report's memory is each pipeline's own
// peak, own_peak_bytes where the records hold it (0 is a real peak, at
// the idle worker's), else an old record's fallback: in process the peak
// above the idle worker's, outside the sum of the programs' peaks (which
// never competes for best); the worker's whole peak never stands in.
func TestMemoryIsTheSolversOwn(t *testing.T) {
	peak := func(b uint64) *uint64 { return &b }
	var recs []record.Record
	for i := range MinN {
		id := fmt.Sprint(i)
		inProcess := rec("dlx", id, 17, "solved", 1, 0)
		inProcess.PeakRSS, inProcess.BaseRSS, inProcess.OwnPeak = 20<<20, 17<<20, peak(2<<20)
		atIdle := rec("bitboard", id, 17, "solved", 1, 0)
		atIdle.PeakRSS, atIdle.BaseRSS, atIdle.OwnPeak = 17<<20, 17<<20, peak(0)
		outside := rec("cadical", id, 17, "solved", 1, 0)
		outside.External, outside.PeakRSS, outside.ProgramPeakRSS, outside.OwnPeak = true, 19<<20, 6<<20, peak(4<<20)
		oldOutside := rec("cbc", id, 17, "solved", 1, 0)
		oldOutside.External, oldOutside.PeakRSS, oldOutside.ProgramPeakRSS = true, 19<<20, 5<<20
		oldInProcess := rec("norvig", id, 17, "solved", 1, 0)
		oldInProcess.PeakRSS, oldInProcess.BaseRSS = 20<<20, 17<<20
		noBase := rec("dlx-big", id, 17, "solved", 1, 0)
		noBase.PeakRSS = 30 << 20
		unmarked := rec("minisat", id, 17, "solved", 1, 0)
		unmarked.PeakRSS = 19 << 20 // written before the mark: the registry says minisat runs outside
		recs = append(recs, inProcess, atIdle, outside, oldOutside, oldInProcess, noBase, unmarked)
	}
	kinds := DetectKinds(NewRuns(recs...))
	kinds.MarkOutside(NewRuns(recs...), func(s string) bool { return s == "minisat" })
	obs := Observations(NewRuns(recs...), CPU, kinds)
	want := map[string]struct {
		own float64
		old bool
	}{"dlx": {2 << 20, false}, "bitboard": {0, false}, "cadical": {4 << 20, false}, "cbc": {5 << 20, true},
		"norvig": {3 << 20, true}, "dlx-big": {math.NaN(), false}, "minisat": {math.NaN(), false}}
	for _, o := range obs {
		if w := want[o.Solver]; !sudokutest.Near(o.OwnMem, w.own, 0) || o.OldMem != w.old {
			t.Errorf("%s: own memory %g (old record's: %v), want %g (%v)", o.Solver, o.OwnMem, o.OldMem, w.own, w.old)
		}
	}
	tab := SummaryTable(Summarize(obs, ByCorpus{}, 0), ByCorpus{}, TableOptions{})
	if slices.ContainsFunc(tab.Columns, func(c table.Column) bool { return c.Name == "mem" || c.Name == "mem max" }) {
		t.Errorf("the table still shows a worker's whole peak: %v", tab.Columns)
	}
	memCol := slices.IndexFunc(tab.Columns, func(c table.Column) bool { return c.Name == "own mem" })
	shown := make(map[string]table.Cell)
	for _, r := range tab.Rows {
		shown[r.Cells[0].Text] = r.Cells[memCol]
	}
	for solver, text := range map[string]string{"minisat": "n/a", "dlx-big": "n/a", "bitboard": "0 B", "cadical": "4 MiB"} {
		if got := shown[solver].Text; got != text {
			t.Errorf("%s's own mem shows %q, want %q", solver, got, text)
		}
	}
	for solver, c := range shown {
		if c.Best != (solver == "bitboard") {
			t.Errorf("%s: own mem %s marked best = %v; want only bitboard's 0", solver, c.Text, c.Best)
		}
	}
	if !strings.Contains(strings.Join(tab.Notes, " "), "Some records predate own memory") {
		t.Errorf("the notes do not say that some figures are old records': %q", tab.Notes)
	}
}

func TestBuckets(t *testing.T) {
	var few, many []Obs
	for h := 17; h <= 20; h++ {
		few = append(few, Obs{ObsPuzzle: &ObsPuzzle{Hints: h}})
	}
	for h := 17; h <= 40; h++ {
		many = append(many, Obs{ObsPuzzle: &ObsPuzzle{Hints: h}})
	}
	tests := []struct {
		name string
		obs  []Obs
		want string
	}{
		{"one-per-count", few, "[17 18 19 20]"},
		{"ranges", many, "[17-19 20-22 23-25 26-28 29-31 32-34 35-37 38-40]"},
		{"none", nil, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmt.Sprint(AutoBuckets(tt.obs)); got != tt.want {
				t.Errorf("AutoBuckets = %s, want %s", got, tt.want)
			}
		})
	}
	bs := HintBuckets{{17, 19}, {20, 25}}
	for _, tt := range []struct {
		hints int
		want  string
	}{{17, "17-19"}, {19, "17-19"}, {22, "20-25"}, {30, "30"}} {
		if g := bs.Group(&Obs{ObsPuzzle: &ObsPuzzle{Hints: tt.hints}}); g.Label != tt.want {
			t.Errorf("hints=%d: group %q, want %q", tt.hints, g.Label, tt.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	d := loadRun(t, "run-a")
	obs := Observations(d.Runs, CPU, DetectKinds(d.Runs))
	sums := Summarize(obs, HintBuckets{{17, 18}, {24, 25}}, 1e9)
	type want struct {
		n, solved      int
		par2, med, p90 float64
		timeouts       int
		stochastic     bool
	}
	wants := map[string]want{
		// dlx: 1, 2, 3, 4 ms solved.
		"solver=exactcover/dlx/hints=17-18": {4, 4, 2.5e6, 2.5e6, 3.7e6, 0, false},
		// sat: 2, 4, 8 ms solved, one timeout: (14 ms + 2 s)/4.
		"solver=sat/gophersat/extended/hints=17-18": {4, 3, (14e6 + 2e9) / 4, 4e6, 7.2e6, 1, false},
		// sat: memout and 40 ms.
		"solver=sat/gophersat/extended/hints=24-25": {2, 1, (40e6 + 2e9) / 2, 40e6, 40e6, 0, false},
		"solver=exactcover/dlx/hints=24-25":         {2, 2, 15e6, 15e6, 19e6, 0, false},
		// anneal: 2 puzzles, 2 runs each; one solved by both runs, one by
		// only one of two (not most): gave up.
		"solver=qubo/anneal/hints=17-18": {2, 1, (50e6 + 2e9) / 2, 50e6, 50e6, 0, true},
	}
	if len(sums) != len(wants) {
		t.Fatalf("got %d summaries, want %d", len(sums), len(wants))
	}
	for _, s := range sums {
		name := "solver=" + s.Solver + "/hints=" + s.Group.Label
		t.Run(name, func(t *testing.T) {
			w, ok := wants[name]
			if !ok {
				t.Fatalf("unexpected group")
			}
			if s.N != w.n || s.Solved != w.solved || s.Statuses["timeout"] != w.timeouts || s.Stochastic != w.stochastic {
				t.Errorf("n=%d solved=%d timeouts=%d stochastic=%v, want %+v", s.N, s.Solved, s.Statuses["timeout"], s.Stochastic, w)
			}
			if !sudokutest.Near(s.PAR2, w.par2, 1) || !sudokutest.Near(s.Median, w.med, 1) || !sudokutest.Near(s.P90, w.p90, 1) {
				t.Errorf("PAR-2 %g median %g p90 %g, want %g %g %g", s.PAR2, s.Median, s.P90, w.par2, w.med, w.p90)
			}
			if !s.Small {
				t.Errorf("n=%d not flagged small", s.N)
			}
		})
	}
}

func TestStochasticTTS(t *testing.T) {
	d := loadRun(t, "run-a")
	obs := Observations(d.Runs, CPU, DetectKinds(d.Runs))
	for _, s := range Summarize(obs, ByCorpus{}, 1e9) {
		if s.Solver != "qubo/anneal" {
			continue
		}
		// 3 of 4 reads solved, 50 ms each: 50 ms · ln 0.01 / ln 0.25.
		if !sudokutest.Near(s.PerRead, 0.75, 1e-12) || !sudokutest.Near(s.TTS99, 50e6*math.Log(0.01)/math.Log(0.25), 1) {
			t.Errorf("per read %g, TTS99 %g", s.PerRead, s.TTS99)
		}
	}
}

func TestReadsCounters(t *testing.T) {
	r := rec("anneal", "1", 17, "solved", 1000, 0)
	r.Counters = map[string]float64{CounterReads: 100, CounterReadsSolved: 20}
	obs := Observations(NewRuns(r), CPU, stochastic("anneal"))
	s := Summarize(obs, ByCorpus{}, 0)[0]
	if s.Reads != 100 || !sudokutest.Near(s.PerRead, 0.2, 1e-12) || !sudokutest.Near(s.ReadTimeNS, 10, 1e-9) {
		t.Errorf("reads %g per read %g time/read %g, want 100, 0.2, 10", s.Reads, s.PerRead, s.ReadTimeNS)
	}
}

// TestTableFormats checks every format against golden files made from
// testdata/run-a (go test -update rewrites them).
func TestTableFormats(t *testing.T) {
	for _, wide := range []bool{false, true} {
		rep, err := New(loadRun(t, "run-a"), Config{By: []string{"corpus"}, Wide: wide})
		if err != nil {
			t.Fatal(err)
		}
		stem := "corpus"
		if wide {
			stem = "corpus-wide"
		}
		for _, format := range []string{"text", "md", "csv", "latex", "html"} {
			t.Run("wide="+fmt.Sprint(wide)+"/format="+format, func(t *testing.T) {
				tw, err := table.WriterFor(format)
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				if err := rep.WriteTables(&b, tw); err != nil {
					t.Fatal(err)
				}
				golden(t, filepath.Join("testdata", "golden", stem+"."+Extension(format)), b.Bytes())
			})
		}
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	good := `{"solver":"s","puzzle_id":"c:1","mode":"first","status":"solved"}`
	if err := os.WriteFile(filepath.Join(dir, record.ResultsFile), []byte(good+"\nnot json\n"+good+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), record.ResultsFile+":2") {
		t.Errorf("error %v should name %s:2", err, record.ResultsFile)
	}
	if _, _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "result directory") {
		t.Errorf("empty directory: error %v", err)
	}
}

// A run whose answer contradicts its corpus's listing is a warning of the
// report, naming the first and counting them all.
func TestLoadWarnsOfCorpusContradictions(t *testing.T) {
	dir := t.TempDir()
	lines := `{"solver":"s","puzzle_id":"c:1","mode":"unique","status":"solved"}
{"solver":"s","puzzle_id":"c:2","mode":"unique","status":"solved","corpus_contradiction":"the corpus lists 2 solutions, but this unique-mode run found exactly one"}
{"solver":"t","puzzle_id":"c:2","mode":"unique","status":"solved","corpus_contradiction":"the corpus lists 2 solutions, but this unique-mode run found exactly one"}
`
	if err := os.WriteFile(filepath.Join(dir, record.ResultsFile), []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	_, warnings, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "2 run(s) on 1 puzzle(s) contradict what their corpus lists of the puzzle (each record's corpus_contradiction says how); first, c:2 by s: the corpus lists 2 solutions"
	if !slices.ContainsFunc(warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("warnings %q lack %q", warnings, want)
	}
}

func TestLoadMergesAndWarns(t *testing.T) {
	d, warnings, err := Load(filepath.Join("testdata", "run-a"), filepath.Join("testdata", "run-b"))
	if err != nil {
		t.Fatal(err)
	}
	// run-b repeats the dlx and sat keys of run-a: the first copy is kept,
	// and one line says so.
	if d.Runs.Len() != 16 {
		t.Errorf("got %d records, want 16", d.Runs.Len())
	}
	dups := 0
	for _, w := range warnings {
		if strings.Contains(w, "recorded more than once") {
			dups++
			if !strings.HasPrefix(w, "12 run(s)") || !strings.Contains(w, "12 in testdata/run-b (first read from testdata/run-a)") {
				t.Errorf("duplicate warning %q", w)
			}
		}
	}
	if dups != 1 {
		t.Errorf("%d duplicate warnings, want one line for all 12: %q", dups, warnings)
	}
	if limit := d.LimitNS(); limit != 1e9 {
		t.Errorf("limit %d, want 1e9 from the manifests", limit)
	}
}
