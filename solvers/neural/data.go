package neural

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Example is a puzzle and its unique solution.
type Example struct {
	Puzzle, Solution [Cells]uint8
}

// Hints returns the puzzle's given count.
func (e *Example) Hints() int {
	n := 0
	for _, d := range e.Puzzle {
		if d != 0 {
			n++
		}
	}
	return n
}

// Seeds of the generator are derived from a user's seed, a purpose and an
// index, so that training and test puzzles come from disjoint streams.
const (
	trainPurpose = 0x7261696e // "rain"
	testPurpose  = 0x74657374 // "test"
)

// generatorSeed mixes a seed, a purpose and an index into the generator's
// seed (SplitMix64's finaliser), so that neighbouring indices and seeds
// give unrelated streams.
func generatorSeed(seed uint64, purpose uint64, index int) uint64 {
	z := seed*0x9e3779b97f4a7c15 ^ purpose<<32 ^ uint64(index)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Generate returns count unique puzzles with exactly hints givens and their
// solutions, made by the suite's generator (corpora) with seeds from seed
// and purpose, using up to workers goroutines. Puzzle i depends only on
// seed, purpose, hints and i, so the result does not depend on workers.
// The puzzles made are reported to meter.
func Generate(ctx context.Context, seed, purpose uint64, hints, count, workers int, meter progress.Meter) ([]Example, error) {
	meter.Start("puzzles", count, 0)
	defer meter.Stop()
	var mu sync.Mutex
	made := 0
	return generate(ctx, seed, purpose, hints, count, workers, func() {
		mu.Lock()
		defer mu.Unlock()
		made++
		meter.Update(made, "")
	})
}

// generate is Generate, calling made after each puzzle is made (from the
// goroutine that made it).
func generate(ctx context.Context, seed, purpose uint64, hints, count, workers int, made func()) ([]Example, error) {
	out := make([]Example, count)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < count; i += workers {
				if ctx.Err() != nil {
					errs[w] = ctx.Err()
					return
				}
				ex, err := generateOne(generatorSeed(seed, purpose^uint64(hints)<<8, i), hints)
				if err != nil {
					errs[w] = fmt.Errorf("puzzle %d of %d with %d hints: %w", i, count, hints, err)
					return
				}
				out[i] = ex
				made()
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func generateSerial(seed, purpose uint64, hints, count int) ([]Example, error) {
	return Generate(context.Background(), seed, purpose, hints, count, 1, progress.Discard)
}

// generateAttempts is the generator's attempt budget: at 23 hints about
// one random removal order in five gets there, at 22 about one in a
// hundred (61 ms a puzzle here), at 21 a few thousand (1.4 s).
const generateAttempts = 5000

func generateOne(seed uint64, hints int) (Example, error) {
	gen, err := corpora.NewGenerator(dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Hints: hints, Seed: seed, Attempts: generateAttempts})
	if err != nil {
		return Example{}, err
	}
	puzzle, err := gen.Next()
	if err != nil {
		return Example{}, err
	}
	sol, ok := dlx.RandomSolution(puzzle, rand.New(rand.NewPCG(seed, 1)))
	if !ok {
		return Example{}, fmt.Errorf("generated puzzle %s has no solution", puzzle)
	}
	return exampleOf(puzzle, sol), nil
}

func exampleOf(puzzle, solution *sudoku.Grid) Example {
	var ex Example
	copy(ex.Puzzle[:], puzzle.Cells())
	copy(ex.Solution[:], solution.Cells())
	return ex
}

// Augment returns the example under a random symmetry of Sudoku: the
// digits relabelled, rows permuted within their bands and the bands
// permuted, columns likewise within stacks, and the grid transposed half
// the time. Each maps a valid grid to a valid grid and keeps a puzzle's
// solution unique.
func Augment(ex Example, rng *rand.Rand) Example {
	rows, cols := linePermutation(rng), linePermutation(rng)
	transpose := rng.IntN(2) == 1
	var relabel [Digits + 1]uint8
	for i, d := range rng.Perm(Digits) {
		relabel[i+1] = uint8(d + 1)
	}
	var out Example
	for r := range Side {
		for c := range Side {
			sr, sc := rows[r], cols[c]
			if transpose {
				sr, sc = sc, sr
			}
			from := sr*Side + sc
			out.Puzzle[r*Side+c] = relabel[ex.Puzzle[from]]
			out.Solution[r*Side+c] = relabel[ex.Solution[from]]
		}
	}
	return out
}

// linePermutation returns a permutation of the nine rows (or columns) that
// keeps each band together: the bands shuffled, and the lines within each.
func linePermutation(rng *rand.Rand) [Side]int {
	var p [Side]int
	bands := rng.Perm(3)
	for b, band := range bands {
		for i, line := range rng.Perm(3) {
			p[b*3+i] = band*3 + line
		}
	}
	return p
}

// WithHints returns the example with solution cells added, chosen by rng,
// until it has hints givens. A puzzle with more givens is returned as is.
func WithHints(ex Example, hints int, rng *rand.Rand) Example {
	var blank []int
	for i, d := range ex.Puzzle {
		if d == 0 {
			blank = append(blank, i)
		}
	}
	add := hints - (Cells - len(blank))
	for _, k := range rng.Perm(len(blank)) {
		if add <= 0 {
			break
		}
		ex.Puzzle[blank[k]] = ex.Solution[blank[k]]
		add--
	}
	return ex
}

// Sampler draws training batches from a pool of generated puzzles: each
// example a pool puzzle under a random symmetry, with solution cells added
// up to a hint count drawn from the levels (a level uniformly, then a count
// uniformly within it).
type Sampler struct {
	Pool   []Example
	Levels []HintRange
	src    *rand.PCG
	rng    *rand.Rand
}

// NewSampler returns a sampler whose draws are fixed by seed.
func NewSampler(pool []Example, levels []HintRange, seed uint64) *Sampler {
	src := rand.NewPCG(seed, samplerStream)
	return &Sampler{Pool: pool, Levels: levels, src: src, rng: rand.New(src)}
}

const samplerStream = 0x5a3b

// Next returns a batch of n examples.
func (s *Sampler) Next(n int) Batch {
	b := Batch{Boards: make([]uint8, 0, n*Cells), Targets: make([]int, 0, n*Cells)}
	for range n {
		ex := Augment(s.Pool[s.rng.IntN(len(s.Pool))], s.rng)
		level := s.Levels[s.rng.IntN(len(s.Levels))]
		ex = WithHints(ex, level.Min+s.rng.IntN(level.Max-level.Min+1), s.rng)
		b.Boards = append(b.Boards, ex.Puzzle[:]...)
		b.Targets = append(b.Targets, blankTargets(ex.Puzzle[:], ex.Solution[:])...)
	}
	return b
}

// MarshalBinary returns the state of the sampler's random numbers: where
// its stream of examples stands.
func (s *Sampler) MarshalBinary() ([]byte, error) { return s.src.MarshalBinary() }

// UnmarshalBinary puts the sampler's stream where MarshalBinary found it.
func (s *Sampler) UnmarshalBinary(data []byte) error { return s.src.UnmarshalBinary(data) }
