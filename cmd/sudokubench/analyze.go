package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/milp"
)

// analyzeOptions are the flags of `sudokubench analyze`.
type analyzeOptions struct {
	lp     bool
	corpus string
	limit  int
	seed   uint64
}

func newAnalyzeCmd() *cobra.Command {
	var o analyzeOptions
	cmd := &cobra.Command{
		Use:   "analyze --lp [--corpus NAME] [--limit N] [--seed S]",
		Short: "Analyse how much of a corpus an encoding settles without search (--lp: LP relaxation tightness)",
		Long: "analyze --lp solves each puzzle, then maximises, over the LP relaxation of its 0/1 model\n" +
			"(givens fixed), the sum of the variables that disagree with the solution: the relaxation is\n" +
			"tight when that maximum is 0. It reports the share of tight puzzles per hint count (needs glpsol).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !o.lp {
				return errors.New("choose an analysis: --lp (LP relaxation tightness)")
			}
			dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
			if err != nil {
				return err
			}
			return analyzeLP(cmd.Context(), cmd.OutOrStdout(), dir, o)
		},
	}
	cmd.Flags().BoolVar(&o.lp, "lp", false, "LP relaxation tightness of the 0/1 model, per hint count")
	cmd.Flags().StringVar(&o.corpus, "corpus", "norvig-top95", "corpus to analyse (see `sudokubench corpora`)")
	cmd.Flags().IntVar(&o.limit, "limit", 0, "analyse a seeded random sample of this many puzzles (0: all)")
	cmd.Flags().Uint64Var(&o.seed, "seed", 1, "seed of the sample")
	return cmd
}

func analyzeLP(ctx context.Context, out io.Writer, dir string, o analyzeOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	a := milp.NewLPAnalysis()
	if err := a.Available(); err != nil {
		return fmt.Errorf("analyze --lp: %w", err)
	}
	opts := corpora.Options{Sample: o.limit, Seed: o.seed}
	_, err := corpora.Load(dir, o.corpus, opts, func(p corpora.Puzzle) error {
		if _, err := a.Add(ctx, p.Grid); err != nil {
			return fmt.Errorf("%s: %w", p.ID, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLPTable(out, o, a)
}

func writeLPTable(out io.Writer, o analyzeOptions, a *milp.LPAnalysis) error {
	sample := "all puzzles"
	if o.limit > 0 {
		sample = fmt.Sprintf("sample of %d, seed %d", o.limit, o.seed)
	}
	if _, err := fmt.Fprintf(out, "LP relaxation tightness, %s (%s)\n", o.corpus, sample); err != nil {
		return err
	}
	table := tablewriter.NewWriter(out)
	table.Header("hints", "puzzles", "tight", "share")
	for _, b := range a.Buckets() {
		if err := table.Append(lpRow(strconv.Itoa(b.Hints), b)...); err != nil {
			return err
		}
	}
	if err := table.Append(lpRow("all", a.Total())...); err != nil {
		return err
	}
	return table.Render()
}

func lpRow(label string, b milp.LPBucket) []any {
	return []any{label, strconv.Itoa(b.Puzzles), strconv.Itoa(b.Tight), fmt.Sprintf("%.1f%%", 100*b.Share())}
}
