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
	"github.com/sudokubench/sudokubench/encodings/asp"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cp"
	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/encodings/smt"
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
// export takes too.
func addModelFlags(f *pflag.FlagSet, o *encodeOptions) {
	f.StringVar(&o.encoding, "encoding", "extended", "cnf/opb: minimal, efficient, extended or augmented")
	f.StringVar(&o.amo, "amo", "pairwise", "cnf/opb: at-most-one strategy: pairwise, sequential or native")
	f.BoolVar(&o.reduce, "reduce", false, "cnf/opb: apply the givens and what they eliminate before writing")
	f.BoolVar(&o.propagate, "propagate", false, "cnf/opb: apply everything unit propagation derives from the givens")
	f.StringVar(&o.form, "form", "eliminated", "lp/mps/freemps: givens as fixed bounds (fixed) or eliminated")
	f.StringVar(&o.qubo, "formulation", "pruned", "qubo/coo/bqm: fixed (D-Wave), pruned (Amplify), propagated (after singles) or wildqat")
	f.StringVar(&o.weights, "weights", qubo.DefaultWeights().String(), "qubo/coo/bqm: penalty weights cell:row:column:box[:diagonal]")
	f.StringVar(&o.smtForm, "smt-form", "int", "smt2: int (an integer per cell, distinct) or onehot (a Boolean per cell and digit)")
}

// check reads the options the format uses, so that a bad one is refused,
// naming its flag, before anything is written.
func (o encodeOptions) check() error {
	var parses map[string]func() error
	switch o.to {
	case "cnf", "opb":
		parses = map[string]func() error{
			"encoding": func() error { _, err := cnf.ParseEncoding(o.encoding); return err },
			"amo":      func() error { _, err := cnf.ParseAtMostOne(o.amo); return err },
		}
	case "lp", "mps", "freemps":
		parses = map[string]func() error{"form": func() error { _, err := milp.ParseForm(o.form); return err }}
	case "qubo", "coo", "bqm":
		parses = map[string]func() error{
			"formulation": func() error { _, err := qubo.ParseFormulation(o.qubo); return err },
			"weights":     func() error { _, err := qubo.ParseWeights(o.weights); return err },
		}
	case "smt2":
		parses = map[string]func() error{"smt-form": func() error { _, err := smt.ParseForm(o.smtForm); return err }}
	}
	for _, flag := range slices.Sorted(maps.Keys(parses)) {
		if err := parses[flag](); err != nil {
			return fmt.Errorf("--%s: %w", flag, err)
		}
	}
	return nil
}

func newEncodeCmd() *cobra.Command {
	var o encodeOptions
	var force bool
	cmd := &cobra.Command{
		Use:   "encode [flags] PUZZLE|FILE|-",
		Short: "Write a puzzle as DIMACS CNF, OPB, CPLEX LP, MPS (fixed or free), a QUBO (qbsolv, dimod), MiniZinc, SMT-LIB 2 or ASP for any outside solver",
		Long: "Write one puzzle — given inline as a line of 16/81/256/625 symbols, or the first\n" +
			"puzzle of a file or of standard input — in a solver's input format. The model's\n" +
			"size goes to standard error.",
		Example: "  sudokubench encode --to cnf --encoding extended --reduce 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" +
			"  sudokubench encode --to lp --form fixed corpora/data/norvig-top95.txt > top95-1.lp\n" +
			"  sudokubench encode --to bqm --formulation fixed corpora/data/17-clue.txt > 17-clue-1.json   # dimod.BinaryQuadraticModel.from_serializable\n" +
			"  sudokubench encode --to mzn corpora/data/17-clue.txt > 17-clue-1.mzn && minizinc --solver gecode 17-clue-1.mzn\n" +
			"  sudokubench encode --to smt2 --smt-form int corpora/data/17-clue.txt | z3 -in\n" +
			"  sudokubench encode --to asp corpora/data/17-clue.txt | gringo | clasp",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runEncode(cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], o, force)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.to, "to", "cnf", "output format: cnf (DIMACS), opb, lp (CPLEX LP), mps (fixed MPS: glpsol --mps), freemps (free MPS: glpsol --freemps, cbc, HiGHS), qubo (qbsolv), coo (dimod COO), bqm (dimod BQM JSON), mzn (MiniZinc, alldifferent), smt2 (SMT-LIB 2) or asp (gringo/clasp)")
	addModelFlags(f, &o)
	f.StringVar(&o.variant, "variant", "classic", "classic or diagonal")
	f.StringVar(&o.out, "out", "", "write to this file instead of standard output (whole or not at all)")
	f.BoolVar(&force, "force", false, "replace --out although sudokubench did not write it")
	return cmd
}

func runEncode(stdin io.Reader, stdout, stderr io.Writer, source string, o encodeOptions, force bool) error {
	if _, ok := encoders[o.to]; !ok {
		return usageError(fmt.Errorf("unknown format %q: use %s", o.to, encoderNames))
	}
	variant, err := sudoku.ParseVariant(o.variant)
	if err != nil {
		return usageError(err)
	}
	puzzle, err := readOnePuzzle(stdin, source, variant)
	if err != nil {
		return usageError(err)
	}
	if o.out == "" {
		return writeEncoded(stdout, stderr, puzzle, o)
	}
	if err := report.CheckFiles([]string{o.out}, force); err != nil {
		return usageError(fmt.Errorf("encode: --out: %w", err))
	}
	if err := outfile.Write(o.out, func(w io.Writer) error { return writeEncoded(w, stderr, puzzle, o) }); err != nil {
		return err
	}
	return outfile.Claim(o.out)
}

// encoders write a puzzle in each format --to takes.
var encoders = map[string]func(out, stderr io.Writer, puzzle *sudoku.Grid, o encodeOptions) error{
	"cnf": encodeCNF, "opb": encodeCNF,
	"lp": encodeMILP, "mps": encodeMILP, "freemps": encodeMILP,
	"qubo": encodeQUBO, "coo": encodeQUBO, "bqm": encodeQUBO,
	"mzn": encodeModel, "smt2": encodeModel, "asp": encodeModel,
}

// encoderNames lists the formats --to takes, for messages.
const encoderNames = "cnf, opb, lp, mps (fixed), freemps, qubo, coo, bqm, mzn, smt2 or asp"

// writeEncoded writes a puzzle in the format o.to names, its model's size
// to stderr.
func writeEncoded(out, stderr io.Writer, puzzle *sudoku.Grid, o encodeOptions) error {
	encode, ok := encoders[o.to]
	if !ok {
		return usageError(fmt.Errorf("unknown format %q: use %s", o.to, encoderNames))
	}
	return encode(out, stderr, puzzle, o)
}

// milpFormats maps encode's format names to the MILP writers': mps is the
// fixed format, as glpsol --mps reads it, and freemps the free one.
var milpFormats = map[string]string{"lp": "lp", "mps": "fixed-mps", "freemps": "mps"}

func encodeCNF(out, stderr io.Writer, puzzle *sudoku.Grid, o encodeOptions) error {
	enc, err := cnf.ParseEncoding(o.encoding)
	if err != nil {
		return usageError(err)
	}
	amo, err := cnf.ParseAtMostOne(o.amo)
	if err != nil {
		return usageError(err)
	}
	write := cnf.WriteDIMACS
	if o.to == "opb" {
		write = cnf.WriteOPB
	}
	inst, err := cnf.EncodePuzzle(puzzle, cnf.Options{Encoding: enc, AtMostOne: amo, Reduce: o.reduce, Propagate: o.propagate})
	if errors.Is(err, cnf.ErrUnsat) {
		f := contradiction(o.to, err)
		if err := write(out, f); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "%s: %+v\n%s: no solution: %v\n", o.to, f.Stats(), o.to, err)
		return nil
	}
	if err != nil {
		return err
	}
	if err := write(out, inst.Full()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %+v\n", o.to, inst.Stats())
	return nil
}

// contradiction is the reduced model of a puzzle whose givens the
// reduction found contradictory: the empty clause, or for OPB, which has
// no empty constraint, x1 ≥ 1 beside x1 ≤ 0.
func contradiction(to string, why error) *cnf.Formula {
	f := &cnf.Formula{Clauses: [][]int{{}}, Comment: "no solution: " + why.Error()}
	if to == "opb" {
		f.Vars, f.Clauses = 1, [][]int{{1}}
		f.Cards = []cnf.Card{{Lits: []int{1}, Bound: cnf.AtMost, K: 0}}
	}
	return f
}

func encodeMILP(out, stderr io.Writer, puzzle *sudoku.Grid, o encodeOptions) error {
	form, err := milp.ParseForm(o.form)
	if err != nil {
		return usageError(err)
	}
	write, err := milp.Writer(milpFormats[o.to])
	if err != nil {
		return err
	}
	model := milp.New(puzzle, form)
	if err := write(out, model); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %+v\n", o.to, model.Stats())
	return nil
}

func encodeQUBO(out, stderr io.Writer, puzzle *sudoku.Grid, o encodeOptions) error {
	form, err := qubo.ParseFormulation(o.qubo)
	if err != nil {
		return usageError(err)
	}
	weights, err := qubo.ParseWeights(o.weights)
	if err != nil {
		return usageError(err)
	}
	write, err := qubo.WriterFor(o.to)
	if err != nil {
		return err
	}
	model, err := qubo.New(puzzle, form, weights)
	if err != nil {
		return err
	}
	if err := write(out, model); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %+v\n", o.to, model.Stats())
	if model.Conflict != "" {
		fmt.Fprintf(stderr, "%s: no solution at energy 0: %s\n", o.to, model.Conflict)
	}
	return nil
}

// encodeModel writes the constraint (mzn), SMT (smt2) or ASP (asp) form.
func encodeModel(out, stderr io.Writer, puzzle *sudoku.Grid, o encodeOptions) error {
	var stats any
	var write func(io.Writer) error
	switch o.to {
	case "mzn":
		m := cp.New(puzzle)
		stats, write = m.Stats(), m.Write
	case "smt2":
		form, err := smt.ParseForm(o.smtForm)
		if err != nil {
			return err
		}
		m := smt.New(puzzle, form)
		stats, write = m.Stats(), m.Write
	default:
		p := asp.New(puzzle)
		stats, write = p.Stats(), p.Write
	}
	if err := write(out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %+v\n", o.to, stats)
	return nil
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
