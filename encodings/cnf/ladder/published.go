package ladder

import "github.com/sudokubench/sudokubench/encodings/cnf"

// publishedShares holds, per corpus, the published shares of the whole
// corpus that a rung solves without a decision: tdoku's minisat runs
// (%no_guess of minisat_minimal, _natural, _complete and _augmented in
// tdoku's benchmarks/ results; minisat decides nothing when unit
// propagation settles the puzzle) and Lynce and Ouaknine's (2006) finding
// on their 17-clue set.
var publishedShares = map[string]map[Rung]string{
	"17-clue": {
		{Encoding: cnf.Minimal, Inference: UnitPropagation}:   "0.0% (tdoku)",
		{Encoding: cnf.Efficient, Inference: UnitPropagation}: "0.0% (tdoku)",
		{Encoding: cnf.Extended, Inference: UnitPropagation}:  "44.5% (tdoku)",
		{Encoding: cnf.Augmented, Inference: UnitPropagation}: "76.1% (tdoku)",
		{Encoding: cnf.Extended, Inference: FailedLiterals}:   "all or nearly all (Lynce & Ouaknine)",
	},
	"top1465":             tdokuNone(map[cnf.Encoding]string{cnf.Augmented: "4.0% (tdoku)"}),
	"hardest-1905-11plus": tdokuNone(nil),
	"hardest-1106":        tdokuNone(nil),
	"serg":                tdokuNone(nil),
}

// tdokuNone returns tdoku's unit-propagation figures for a corpus where
// they are 0.0% but for the exceptions given.
func tdokuNone(except map[cnf.Encoding]string) map[Rung]string {
	m := map[Rung]string{}
	for _, e := range cnf.Encodings {
		share, ok := except[e]
		if !ok {
			share = "0.0% (tdoku)"
		}
		m[Rung{Encoding: e, Inference: UnitPropagation}] = share
	}
	return m
}

// PublishedShare returns the published share of the named shipped corpus
// (as the corpora catalog names it) that the rung solves without a
// decision, with its source in parentheses, "44.5% (tdoku)"; "" when none
// is published.
func PublishedShare(corpus string, r Rung) string { return publishedShares[corpus][r] }
