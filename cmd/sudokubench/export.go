package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/harness/export"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/sudoku"
)

// exportFlags are the flags of export: what encode takes, and the
// puzzles' selection as run takes it.
type exportFlags struct {
	encodeOptions
	corpus, hints string
	limit         int
	seed          int64
	sample, force bool
	skipInvalid   bool
}

func newExportCmd() *cobra.Command {
	var fl exportFlags
	cmd := &cobra.Command{
		Use:   "export --corpus SPEC --to FORMAT --out DIR",
		Short: "Write a corpus's puzzles as instance files with BenchExec task definitions, for other harnesses",
		Long: `Export writes one instance file per puzzle of the corpora (shipped, derived such
as 17-clue+8 or 17-clue+0..7, or puzzle files) in any format encode writes,
or the puzzle line itself (--to puzzle); beside each, a BenchExec task
definition (NAME.yml, format 2.0) naming the file and the properties whose
verdicts the corpus knows, with expected_verdict: properties/solvable.prp
and properties/unique.prp (both for every shipped corpus: serg's puzzles,
two or more solutions each, are not unique); and puzzles.csv, which lists
every task with the puzzle's id, line, SHA-256 and the instance file's
SHA-256. BenchExec and StarExec run the instances unchanged. It never writes into a directory that
holds a run, and replaces no file without --force.`,
		Example: "  sudokubench export --corpus 17-clue --limit 100 --to cnf --out inst/17-clue-cnf\n" +
			"  sudokubench export --corpus top1465 --to mzn --out inst/top1465-mzn\n" +
			"  sudokubench export --corpus serg --to smt2 --smt-form onehot --out inst/serg-smt",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runExport(cmd, fl) },
	}
	f := cmd.Flags()
	f.StringVar(&fl.corpus, "corpus", "", "corpora, comma-separated: shipped names, 17-clue+k, 17-clue+a..b, or puzzle files by path (a file whose name holds a comma is taken whole)")
	f.StringVar(&fl.hints, "hints", "", `only puzzles with this many hints: "17-30", "22", "25-"`)
	f.IntVar(&fl.limit, "limit", 0, "puzzles per corpus (0: all)")
	f.BoolVar(&fl.sample, "sample", true, "take the --limit puzzles as a seeded random sample (false: the first ones)")
	f.Int64Var(&fl.seed, "seed", 1, "seed of the sample")
	f.StringVar(&fl.out, "out", "", "directory to write into (required)")
	f.BoolVar(&fl.force, "force", false, "replace files that exist")
	f.StringVar(&fl.to, "to", "cnf", "format: "+formats.Describe())
	addModelFlags(f, &fl.encodeOptions)
	f.StringVar(&fl.variant, "variant", "classic", "classic or diagonal: the variant the puzzles are read as")
	addSkipInvalidFlag(cmd, &fl.skipInvalid)
	return cmd
}

func runExport(cmd *cobra.Command, fl exportFlags) error {
	if fl.out == "" || fl.corpus == "" {
		return usageError(fmt.Errorf("export needs --corpus and --out"))
	}
	if err := notNegative("limit", fl.limit, "all"); err != nil {
		return err
	}
	if fi, err := os.Stat(fl.out); err == nil && !fi.IsDir() {
		return usageError(fmt.Errorf("export: --out %s is a file; export writes a directory of instances (made if missing): name a directory", fl.out))
	}
	variant, err := sudoku.ParseVariant(fl.variant)
	if err != nil {
		return usageError(err)
	}
	f, opts, err := fl.modelFormat()
	if err != nil {
		return usageError(err)
	}
	format := export.FormatOf(f, opts)
	puzzles, err := exportPuzzles(cmd, fl, variant)
	if err != nil {
		return inputError(err)
	}
	sum, err := export.Write(export.Config{Dir: fl.out, Format: format, Force: fl.force}, puzzles)
	if err != nil {
		return inputErrors(err)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%d tasks (%s) written to %s: instances, BenchExec task definitions, %s\n", sum.Tasks, format.Name, fl.out, export.ListFile)
	return nil
}

// exportPuzzles loads the puzzles of every corpus named.
func exportPuzzles(cmd *cobra.Command, fl exportFlags, variant sudoku.Variant) ([]corpora.Puzzle, error) {
	dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
	if err != nil {
		return nil, err
	}
	hints, err := corpora.ParseHintRange(fl.hints)
	if err != nil {
		return nil, err
	}
	opts := corpora.Options{Variant: variant, Hints: hints, Oracle: bitboard.Oracle{}, Seed: uint64(fl.seed), SkipInvalid: fl.skipInvalid}
	if fl.sample {
		opts.Sample = fl.limit
	} else {
		opts.Limit = fl.limit
	}
	names, err := corpora.SplitList(fl.corpus)
	if err != nil {
		return nil, err
	}
	var puzzles []corpora.Puzzle
	for _, name := range names {
		st, err := corpora.Load(dir, name, opts, func(p corpora.Puzzle) error {
			puzzles = append(puzzles, p)
			return nil
		})
		warnSkipped(cmd.ErrOrStderr(), "corpus "+name, st)
		if err != nil {
			return nil, fmt.Errorf("corpus %s: %w", name, err)
		}
	}
	return puzzles, nil
}
