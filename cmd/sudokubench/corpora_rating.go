package main

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/rating"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/sudoku"
)

// DefaultRated is how many puzzles corpora show rates unless --rate says
// otherwise: a seeded sample, under a second of work on most corpora.
const DefaultRated = 1000

// gradeCount is one row of the ratings histogram.
type gradeCount struct {
	grade   rating.Grade
	puzzles int
	guesses float64 // summed mean guesses, for the row's mean
}

// ratingHistogram is the ratings of a sample of a corpus's puzzles.
type ratingHistogram struct {
	rows     []gradeCount // by grade, the easiest first
	rated    int
	failed   int    // puzzles the ladder or the solver could not rate
	firstErr string // the failure of the first such puzzle in the sample
	took     time.Duration
}

// samplePuzzles returns n of the puzzles drawn with seed, in their order,
// or all of them when there are no more than n.
func samplePuzzles(puzzles []corpora.Puzzle, n int, seed uint64) []corpora.Puzzle {
	if len(puzzles) <= n {
		return puzzles
	}
	rng := rand.New(rand.NewPCG(seed, 0x7a7e))
	idx := rng.Perm(len(puzzles))[:n]
	slices.Sort(idx)
	out := make([]corpora.Puzzle, n)
	for i, j := range idx {
		out[i] = puzzles[j]
	}
	return out
}

// ratePuzzles rates the puzzles (rating.RateAll) and tallies the grades.
func ratePuzzles(puzzles []corpora.Puzzle) ratingHistogram {
	start := time.Now()
	grids := make([]*sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		grids[i] = p.Grid
	}
	ratings, errs := rating.RateAll(grids)
	var h ratingHistogram
	byLabel := make(map[string]*gradeCount)
	for i, r := range ratings {
		if errs[i] != nil {
			if h.failed++; h.failed == 1 {
				h.firstErr = fmt.Sprintf("%s: %v", puzzles[i].ID, errs[i])
			}
			continue
		}
		g := r.Grade()
		row := byLabel[g.Label]
		if row == nil {
			row = &gradeCount{grade: g}
			byLabel[g.Label] = row
		}
		row.puzzles++
		row.guesses += r.Guesses
		h.rated++
	}
	for _, row := range byLabel {
		h.rows = append(h.rows, *row)
	}
	slices.SortFunc(h.rows, func(a, b gradeCount) int { return cmp.Compare(a.grade.Order, b.grade.Order) })
	h.took = time.Since(start)
	return h
}

// ratingsTable rates the sample of a selection of total puzzles: the
// histogram of their grades, saying how many were rated.
func ratingsTable(sample []corpora.Puzzle, total int) *table.Table {
	h := ratePuzzles(sample)
	what := fmt.Sprintf("all %d puzzles", total)
	if len(sample) < total {
		what = fmt.Sprintf("a seeded sample of %d of the %d puzzles (--rate N for more)", len(sample), total)
	}
	t := &table.Table{Title: fmt.Sprintf("Ratings of %s, in %.1f s", what, h.took.Seconds()),
		Columns: []table.Column{{Name: "rating"}, {Name: "puzzles", Right: true}, {Name: "share", Right: true}, {Name: "mean guesses", Right: true}}}
	for _, row := range h.rows {
		mean := row.guesses / float64(row.puzzles)
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(row.grade.Label), table.IntCell(row.puzzles),
			percentCell(float64(row.puzzles) / float64(len(sample))),
			{Text: strconv.FormatFloat(mean, 'f', 2, 64), Raw: []string{table.RawFloat(mean)}, Value: mean}}})
	}
	t.Notes = []string{fmt.Sprintf("A rating is the weakest rung of the inference ladder that solves the puzzle, then propagate/bitboard's mean guesses over %d random equivalent forms.", rating.DefaultForms)}
	if h.failed > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("%d puzzles could not be rated; the first: %s", h.failed, h.firstErr))
	}
	return t
}

// ratingSample reads a seeded sample of n puzzles of the selection that
// corpora show counts: drawn while loading when the selection is the whole
// corpus (or a hint range of it), so that a large corpus is neither held
// nor derived twice; drawn from the selection's puzzles otherwise.
func ratingSample(dir, name string, selection corpora.Options, n int) ([]corpora.Puzzle, error) {
	opts := selection
	whole := selection.Sample == 0 && selection.Limit == 0
	if whole {
		opts.Sample = n
	}
	var puzzles []corpora.Puzzle
	_, err := corpora.Load(dir, name, opts, func(p corpora.Puzzle) error {
		puzzles = append(puzzles, p)
		return nil
	})
	if err != nil || whole {
		return puzzles, err
	}
	return samplePuzzles(puzzles, n, selection.Seed), nil
}
