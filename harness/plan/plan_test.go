package plan

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
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

func TestShardsPartitionThePlan(t *testing.T) {
	puzzles := harnesstest.Puzzles(t)
	reg := harnesstest.Registry()
	infos, _ := reg.Select("test/*")
	for _, forms := range []int{0, 2} {
		t.Run(fmt.Sprintf("forms=%d", forms), func(t *testing.T) {
			plan := mustPlan(t, puzzles, infos, solvers.First, 3, forms, 1)
			runs := mustRuns(t, plan, plan.Shuffled())
			if want := len(puzzles) * (forms + 1) * len(infos) * 3; len(runs) != want {
				t.Fatalf("%d runs planned, want %d", len(runs), want)
			}
			seen := make(map[string]int)
			for i := 1; i <= 4; i++ {
				for _, r := range mustRuns(t, plan, plan.InShard(Shard{Index: i, Count: 4}, plan.Shuffled())) {
					seen[r.Key]++
				}
			}
			for _, r := range runs {
				if seen[r.Key] != 1 {
					t.Errorf("run %s is in %d shards, want exactly 1", r.Key, seen[r.Key])
				}
			}
			again := mustPlan(t, puzzles, infos, solvers.First, 3, forms, 1)
			if !slices.EqualFunc(runs, mustRuns(t, again, again.Shuffled()), func(a, b Run) bool { return a.Key == b.Key }) {
				t.Error("the same seed gave two run orders")
			}
		})
	}
}

// TestPlanKeepsEachSolverInBlocks checks that the runs a shard executes come
// each once, each solver's in full blocks of consecutive runs rather than
// interleaved run by run (sharding does not thin the blocks), and that the
// blocks are shuffled.
func TestPlanKeepsEachSolverInBlocks(t *testing.T) {
	reg := harnesstest.Registry()
	infos, _ := reg.Select("test/*")
	const reps = 40
	plan := mustPlan(t, harnesstest.Puzzles(t), infos, solvers.First, reps, 0, 1)
	runs := mustRuns(t, plan, plan.InBlocks(plan.InShard(Shard{Index: 1, Count: 2}, plan.Shuffled())))
	perSolver := make(map[string]int)
	for _, r := range runs {
		perSolver[r.Solver.Name]++
	}
	keys := make(map[string]bool)
	for _, r := range runs {
		keys[r.Key] = true
	}
	if want := len(harnesstest.Puzzles(t)) * len(infos) * reps / 2; len(keys) != len(runs) || len(runs) < want*9/10 || len(runs) > want*11/10 {
		t.Fatalf("half the plan has %d runs, %d distinct, want about %d, each once", len(runs), len(keys), want)
	}
	switches := 0
	for i := 1; i < len(runs); i++ {
		if runs[i].Solver.Name != runs[i-1].Solver.Name {
			switches++
		}
	}
	blocks := 0
	for _, n := range perSolver {
		blocks += (n + blockSize - 1) / blockSize
	}
	if switches > blocks-1 {
		t.Errorf("the plan switches solver %d times, want at most %d (blocks of %d)", switches, blocks-1, blockSize)
	}
	if half := blocks / 2; switches < half {
		t.Errorf("the plan switches solver only %d times for %d blocks: blocks are not shuffled", switches, blocks)
	}
}

// TestPlanRunsIncompleteSolversInFirstMode checks that a unique-mode plan
// runs, and keys, an incomplete solver in first mode, and every other
// solver as asked.
func TestPlanRunsIncompleteSolversInFirstMode(t *testing.T) {
	complete := solvers.Info{Name: "test/complete"}
	incomplete := solvers.Info{Name: "test/incomplete", Incomplete: true}
	plan := mustPlan(t, harnesstest.Puzzles(t)[:1], []solvers.Info{complete, incomplete}, solvers.Unique, 1, 0, 1)
	for _, r := range mustRuns(t, plan, plan.Shuffled()) {
		want := solvers.Unique
		if r.Solver.Incomplete {
			want = solvers.First
		}
		if r.Mode != want || !strings.Contains(r.Key, "|"+string(want)+"|") {
			t.Errorf("%s runs in mode %s with key %s, want mode %s", r.Solver.Name, r.Mode, r.Key, want)
		}
	}
}

// mustPlan is NewPlan for a test, which fails on its error.
func mustPlan(t *testing.T, puzzles []corpora.Puzzle, infos []solvers.Info, mode solvers.Mode, reps, forms int, seed int64) *Plan {
	t.Helper()
	plan, err := NewPlan(puzzles, infos, mode, reps, forms, seed)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

// mustRuns makes the plan's runs of order, in order.
func mustRuns(t *testing.T, plan *Plan, order []uint32) []Run {
	t.Helper()
	runs := make([]Run, len(order))
	for j, i := range order {
		var err error
		if runs[j], err = plan.Run(int(i)); err != nil {
			t.Fatal(err)
		}
	}
	return runs
}
