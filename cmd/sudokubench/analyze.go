package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/milp"
	"github.com/sudokubench/sudokubench/sudoku"
)

// analyzeOptions are the flags of `sudokubench analyze`.
type analyzeOptions struct {
	lp        bool
	up        bool
	qubo      bool
	inference bool
	corpus    string
	limit     int
	seed      uint64
	workers   int
	// skipInvalid is --skip-invalid; errOut hears the lines it skipped.
	skipInvalid bool
	errOut      io.Writer
	// read is what the load of the corpus read, for the tables' titles.
	read corpora.Stats
}

func newAnalyzeCmd() *cobra.Command {
	var o analyzeOptions
	cmd := &cobra.Command{
		Use:   "analyze --lp|--up|--inference|--qubo [--corpus NAME] [--limit N] [--seed S]",
		Short: "Analyse how much of a corpus an encoding settles without search (--up: unit propagation, --inference: the inference ladder, --lp: LP relaxation, --qubo: QUBO sizes)",
		Long: "analyze --up propagates each puzzle's givens over the minimal and the extended CNF\n" +
			"(an engine-independent unit propagator) and reports, per hint count, the share of puzzles\n" +
			"solved without a decision; on the extended encoding that is naked plus hidden singles.\n\n" +
			"analyze --inference climbs the inference ladder: on each CNF encoding (minimal, efficient,\n" +
			"extended, augmented) it measures the share of puzzles that unit propagation, failed-literal\n" +
			"probing and double lookahead each solve without a decision, beside the published figures,\n" +
			"per hint count, and the puzzles' ratings (the weakest rung that solves them). Double\n" +
			"lookahead on the weak encodings is slow where it cannot solve a puzzle: top1465 takes about\n" +
			"13 s of CPU time, 1,000 puzzles of 17-clue about a minute; --limit samples.\n\n" +
			"analyze --lp solves each puzzle, then maximises, over the LP relaxation of its 0/1 model\n" +
			"(givens fixed), the sum of the variables that disagree with the solution: the relaxation is\n" +
			"tight when that maximum is 0. It reports the share of tight puzzles per hint count (needs glpsol).\n\n" +
			"analyze --qubo builds each puzzle's QUBO in the fixed (D-Wave), pruned (Amplify) and propagated\n" +
			"(after naked and hidden singles) formulations and reports, per hint count, their mean variables and\n" +
			"couplers and the share of puzzles that propagation leaves nothing to anneal.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if chosen := btoi(o.lp) + btoi(o.up) + btoi(o.inference) + btoi(o.qubo); chosen != 1 {
				return usageError(errors.New("choose one analysis: --up (unit propagation), --inference (the inference ladder), --lp (LP relaxation tightness) or --qubo (QUBO sizes)"))
			}
			if o.workers < 1 {
				return usageError(fmt.Errorf("--workers %d: need at least 1", o.workers))
			}
			if err := notNegative("limit", o.limit, "all"); err != nil {
				return err
			}
			dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
			if err == nil {
				_, err = corpora.Lookup(o.corpus)
			}
			if err != nil {
				return usageError(err)
			}
			o.errOut = cmd.ErrOrStderr()
			switch {
			case o.up:
				return analyzeUP(cmd.OutOrStdout(), dir, o)
			case o.inference:
				return analyzeInference(cmd.OutOrStdout(), dir, o)
			case o.qubo:
				return analyzeQUBO(cmd.OutOrStdout(), dir, o)
			}
			return analyzeLP(cmd.Context(), cmd.OutOrStdout(), dir, o)
		},
	}
	cmd.Flags().BoolVar(&o.up, "up", false, "share of puzzles unit propagation alone solves, per CNF encoding and hint count")
	cmd.Flags().BoolVar(&o.inference, "inference", false, "share of puzzles unit propagation, failed literals and double lookahead solve, per CNF encoding and hint count, and their ratings")
	cmd.Flags().IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "--inference: goroutines (does not change the result)")
	cmd.Flags().BoolVar(&o.lp, "lp", false, "LP relaxation tightness of the 0/1 model, per hint count")
	cmd.Flags().BoolVar(&o.qubo, "qubo", false, "QUBO variables and couplers per formulation, and the share propagation empties, per hint count")
	cmd.Flags().StringVar(&o.corpus, "corpus", "norvig-top95", "corpus to analyse (see `sudokubench corpora`)")
	cmd.Flags().IntVar(&o.limit, "limit", 0, "analyse a seeded random sample of this many puzzles (0: all)")
	cmd.Flags().Uint64Var(&o.seed, "seed", 1, "seed of the sample")
	addSkipInvalidFlag(cmd, &o.skipInvalid)
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
	err := o.load(dir, func(p corpora.Puzzle) error {
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
	if _, err := fmt.Fprintf(out, "LP relaxation tightness, %s (%s)\n", o.corpus, o.sampleText()); err != nil {
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

// load hands each puzzle to analyse (the corpus's, or a seeded sample of
// --limit) to each, once the corpus has been read and checked, and keeps
// what the load read; a corpus that does not read is exit 2.
func (o *analyzeOptions) load(dir string, each func(corpora.Puzzle) error) error {
	opts := corpora.Options{Sample: o.limit, Seed: o.seed, Oracle: bitboard.Oracle{}, SkipInvalid: o.skipInvalid}
	var err error
	o.read, err = corpora.Load(dir, o.corpus, opts, each)
	warnSkipped(o.errOut, "corpus "+o.corpus, o.read)
	return inputErrors(err)
}

// sampleText says which puzzles the tables cover: a sample, with its size
// as drawn and the seed, or all of them.
func (o analyzeOptions) sampleText() string {
	if o.read.Yielded < o.read.InRange {
		return fmt.Sprintf("sample of %d of %d, seed %d", o.read.Yielded, o.read.InRange, o.seed)
	}
	return fmt.Sprintf("all %d puzzles", o.read.Yielded)
}

// upEncodings are the encodings analyze --up compares.
var upEncodings = []cnf.Encoding{cnf.Minimal, cnf.Extended}

// upCount counts, for one hint count, the puzzles and those solved by
// propagation under each of upEncodings.
type upCount struct {
	puzzles int
	solved  []int
}

func analyzeUP(out io.Writer, dir string, o analyzeOptions) error {
	propagators := map[*sudoku.Geometry][]*cnf.Propagator{}
	counts := map[int]*upCount{}
	err := o.load(dir, func(p corpora.Puzzle) error {
		geo := p.Grid.Geometry()
		if propagators[geo] == nil {
			for _, enc := range upEncodings {
				propagators[geo] = append(propagators[geo], cnf.NewPropagator(cnf.Encode(geo, cnf.Options{Encoding: enc})))
			}
		}
		c := counts[p.Hints]
		if c == nil {
			c = &upCount{solved: make([]int, len(upEncodings))}
			counts[p.Hints] = c
		}
		c.puzzles++
		for i, prop := range propagators[geo] {
			if solved, _ := prop.SolvesPuzzle(p.Grid); solved {
				c.solved[i]++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeUPTable(out, o, counts)
}

func writeUPTable(out io.Writer, o analyzeOptions, counts map[int]*upCount) error {
	if _, err := fmt.Fprintf(out, "Solved by unit propagation alone, %s (%s)\n", o.corpus, o.sampleText()); err != nil {
		return err
	}
	table := tablewriter.NewWriter(out)
	header := []any{"hints", "puzzles"}
	for _, enc := range upEncodings {
		header = append(header, enc.String())
	}
	table.Header(header...)
	total := &upCount{solved: make([]int, len(upEncodings))}
	for _, h := range slices.Sorted(maps.Keys(counts)) {
		c := counts[h]
		total.puzzles += c.puzzles
		for i, s := range c.solved {
			total.solved[i] += s
		}
		if err := table.Append(upRow(strconv.Itoa(h), c)...); err != nil {
			return err
		}
	}
	if err := table.Append(upRow("all", total)...); err != nil {
		return err
	}
	return table.Render()
}

func upRow(label string, c *upCount) []any {
	row := []any{label, strconv.Itoa(c.puzzles)}
	for _, s := range c.solved {
		row = append(row, fmt.Sprintf("%.1f%% (%d)", 100*float64(s)/float64(max(c.puzzles, 1)), s))
	}
	return row
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func analyzeQUBO(out io.Writer, dir string, o analyzeOptions) error {
	a, err := qubo.NewSizeAnalysis(qubo.DefaultWeights())
	if err != nil {
		return err
	}
	err = o.load(dir, func(p corpora.Puzzle) error {
		if err := p.Grid.Validate(); err != nil {
			return fmt.Errorf("%s: %w", p.ID, err)
		}
		a.Add(p.Grid)
		return nil
	})
	if err != nil {
		return err
	}
	return writeQUBOTable(out, o, a)
}

func writeQUBOTable(out io.Writer, o analyzeOptions, a *qubo.SizeAnalysis) error {
	if _, err := fmt.Fprintf(out, "QUBO model sizes (means), %s (%s)\n", o.corpus, o.sampleText()); err != nil {
		return err
	}
	table := tablewriter.NewWriter(out)
	header := []any{"hints", "puzzles"}
	for _, f := range qubo.SizeFormulations {
		header = append(header, f.String()+" vars", f.String()+" couplers")
	}
	table.Header(append(header, "propagated empty")...)
	for _, b := range a.Buckets() {
		if err := table.Append(quboRow(strconv.Itoa(b.Hints), b)...); err != nil {
			return err
		}
	}
	if err := table.Append(quboRow("all", a.Total())...); err != nil {
		return err
	}
	return table.Render()
}

func quboRow(label string, b *qubo.SizeBucket) []any {
	row := []any{label, strconv.Itoa(b.Puzzles)}
	for k := range qubo.SizeFormulations {
		row = append(row, fmt.Sprintf("%.1f", b.MeanVariables(k)), fmt.Sprintf("%.1f", b.MeanCouplers(k)))
	}
	return append(row, fmt.Sprintf("%.1f%% (%d)", 100*b.EmptyShare(), b.Empty))
}
