package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// generateFlags are the flags of the generate command.
type generateFlags struct {
	hints, count, size, attempts int
	seed                         uint64
	variant, out                 string
}

func newGenerateCmd() *cobra.Command {
	var f generateFlags
	cmd := &cobra.Command{
		Use:   "generate --hints N",
		Short: "Generate unique puzzles with an exact hint count, one line each",
		Long: "Generate puzzles: a random full grid, then cells removed in random order while the\n" +
			"solution stays unique (checked by Dancing Links), until --hints remain. The same seed\n" +
			"gives the same puzzles. On 9×9, random removal rarely gets below about 20 hints.",
		Example: "  sudokubench generate --hints 30 --count 100 --seed 7\n" +
			"  sudokubench generate --hints 120 --size 16 --variant diagonal --out p16.txt",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runGenerate(cmd.OutOrStdout(), f) },
	}
	cmd.Flags().IntVar(&f.hints, "hints", 0, "hint count of every puzzle (required)")
	cmd.Flags().IntVar(&f.count, "count", 1, "number of puzzles")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&f.size, "size", 9, "grid side: 4, 9, 16 or 25")
	cmd.Flags().StringVar(&f.variant, "variant", "classic", "classic or diagonal")
	cmd.Flags().IntVar(&f.attempts, "attempts", corpora.DefaultAttempts, "full grids one puzzle may use up before giving up")
	cmd.Flags().StringVar(&f.out, "out", "", "write to this file instead of standard output")
	_ = cmd.MarkFlagRequired("hints")
	return cmd
}

func runGenerate(stdout io.Writer, f generateFlags) error {
	gen, err := newGenerator(f)
	if err != nil {
		return err
	}
	if f.count < 1 {
		return fmt.Errorf("generate: --count %d: ask for at least one puzzle", f.count)
	}
	if f.out == "" {
		return writePuzzles(stdout, gen, f)
	}
	file, err := os.Create(f.out)
	if err != nil {
		return err
	}
	if err := writePuzzles(file, gen, f); err != nil {
		file.Close()
		return fmt.Errorf("%w (%s holds the puzzles made before the error)", err, f.out)
	}
	return file.Close()
}

func newGenerator(f generateFlags) (*corpora.Generator, error) {
	variant, err := sudoku.ParseVariant(f.variant)
	if err != nil {
		return nil, err
	}
	geo, err := sudoku.GeometryForSide(f.size, variant)
	if err != nil {
		return nil, fmt.Errorf("generate: --size %d: %w", f.size, err)
	}
	return corpora.NewGenerator(dlx.Oracle{}, corpora.GenerateOptions{
		Box: geo.Box, Variant: variant, Hints: f.hints, Seed: f.seed, Attempts: f.attempts,
	})
}

// writePuzzles writes a '#' line stating the parameters, then one puzzle a
// line, flushing each so that a long run shows progress.
func writePuzzles(w io.Writer, gen *corpora.Generator, f generateFlags) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# sudokubench generate --hints %d --count %d --seed %d --size %d --variant %s --attempts %d\n",
		f.hints, f.count, f.seed, f.size, f.variant, f.attempts)
	for range f.count {
		p, err := gen.Next()
		if err != nil {
			bw.Flush()
			return err
		}
		fmt.Fprintln(bw, p.String())
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
