package report

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
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

func TestObservationsFoldDeterministicReps(t *testing.T) {
	recs := []record.Record{
		rec("dlx", "1", 17, "solved", 30, 0), rec("dlx", "1", 17, "solved", 10, 1), rec("dlx", "1", 17, "timeout", 100, 2),
		rec("anneal", "1", 17, "solved", 5, 0), rec("anneal", "1", 17, "gave-up", 7, 1),
	}
	obs := Observations(recs, CPU, func(s string) bool { return s == "anneal" })
	if len(obs) != 3 {
		t.Fatalf("got %d observations, want 3 (dlx folded, anneal per run): %+v", len(obs), obs)
	}
	dlx := obs[2]
	if dlx.Solver != "dlx" || dlx.Reps != 3 || dlx.Status != "solved" || dlx.TimeNS != 20 {
		t.Errorf("dlx folded = %+v, want 3 reps, solved, median of solved times 20", dlx)
	}
	if w := Observations(recs, Wall, func(string) bool { return false })[1].TimeNS; w != 40 {
		t.Errorf("wall median = %g, want 40", w)
	}
}

func TestBuckets(t *testing.T) {
	var few, many []Obs
	for h := 17; h <= 20; h++ {
		few = append(few, Obs{Hints: h})
	}
	for h := 17; h <= 40; h++ {
		many = append(many, Obs{Hints: h})
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
		if g := bs.Group(&Obs{Hints: tt.hints}); g.Label != tt.want {
			t.Errorf("hints=%d: group %q, want %q", tt.hints, g.Label, tt.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	d := loadRun(t, "run-a")
	obs := Observations(d.Records, CPU, DetectStochastic(d.Records))
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
		// anneal: 4 runs, one gave up.
		"solver=qubo/anneal/hints=17-18": {4, 3, (150e6 + 2e9) / 4, 50e6, 50e6, 0, true},
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
			if !near(s.PAR2, w.par2, 1) || !near(s.Median, w.med, 1) || !near(s.P90, w.p90, 1) {
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
	obs := Observations(d.Records, CPU, DetectStochastic(d.Records))
	for _, s := range Summarize(obs, ByCorpus{}, 1e9) {
		if s.Solver != "qubo/anneal" {
			continue
		}
		// 3 of 4 reads solved, 50 ms each: 50 ms · ln 0.01 / ln 0.25.
		if !near(s.PerRead, 0.75, 1e-12) || !near(s.TTS99, 50e6*math.Log(0.01)/math.Log(0.25), 1) {
			t.Errorf("per read %g, TTS99 %g", s.PerRead, s.TTS99)
		}
	}
}

func TestReadsCounters(t *testing.T) {
	r := rec("anneal", "1", 17, "solved", 1000, 0)
	r.Counters = map[string]float64{CounterReads: 100, CounterReadsSolved: 20}
	obs := Observations([]record.Record{r}, CPU, func(string) bool { return true })
	s := Summarize(obs, ByCorpus{}, 0)[0]
	if s.Reads != 100 || !near(s.PerRead, 0.2, 1e-12) || !near(s.ReadTimeNS, 10, 1e-9) {
		t.Errorf("reads %g per read %g time/read %g, want 100, 0.2, 10", s.Reads, s.PerRead, s.ReadTimeNS)
	}
}

// TestTableFormats checks every format against golden files made from
// testdata/run-a (go test -update rewrites them).
func TestTableFormats(t *testing.T) {
	rep, err := New(loadRun(t, "run-a"), Config{By: []string{"corpus"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "md", "csv", "latex", "html"} {
		t.Run("format="+format, func(t *testing.T) {
			tw, err := TableFormat(format)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := rep.WriteTables(&b, tw); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "golden", "corpus."+Extension(format)), b.Bytes())
		})
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

func TestMarkBest(t *testing.T) {
	tab := &Table{Columns: []Column{{Name: "x", Better: Lower}, {Name: "y", Better: Higher}}}
	cell := func(v float64) Cell { return Cell{Value: v} }
	tab.Rows = []Row{
		{Set: "a", Cells: []Cell{cell(1), cell(5)}},
		{Set: "a", Cells: []Cell{cell(2), cell(5)}},
		{Set: "b", Cells: []Cell{cell(9), cell(1)}},              // alone: no best
		{Set: "c", Small: true, Cells: []Cell{cell(1), cell(1)}}, // small: no best in c
		{Set: "c", Cells: []Cell{cell(3), cell(math.NaN())}},     // NaN never best
	}
	tab.MarkBest()
	var got []string
	for _, r := range tab.Rows {
		got = append(got, fmt.Sprint(r.Cells[0].Best, r.Cells[1].Best))
	}
	want := "[true true false true false false false false false false]"
	if g := fmt.Sprint(strings.Fields(strings.Join(got, " "))); g != want {
		t.Errorf("best = %s, want %s", g, want)
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

func TestLoadMergesAndWarns(t *testing.T) {
	d, warnings, err := Load(filepath.Join("testdata", "run-a"), filepath.Join("testdata", "run-b"))
	if err != nil {
		t.Fatal(err)
	}
	// run-b repeats the dlx and sat keys of run-a: the first copy is kept.
	if len(d.Records) != 16 || len(warnings) != 12 {
		t.Errorf("got %d records and %d warnings, want 16 and 12", len(d.Records), len(warnings))
	}
	if limit, _ := d.LimitNS(); limit != 1e9 {
		t.Errorf("limit %d, want 1e9 from the manifests", limit)
	}
}
