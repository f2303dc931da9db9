package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/sudoku"
)

// generateFlags are the flags of the generate command.
type generateFlags struct {
	hints, count, size, attempts int
	seed                         uint64
	variant, out                 string
	timeout                      time.Duration
	force                        bool
}

// defaultGenerateTimeout is how long one puzzle may take unless --timeout
// says otherwise: far more than a reachable hint count needs (a 9×9 puzzle
// takes milliseconds, a 25×25 one with 300 hints seconds), and short
// enough that an unreachable one ends with an explanation.
const defaultGenerateTimeout = time.Minute

func newGenerateCmd() *cobra.Command {
	var f generateFlags
	cmd := &cobra.Command{
		Use:   "generate --hints N",
		Short: "Generate unique puzzles with an exact hint count, one line each",
		Long: "Generate puzzles: a random full grid, then cells removed in random order while the\n" +
			"solution stays unique (checked by the bitboard search for a second solution, up to\n" +
			"20 guesses a check: a cell it cannot prove safe stays), until --hints remain. The same seed\n" +
			"gives the same puzzles. On 9×9, random removal rarely gets below about 20 hints; a\n" +
			"hint count below the proven minimum (17 on 9×9, 4 on 4×4) is refused at once. One\n" +
			"puzzle may use up --attempts full grids and take --timeout; when either runs out, the\n" +
			"command says how near it came and what to ask for instead. On a terminal, a line on\n" +
			"stderr shows the puzzles made and the attempt and hints of the one under way.",
		Example: "  sudokubench generate --hints 30 --count 100 --seed 7\n" +
			"  sudokubench generate --hints 120 --size 16 --variant diagonal --out p16.txt\n" +
			"  sudokubench generate --hints 300 --size 25 --timeout 5m",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runGenerate(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), f)
		},
	}
	cmd.Flags().IntVar(&f.hints, "hints", 0, "hint count of every puzzle (required)")
	cmd.Flags().IntVar(&f.count, "count", 1, "number of puzzles")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&f.size, "size", 9, "grid side: 4, 9, 16, 25 or 36")
	cmd.Flags().StringVar(&f.variant, "variant", "classic", "classic or diagonal")
	cmd.Flags().IntVar(&f.attempts, "attempts", corpora.DefaultAttempts, "full grids one puzzle may use up before giving up (at least 1)")
	cmd.Flags().DurationVar(&f.timeout, "timeout", defaultGenerateTimeout, "the most time one puzzle may take (0: no limit)")
	cmd.Flags().StringVar(&f.out, "out", "", "write to this file instead of standard output (whole, or with the puzzles made when generation stops early)")
	cmd.Flags().BoolVar(&f.force, "force", false, "replace --out although sudokubench did not write it")
	_ = cmd.MarkFlagRequired("hints")
	return cmd
}

func runGenerate(ctx context.Context, stdout, stderr io.Writer, f generateFlags) error {
	if err := checkGenerateFlags(f); err != nil {
		return usageError(err)
	}
	show := newGenerateProgress(stderr, f)
	gen, err := newGenerator(f, show.update)
	if err != nil {
		return usageError(err)
	}
	defer show.end()
	if f.out == "" {
		return writePuzzles(ctx, show.display.Above(stdout), gen, f, show)
	}
	return writePuzzleFile(ctx, gen, f, show)
}

// writePuzzleFile writes the puzzles to --out, which it replaces when
// they are written: all of them, or, when generation stops early, those
// made before; a failed write leaves the old file as it was.
func writePuzzleFile(ctx context.Context, gen *corpora.Generator, f generateFlags, show *generateProgress) error {
	if err := report.CheckFiles([]string{f.out}, f.force); err != nil {
		return usageError(fmt.Errorf("generate: --out: %w", err))
	}
	file, err := outfile.Create(f.out)
	if err != nil {
		return err
	}
	stopped := writePuzzles(ctx, file, gen, f, show)
	if err := file.Commit(); err != nil {
		return err
	}
	if err := outfile.Claim(f.out); err != nil {
		return err
	}
	if stopped != nil {
		return fmt.Errorf("%w (%s holds the puzzles made before)", stopped, f.out)
	}
	return nil
}

// checkGenerateFlags refuses flags that cannot be meant.
func checkGenerateFlags(f generateFlags) error {
	switch {
	case f.count < 1:
		return fmt.Errorf("generate: --count %d: ask for at least one puzzle", f.count)
	case f.attempts < 1:
		return fmt.Errorf("generate: --attempts %d: a puzzle needs at least one full grid to remove cells from (default %d)", f.attempts, corpora.DefaultAttempts)
	case f.timeout < 0:
		return fmt.Errorf("generate: --timeout %s: give a duration such as 30s or 5m, or 0 for no limit", f.timeout)
	}
	return nil
}

func newGenerator(f generateFlags, progress func(corpora.GenerateProgress)) (*corpora.Generator, error) {
	variant, err := sudoku.ParseVariant(f.variant)
	if err != nil {
		return nil, err
	}
	geo, err := sudoku.GeometryForSide(f.size, variant)
	if err != nil {
		return nil, fmt.Errorf("generate: --size %d: %w", f.size, err)
	}
	return corpora.NewGenerator(bitboard.Oracle{}, corpora.GenerateOptions{
		Box: geo.Box, Variant: variant, Hints: f.hints, Seed: f.seed, Attempts: f.attempts, Progress: progress,
	})
}

// writePuzzles writes a '#' line stating the parameters, then one puzzle a
// line, flushing each so that a long run shows its puzzles as they come.
func writePuzzles(ctx context.Context, w io.Writer, gen *corpora.Generator, f generateFlags, show *generateProgress) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# sudokubench generate --hints %d --count %d --seed %d --size %d --variant %s --attempts %d\n",
		f.hints, f.count, f.seed, f.size, f.variant, f.attempts)
	for i := 1; i <= f.count; i++ {
		show.startPuzzle(i)
		p, err := nextPuzzle(ctx, gen, f.timeout)
		if err != nil {
			bw.Flush()
			return explainGiveUp(err, f, i)
		}
		fmt.Fprintln(bw, p.String())
		if err := bw.Flush(); err != nil {
			return err
		}
		show.made(i)
	}
	return nil
}

// nextPuzzle makes one puzzle within the timeout (0: none).
func nextPuzzle(ctx context.Context, gen *corpora.Generator, timeout time.Duration) (*sudoku.Grid, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return gen.NextContext(ctx)
}

// explainGiveUp says, in the command's flags, why puzzle i was not made
// and what to try.
func explainGiveUp(err error, f generateFlags, i int) error {
	var g *corpora.GiveUpError
	switch {
	case !errors.As(err, &g):
		return err
	case errors.Is(err, context.DeadlineExceeded) && g.Fewest == g.Geometry.Cells:
		return fmt.Errorf("generate: the --timeout of %s ran out on puzzle %d of %d, in attempt %d of %d on %s, before a single cell was removed; allow a longer --timeout (0: no limit)",
			f.timeout, i, f.count, g.Attempts, g.Budget, g.Geometry)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("generate: the --timeout of %s ran out on puzzle %d of %d, in attempt %d of %d on %s: the fewest hints reached was %d, not %d; ask for more hints (--hints %d gets there in the time), or allow a longer --timeout (0: no limit)",
			f.timeout, i, f.count, g.Attempts, g.Budget, g.Geometry, g.Fewest, g.Hints, g.Fewest)
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("generate: interrupted on puzzle %d of %d, in attempt %d of %d", i, f.count, g.Attempts, g.Budget)
	}
	return fmt.Errorf("%w (puzzle %d of %d: try --hints %d or more, or --attempts above %d)", err, i, f.count, g.Fewest, g.Budget)
}

// generateProgress shows how far generation has come: the puzzles made,
// and of the one under way its attempt and hints.
type generateProgress struct {
	display *progress.Display
	f       generateFlags
	puzzle  int // the puzzle under way, from 1
}

func newGenerateProgress(w io.Writer, f generateFlags) *generateProgress {
	return &generateProgress{display: progress.New(w, "generate"), f: f}
}

// startPuzzle notes that puzzle i (from 1) is begun.
func (g *generateProgress) startPuzzle(i int) {
	if i == 1 {
		g.display.Start("puzzles", g.f.count, 0)
	}
	g.puzzle = i
	g.display.Update(i-1, "")
}

// update shows where the puzzle under way stands.
func (g *generateProgress) update(p corpora.GenerateProgress) {
	g.display.Update(g.puzzle-1, g.status(p))
}

// made notes that puzzle i is written.
func (g *generateProgress) made(i int) { g.display.Update(i, "") }

// status says where the puzzle under way stands: "puzzle 3: attempt 2
// of 50, 412 hints (fewest 380, asked 200)".
func (g *generateProgress) status(p corpora.GenerateProgress) string {
	return fmt.Sprintf("puzzle %d: attempt %d of %d, %d hints (fewest %d, asked %d)",
		g.puzzle, p.Attempt, g.f.attempts, p.Hints, p.Fewest, g.f.hints)
}

// end leaves the last line.
func (g *generateProgress) end() { g.display.Stop() }
