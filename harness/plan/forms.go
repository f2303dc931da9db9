package plan

import (
	"fmt"
	"hash/fnv"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/sudoku"
)

// MaxForms bounds a plan's equivalent forms per puzzle (run --forms):
// enough to see how much a solver depends on presentation, and a bound on
// a mistyped count that would multiply the plan.
const MaxForms = 1000

// FormSeed is the seed that draws form k of a puzzle in a plan with the
// given seed: a hash of the three, so that every shard and every resume of
// the plan draws the same transform, and each puzzle its own.
func FormSeed(planSeed int64, puzzleID string, form int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%d", planSeed, puzzleID, form)
	return h.Sum64()
}

// FormOf returns form k of a puzzle in a plan with the given seed, and the
// transform that makes it: for k = 0 the puzzle itself and no transform;
// otherwise the puzzle under sudoku.RandomTransform drawn with FormSeed,
// its known solution (if any) under the same transform, the rest (id,
// line, hints, count of solutions) as they are.
func FormOf(p corpora.Puzzle, form int, planSeed int64) (corpora.Puzzle, *sudoku.Transform, error) {
	if form == 0 {
		return p, nil, nil
	}
	tr := sudoku.RandomTransform(p.Grid.Geometry(), FormSeed(planSeed, p.ID, form))
	fp := p
	var err error
	if fp.Grid, err = tr.Apply(p.Grid); err != nil {
		return p, nil, fmt.Errorf("%s form %d: %w", p.ID, form, err)
	}
	if p.Solution != nil {
		if fp.Solution, err = tr.Apply(p.Solution); err != nil {
			return p, nil, fmt.Errorf("%s form %d, its known solution: %w", p.ID, form, err)
		}
	}
	return fp, tr, nil
}
