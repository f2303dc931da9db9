package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/ladder"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/milp"
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
	// format is --format; tables writes it.
	format string
	tables table.Writer
	// skipInvalid is --skip-invalid; errOut hears the lines it skipped.
	skipInvalid bool
	errOut      io.Writer
	// read is what the load of the corpus read, for the tables' titles.
	read corpora.Stats
}

func newAnalyzeCmd() *cobra.Command {
	var o analyzeOptions
	cmd := &cobra.Command{
		Use:   "analyze --lp|--up|--inference|--qubo [--corpus NAME] [--limit N] [--seed S] [--format F]",
		Short: "Analyse how much of a corpus an encoding settles without search (--up: unit propagation, --inference: the inference ladder, --lp: LP relaxation, --qubo: QUBO sizes)",
		Long: "analyze --up propagates each puzzle's givens over the minimal and the extended CNF\n" +
			"(an engine-independent unit propagator) and reports, per hint count, the share of puzzles\n" +
			"solved without a decision; on the extended encoding that is naked plus hidden singles.\n\n" +
			"analyze --inference climbs the inference ladder: on each CNF encoding (minimal, efficient,\n" +
			"extended, augmented) it measures the share of puzzles that unit propagation, failed-literal\n" +
			"probing and double lookahead each solve without a decision, beside the published figures,\n" +
			"per hint count, and the puzzles' ratings (the weakest rung that solves them). Double\n" +
			"lookahead on the weak encodings is slow where it cannot solve a puzzle: top1465 takes about\n" +
			"3 s of CPU time, the whole 17-clue corpus (49,158 puzzles) about 200 s; --limit samples.\n\n" +
			"analyze --lp solves each puzzle, then maximises, over the LP relaxation of its 0/1 model\n" +
			"(givens fixed), the sum of the variables that disagree with the solution: the relaxation is\n" +
			"tight when that maximum is 0. It reports the share of tight puzzles per hint count (needs glpsol).\n\n" +
			"analyze --qubo builds each puzzle's QUBO in the fixed (D-Wave), pruned (Amplify) and propagated\n" +
			"(after naked and hidden singles) formulations and reports, per hint count, their mean variables and\n" +
			"couplers and the share of puzzles that propagation leaves nothing to anneal.\n\n" +
			"--format writes the tables as report does: text, md, csv (raw counts and fractions), latex or html.",
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
			tables, err := table.WriterFor(o.format)
			if err != nil {
				return usageError(fmt.Errorf("--format: %w", err))
			}
			o.tables = tables
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
	addFormatFlag(cmd, &o.format)
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
	t := &table.Table{
		Title:   fmt.Sprintf("LP relaxation tightness, %s (%s)", o.corpus, o.sampleText()),
		Columns: []table.Column{hintsColumn, puzzlesColumn, numberColumn("tight"), numberColumn("share")},
	}
	row := func(label string, b milp.LPBucket) {
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(label), table.IntCell(b.Puzzles),
			table.IntCell(b.Tight), fractionCell(fmt.Sprintf("%.1f%%", 100*b.Share()), b.Share())}})
	}
	for _, b := range a.Buckets() {
		row(hintsLabel(b.Hints), b)
	}
	row("all", a.Total())
	return o.tables.WriteTable(out, t)
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

func analyzeUP(out io.Writer, dir string, o analyzeOptions) error {
	a := ladder.NewUPAnalysis()
	err := o.load(dir, func(p corpora.Puzzle) error {
		a.Add(p.Grid)
		return nil
	})
	if err != nil {
		return err
	}
	return o.tables.WriteTable(out, upTable(o, a))
}

func upTable(o analyzeOptions, a *ladder.UPAnalysis) *table.Table {
	return solvedByHints(fmt.Sprintf("Solved by unit propagation alone, %s (%s)", o.corpus, o.sampleText()),
		ladder.UPEncodings, append(a.Buckets(), a.Total()), func(b *ladder.UPBucket, e cnf.Encoding) (hints, puzzles, solved int) {
			return b.Hints, b.Puzzles, b.Solved(e)
		})
}

// solvedByHints is a table with a row per bucket of hint counts (a
// negative count for all) and a column per encoding: how many of the
// bucket's puzzles a procedure solves on it, as count says.
func solvedByHints[B any](title string, encodings []cnf.Encoding, buckets []B, count func(B, cnf.Encoding) (hints, puzzles, solved int)) *table.Table {
	t := &table.Table{Title: title, Columns: []table.Column{hintsColumn, puzzlesColumn}}
	for _, e := range encodings {
		t.Columns = append(t.Columns, shareColumn(e.String()))
	}
	for _, b := range buckets {
		hints, puzzles, _ := count(b, encodings[0])
		cells := []table.Cell{table.TextCell(hintsLabel(hints)), table.IntCell(puzzles)}
		for _, e := range encodings {
			_, _, solved := count(b, e)
			cells = append(cells, shareCell(solved, puzzles))
		}
		t.Rows = append(t.Rows, table.Row{Cells: cells})
	}
	return t
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
	t := &table.Table{
		Title:   fmt.Sprintf("QUBO model sizes (means), %s (%s)", o.corpus, o.sampleText()),
		Columns: []table.Column{hintsColumn, puzzlesColumn},
	}
	for _, f := range qubo.SizeFormulations {
		t.Columns = append(t.Columns, numberColumn(f.String()+" vars"), numberColumn(f.String()+" couplers"))
	}
	t.Columns = append(t.Columns, shareColumn("propagated empty"))
	for _, b := range append(a.Buckets(), a.Total()) {
		cells := []table.Cell{table.TextCell(hintsLabel(b.Hints)), table.IntCell(b.Puzzles)}
		for k := range qubo.SizeFormulations {
			cells = append(cells, meanCell(b.MeanVariables(k)), meanCell(b.MeanCouplers(k)))
		}
		t.Rows = append(t.Rows, table.Row{Cells: append(cells, shareCell(b.Empty, b.Puzzles))})
	}
	return o.tables.WriteTable(out, t)
}

// The columns of analyze's tables.
var (
	hintsColumn   = table.Column{Name: "hints"}
	puzzlesColumn = numberColumn("puzzles")
)

// numberColumn holds counts, means or fractions, right-aligned.
func numberColumn(name string) table.Column { return table.Column{Name: name, Right: true} }

// shareColumn holds shareCells; CSV writes their count and their fraction
// in two columns.
func shareColumn(name string) table.Column {
	return table.Column{Name: name, CSV: []string{name, name + " share"}, Right: true}
}

// hintsLabel names a bucket of hints: its count, or "all" for the total
// (a negative count).
func hintsLabel(hints int) string {
	if hints < 0 {
		return "all"
	}
	return strconv.Itoa(hints)
}

// shareCell writes count of n as "44.6% (21915)", and raw as the count
// and the fraction.
func shareCell(count, n int) table.Cell {
	share := float64(count) / float64(max(n, 1))
	return table.Cell{Text: fmt.Sprintf("%.1f%% (%d)", 100*share, count),
		Raw: []string{strconv.Itoa(count), table.RawFloat(share)}, Value: math.NaN()}
}

// fractionCell is a fraction written as text, raw as the fraction.
func fractionCell(text string, fraction float64) table.Cell {
	return table.Cell{Text: text, Raw: []string{table.RawFloat(fraction)}, Value: math.NaN()}
}

// meanCell writes a mean to one decimal.
func meanCell(v float64) table.Cell {
	return table.Cell{Text: fmt.Sprintf("%.1f", v), Raw: []string{table.RawFloat(v)}, Value: math.NaN()}
}
