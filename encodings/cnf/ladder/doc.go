// Package ladder is the inference ladder over the cnf package's encodings:
// what each encoding × procedure — unit propagation, failed-literal
// probing, double lookahead — settles from the givens without a decision,
// and the rating of a puzzle by the weakest rung that does.
//
// The contract:
//
//   - Rate and Rater.Rate return a Rating, weakest first (RatingUPMinimal
//     … RatingDoubleLookahead, RatingSearch when no rung fixes every
//     cell); Rater.Profile says, for every encoding, the weakest inference
//     that solves the puzzle on it, and its Rating is Rate's answer.
//   - Deterministic: a rating or a profile depends on the puzzle alone.
//     The probe budget (Rater.Budget, DefaultBudget) counts probes, not
//     time; past it an error wraps ErrBudget. A puzzle that reasoning
//     proves contradictory gives an error wrapping ErrNoSolution.
//   - Each rung derives everything the one before it derives, so a puzzle
//     one rung solves every later rung solves too; tests hold the two
//     reasoners (a watched-literal prober over any formula, a bit-board
//     prober for the pairwise encodings of grids up to 9×9) to the same
//     fixpoints, and the profiles of fixed samples to testdata.
//   - Analysis and UPAnalysis tally profiles and unit propagation by hint
//     count, ProfilePool profiles on several goroutines with the same
//     tally as one, and PublishedShare gives the literature's figure for a
//     rung on a shipped corpus: what `analyze --inference` and `--up` print.
//
// A Rater is not safe for concurrent use; reuse one per goroutine, since
// it builds each encoding's formula once.
package ladder
