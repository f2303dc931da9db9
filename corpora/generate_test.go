package corpora_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

func generate(t *testing.T, o corpora.Oracle, opts corpora.GenerateOptions, count int) []*sudoku.Grid {
	t.Helper()
	gen, err := corpora.NewGenerator(o, opts)
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []*sudoku.Grid
	for range count {
		p, err := gen.Next()
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, p)
	}
	return puzzles
}

func TestGenerator(t *testing.T) {
	tests := []struct {
		oracle corpora.Oracle
		opts   corpora.GenerateOptions
		count  int
	}{
		{backtrackOracle{}, corpora.GenerateOptions{Box: 2, Hints: 6, Seed: 1}, 20},
		{backtrackOracle{}, corpora.GenerateOptions{Box: 2, Variant: sudoku.Diagonal, Hints: 5, Seed: 2}, 10},
		{backtrackOracle{}, corpora.GenerateOptions{Box: 3, Hints: 34, Seed: 3}, 3},
		{dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Hints: 26, Seed: 7}, 5},
		{dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Variant: sudoku.Diagonal, Hints: 24, Seed: 7}, 3},
		{dlx.Oracle{}, corpora.GenerateOptions{Box: 4, Hints: 150, Seed: 5}, 1},
	}
	for _, tt := range tests {
		geo := sudoku.MustGeometry(tt.opts.Box, tt.opts.Variant)
		name := fmt.Sprintf("oracle=%T/size=%d/variant=%v/hints=%d", tt.oracle, geo.N, tt.opts.Variant, tt.opts.Hints)
		t.Run(name, func(t *testing.T) {
			a := generate(t, tt.oracle, tt.opts, tt.count)
			b := generate(t, tt.oracle, tt.opts, tt.count)
			if !slices.EqualFunc(a, b, (*sudoku.Grid).Equal) {
				t.Error("same seed, different puzzles")
			}
			for _, p := range a {
				checkGenerated(t, p, tt.opts, geo)
			}
		})
	}
}

func checkGenerated(t *testing.T, p *sudoku.Grid, opts corpora.GenerateOptions, geo *sudoku.Geometry) {
	t.Helper()
	if p.Hints() != opts.Hints || p.Geometry() != geo {
		t.Errorf("%s: %d hints on %v, want %d on %v", p, p.Hints(), p.Geometry(), opts.Hints, geo)
	}
	if err := p.Validate(); err != nil {
		t.Errorf("%s: %v", p, err)
	}
	if n := (backtrackOracle{}).CountSolutions(p, 2); geo.N <= 9 && n != 1 {
		t.Errorf("%s: %d solutions by backtracking, want 1", p, n)
	}
	if n := (dlx.Oracle{}).CountSolutions(p, 2); n != 1 {
		t.Errorf("%s: %d solutions by dlx, want 1", p, n)
	}
}

func TestGeneratorSeedsDiffer(t *testing.T) {
	a := generate(t, dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Hints: 30, Seed: 1}, 1)
	b := generate(t, dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Hints: 30, Seed: 2}, 1)
	if a[0].Equal(b[0]) {
		t.Errorf("seeds 1 and 2 both gave %s", a[0])
	}
}

func TestGeneratorUnreachable(t *testing.T) {
	// A 4×4 puzzle with a unique solution needs at least 4 hints.
	gen, err := corpora.NewGenerator(backtrackOracle{}, corpora.GenerateOptions{Box: 2, Hints: 3, Seed: 1, Attempts: 5})
	if err != nil {
		t.Fatal(err)
	}
	_, err = gen.Next()
	if !errors.Is(err, corpora.ErrUnreachable) || !strings.Contains(err.Error(), "5 attempts") || !strings.Contains(err.Error(), "about 20 hints") {
		t.Errorf("error %v, want ErrUnreachable that names the budget and the ~20-hint floor", err)
	}
}

func TestGeneratorBadOptions(t *testing.T) {
	for _, opts := range []corpora.GenerateOptions{
		{Box: 1, Hints: 1}, {Box: 6, Hints: 30}, {Box: 3, Hints: 82}, {Box: 3, Hints: -1}, {Box: 3, Hints: 30, Attempts: -1},
	} {
		t.Run(fmt.Sprintf("box=%d/hints=%d/attempts=%d", opts.Box, opts.Hints, opts.Attempts), func(t *testing.T) {
			if _, err := corpora.NewGenerator(dlx.Oracle{}, opts); err == nil {
				t.Error("accepted")
			}
		})
	}
}

func TestDerived(t *testing.T) {
	for _, k := range []int{0, 1, 8, 20, 64} {
		name := fmt.Sprintf("17-clue+%d", k)
		t.Run("corpus="+name, func(t *testing.T) {
			opts := corpora.Options{Sample: 8, Seed: 11, Oracle: dlx.Oracle{}}
			var got []corpora.Puzzle
			if _, err := corpora.Load(dataDir, name, opts, collect(&got)); err != nil {
				t.Fatal(err)
			}
			if len(got) != 8 {
				t.Fatalf("%d puzzles, want 8", len(got))
			}
			for _, p := range got {
				checkDerived(t, p, name, 17+k)
			}
			again := sampleIDs(t, name, opts)
			if ids := puzzleIDs(got); !slices.Equal(ids, again) {
				t.Errorf("same seed, different ids: %v and %v", ids, again)
			}
		})
	}
}

func checkDerived(t *testing.T, p corpora.Puzzle, corpus string, hints int) {
	t.Helper()
	if p.Corpus != corpus || p.ID != fmt.Sprintf("%s:%d", corpus, p.Line) || p.Hints != hints || p.Grid.Hints() != hints {
		t.Errorf("%s: corpus %s, %d hints; want %s and %d", p.ID, p.Corpus, p.Hints, corpus, hints)
	}
	base := basePuzzle(t, p.Line)
	if err := sudoku.CheckSolution(base, p.Solution); err != nil {
		t.Errorf("%s: the solution does not solve the base puzzle: %v", p.ID, err)
	}
	if err := sudoku.CheckSolution(p.Grid, p.Solution); err != nil {
		t.Errorf("%s: the solution does not solve the derived puzzle: %v", p.ID, err)
	}
	if n := (dlx.Oracle{}).CountSolutions(p.Grid, 2); n != 1 || p.Solutions != 1 {
		t.Errorf("%s: %d solutions (recorded %d), want 1", p.ID, n, p.Solutions)
	}
}

// basePuzzle reads the 17-clue puzzle on a line.
func basePuzzle(t *testing.T, line int) *sudoku.Grid {
	t.Helper()
	var base *sudoku.Grid
	_, err := corpora.Load(dataDir, "17-clue", corpora.Options{}, func(p corpora.Puzzle) error {
		if p.Line == line {
			base = p.Grid
			return errors.New("found")
		}
		return nil
	})
	if base == nil {
		t.Fatalf("17-clue line %d: %v", line, err)
	}
	return base
}

func puzzleIDs(ps []corpora.Puzzle) []string {
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	return ids
}

// TestDerivedPuzzleIndependentOfSelection checks that an id names the same
// puzzle whether it comes from a sample or from reading the whole corpus.
func TestDerivedPuzzleIndependentOfSelection(t *testing.T) {
	opts := corpora.Options{Seed: 4, Oracle: dlx.Oracle{}, Sample: 10}
	var sampled []corpora.Puzzle
	if _, err := corpora.Load(dataDir, "17-clue+10", opts, collect(&sampled)); err != nil {
		t.Fatal(err)
	}
	// Read up to the first sampled line only: every puzzle on the way is
	// derived, which costs a solve each.
	target := sampled[0]
	opts.Sample = 0
	var full *corpora.Puzzle
	_, err := corpora.Load(dataDir, "17-clue+10", opts, func(p corpora.Puzzle) error {
		if p.ID == target.ID {
			full = &p
			return errors.New("found")
		}
		return nil
	})
	if full == nil {
		t.Fatalf("%s not found in a full read: %v", target.ID, err)
	}
	if !full.Grid.Equal(target.Grid) {
		t.Errorf("%s: %s in a full read, %s in a sample", target.ID, full.Grid, target.Grid)
	}
}

func TestDerivedNeedsOracle(t *testing.T) {
	_, err := corpora.Load(dataDir, "17-clue+8", corpora.Options{}, collect(new([]corpora.Puzzle)))
	if err == nil || !strings.Contains(err.Error(), "oracle") {
		t.Errorf("error %v, want one asking for an oracle", err)
	}
}

func TestDerivedHintFilter(t *testing.T) {
	for _, tt := range []struct {
		hints string
		want  int
	}{{"25", 3}, {"26-", 0}} {
		t.Run("hints="+tt.hints, func(t *testing.T) {
			r, _ := corpora.ParseHintRange(tt.hints)
			ids := sampleIDs(t, "17-clue+8", corpora.Options{Hints: r, Limit: 3, Oracle: dlx.Oracle{}})
			if len(ids) != tt.want {
				t.Errorf("%d puzzles, want %d", len(ids), tt.want)
			}
		})
	}
}
