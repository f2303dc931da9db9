// Package rating rates how hard a Sudoku puzzle is, in two steps that the
// literature uses: first the weakest rung of the inference ladder that
// solves the puzzle without a decision (ladder.Rater: unit propagation on
// ever stronger encodings, then failed literals, then double lookahead),
// then, to order the puzzles within a rung, the guesses that
// propagate/bitboard's oracle makes to find a solution (bitboard.Oracle:
// the solver's search as it was before its 9×9 boards took the
// intersection rules, so that ratings do not move with the solver's speed
// work), averaged over seeded random equivalent forms of the puzzle
// (sudoku.RandomTransform), so that the luck of one presentation averages
// out.
//
// A rating depends on the puzzle alone: the ladder is deterministic and
// the forms are drawn with a seed taken from the puzzle's text. The grade
// (Rating.Grade) cuts the guesses into decades, for histograms and for
// grouping a report's tables.
package rating

import (
	"fmt"
	"hash/fnv"
	"runtime"
	"sync"

	"github.com/sudokubench/sudokubench/encodings/cnf/ladder"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/sudoku"
)

// DefaultForms is how many random equivalent forms a Rater averages
// propagate/bitboard's guesses over.
const DefaultForms = 8

// Rating is a puzzle's difficulty.
type Rating struct {
	// Rung is the weakest rung of the inference ladder that solves the
	// puzzle; ladder.RatingSearch when none does.
	Rung ladder.Rating
	// Guesses is the mean of propagate/bitboard's guesses (branch points)
	// to find a solution, in first mode, over the rating's forms.
	Guesses float64
}

// Grade is a rating cut into classes: the rung, and the decade of the
// guesses.
type Grade struct {
	Label string // "failed-literals, guesses 1-10"
	Order int    // sorts grades from the easiest
}

// guessDecades are the upper bounds of the guesses' classes but the last.
var guessDecades = []struct {
	max   float64
	label string
}{{0, "0"}, {1, "0-1"}, {10, "1-10"}, {100, "10-100"}}

// Grade returns the rating's class: its rung and the range of its mean
// guesses, 0, (0, 1], (1, 10], (10, 100] or above 100.
func (r Rating) Grade() Grade {
	g := Grade{Label: r.Rung.String() + ", guesses 100+", Order: int(r.Rung)*10 + len(guessDecades)}
	for i, d := range guessDecades {
		if r.Guesses <= d.max {
			return Grade{Label: r.Rung.String() + ", guesses " + d.label, Order: int(r.Rung)*10 + i}
		}
	}
	return g
}

// Rater rates puzzles; it keeps the ladder's formulas between puzzles and
// is not safe for concurrent use.
type Rater struct {
	// Forms is how many random equivalent forms the guesses are averaged
	// over (at least 1).
	Forms   int
	ladders map[*sudoku.Geometry]*ladder.Rater
}

// NewRater returns a rater that averages over DefaultForms forms.
func NewRater() *Rater {
	return &Rater{Forms: DefaultForms, ladders: make(map[*sudoku.Geometry]*ladder.Rater)}
}

// Rate rates a puzzle. It fails for a puzzle without a solution, and for
// one whose ladder needs more probes than ladder.DefaultBudget.
func (r *Rater) Rate(puzzle *sudoku.Grid) (Rating, error) {
	geo := puzzle.Geometry()
	rater := r.ladders[geo]
	if rater == nil {
		rater = ladder.NewRater(geo)
		r.ladders[geo] = rater
	}
	rung, err := rater.Rate(puzzle)
	if err != nil {
		return Rating{}, err
	}
	guesses, err := r.meanGuesses(puzzle)
	if err != nil {
		return Rating{}, err
	}
	return Rating{Rung: rung, Guesses: guesses}, nil
}

// meanGuesses solves Forms random forms of the puzzle with
// propagate/bitboard's oracle (the solver's search before its 9×9 boards
// took the intersection rules and configuration branches) and averages
// its guesses.
func (r *Rater) meanGuesses(puzzle *sudoku.Grid) (float64, error) {
	forms := max(r.Forms, 1)
	seed := puzzleSeed(puzzle)
	total := 0.0
	for k := range forms {
		form, err := sudoku.RandomTransform(puzzle.Geometry(), seed+uint64(k)).Apply(puzzle)
		if err != nil {
			return 0, err
		}
		guesses, solved := bitboard.Oracle{}.FirstSolutionGuesses(form)
		if !solved {
			return 0, fmt.Errorf("propagate/bitboard found no solution: the puzzle has none")
		}
		total += float64(guesses)
	}
	return total / float64(forms), nil
}

// puzzleSeed is the seed of a puzzle's forms: a hash of its text.
func puzzleSeed(puzzle *sudoku.Grid) uint64 {
	h := fnv.New64a()
	h.Write([]byte(puzzle.String()))
	return h.Sum64()
}

// Grades rates puzzles (RateAll) and returns each one's grade as its
// label and its place in the order of grades, or the error that left it
// unrated: the shape of report.Rater, in plain types so that neither
// package imports the other.
func Grades(puzzles []*sudoku.Grid) (labels []string, orders []int, errs []error) {
	ratings, errs := RateAll(puzzles)
	labels, orders = make([]string, len(puzzles)), make([]int, len(puzzles))
	for i, r := range ratings {
		if errs[i] == nil {
			g := r.Grade()
			labels[i], orders[i] = g.Label, g.Order
		}
	}
	return labels, orders, errs
}

// RateAll rates puzzles on as many goroutines as there are CPUs, each with
// a Rater of its own; ratings[i] and errs[i] are puzzles[i]'s.
func RateAll(puzzles []*sudoku.Grid) (ratings []Rating, errs []error) {
	ratings, errs = make([]Rating, len(puzzles)), make([]error, len(puzzles))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.NumCPU(), len(puzzles))) {
		wg.Go(func() {
			rater := NewRater()
			for i := range next {
				ratings[i], errs[i] = rater.Rate(puzzles[i])
			}
		})
	}
	for i := range puzzles {
		next <- i
	}
	close(next)
	wg.Wait()
	return ratings, errs
}
