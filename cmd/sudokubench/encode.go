package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/sudoku"
)

type encodeOptions struct {
	to        string
	encoding  string
	amo       string
	reduce    bool
	propagate bool
	form      string
	qubo      string
	weights   string
	variant   string
	smtForm   string
	out       string
}

// addModelFlags declares the options of the models encode writes, which
// export and decode take too.
func addModelFlags(f *pflag.FlagSet, o *encodeOptions) {
	f.StringVar(&o.encoding, "encoding", "extended", "cnf/opb: minimal, efficient, extended or augmented")
	f.StringVar(&o.amo, "amo", "pairwise", "cnf/opb: at-most-one strategy: pairwise, sequential or (opb) native")
	f.BoolVar(&o.reduce, "reduce", false, "cnf/opb: apply the givens and what they eliminate before writing")
	f.BoolVar(&o.propagate, "propagate", false, "cnf/opb: apply everything unit propagation derives from the givens")
	f.StringVar(&o.form, "form", "eliminated", "lp/mps/freemps: givens as fixed bounds (fixed) or eliminated")
	f.StringVar(&o.qubo, "formulation", "pruned", "qubo/coo/bqm: fixed (D-Wave), pruned (Amplify), propagated (after singles) or wildqat")
	f.StringVar(&o.weights, "weights", qubo.DefaultWeights().String(), "qubo/coo/bqm: penalty weights cell:row:column:box[:diagonal]")
	f.StringVar(&o.smtForm, "smt-form", "int", "smt2: int (an integer per cell, distinct) or onehot (a Boolean per cell and digit)")
}

// modelFormat is the format --to names, with the options its flags give,
// checked and complete; a bad one is refused naming its flag.
func (o encodeOptions) modelFormat() (*formats.Format, map[string]string, error) {
	f, err := formats.Lookup(o.to)
	if err != nil {
		return nil, nil, fmt.Errorf("--to: %w", err)
	}
	given := make(map[string]string)
	for k := range f.Options {
		given[k] = o.optionValue(f, k)
	}
	opts, err := f.Complete(given)
	var oe *formats.OptionError
	if errors.As(err, &oe) {
		return nil, nil, fmt.Errorf("--%s: %w", o.flagOf(f, oe.Option), oe.Err)
	}
	return f, opts, err
}

// optionValue is the value the flags give a format's option.
func (o encodeOptions) optionValue(f *formats.Format, option string) string {
	switch option {
	case "encoding":
		return o.encoding
	case "at_most_one":
		return o.amo
	case "reduce":
		switch {
		case o.propagate:
			return "propagated"
		case o.reduce:
			return "givens"
		}
		return "none"
	case "form":
		if f.Family == "smt" {
			return o.smtForm
		}
		return o.form
	case "formulation":
		return o.qubo
	case "weights":
		return o.weights
	}
	return ""
}

// flagOf names the flag that sets a format's option.
func (o encodeOptions) flagOf(f *formats.Format, option string) string {
	switch option {
	case "at_most_one":
		return "amo"
	case "reduce":
		return "reduce/--propagate"
	case "form":
		if f.Family == "smt" {
			return "smt-form"
		}
	}
	return option
}

func newEncodeCmd() *cobra.Command {
	var o encodeOptions
	var force bool
	cmd := &cobra.Command{
		Use:   "encode [flags] PUZZLE|FILE|-",
		Short: "Write a puzzle as DIMACS CNF, OPB, CPLEX LP, MPS (fixed or free), a QUBO (qbsolv, dimod), MiniZinc, SMT-LIB 2 or ASP for any outside solver",
		Long: "Write one puzzle — given inline as a line of 16/81/256/625 symbols, or the first\n" +
			"puzzle of a file or of standard input — in a solver's input format. The model's\n" +
			"size goes to standard error. The file's first line (the second in OPB and COO,\n" +
			"the info object in a BQM) is a comment naming the format, its options and the\n" +
			"puzzle, and DIMACS, OPB, qbsolv and COO files map their variables back to cells\n" +
			"and digits, so that 'sudokubench decode FILE ANSWER' reads a solver's answer.",
		Example: "  sudokubench encode --to cnf --encoding extended --reduce 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" +
			"  sudokubench encode --to lp --form fixed corpora/data/norvig-top95.txt > top95-1.lp\n" +
			"  sudokubench encode --to bqm --formulation fixed corpora/data/17-clue.txt > 17-clue-1.json   # dimod.BinaryQuadraticModel.from_serializable\n" +
			"  sudokubench encode --to mzn corpora/data/17-clue.txt > 17-clue-1.mzn && minizinc --solver gecode 17-clue-1.mzn\n" +
			"  sudokubench encode --to smt2 --smt-form int corpora/data/17-clue.txt | z3 -in -model   # or cvc5 --dump-models\n" +
			"  sudokubench encode --to asp corpora/data/17-clue.txt | gringo | clasp",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runEncode(cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], o, force)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.to, "to", "cnf", "output format: "+formats.Describe())
	addModelFlags(f, &o)
	f.StringVar(&o.variant, "variant", "classic", "classic or diagonal")
	f.StringVar(&o.out, "out", "", "write to this file instead of standard output (whole or not at all)")
	f.BoolVar(&force, "force", false, "replace --out although sudokubench did not write it")
	return cmd
}

func runEncode(stdin io.Reader, stdout, stderr io.Writer, source string, o encodeOptions, force bool) error {
	f, opts, err := o.modelFormat()
	if err != nil {
		return usageError(err)
	}
	variant, err := sudoku.ParseVariant(o.variant)
	if err != nil {
		return usageError(err)
	}
	puzzle, err := readOnePuzzle(stdin, source, variant)
	if err != nil {
		return usageError(err)
	}
	var wr formats.Written
	write := func(w io.Writer) (err error) {
		wr, err = f.WriteFile(w, puzzle, opts)
		return err
	}
	if o.out == "" {
		err = write(stdout)
	} else {
		err = writeEncodedFile(o.out, force, write)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %s\n", f.Name, sizesText(wr.Instance.Sizes()))
	if wr.NoSolution != nil {
		fmt.Fprintf(stderr, "%s: no solution: %v\n", f.Name, wr.NoSolution)
	}
	return nil
}

// writeEncodedFile writes --out whole or not at all through write, and
// claims it as sudokubench's; a path sudokubench did not write is refused
// (exit 2) unless force, before anything is written.
func writeEncodedFile(path string, force bool, write func(io.Writer) error) error {
	if err := report.CheckFiles([]string{path}, force); err != nil {
		return usageError(fmt.Errorf("encode: --out: %w", err))
	}
	if err := outfile.Write(path, write); err != nil {
		return err
	}
	return outfile.Claim(path)
}

// sizesText writes a model's sizes as "729 variables, 11762 clauses".
func sizesText(sizes map[string]int) string {
	parts := make([]string, 0, len(sizes))
	for _, k := range slices.Sorted(maps.Keys(sizes)) {
		parts = append(parts, fmt.Sprintf("%d %s", sizes[k], k))
	}
	return strings.Join(parts, ", ")
}

// readOnePuzzle takes a puzzle written inline, or the first puzzle of a file
// ("-" for standard input).
func readOnePuzzle(stdin io.Reader, source string, v sudoku.Variant) (*sudoku.Grid, error) {
	if g, err := sudoku.ParseLine(strings.TrimSpace(source), v); err == nil {
		return g, nil
	}
	var first *sudoku.Grid
	_, err := scanInput(stdin, source, corpora.Options{Variant: v, Limit: 1}, func(p corpora.Puzzle) error {
		first = p.Grid
		return nil
	})
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = fmt.Errorf("%q is neither a puzzle line nor a readable file: %w", source, err)
	case err == nil && first == nil:
		err = fmt.Errorf("%s: no puzzle found", inputName(source))
	}
	return first, err
}
