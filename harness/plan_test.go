package harness

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/internal/memtest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// pinnedPuzzles are the test puzzles and two 4×4 ones, which
// test/nine-only does not take.
func pinnedPuzzles(t *testing.T) []corpora.Puzzle {
	puzzles := harnesstest.Puzzles(t)
	for i := range 2 {
		small := sudoku.PatternGrid(2)
		small.Set(i, 0)
		small.Set(5+i, 0)
		puzzles = append(puzzles, corpora.Puzzle{ID: fmt.Sprintf("small:%d", i+1), Corpus: "small", Line: i + 1, Grid: small, Hints: small.Hints(), Solutions: 1})
	}
	return puzzles
}

// pinnedSolvers are three of the test solvers, one of which takes 9×9
// puzzles only, and one incomplete solver, which runs in first mode.
func pinnedSolvers(t *testing.T) []solvers.Info {
	infos, err := harnesstest.Registry().Select("test/ok,test/nine-only,exactcover/dlx")
	if err != nil {
		t.Fatal(err)
	}
	return append(infos, solvers.Info{Name: "test/incomplete", Family: "direct", PureGo: true, Incomplete: true})
}

// TestPlanOrderIsPinned pins the order in which a benchmark executes its
// runs and which runs each shard holds, on a fixed small plan: the hash
// of every run's key, form, puzzle and seed in the order executed, for a
// whole plan, a shard, and a shard resumed with a third of its runs
// recorded. Runs made by any build must keep their order, shards and
// keys, or a resumed or sharded benchmark would not be the one that was
// started. The hashes were taken from the build that planned runs as a
// slice of Run structs, before plans were made lazily.
func TestPlanOrderIsPinned(t *testing.T) {
	for _, tt := range []struct {
		name        string
		mode        solvers.Mode
		reps, forms int
		seed        int64
		shard       Shard
		resumed     bool // every third run of the shard already recorded
		runs        int
		sha         string
	}{
		{"whole", solvers.Unique, 1, 0, 1, Shard{}, false, 26, "a968b42a6a8735569e7b044e62382930573dd0323003128bd9b9d50054502f98"},
		{"reps-forms-shard", solvers.First, 3, 2, 7, Shard{Index: 2, Count: 3}, false, 73, "88bdb0ae8385c9f4be3de40d402bae29aa83462f63fc09bc931afb3915c95cea"},
		{"resumed-shard", solvers.Unique, 2, 1, 42, Shard{Index: 1, Count: 2}, true, 34, "1cdb15641632075327ac7a00f9f636185ffa8681e6eaccb200905503a4ca5e02"},
		{"many-blocks", solvers.Unique, 40, 0, 3, Shard{}, false, 1040, "1b9f2c78d840a2d76adec19ba2b38fb5c153ee98e70bf52a5c8847c28b9512e9"},
		{"other-shard", solvers.First, 3, 2, 7, Shard{Index: 1, Count: 3}, false, 86, "3e5e2ae3952f448b62c2be4dd2f8602e7cdd71f7074150bca414c77812666de3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			order := executedOrder(t, pinnedPuzzles(t), pinnedSolvers(t), tt.mode, tt.reps, tt.forms, tt.seed, tt.shard, tt.resumed)
			sum := sha256.Sum256([]byte(strings.Join(order, "\n")))
			if got := hex.EncodeToString(sum[:]); len(order) != tt.runs || got != tt.sha {
				t.Errorf("%d runs executed in an order hashing to %s; want %d runs, %s\nfirst runs:\n%s",
					len(order), got, tt.runs, tt.sha, strings.Join(order[:min(5, len(order))], "\n"))
			}
		})
	}
}

// executedOrder plans runs as Bench does and describes each run it would
// execute, in order: key, mode, seed, repetition, form, transform and the
// puzzle given.
func executedOrder(t *testing.T, puzzles []corpora.Puzzle, infos []solvers.Info, mode solvers.Mode, reps, forms int, seed int64, shard Shard, resumed bool) []string {
	t.Helper()
	plan := mustPlan(t, puzzles, infos, mode, reps, forms, seed)
	order := plan.InShard(shard, plan.Shuffled())
	if resumed {
		var pending []uint32
		for i, r := range order {
			if i%3 != 0 {
				pending = append(pending, r)
			}
		}
		order = pending
	}
	var out []string
	for _, r := range mustRuns(t, plan, plan.InBlocks(order)) {
		out = append(out, describeRun(r))
	}
	return out
}

// describeRun is what the pin holds of a run.
func describeRun(r Run) string {
	tr := ""
	if r.Transform != nil {
		tr = r.Transform.String()
	}
	return fmt.Sprintf("%s %s %d %d %d %s %s", r.Key, r.Mode, r.Seed, r.Rep, r.Form, tr, r.Puzzle.Grid)
}

// BenchmarkPlanMemory measures what a benchmark's parent holds for its
// plan, per run, on plans of 10⁴ runs and more (memtest.Sizes; n/20
// puzzles, 5 solvers, 4 repetitions) resumed with half their runs
// recorded: held-B/run while the runs execute (the plan and the order of
// the runs left), and peak-B/run at the most while the plan is made and
// the recorded runs read (the order, the key set of the planned runs,
// the blocks; memtest.Peak). The puzzles, which every plan holds, are
// puzzle-B/puzzle.
func BenchmarkPlanMemory(b *testing.B) {
	sizes, err := memtest.Sizes()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("runs=%d", n), func(b *testing.B) {
			infos := make([]solvers.Info, 5)
			for i := range infos {
				infos[i] = solvers.Info{Name: fmt.Sprintf("test/solver-%d", i), PureGo: true}
			}
			const reps = 4
			before := memtest.Live()
			puzzles := syntheticPuzzles(n / (len(infos) * reps))
			puzzleBytes := memtest.Live() - before
			dir, m := halfRecorded(b, puzzles, infos, reps)
			var held, peak uint64
			for b.Loop() {
				base := memtest.Live()
				var order []uint32
				var plan *Plan
				peak = memtest.Peak(func() {
					var err error
					if plan, err = NewPlan(puzzles, infos, solvers.Unique, reps, 0, 1); err != nil {
						b.Fatal(err)
					}
					if order, err = notRecorded(dir, m, plan, plan.InShard(Shard{}, plan.Shuffled())); err != nil {
						b.Fatal(err)
					}
					order = plan.InBlocks(order)
				}) - base
				held = memtest.Live() - base
				runtime.KeepAlive(order)
				runtime.KeepAlive(plan)
			}
			b.ReportMetric(float64(held)/float64(n), "held-B/run")
			b.ReportMetric(float64(peak)/float64(n), "peak-B/run")
			b.ReportMetric(float64(puzzleBytes)/float64(len(puzzles)), "puzzle-B/puzzle")
		})
	}
}

// syntheticPuzzles makes n distinct 9×9 puzzles, each its own grid, as a
// corpus loads them.
func syntheticPuzzles(n int) []corpora.Puzzle {
	out := make([]corpora.Puzzle, n)
	for i := range out {
		g := sudoku.PatternGrid(3)
		for c := range 60 {
			g.Set((i+c*7)%81, 0)
		}
		out[i] = corpora.Puzzle{ID: fmt.Sprintf("synthetic:%d", i+1), Corpus: "synthetic", Line: i + 1, Grid: g, Hints: g.Hints(), Solutions: 1}
	}
	return out
}

// halfRecorded writes a result directory of the plan with every other
// run of its order recorded, as a resumed benchmark finds it.
func halfRecorded(b *testing.B, puzzles []corpora.Puzzle, infos []solvers.Info, reps int) (string, *record.Manifest) {
	plan, err := NewPlan(puzzles, infos, solvers.Unique, reps, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		b.Fatal(err)
	}
	for j, i := range plan.Shuffled() {
		if j%2 != 0 {
			continue
		}
		r, err := plan.Run(int(i))
		if err != nil {
			b.Fatal(err)
		}
		rec := baseRecord(r, time.Second)
		rec.Status = "solved"
		if err := w.Write(&rec); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	m := &record.Manifest{Plan: record.Plan{Corpora: []string{"synthetic"}, Mode: "unique", Reps: reps}}
	for _, in := range infos {
		m.Plan.Solvers = append(m.Plan.Solvers, in.Name)
	}
	return dir, m
}
