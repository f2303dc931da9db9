package report

import (
	"fmt"
	"math"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/sudoku"
)

// unratedOrder puts the group of puzzles without a rating last.
const unratedOrder = math.MaxInt32

// Rater grades puzzles for the grouping by rating: each puzzle's grade as
// a label and its place in the order of grades (from the easiest), or the
// error that leaves it unrated. harness/rating.Grades is the suite's (the
// weakest rung of the inference ladder that solves the puzzle, then
// propagate/bitboard's mean guesses over random forms); the report takes
// it from its caller (Config.Rate) so that it stands on no solver.
type Rater func(puzzles []*sudoku.Grid) (labels []string, orders []int, errs []error)

// ByRating groups by the rating of each observation's puzzle, cut into
// grades. The ratings are computed from the puzzles the records carry; a
// puzzle whose records carry none (records written before they did) or
// that cannot be rated goes in the group "unrated".
type ByRating struct {
	grades map[string]Group // by puzzle id
}

// Name implements Grouper.
func (ByRating) Name() string { return "rating" }

// Group implements Grouper.
func (b ByRating) Group(o *Obs) Group {
	g, ok := b.grades[o.PuzzleID]
	if !ok {
		return Group{Label: "unrated", Order: unratedOrder}
	}
	return g
}

// NewByRating rates every puzzle of the records with rate. It warns of
// the puzzles it could not rate.
func NewByRating(runs *Runs, rate Rater) (ByRating, []string) {
	ids, puzzles, unreadable := ratedPuzzles(runs)
	labels, orders, errs := rate(puzzles)
	b := ByRating{grades: make(map[string]Group, len(puzzles))}
	var warnings []string
	failed := 0
	for i, id := range ids {
		if errs[i] != nil {
			if failed++; failed == 1 {
				warnings = append(warnings, fmt.Sprintf("puzzle %s cannot be rated: %v", id, errs[i]))
			}
			continue
		}
		b.grades[id] = Group{Label: labels[i], Order: orders[i]}
	}
	if failed > 1 {
		warnings = append(warnings, fmt.Sprintf("%d puzzles in all cannot be rated: they are grouped as unrated", failed))
	}
	if unreadable > 0 {
		warnings = append(warnings, fmt.Sprintf("the records of %d puzzles carry no puzzle to rate (written before records did): they are grouped as unrated", unreadable))
	}
	return b, warnings
}

// ratedPuzzles returns each puzzle of the records once, as its corpus
// gives it (a form mapped back by its transform's inverse), sorted by id,
// and how many puzzles' records carry no readable puzzle.
func ratedPuzzles(runs *Runs) (ids []string, puzzles []*sudoku.Grid, unreadable int) {
	byID := make(map[string]*sudoku.Grid)
	seen := make(map[string]bool)
	for r := range runs.All() {
		seen[r.PuzzleID] = true
		if byID[r.PuzzleID] != nil || r.Puzzle == "" {
			continue
		}
		if g, err := originalPuzzle(r); err == nil {
			byID[r.PuzzleID] = g
		}
	}
	for id := range byID {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, naturalCompare)
	for _, id := range ids {
		puzzles = append(puzzles, byID[id])
	}
	return ids, puzzles, len(seen) - len(ids)
}

// originalPuzzle reads a record's puzzle and, for an equivalent form,
// maps it back to the corpus's puzzle.
func originalPuzzle(r *record.Record) (*sudoku.Grid, error) {
	v, err := sudoku.ParseVariant(r.Variant)
	if err != nil {
		return nil, err
	}
	g, err := sudoku.ParseLine(r.Puzzle, v)
	if err != nil || r.Transform == "" {
		return g, err
	}
	tr, err := sudoku.ParseTransform(g.Geometry(), r.Transform)
	if err != nil {
		return nil, err
	}
	return tr.Inverse().Apply(g)
}
