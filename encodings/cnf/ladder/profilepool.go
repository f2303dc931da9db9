package ladder

import (
	"fmt"
	"sync"

	"github.com/sudokubench/sudokubench/sudoku"
)

// ProfilePool profiles puzzles on a fixed number of goroutines, each with
// a Rater per geometry that it reuses from puzzle to puzzle, and tallies
// the profiles in an Analysis; the tally does not depend on the
// number of goroutines. Add and Close must be called from one goroutine.
type ProfilePool struct {
	in      chan profileJob
	results chan profiled
	workers sync.WaitGroup
	tallied chan struct{}
	tally   *Analysis
	failed  error
}

// profileJob is a puzzle to profile, with what the tally needs of it.
type profileJob struct {
	id     string
	hints  int
	puzzle *sudoku.Grid
}

// profiled is one puzzle's profile, or the error that stopped it.
type profiled struct {
	job     profileJob
	profile Profile
	err     error
}

// NewProfilePool starts workers goroutines (at least one).
func NewProfilePool(workers int) *ProfilePool {
	pp := &ProfilePool{
		in:      make(chan profileJob),
		results: make(chan profiled),
		tallied: make(chan struct{}),
		tally:   NewAnalysis(),
	}
	for range max(workers, 1) {
		pp.workers.Go(pp.work)
	}
	go pp.collect()
	return pp
}

// Add hands a puzzle to the next free goroutine; id names it in an error.
func (pp *ProfilePool) Add(id string, hints int, puzzle *sudoku.Grid) {
	pp.in <- profileJob{id: id, hints: hints, puzzle: puzzle}
}

// Close waits for the puzzles added and stops the goroutines. It returns
// the tally, and the first error to arrive, naming its puzzle, of those
// Analysis.Add does not count: the puzzles without a solution or
// over the probe budget are counted in the tally.
func (pp *ProfilePool) Close() (*Analysis, error) {
	close(pp.in)
	pp.workers.Wait()
	close(pp.results)
	<-pp.tallied
	return pp.tally, pp.failed
}

// work profiles the puzzles it receives.
func (pp *ProfilePool) work() {
	raters := map[*sudoku.Geometry]*Rater{}
	for job := range pp.in {
		geo := job.puzzle.Geometry()
		if raters[geo] == nil {
			raters[geo] = NewRater(geo)
		}
		pr, err := raters[geo].Profile(job.puzzle)
		pp.results <- profiled{job: job, profile: pr, err: err}
	}
}

// collect tallies the profiles as they come.
func (pp *ProfilePool) collect() {
	defer close(pp.tallied)
	for r := range pp.results {
		if err := pp.tally.Add(r.job.hints, r.profile, r.err); err != nil && pp.failed == nil {
			pp.failed = fmt.Errorf("%s: %w", r.job.id, err)
		}
	}
}
