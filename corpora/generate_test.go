package corpora_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

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

// A hint count no puzzle of the size can have is refused at once, with
// that size's own minimum.
func TestGeneratorRefusesBelowKnownMinimum(t *testing.T) {
	tests := []struct {
		box     int
		variant sudoku.Variant
		hints   int
		says    string
	}{
		{2, sudoku.Classic, 3, "no 4×4 classic puzzle with 3 hints has a unique solution, the fewest that can is 4"},
		{2, sudoku.Diagonal, 2, "no 4×4 diagonal puzzle with 2 hints has a unique solution, the fewest that can is 3"},
		{3, sudoku.Classic, 16, "no 9×9 classic puzzle with 16 hints has a unique solution, the fewest that can is 17 (McGuire"},
	}
	for _, tt := range tests {
		geo := sudoku.MustGeometry(tt.box, tt.variant)
		t.Run(fmt.Sprintf("size=%d/variant=%v/hints=%d", geo.N, tt.variant, tt.hints), func(t *testing.T) {
			_, err := corpora.NewGenerator(backtrackOracle{}, corpora.GenerateOptions{Box: tt.box, Variant: tt.variant, Hints: tt.hints})
			if !errors.Is(err, corpora.ErrUnreachable) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want ErrUnreachable saying %q", err, tt.says)
			}
			if geo.N != 9 && strings.Contains(err.Error(), "9×9") {
				t.Errorf("error %q cites 9×9 facts for a %s grid", err, geo)
			}
			if _, err := corpora.NewGenerator(backtrackOracle{}, corpora.GenerateOptions{Box: tt.box, Variant: tt.variant, Hints: tt.hints + 1}); err != nil {
				t.Errorf("%d hints, the minimum, refused: %v", tt.hints+1, err)
			}
		})
	}
}

// The 4×4 minima that NewGenerator enforces, checked by trying every
// puzzle: none with one hint fewer has a unique solution, and some with
// the minimum has.
func TestKnownMinimumOf4x4(t *testing.T) {
	for _, tt := range []struct {
		variant sudoku.Variant
		least   int
	}{{sudoku.Classic, 4}, {sudoku.Diagonal, 3}} {
		t.Run("variant="+tt.variant.String(), func(t *testing.T) {
			geo := sudoku.MustGeometry(2, tt.variant)
			if n := uniquePuzzles(sudoku.NewGrid(geo), 0, tt.least-1, false); n != 0 {
				t.Errorf("%d unique puzzles with %d hints", n, tt.least-1)
			}
			if n := uniquePuzzles(sudoku.NewGrid(geo), 0, tt.least, true); n == 0 {
				t.Errorf("no unique puzzle with %d hints", tt.least)
			}
		})
	}
}

// uniquePuzzles counts the puzzles with a unique solution made by giving
// k more of g's cells from start on a digit each; with firstOnly it stops
// at the first.
func uniquePuzzles(g *sudoku.Grid, start, k int, firstOnly bool) int {
	if k == 0 {
		if dlx.CountSolutions(g, 2) == 1 {
			return 1
		}
		return 0
	}
	found := 0
	for cell := start; cell < len(g.Cells()); cell++ {
		for d := 1; d <= g.N(); d++ {
			g.Set(cell, d)
			found += uniquePuzzles(g, cell+1, k-1, firstOnly)
			if firstOnly && found > 0 {
				g.Set(cell, 0)
				return found
			}
		}
		g.Set(cell, 0)
	}
	return found
}

// When no attempt reaches the hint count, the error says how near they
// came and cites only the facts of the grid asked for.
func TestGeneratorUnreachable(t *testing.T) {
	tests := []struct {
		oracle corpora.Oracle
		opts   corpora.GenerateOptions
		says   []string
		never  []string
	}{
		{dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Hints: 17, Seed: 1, Attempts: 2},
			[]string{"hint count not reached: 2 attempts on 9×9 classic reached", "random removal rarely ends below about 20"}, nil},
		{backtrackOracle{}, corpora.GenerateOptions{Box: 2, Hints: 4, Seed: 1, Attempts: 1},
			[]string{"hint count not reached: 1 attempt on 4×4 classic reached"}, []string{"9×9", "about 20"}},
	}
	for _, tt := range tests {
		geo := sudoku.MustGeometry(tt.opts.Box, tt.opts.Variant)
		t.Run(fmt.Sprintf("size=%d/variant=%v/hints=%d", geo.N, tt.opts.Variant, tt.opts.Hints), func(t *testing.T) {
			gen, err := corpora.NewGenerator(tt.oracle, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			_, err = gen.Next()
			var giveUp *corpora.GiveUpError
			if !errors.Is(err, corpora.ErrUnreachable) || !errors.As(err, &giveUp) {
				t.Fatalf("error %v, want a GiveUpError of ErrUnreachable", err)
			}
			if giveUp.Attempts != tt.opts.Attempts || giveUp.Fewest <= tt.opts.Hints || giveUp.Fewest >= geo.Cells {
				t.Errorf("%+v: want %d attempts and the fewest hints between the asked %d and %d", giveUp, tt.opts.Attempts, tt.opts.Hints, geo.Cells)
			}
			for _, want := range append(tt.says, fmt.Sprintf("ask for %d hints or more", giveUp.Fewest)) {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q lacks %q", err, want)
				}
			}
			for _, wrong := range tt.never {
				if strings.Contains(err.Error(), wrong) {
					t.Errorf("error %q says %q, no fact of a %s grid", err, wrong, geo)
				}
			}
		})
	}
}

// stallingOracle never answers through its plain methods, only through
// its Context ones, and those wait for the context to end: a generator
// that returns at the deadline must have used them.
type stallingOracle struct{ calls *int }

func (stallingOracle) CountSolutions(*sudoku.Grid, int) int { select {} }

func (stallingOracle) RandomSolution(*sudoku.Grid, *rand.Rand) (*sudoku.Grid, bool) { select {} }

func (o stallingOracle) CountSolutionsContext(ctx context.Context, _ *sudoku.Grid, _ int) (int, error) {
	*o.calls++
	<-ctx.Done()
	return 0, ctx.Err()
}

func (o stallingOracle) RandomSolutionContext(_ context.Context, g *sudoku.Grid, _ *rand.Rand) (*sudoku.Grid, bool, error) {
	return sudoku.PatternGrid(g.Geometry().Box), true, nil
}

// A deadline stops the generator inside an oracle call, and the error
// says where it stood.
func TestGeneratorStopsAtTheDeadline(t *testing.T) {
	calls := 0
	gen, err := corpora.NewGenerator(stallingOracle{&calls}, corpora.GenerateOptions{Box: 5, Hints: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = gen.NextContext(ctx)
	var giveUp *corpora.GiveUpError
	if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &giveUp) || calls != 1 {
		t.Fatalf("error %v after %d oracle calls, want a GiveUpError of the deadline in the first call", err, calls)
	}
	if giveUp.Attempts != 1 || giveUp.Budget != corpora.DefaultAttempts || giveUp.Fewest >= 625 || giveUp.Fewest <= 200 {
		t.Errorf("%+v: want attempt 1 of %d, only cells its peers force removed", giveUp, corpora.DefaultAttempts)
	}
	for _, want := range []string{"generate: stopped (context deadline exceeded) in attempt 1 of 50 on 25×25 classic: the fewest hints reached was", "not 200"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// An oracle without Context methods is not called once the context has
// ended.
func TestGeneratorChecksTheContextBetweenCalls(t *testing.T) {
	gen, err := corpora.NewGenerator(backtrackOracle{}, corpora.GenerateOptions{Box: 3, Hints: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := gen.NextContext(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want the context's", err)
	}
}

// Progress follows the puzzle being made down to its hint count.
func TestGeneratorProgress(t *testing.T) {
	var seen []corpora.GenerateProgress
	opts := corpora.GenerateOptions{Box: 3, Hints: 30, Seed: 4, Progress: func(p corpora.GenerateProgress) { seen = append(seen, p) }}
	p := generate(t, dlx.Oracle{}, opts, 1)[0]
	if len(seen) == 0 {
		t.Fatal("no progress reported")
	}
	last := seen[len(seen)-1]
	if last.Hints != 30 || last.Fewest != 30 || p.Hints() != 30 {
		t.Errorf("last progress %+v, want 30 hints reached", last)
	}
	for i, s := range seen {
		if s.Attempt < 1 || s.Fewest > s.Hints || (i > 0 && s.Attempt == seen[i-1].Attempt && s.Hints > seen[i-1].Hints) {
			t.Fatalf("progress %d: %+v after %+v", i, s, seen[max(i-1, 0)])
		}
	}
}

func TestGeneratorBadOptions(t *testing.T) {
	for _, opts := range []corpora.GenerateOptions{
		{Box: 1, Hints: 1}, {Box: 7, Hints: 30}, {Box: 3, Hints: 82}, {Box: 3, Hints: -1}, {Box: 3, Hints: 30, Attempts: -1},
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
