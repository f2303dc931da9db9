package harness

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// pinnedPuzzles are the test puzzles and two 4×4 ones, which
// test/nine-only does not take.
func pinnedPuzzles(t *testing.T) []corpora.Puzzle {
	puzzles := testPuzzles(t)
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
	infos, err := testRegistry().Select("test/ok,test/nine-only,exactcover/dlx")
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
	runs := FilterShard(shard, mustPlanRuns(t, puzzles, infos, mode, reps, forms, seed))
	if resumed {
		var pending []Run
		for i, r := range runs {
			if i%3 != 0 {
				pending = append(pending, r)
			}
		}
		runs = pending
	}
	var out []string
	for _, r := range InBlocks(runs, seed) {
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
