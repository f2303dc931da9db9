package ladder

import (
	"errors"
	"fmt"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Inference is a reasoning procedure that derives literals from a formula
// and the givens in polynomial time, without a decision. Each is at least
// as strong as the one before it.
type Inference int

const (
	// UnitPropagation asserts the last literal of a clause whose other
	// literals are all false, until no clause is left so.
	UnitPropagation Inference = iota
	// FailedLiterals is failed-literal probing: assume a literal, propagate;
	// if that reaches a conflict the literal is false, so assert its
	// negation and propagate; repeat over every unassigned literal until a
	// whole round finds no failed one.
	FailedLiterals
	// DoubleLookahead probes two levels deep: a literal is false when
	// failed-literal probing (to its fixpoint) under it reaches a conflict;
	// it runs, on top of the failed-literal fixpoint, until a whole round
	// finds no such literal.
	DoubleLookahead
)

// Inferences lists the inference procedures from the weakest to the
// strongest.
var Inferences = []Inference{UnitPropagation, FailedLiterals, DoubleLookahead}

// String returns the procedure's name.
func (i Inference) String() string {
	switch i {
	case FailedLiterals:
		return "failed literals"
	case DoubleLookahead:
		return "double lookahead"
	}
	return "unit propagation"
}

// Rung is one step of the inference ladder: a procedure on an encoding.
type Rung struct {
	Encoding  cnf.Encoding
	Inference Inference
}

// String names the rung, "failed literals on extended".
func (r Rung) String() string { return fmt.Sprintf("%s on %s", r.Inference, r.Encoding) }

// Rating is a puzzle's place on the inference ladder: the weakest of the
// rungs below whose reasoning alone, from the givens, fixes every cell.
// Each rung derives everything the one before it derives (its encoding
// states every clause of the one before, and its procedure is at least as
// strong), so a puzzle that one rung solves every later rung solves too.
type Rating int

// The ratings, weakest first. Deterministic: a rating depends on the
// puzzle alone.
const (
	// RatingUPMinimal: unit propagation on the minimal encoding.
	RatingUPMinimal Rating = iota
	// RatingUPEfficient: unit propagation on the efficient encoding (naked
	// singles).
	RatingUPEfficient
	// RatingUPExtended: unit propagation on the extended encoding (naked and
	// hidden singles).
	RatingUPExtended
	// RatingUPAugmented: unit propagation on the augmented encoding
	// (singles and locked candidates).
	RatingUPAugmented
	// RatingFailedLiterals: failed-literal probing on the augmented
	// encoding.
	RatingFailedLiterals
	// RatingDoubleLookahead: double lookahead on the augmented encoding.
	RatingDoubleLookahead
	// RatingSearch: none of the rungs fixes every cell; solving the puzzle
	// needs a decision (or it has more than one solution).
	RatingSearch
)

// Ratings lists every rating, weakest first, RatingSearch last.
var Ratings = []Rating{RatingUPMinimal, RatingUPEfficient, RatingUPExtended, RatingUPAugmented,
	RatingFailedLiterals, RatingDoubleLookahead, RatingSearch}

// ladder holds the rung of each rating but RatingSearch.
var ladder = [...]Rung{
	{cnf.Minimal, UnitPropagation},
	{cnf.Efficient, UnitPropagation},
	{cnf.Extended, UnitPropagation},
	{cnf.Augmented, UnitPropagation},
	{cnf.Augmented, FailedLiterals},
	{cnf.Augmented, DoubleLookahead},
}

// Rung returns the rating's rung; false for RatingSearch.
func (r Rating) Rung() (Rung, bool) {
	if r < 0 || int(r) >= len(ladder) {
		return Rung{}, false
	}
	return ladder[r], true
}

// String returns the rating's stable name: "up-minimal", "up-efficient",
// "up-extended", "up-augmented", "failed-literals", "double-lookahead" or
// "search".
func (r Rating) String() string {
	names := [...]string{"up-minimal", "up-efficient", "up-extended", "up-augmented",
		"failed-literals", "double-lookahead", "search"}
	if r < 0 || int(r) >= len(names) {
		return fmt.Sprintf("Rating(%d)", int(r))
	}
	return names[r]
}

// ErrNoSolution says that reasoning proved a puzzle's givens contradictory.
var ErrNoSolution = errors.New("the givens contradict the rules: the puzzle has no solution")

// ErrBudget says that rating a puzzle needed more probes than the Rater's
// Budget.
var ErrBudget = errors.New("probe budget exhausted")

// DefaultBudget is the probe budget NewRater sets: how many literals one
// rung may assume for one puzzle. The hardest 9×9 puzzles shipped need far
// fewer; the bound is there for large grids, where double lookahead can
// take hours.
const DefaultBudget = 2_000_000

// Rater rates puzzles of one geometry and measures which rungs of the
// ladder solve them. It builds each encoding's formula once, when first
// needed, and is not safe for concurrent use.
type Rater struct {
	geo       *sudoku.Geometry
	reasoners [cnf.Augmented + 1]reasoner
	// Budget bounds the probes one rung may make for one puzzle (0: no
	// bound); past it, Rate and Profile return an error wrapping ErrBudget.
	// Counting probes, not time, keeps ratings deterministic.
	Budget int64
}

// NewRater returns a rater for puzzles of geo with DefaultBudget.
func NewRater(geo *sudoku.Geometry) *Rater {
	return &Rater{geo: geo, Budget: DefaultBudget}
}

// Rate returns the puzzle's rating. Reuse one Rater for many puzzles: the
// first puzzle builds the formulas.
func Rate(puzzle *sudoku.Grid) (Rating, error) { return NewRater(puzzle.Geometry()).Rate(puzzle) }

// Rate returns the weakest rung that solves the puzzle. An error wraps
// ErrNoSolution when reasoning proves that the puzzle has no solution, or
// ErrBudget.
func (r *Rater) Rate(puzzle *sudoku.Grid) (Rating, error) {
	if err := r.check(puzzle); err != nil {
		return 0, err
	}
	// Unit propagation on the augmented encoding is the strongest of the
	// unit-propagation rungs: if it fails, they all do, and the rating is
	// the first stronger rung that solves the puzzle; if it succeeds, the
	// rating is the weakest unit-propagation rung that does.
	for k := RatingUPAugmented; k < RatingSearch; k++ {
		solved, err := r.solves(puzzle, ladder[k], nil, nil)
		switch {
		case err != nil:
			return 0, err
		case !solved:
			continue
		case k > RatingUPAugmented:
			return k, nil
		}
		return r.weakestUP(puzzle)
	}
	return RatingSearch, nil
}

// weakestUP returns the weakest unit-propagation rung that solves a puzzle
// unit propagation on the augmented encoding solves.
func (r *Rater) weakestUP(puzzle *sudoku.Grid) (Rating, error) {
	k := RatingUPAugmented
	for ; k > RatingUPMinimal; k-- {
		weaker, err := r.solves(puzzle, ladder[k-1], nil, nil)
		if err != nil {
			return 0, err
		}
		if !weaker {
			break
		}
	}
	return k, nil
}

// Profile says, for each encoding, the weakest inference that solves a
// puzzle on it, if any does.
type Profile struct {
	weakest [cnf.Augmented + 1]int8 // an Inference, or -1
}

// Solves reports whether the inference on the encoding fixes every cell.
func (pr Profile) Solves(e cnf.Encoding, inf Inference) bool {
	w := pr.weakest[e]
	return w >= 0 && Inference(w) <= inf
}

// Rating returns the weakest rung of the ladder that solves the puzzle; it
// equals Rate's answer.
func (pr Profile) Rating() Rating {
	for k, rung := range ladder {
		if pr.Solves(rung.Encoding, rung.Inference) {
			return Rating(k)
		}
	}
	return RatingSearch
}

// Profile measures every encoding × inference. What a procedure solves on
// an encoding it solves on every stronger encoding, and what a procedure
// solves a stronger one solves too; Profile uses both to skip runs whose
// outcome they decide: it works from the strongest encoding down, and on
// each starts from the weakest inference that solved the encoding above.
// Once an encoding is solved its solution is known, and probing on the
// weaker ones skips the literals true in it, which no sound reasoning can
// refute. Double lookahead on a weaker encoding also starts from what the
// stronger one's learnt on the puzzle: the closures of its lookaheads
// that reached no conflict, which no weaker reasoning refutes either
// while they hold the assignment, and the order of its refutations.
// The minimal encoding is not run at all: every procedure solves on it
// what it solves on the efficient one (see minimalAsEfficient). None of
// that changes an outcome, only the time. Errors are Rate's; the probe
// budget bounds the runs made.
func (r *Rater) Profile(puzzle *sudoku.Grid) (Profile, error) {
	var pr Profile
	if err := r.check(puzzle); err != nil {
		return pr, err
	}
	floor := UnitPropagation
	var solution *sudoku.Grid
	var stronger reasoner
	for e := cnf.Augmented; e >= cnf.Efficient; e-- {
		pr.weakest[e] = -1
		if floor < 0 {
			continue
		}
		found := Inference(-1)
		for inf := floor; inf <= DoubleLookahead; inf++ {
			solved, err := r.solves(puzzle, Rung{e, inf}, solution, stronger)
			if err != nil {
				return pr, err
			}
			if solved {
				found = inf
				if solution == nil {
					solution = r.reasoners[e].grid()
				}
				break
			}
		}
		pr.weakest[e] = int8(found)
		floor = found
		stronger = r.reasoners[e]
	}
	minimalAsEfficient(&pr)
	return pr, nil
}

// minimalAsEfficient gives the minimal encoding the efficient one's
// outcome. The efficient encoding adds to the minimal one the clauses
// ¬x_c,d ∨ ¬x_c,e alone, and they add nothing that can change what a
// procedure fixes:
//
//   - A digit of a cell becomes true only as a given, as an assumed
//     literal, or through the cell's at-least-one clause, which a true
//     digit satisfies; so from the givens, on either encoding, unit
//     propagation sets no second digit of a cell true unless one is
//     assumed.
//   - With at most one true digit per cell, the added clauses make unit
//     only the negations of the other digits of a cell whose digit is
//     true, and such a negation turns no clause of either encoding into a
//     unit clause or a conflict: the cell's at-least-one clause is
//     satisfied, and every other clause holding that variable holds it
//     negated. So unit propagation from the same assignment plus a
//     literal of an open cell reaches a conflict on both encodings or on
//     neither, and fixes the same cells.
//   - Failed-literal probing and double lookahead on the minimal encoding
//     also probe (and look ahead on) the digits of fixed cells, which the
//     efficient encoding has already made false; refuting one derives only
//     such a negation, which again changes nothing. On every other literal
//     both reach the same verdict, so both reach fixpoints that fix the
//     same cells, or a conflict on both.
//
// So the outcome on the efficient encoding is the one on the minimal
// encoding; only the probes differ (the minimal run makes more).
// TestProfileMatchesEveryRung runs both and compares.
func minimalAsEfficient(pr *Profile) { pr.weakest[cnf.Minimal] = pr.weakest[cnf.Efficient] }

// check refuses a puzzle of another geometry.
func (r *Rater) check(puzzle *sudoku.Grid) error {
	if puzzle.Geometry() != r.geo {
		return fmt.Errorf("puzzle is %s, the rater is for %s", puzzle.Geometry(), r.geo)
	}
	return nil
}

// solves runs one rung on the puzzle; solution, if not nil, is a known
// solution of it, and stronger, if not nil, the reasoner of a stronger
// encoding that last reasoned on the same puzzle.
func (r *Rater) solves(puzzle *sudoku.Grid, rung Rung, solution *sudoku.Grid, stronger reasoner) (bool, error) {
	p, err := r.reasoner(rung.Encoding)
	if err != nil {
		return false, err
	}
	p.setBudget(r.Budget)
	p.knowSolution(solution)
	p.startFrom(stronger)
	switch p.reason(puzzle, rung.Inference) {
	case overBudget:
		return false, fmt.Errorf("%s: %w after %d probes", rung, ErrBudget, r.Budget)
	case contradictory:
		return false, fmt.Errorf("%s: %w", rung, ErrNoSolution)
	case solved:
		return true, nil
	}
	return false, nil
}

// reasoner returns the encoding's reasoner, building it on first use:
// gridProber for the minimal and efficient encodings of the grids it
// takes, prober otherwise.
func (r *Rater) reasoner(e cnf.Encoding) (reasoner, error) {
	if r.reasoners[e] == nil {
		if (e == cnf.Minimal || e == cnf.Efficient) && gridSupported(r.geo) {
			r.reasoners[e] = newGridProber(r.geo, e == cnf.Efficient)
			return r.reasoners[e], nil
		}
		p, err := newProber(r.geo, cnf.Encode(r.geo, cnf.Options{Encoding: e}))
		if err != nil {
			return nil, err
		}
		r.reasoners[e] = p
	}
	return r.reasoners[e], nil
}

// reasoner runs the ladder's procedures on one encoding for any number of
// puzzles.
type reasoner interface {
	// reason runs an inference from the puzzle's givens.
	reason(puzzle *sudoku.Grid, inf Inference) outcome
	// grid reads the cells the last reasoning fixed.
	grid() *sudoku.Grid
	// knowSolution records a solution of the next puzzle (nil: none).
	knowSolution(solution *sudoku.Grid)
	// setBudget bounds the probes of one reasoning (0: no bound).
	setBudget(n int64)
	// startFrom lets the next double lookahead start from what the last
	// one of a stronger encoding's reasoner, on the same puzzle, learnt
	// (nil: nothing).
	startFrom(stronger reasoner)
}
