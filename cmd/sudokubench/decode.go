package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/defs"
	"github.com/sudokubench/sudokubench/sudoku"
)

type decodeOptions struct {
	encodeOptions
	output string
}

func newDecodeCmd() *cobra.Command {
	var o decodeOptions
	cmd := &cobra.Command{
		Use:   "decode [flags] MODEL|PUZZLE ANSWER|-",
		Short: "Read an outside solver's answer to a model the suite wrote back as a grid, verified",
		Long: `Decode reads a solver's answer to a model file that encode or export wrote,
and prints the grid it states, verified against the rules and the givens, or
"unsat" or "unknown". The model file says its format, options and puzzle in its
header, and must be what the suite writes for them; a puzzle (inline, or the
first of a file) with encode's --to and model flags stands in for a file
without a header. The answer is the solver's output or result file, read as
--output says (the readers of the solver definitions), by default as solvers
answer the format: SAT competition s/v lines for cnf (minisat's result file
too), PB competition for opb, CBC's or glpsol's solution for lp and mps,
MiniZinc's, SMT-LIB's (z3 -model, cvc5 --dump-models) and clasp's output, a
QUBO sample (qbsolv's output, or JSON of variables to 0 or 1) for the QUBO
files. An unsat answer is checked with a search of the suite's own. Exit
status: 0 for a verified grid, 1 for an answer that states none (unsat,
unknown, or a grid that is wrong), 2 for files that do not read.`,
		Example: "  sudokubench encode --to cnf --reduce --out p.cnf PUZZLE && minisat p.cnf p.out; sudokubench decode p.cnf p.out\n" +
			"  cadical p.cnf | sudokubench decode p.cnf -\n" +
			"  sudokubench encode --to lp --out p.lp PUZZLE && glpsol --lp p.lp -o p.sol; sudokubench decode p.lp p.sol\n" +
			"  z3 -model p.smt2 > p.out; sudokubench decode p.smt2 p.out\n" +
			"  sudokubench decode --to cnf --encoding minimal PUZZLE answer.txt   # a file written without a header",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDecode(cmd, args[0], args[1], o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.to, "to", "cnf", "the model's format, when MODEL is a puzzle: "+formats.List())
	addModelFlags(f, &o.encodeOptions)
	f.StringVar(&o.variant, "variant", "classic", "classic or diagonal, when MODEL is a puzzle")
	f.StringVar(&o.output, "output", "", "how the answer is written: "+strings.Join(defs.Outputs(), ", ")+" (default: as solvers answer the format)")
	return cmd
}

func runDecode(cmd *cobra.Command, modelArg, answerArg string, o decodeOptions) error {
	stdin, stdout, stderr := cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
	if modelArg == "-" && answerArg == "-" {
		return usageError(errors.New("the model and the answer cannot both come from standard input"))
	}
	model, err := decodeModel(stdin, modelArg, o)
	if err != nil {
		return usageError(err)
	}
	answer, err := readArg(stdin, answerArg)
	if err != nil {
		return usageError(err)
	}
	output, err := model.Header.Format.Convention(o.output, answer)
	if err != nil {
		return usageError(fmt.Errorf("--output %w", err))
	}
	verdict, answers, err := defs.ReadOutput(output, answer)
	if err != nil {
		return usageError(fmt.Errorf("%s: does not read as %s output: %w", inputName(answerArg), output, err))
	}
	d := decoding{model: model, answerName: inputName(answerArg), stdout: stdout, stderr: stderr}
	switch verdict {
	case "sat":
		return d.solutions(answers)
	case "unsat":
		return d.unsat(cmd.Context())
	}
	fmt.Fprintln(stdout, "unknown")
	return &exitError{code: exitNo, err: fmt.Errorf("%s: the solver stopped without deciding (unknown)", d.answerName)}
}

// decodeModel reads the model a solver answered: a file the suite wrote,
// which names its format, options and puzzle, or else a puzzle posed in
// the format and options the flags give.
func decodeModel(stdin io.Reader, arg string, o decodeOptions) (formats.Written, error) {
	data, readErr := readArg(stdin, arg)
	if readErr == nil {
		wr, err := formats.ReadFile(data)
		if err == nil {
			return wr, nil
		}
		if !errors.Is(err, formats.ErrNoHeader) {
			return formats.Written{}, fmt.Errorf("%s: %w", inputName(arg), err)
		}
	}
	f, opts, err := o.modelFormat()
	if err != nil {
		return formats.Written{}, err
	}
	variant, err := sudoku.ParseVariant(o.variant)
	if err != nil {
		return formats.Written{}, err
	}
	if arg == "-" {
		stdin = bytes.NewReader(data) // read already
	}
	puzzle, err := readOnePuzzle(stdin, arg, variant)
	if err != nil {
		return formats.Written{}, fmt.Errorf("%s: neither a model file the suite wrote (no %q line at its head) nor a puzzle: %w", inputName(arg), formats.HeaderTag, err)
	}
	return f.WriteFile(io.Discard, puzzle, opts)
}

// readArg reads a file argument, "-" for standard input.
func readArg(stdin io.Reader, arg string) ([]byte, error) {
	if arg == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(arg)
}

// decoding is one answer being read back.
type decoding struct {
	model          formats.Written
	answerName     string
	stdout, stderr io.Writer
}

// solutions decodes and verifies every solution the answer states, and
// prints each.
func (d decoding) solutions(answers []formats.Answer) error {
	grids, err := formats.Solutions(d.model.Instance, d.model.Header.Puzzle, answers)
	var seen []*sudoku.Grid
	for _, g := range grids {
		fmt.Fprintln(d.stdout, g)
		if !slices.ContainsFunc(seen, g.Equal) {
			seen = append(seen, g)
		}
	}
	if err != nil {
		return &exitError{code: exitNo, err: fmt.Errorf("%s: %w", d.answerName, err)}
	}
	if len(seen) > 1 {
		fmt.Fprintf(d.stderr, "%s: %d different solutions: the puzzle is not unique\n", d.answerName, len(seen))
	}
	return nil
}

// unsatCheck bounds the search that checks an unsat answer.
const unsatCheck = 10 * time.Second

// unsat reports an unsat answer, checked: against the contradiction the
// reduction found, or by a search of the suite's own.
func (d decoding) unsat(ctx context.Context) error {
	fmt.Fprintln(d.stdout, "unsat")
	no := &exitError{code: exitNo, err: fmt.Errorf("%s: the solver says the puzzle has no solution", d.answerName)}
	if d.model.NoSolution != nil {
		fmt.Fprintf(d.stderr, "%s: unsat, as the suite found when it wrote the model: %v\n", d.answerName, d.model.NoSolution)
		return no
	}
	ctx, cancel := context.WithTimeout(ctx, unsatCheck)
	defer cancel()
	puzzle := d.model.Header.Puzzle
	n, err := bitboard.Oracle{}.CountSolutionsContext(ctx, puzzle, 1)
	switch {
	case err != nil:
		fmt.Fprintf(d.stderr, "%s: unsat, not checked: the suite's search did not settle it within %s\n", d.answerName, unsatCheck)
	case n > 0:
		return &exitError{code: exitNo, err: fmt.Errorf("%s: the solver says unsat, but %s has a solution (propagate/bitboard found one): the answer is wrong", d.answerName, puzzle)}
	default:
		fmt.Fprintf(d.stderr, "%s: unsat, which the suite's search (propagate/bitboard) confirms\n", d.answerName)
	}
	return no
}
