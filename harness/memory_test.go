package harness

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/memtest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// BenchmarkPlanMemory measures what a benchmark's parent holds for its
// plan, per run, on plans of 10⁴ runs and more (memtest.BySize; n/20
// puzzles, 5 solvers, 4 repetitions) resumed with half their runs
// recorded: held-B/run while the runs execute (the plan and the order of
// the runs left), and peak-B/run at the most while the plan is made and
// the recorded runs read (the order, the key set of the planned runs,
// the blocks; memtest.Peak). The puzzles, which every plan holds, are
// puzzle-B/puzzle.
func BenchmarkPlanMemory(b *testing.B) {
	memtest.BySize(b, "runs", func(b *testing.B, n int) {
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
			var p *plan.Plan
			peak = memtest.Peak(func() {
				var err error
				if p, err = plan.NewPlan(puzzles, infos, solvers.Unique, reps, 0, 1); err != nil {
					b.Fatal(err)
				}
				if order, err = notRecorded(dir, m, p, p.InShard(plan.Shard{}, p.Shuffled())); err != nil {
					b.Fatal(err)
				}
				order = p.InBlocks(order)
			}) - base
			held = memtest.Live() - base
			runtime.KeepAlive(order)
			runtime.KeepAlive(p)
		}
		b.ReportMetric(float64(held)/float64(n), "held-B/run")
		b.ReportMetric(float64(peak)/float64(n), "peak-B/run")
		b.ReportMetric(float64(puzzleBytes)/float64(len(puzzles)), "puzzle-B/puzzle")
	})
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
	p, err := plan.NewPlan(puzzles, infos, solvers.Unique, reps, 0, 1)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		b.Fatal(err)
	}
	for j, i := range p.Shuffled() {
		if j%2 != 0 {
			continue
		}
		r, err := p.Run(int(i))
		if err != nil {
			b.Fatal(err)
		}
		rec := recordOf(r)
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

// recordOf is a solved record of run r, with the fields a run records
// before its answer.
func recordOf(r plan.Run) record.Record {
	g := r.Puzzle.Grid
	line := g.String()
	return record.Record{
		Started: time.Now().UTC(), Status: "solved",
		Solver: r.Solver.Name, Family: r.Solver.Family, External: !r.Solver.PureGo,
		Corpus: r.Puzzle.Corpus, PuzzleID: r.Puzzle.ID, PuzzleSHA: sudoku.LineSHA256(line, g.Geometry().Variant), Puzzle: line,
		Hints: r.Puzzle.Hints, Size: g.N(), Variant: g.Geometry().Variant.String(),
		Mode: string(r.Mode), Seed: r.Seed, Rep: r.Rep, TimeoutNS: int64(time.Second),
	}
}
