package bitboard

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The oracle's answer to "is there another solution at this cell" agrees
// with dlx's count of solutions, on puzzles emptied cell by cell from a
// full grid until they have several, on every shape up to 16×16.
func TestHasOtherSolutionAgreesWithCount(t *testing.T) {
	for _, shape := range []struct {
		box int
		v   sudoku.Variant
	}{{2, sudoku.Classic}, {3, sudoku.Classic}, {3, sudoku.Diagonal}, {4, sudoku.Classic}, {4, sudoku.Diagonal}} {
		geo := sudoku.MustGeometry(shape.box, shape.v)
		t.Run(fmt.Sprintf("size=%d/variant=%s", geo.N, shape.v), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(geo.N), 7))
			solution, ok := Oracle{}.RandomSolution(sudoku.NewGrid(geo), rng)
			if !ok || sudoku.CheckSolution(sudoku.NewGrid(geo), solution) != nil {
				t.Fatalf("no valid random completion of an empty grid: %v", solution)
			}
			puzzle := solution.Clone()
			yes, no := 0, 0
			for _, cell := range rng.Perm(geo.Cells) {
				puzzle.Set(cell, 0)
				got, err := Oracle{}.HasOtherSolution(context.Background(), puzzle, solution, cell, 0)
				if err != nil {
					t.Fatal(err)
				}
				want := corpora.No
				if dlx.CountSolutions(puzzle, 2) == 2 {
					want = corpora.Yes
				}
				if got != want {
					t.Fatalf("cell %d emptied: oracle says %v, dlx's count says %v", cell, got, want)
				}
				if got == corpora.Yes {
					yes++
					puzzle.Set(cell, solution.Cell(cell))
				} else {
					no++
				}
			}
			if yes == 0 || no == 0 {
				t.Errorf("only one answer seen (%d yes, %d no): the test compared nothing", yes, no)
			}
		})
	}
}

// The oracle counts as dlx does, and its random completions are valid and
// the same for the same seed, on every size up to 36×36.
func TestOracleCountAndCompletion(t *testing.T) {
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		geo := sudoku.MustGeometry(box, sudoku.Classic)
		t.Run(fmt.Sprintf("size=%d", geo.N), func(t *testing.T) {
			a, okA := Oracle{}.RandomSolution(sudoku.NewGrid(geo), rand.New(rand.NewPCG(3, 0)))
			b, okB := Oracle{}.RandomSolution(sudoku.NewGrid(geo), rand.New(rand.NewPCG(3, 0)))
			if !okA || !okB || !a.Equal(b) {
				t.Fatal("the same seed gave different completions, or none")
			}
			if err := sudoku.CheckSolution(sudoku.NewGrid(geo), a); err != nil {
				t.Fatal(err)
			}
			if n := (Oracle{}).CountSolutions(sudoku.NewGrid(geo), 2); n != 2 {
				t.Errorf("empty grid: %d solutions counted to 2", n)
			}
			if n := (Oracle{}).CountSolutions(a, 2); n != 1 {
				t.Errorf("full grid: %d solutions", n)
			}
		})
	}
}

// TestOracleUnchanged pins what the generator makes with the oracle for
// a few seeds, and one random completion: the solver's 9×9 boards changed
// their rules and branches, the oracle's searches (and so every generated
// corpus, for its seed) must not.
func TestOracleUnchanged(t *testing.T) {
	want := []string{
		"...8.23...21...4.....5.......87...9..9.4...17...19....3.........7..18.6.2.49.....",
		"..2....5.97..8....1..3.9..8...1...3.41....6..3..85......8..17....59.....24.......",
		"...765..3..4.....9.7.....2.7......4.4.2.8......5..19.....83....5...1.....98..7.6.",
	}
	for i, w := range want {
		gen, err := corpora.NewGenerator(Oracle{}, corpora.GenerateOptions{Box: 3, Hints: 24, Seed: uint64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		if p, err := gen.Next(); err != nil || p.String() != w {
			t.Errorf("seed %d: generated %s (%v), want %s", i+1, p, err, w)
		}
	}
	const completion = "372681459965743182184529637621958743758134926439267518247816395893475261516392874"
	g, _ := Oracle{}.RandomSolution(sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)), rand.New(rand.NewPCG(7, 9)))
	if g.String() != completion {
		t.Errorf("completion %s, want %s", g, completion)
	}
}

// BenchmarkGenerate makes unique puzzles with this oracle, a fresh seed
// per puzzle, by size and share of givens.
func BenchmarkGenerate(b *testing.B) {
	for _, c := range []struct {
		box   int
		share float64
	}{{3, 0.30}, {3, 0.40}, {4, 0.45}, {4, 0.55}, {5, 0.45}, {5, 0.55}, {6, 0.55}, {6, 0.65}} {
		geo := sudoku.MustGeometry(c.box, sudoku.Classic)
		hints := int(c.share*float64(geo.Cells) + 0.5)
		b.Run(fmt.Sprintf("size=%d/share=%.2f", geo.N, c.share), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				gen, err := corpora.NewGenerator(Oracle{}, corpora.GenerateOptions{Box: c.box, Hints: hints, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := gen.Next(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
