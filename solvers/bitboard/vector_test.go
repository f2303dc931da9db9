package bitboard

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The vector board must search the band board's tree: its kernel reaches
// the band board's fixpoint by another road. These tests run only where
// the CPU has the kernel; elsewhere the band board is the only one.

// TestVectorLoad loads corpus puzzles, and ill-posed ones whose givens
// conflict, on both boards and compares the candidates of every digit in
// every band: the vector board loads straight into its own layout.
func TestVectorLoad(t *testing.T) {
	var puzzles []*sudoku.Grid
	for _, corpus := range []string{"17-clue", "top1465", "hardest-1106", "serg", "tdoku-tests"} {
		for _, p := range corporatest.Sample(t, corpus, 200, benchSeed) {
			puzzles = append(puzzles, p.Grid)
		}
	}
	for _, ill := range solvertest.IllPosedPuzzles(3, sudoku.Classic) {
		puzzles = append(puzzles, ill.Grid)
	}
	b, v := new(bandEngine), new(vectorEngine)
	for _, p := range puzzles {
		b.load(p)
		v.load(p)
		for d := range 9 {
			for band := range 3 {
				if w, x := b.board.cand[d][band], v.board[band][d]; w != x {
					t.Fatalf("%s: digit %d, band %d: band board %027b, vector board %027b", p, d+1, band, w, x)
				}
			}
		}
	}
}

// TestVectorFixpoints follows search paths through corpus puzzles on both
// boards side by side, four per puzzle, taking a random option at each
// branch, and compares
// them after every propagation: the verdict, the candidates of every digit
// in every band, the patterns choose reads and the branch it takes. The
// random options lead into contradictions as often as into solutions, so
// both ends of the kernel are checked.
func TestVectorFixpoints(t *testing.T) {
	if !vectorKernels {
		t.Skip("no AVX-512 on this CPU: the band board runs alone")
	}
	rng := rand.New(rand.NewPCG(5, 5))
	b, v := new(bandEngine), new(vectorEngine)
	steps := 0
	for _, corpus := range []string{"17-clue", "top1465", "hardest-1106", "serg", "tdoku-tests"} {
		for _, p := range corporatest.Sample(t, corpus, 200, benchSeed) {
			for range 4 {
				b.load(p.Grid)
				v.load(p.Grid)
				steps += followPath(t, b, v, rng)
			}
		}
	}
	t.Logf("%d propagations compared", steps)
}

// followPath propagates both boards, compares them, and branches both the
// same random way until they settle or fail; it returns how many
// propagations it compared.
func followPath(t *testing.T, b *bandEngine, v *vectorEngine, rng *rand.Rand) (steps int) {
	t.Helper()
	for ; ; steps++ {
		okB, okV := b.propagate(), v.propagate()
		if okB != okV {
			t.Fatalf("step %d: band board propagates %v, vector board %v", steps, okB, okV)
		}
		if !okB {
			return steps + 1
		}
		for d := range 9 {
			for band := range 3 {
				if w, x := b.board.cand[d][band], v.board[band][d]; w != x {
					t.Fatalf("step %d: digit %d, band %d: band board %027b, vector board %027b", steps, d+1, band, w, x)
				}
			}
		}
		targetB, optionsB, openB := b.choose()
		targetV, optionsV, openV := v.choose()
		if targetB != targetV || optionsB != optionsV || openB != openV {
			t.Fatalf("step %d: band board branches on %d %06b (%v), vector board on %d %06b (%v)",
				steps, targetB, optionsB, openB, targetV, optionsV, openV)
		}
		if !openB {
			return steps + 1
		}
		if !slices.Equal(b.lines.minirows[:9], v.lines.minirows[:9]) || !slices.Equal(b.lines.columns[:9], v.lines.columns[:9]) {
			t.Fatalf("step %d: the patterns differ", steps)
		}
		option := optionsB
		for k := rng.IntN(bits.OnesCount64(optionsB)); k > 0; k-- {
			option &= option - 1
		}
		option &= -option
		b.assign(targetB, option)
		v.assign(targetV, option)
	}
}

// TestVectorTrees searches corpus samples on both boards and compares the
// searches: solutions, nodes and guesses, and the first solution.
func TestVectorTrees(t *testing.T) {
	if !vectorKernels {
		t.Skip("no AVX-512 on this CPU: the band board runs alone")
	}
	b, v := new(bandEngine), new(vectorEngine)
	for _, corpus := range []string{"17-clue", "top1465", "hardest-1905-11plus", "hardest-1106", "serg", "tdoku-tests"} {
		for _, p := range corporatest.Sample(t, corpus, 300, benchSeed) {
			b.load(p.Grid)
			v.load(p.Grid)
			byBands, byVector := search(b, b.frames(), limits{solutions: 2}), search(v, v.frames(), limits{solutions: 2})
			if byBands != byVector {
				t.Fatalf("%s: band board %+v, vector board %+v", p.ID, byBands, byVector)
			}
			if byBands.solutions > 0 && !slices.Equal(b.solution(), v.solution()) {
				t.Fatalf("%s: the boards found different first solutions", p.ID)
			}
		}
	}
}
