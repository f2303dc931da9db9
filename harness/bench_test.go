package harness

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/defs"
	"github.com/sudokubench/sudokubench/sudoku"
)

// testConfig is a small real benchmark: the reference engine and a planted
// wrong solver on tdoku's test puzzles (unique, multiple and unsat ones) and
// a few of top95, in unique mode, two repetitions.
func testConfig(out string) Config {
	return Config{
		Corpora: []string{"tdoku-tests", "norvig-top95"}, Limit: 12,
		Solvers: "exactcover/dlx,test/wrong", Mode: solvers.Unique, Reps: 2, Seed: 7,
		Timeout: 5 * time.Second, MemBytes: 1 << 30,
		Out: out, CorporaDir: filepath.Join("..", "corpora", "data"),
		Registry: harnesstest.Registry(), Launch: testLaunch,
	}
}

// slowConfig is testConfig with a solver slow enough to be killed part-way.
func slowConfig(out string) Config {
	cfg := testConfig(out)
	cfg.Solvers = "test/slow,test/wrong"
	return cfg
}

func TestBenchRecordsEveryRun(t *testing.T) {
	cfg := testConfig(t.TempDir())
	sum, err := Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, cfg.Out)
	if sum.Done != sum.Planned || len(recs) != sum.Planned || sum.Planned != 2*2*24 {
		t.Fatalf("planned %d, done %d, recorded %d; want 96 of each", sum.Planned, sum.Done, len(recs))
	}
	for _, r := range recs {
		switch {
		case r.Solver == "test/wrong" && r.Status != "wrong" && r.Status != "error":
			t.Errorf("%s: planted wrong solver got %s", r.Key(), r.Status)
		case r.Solver == "exactcover/dlx" && !r.Solved() && r.Status != "error":
			t.Errorf("%s: reference engine got %s (%s)", r.Key(), r.Status, r.Detail)
		}
	}
	m, err := record.ReadManifest(filepath.Join(cfg.Out, record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if m.Plan.Runs != 96 || m.Corpora["tdoku-tests"] == "" || m.GoVersion == "" || m.CPUModel == "" {
		t.Errorf("manifest incomplete: %+v", m)
	}
}

func TestBenchRefusesToOverwrite(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Solvers = "exactcover/dlx"
	cfg.Limit, cfg.Reps = 2, 1
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("second run into the same directory: %v, want a refusal naming --resume", err)
	}
	cfg.Resume, cfg.Seed = true, 8
	if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Errorf("resume with another seed: %v, want a refusal naming the seed", err)
	}
}

// stopAfter cancels the benchmark once n runs are recorded, as SIGINT does.
type stopAfter struct {
	n      int
	cancel context.CancelFunc
}

func (s *stopAfter) Start(string, int, int) {}
func (s *stopAfter) Stop()                  {}
func (s *stopAfter) Update(int, string) {
	if s.n--; s.n == 0 {
		s.cancel()
	}
}

func TestResumeAfterInterruptAndTornWrite(t *testing.T) {
	whole := testConfig(t.TempDir())
	if _, err := Bench(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Progress = &stopAfter{n: 30, cancel: cancel}
	sum, err := Bench(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted || sum.Done != 30 {
		t.Fatalf("interrupted=%v after %d runs, want interrupted after 30", sum.Interrupted, sum.Done)
	}
	tearLastRecord(t, filepath.Join(cfg.Out, record.ResultsFile))

	cfg.Progress, cfg.Resume = nil, true
	sum, err = Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Skipped != 29 || sum.Done != 96-29 {
		t.Errorf("resume skipped %d and ran %d, want 29 and 67", sum.Skipped, sum.Done)
	}
	assertSameRuns(t, readRecords(t, whole.Out), readRecords(t, cfg.Out))
}

// TestKillNineLosesOnlyRunsInFlight kills a benchmarking process with
// SIGKILL part-way, checks that a second writer was refused while it ran,
// that its workers die with it, and that the kernel let go of its lock, so
// that the benchmark resumes at once.
func TestKillNineLosesOnlyRunsInFlight(t *testing.T) {
	whole := slowConfig(t.TempDir())
	if _, err := Bench(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchEnv+"="+out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(out, record.ResultsFile)
	for lines := 0; lines < 20; lines = countLines(results) {
		time.Sleep(20 * time.Millisecond)
	}
	workers := worker.Family(cmd.Process.Pid)[1:]
	if len(workers) == 0 {
		t.Error("no worker found below the benchmarking process")
	}
	second := slowConfig(out)
	second.Resume = true
	holder := "pid " + strconv.Itoa(cmd.Process.Pid)
	if _, err := Bench(context.Background(), second); !errors.Is(err, store.ErrLocked) || !strings.Contains(err.Error(), holder) {
		t.Errorf("a second writer while the first runs: %v, want a refusal naming %s", err, holder)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	waitGone(t, workers)

	cfg := slowConfig(out)
	cfg.Resume = true
	sum, err := Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Skipped < 20 || sum.Skipped+sum.Done != sum.Planned {
		t.Errorf("resume skipped %d and ran %d of %d", sum.Skipped, sum.Done, sum.Planned)
	}
	assertSameRuns(t, readRecords(t, whole.Out), readRecords(t, out))
}

func countLines(path string) int {
	b, _ := os.ReadFile(path)
	return strings.Count(string(b), "\n")
}

// waitGone waits up to two seconds for the processes to end.
func waitGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for _, pid := range pids {
		for syscall.Kill(pid, 0) == nil {
			if time.Now().After(deadline) {
				t.Fatalf("worker %d outlived its killed parent", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// tearLastRecord cuts the last record in half, as a kill -9 mid-write would.
func tearLastRecord(t *testing.T, path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	start := strings.LastIndexByte(strings.TrimSuffix(string(b), "\n"), '\n') + 1
	if err := os.WriteFile(path, b[:start+(len(b)-start)/2], 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestShardsMergeToTheWholePlan(t *testing.T) {
	whole := testConfig(t.TempDir())
	if _, err := Bench(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	var pieces []string
	for i := 1; i <= 3; i++ {
		cfg := testConfig(t.TempDir())
		cfg.Shard = plan.Shard{Index: i, Count: 3}
		if _, err := Bench(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, cfg.Out)
	}
	out := filepath.Join(t.TempDir(), "merged")
	// The first piece twice: its records are duplicates to drop.
	sum, err := store.Merge(append(pieces, pieces[0]), out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Records != 96 || sum.Duplicates == 0 {
		t.Errorf("merged %d records, dropped %d duplicates; want 96 and some", sum.Records, sum.Duplicates)
	}
	assertSameRuns(t, readRecords(t, whole.Out), readRecords(t, out))
	m, err := record.ReadManifest(filepath.Join(out, record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if m.Shard != "" || len(m.Merged) != 4 {
		t.Errorf("merged manifest: shard %q, merged %v", m.Shard, m.Merged)
	}
	partialDir := filepath.Join(t.TempDir(), "partial")
	partial, err := store.Merge(pieces[:2], partialDir)
	if err != nil || len(partial.Warnings) == 0 || !strings.Contains(partial.Warnings[0], "1 shard(s) missing: 3/3") {
		t.Errorf("merging two of three shards: %v, warnings %q; want a warning naming shard 3/3", err, partial.Warnings)
	}
	if m, err := record.ReadManifest(filepath.Join(partialDir, record.ManifestFile)); err != nil || strings.Join(m.MergedShards, ",") != "1/3,2/3" {
		t.Errorf("merged manifest of two shards names shards %v (%v), want 1/3,2/3", m.MergedShards, err)
	}
}

func TestMergeRefusesDifferentPlans(t *testing.T) {
	a, b := testConfig(t.TempDir()), testConfig(t.TempDir())
	a.Limit, b.Limit = 2, 2
	b.Seed = 99
	for _, cfg := range []Config{a, b} {
		if _, err := Bench(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "m")
	_, err := store.Merge([]string{a.Out, b.Out}, out)
	if err == nil || !strings.Contains(err.Error(), "seed") {
		t.Errorf("merge of different plans: %v, want a refusal naming the seed", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused merge left %s behind (%v)", out, err)
	}
}

func readRecords(t *testing.T, dir string) []record.Record {
	t.Helper()
	recs, _, err := record.ReadAll(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// assertSameRuns checks that two result sets hold the same keys, once each,
// with the same statuses (the solvers here are deterministic).
func assertSameRuns(t *testing.T, want, got []record.Record) {
	t.Helper()
	byKey := func(recs []record.Record) map[string]record.Record {
		m := make(map[string]record.Record)
		for _, r := range recs {
			if _, dup := m[r.Key()]; dup {
				t.Errorf("run %s recorded twice", r.Key())
			}
			m[r.Key()] = r
		}
		return m
	}
	w, g := byKey(want), byKey(got)
	if len(w) != len(g) {
		t.Errorf("%d runs recorded, want %d", len(g), len(w))
	}
	for k, r := range w {
		if g[k].Status != r.Status {
			t.Errorf("run %s: status %q (%.200s), want %q (%.200s)", k, g[k].Status, g[k].Detail, r.Status, r.Detail)
		}
	}
}

// editRun rewrites a finished run's manifest with edit, and appends extra
// records.
func editRun(t *testing.T, dir string, edit func(*record.Manifest), extra ...record.Record) {
	t.Helper()
	path := filepath.Join(dir, record.ManifestFile)
	m, err := record.ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	edit(m)
	if err := record.WriteManifest(path, m); err != nil {
		t.Fatal(err)
	}
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	for i := range extra {
		if err := w.Write(&extra[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRecordsThatDisagreeWithTheManifestAreRefused: a whole-plan run
// whose manifest was edited to say "shard 1/2", or whose records gained
// runs of a solver, corpus or repetition the plan lacks, is refused by
// --resume (which would ignore those records) and by merge, naming the
// disagreement and its count.
func TestRecordsThatDisagreeWithTheManifestAreRefused(t *testing.T) {
	whole := testConfig(t.TempDir())
	whole.Limit = 4
	if _, err := Bench(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, whole.Out)
	outside := 0
	for _, r := range recs {
		if !(plan.Shard{Index: 1, Count: 2}).Keeps(r.Key()) {
			outside++
		}
	}
	stray := func(edit func(*record.Record)) record.Record {
		r := recs[0]
		edit(&r)
		return r
	}
	for _, c := range []struct {
		name  string
		shard plan.Shard
		edit  func(*record.Manifest)
		extra []record.Record
		says  string
		// resumeOnly: only a resume, which knows every planned run, can
		// tell (a seed is the plan's plus the repetition, a harness rule).
		resumeOnly bool
	}{
		{"manifest=shard-1/2", plan.Shard{Index: 1, Count: 2}, func(m *record.Manifest) { m.Shard = "1/2" }, nil,
			fmt.Sprintf("%d of %d records disagree with manifest.json: %d outside shard 1/2", outside, len(recs), outside), false},
		{"record=other-solver", plan.Shard{}, func(*record.Manifest) {}, []record.Record{stray(func(r *record.Record) { r.Solver = "sat/other" })},
			"1 of solver sat/other, which is not among the plan's solvers", false},
		{"record=other-corpus", plan.Shard{}, func(*record.Manifest) {}, []record.Record{stray(func(r *record.Record) { r.Corpus = "top1465" })},
			"1 of corpus top1465, which is not among the plan's corpora", false},
		{"record=other-rep", plan.Shard{}, func(*record.Manifest) {}, []record.Record{stray(func(r *record.Record) { r.Rep = 5 })},
			"1 with a repetition beyond the plan's 2", false},
		{"record=other-seed", plan.Shard{}, func(*record.Manifest) {}, []record.Record{stray(func(r *record.Record) { r.Seed = 99 })},
			fmt.Sprintf("1 of its %d records are not runs of the plan", len(recs)+1), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			if err := os.CopyFS(dir, os.DirFS(whole.Out)); err != nil {
				t.Fatal(err)
			}
			editRun(t, dir, c.edit, c.extra...)
			cfg := testConfig(dir)
			cfg.Limit, cfg.Resume, cfg.Shard = 4, true, c.shard
			if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("resume: %v, want a refusal saying %q", err, c.says)
			}
			if c.resumeOnly {
				return
			}
			out := filepath.Join(t.TempDir(), "merged")
			if _, err := store.Merge([]string{dir}, out); err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("merge: %v, want a refusal saying %q", err, c.says)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused merge made %s", out)
			}
		})
	}
}

// A run whose records were compressed, as the committed runs are, reports
// like any other but is never resumed: a resume would start a second
// records file beside the compressed one.
func TestCompressedRunReportsButDoesNotResume(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Corpora, cfg.Reps = []string{"norvig-top95"}, 1
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	want := readRecords(t, cfg.Out)
	plain := filepath.Join(cfg.Out, record.ResultsFile)
	if out, err := exec.Command("gzip", "-9n", plain).CombinedOutput(); err != nil {
		t.Skipf("gzip: %v %s", err, out)
	}
	path, err := record.ResultsPath(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := record.ReadAll(path)
	if err != nil || len(got) != len(want) {
		t.Fatalf("read %d records (%v), want %d", len(got), err, len(want))
	}
	cfg.Resume = true
	if _, err := Bench(context.Background(), cfg); !errors.Is(err, plan.ErrInput) || !strings.Contains(err.Error(), "compressed records") {
		t.Errorf("resume of a compressed run: %v, want a refusal (a usage error)", err)
	}
	if _, err := os.Stat(plain); err == nil {
		t.Error("the refused resume started a plain records file beside the compressed one")
	}
}

// A solver is planned only on the puzzles it takes: the 4×4 puzzles of a
// mixed corpus are left out of test/nine-only's plan when the plan is
// made, said in a warning and in the manifest, and never run; the
// others run as usual.
func TestPlanLeavesOutPuzzlesASolverDoesNotTake(t *testing.T) {
	small := sudoku.PatternGrid(2)
	small.Set(0, 0)
	nine := sudoku.PatternGrid(3)
	nine.Set(0, 0)
	corpus := writeCorpus(t, small, nine, small)
	cfg := testConfig(filepath.Join(t.TempDir(), "out"))
	cfg.Corpora, cfg.Limit, cfg.Reps, cfg.Solvers = []string{corpus}, 0, 1, "exactcover/dlx,test/nine-only"
	sum, err := Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, cfg.Out)
	bySolver := make(map[string]int)
	for _, r := range recs {
		bySolver[r.Solver]++
		if r.Status != "solved" {
			t.Errorf("%s: %s (%s), want solved", r.Key(), r.Status, r.Detail)
		}
	}
	if bySolver["exactcover/dlx"] != 3 || bySolver["test/nine-only"] != 1 {
		t.Errorf("runs per solver %v, want 3 of exactcover/dlx and the 9×9 one of test/nine-only", bySolver)
	}
	m, err := record.ReadManifest(filepath.Join(cfg.Out, record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	want := []record.LeftOut{{Solver: "test/nine-only", Corpus: recs[0].Corpus, Geometry: "4×4 classic", Puzzles: 2, Reason: "test/nine-only does not take 4×4 classic puzzles"}}
	if !slices.Equal(m.Plan.LeftOut, want) || m.Plan.Runs != 4 {
		t.Errorf("plan: %d runs, left out %+v; want 4 runs, left out %+v", m.Plan.Runs, m.Plan.LeftOut, want)
	}
	if !slices.ContainsFunc(sum.Warnings, func(w string) bool { return strings.Contains(w, "left out of the plan: 2 puzzles") }) {
		t.Errorf("warnings %q: none says what was left out", sum.Warnings)
	}
	cfg.Out, cfg.Solvers = filepath.Join(t.TempDir(), "none"), "test/nine-only"
	cfg.Corpora = []string{writeCorpus(t, small)}
	if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "does not take 4×4") {
		t.Errorf("a plan with nothing a solver takes: error %v, want one saying why", err)
	}
}

// writeCorpus writes puzzles to a corpus file of their own.
func writeCorpus(t *testing.T, puzzles ...*sudoku.Grid) string {
	t.Helper()
	var b strings.Builder
	for _, p := range puzzles {
		b.WriteString(p.String() + "\n")
	}
	path := filepath.Join(t.TempDir(), "corpus.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A defined pipeline left out of a plan is said to be so by its
// definition's sizes and variants, naming the file that declares them.
func TestLeftOutNamesTheDefinition(t *testing.T) {
	f, err := defs.Parse("nine.toml", []byte(`[[solver]]
name     = "script/nine"
input    = "puzzle"
command  = ["true", "{input}"]
output   = "grid"
unique   = "none"
sizes    = [9]
variants = ["classic"]
`))
	if err != nil {
		t.Fatal(err)
	}
	diagonal := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Diagonal))
	puzzles := []corpora.Puzzle{
		{ID: "a:1", Corpus: "a", Grid: sudoku.PatternGrid(3)},
		{ID: "a:2", Corpus: "a", Grid: diagonal},
		{ID: "b:1", Corpus: "b", Grid: sudoku.PatternGrid(4)},
	}
	got := plan.LeftOut(puzzles, []solvers.Info{f.Definitions[0].Info()})
	if len(got) != 2 || got[0].Geometry != "9×9 diagonal" || got[1].Corpus != "b" || !strings.Contains(got[0].Reason, "its definition in nine.toml declares") {
		t.Errorf("left out %+v, want the diagonal puzzle of a and the 16×16 one of b, by nine.toml's declaration", got)
	}
}

// A plan past MaxPlanRuns is refused before a run is made, saying its
// size and the bound, with a count that does not overflow; one at the
// bound is counted exactly. Bench refuses it before making its directory.
func TestPlanSizeIsBounded(t *testing.T) {
	puzzles := harnesstest.Puzzles(t) // 9×9 puzzles, every test solver takes them
	infos, _ := harnesstest.Registry().Select("test/*")
	pairs := len(puzzles) * len(infos)
	for _, tt := range []struct {
		name        string
		reps, forms int
		want        int    // the count when accepted
		err         string // part of the refusal
	}{
		{"small", 3, 2, pairs * 3 * 3, ""},
		{"at-the-bound", plan.MaxPlanRuns / pairs, 0, plan.MaxPlanRuns / pairs * pairs, ""},
		{"past-the-bound", plan.MaxPlanRuns/pairs + 1, 0, 0, fmt.Sprintf("the plan has %d runs", (plan.MaxPlanRuns/pairs+1)*pairs)},
		{"forms-and-reps", plan.MaxReps, plan.MaxForms, 0, fmt.Sprintf("%d runs", pairs*(plan.MaxForms+1)*plan.MaxReps)},
		{"overflowing", math.MaxInt / 2, math.MaxInt / 4, 0, fmt.Sprintf("more than %d runs", plan.MaxPlanRuns)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, err := plan.PlanSize(puzzles, infos, tt.reps, tt.forms)
			switch {
			case tt.err == "" && (err != nil || n != tt.want):
				t.Errorf("PlanSize = %d, %v; want %d", n, err, tt.want)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), strconv.Itoa(plan.MaxPlanRuns)) || !errors.Is(err, plan.ErrInput)):
				t.Errorf("PlanSize = %d, %v; want an input error saying %q and the bound", n, err, tt.err)
			}
		})
	}
	if _, err := plan.NewPlan(puzzles, infos, solvers.First, plan.MaxPlanRuns/pairs+1, 0, 1); err == nil {
		t.Error("NewPlan made a plan past the bound")
	}
	cfg := testConfig(filepath.Join(t.TempDir(), "out"))
	cfg.Corpora, cfg.Limit, cfg.Solvers = []string{writeCorpus(t, harnesstest.Puzzles(t)[0].Grid)}, 0, "test/*"
	cfg.Reps, cfg.Forms = plan.MaxReps, plan.MaxForms
	if _, err := Bench(context.Background(), cfg); !errors.Is(err, plan.ErrInput) {
		t.Errorf("Bench of a plan past the bound: %v, want an input error", err)
	}
	if _, err := os.Stat(cfg.Out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused plan left %s behind (%v)", cfg.Out, err)
	}
}
