package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
	"github.com/sudokubench/sudokubench/harness/record"
)

func newDratCmd() *cobra.Command {
	var forward bool
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "drat FORMULA.cnf PROOF",
		Short: "Check a DRAT proof (text or binary) that a CNF formula has no model",
		Long: `Drat checks a DRAT proof, as SAT solvers write them (cadical in.cnf proof),
against a formula in DIMACS CNF, with the suite's own checker: every lemma
the refutation needs must be RUP or RAT on its first literal, and the
lemmas must bring unit propagation to a conflict. The proof's format,
text or binary, is told from its first bytes. Checking is backward, as
drat-trim does it (only the lemmas the final conflict depends on, last
first), or with --forward every lemma in order.

  cadical formula.cnf proof.drat     # exit 20: no model; the proof written
  sudokubench drat formula.cnf proof.drat

Exit status: 0 and "verified" when the proof checks; 1 and "not verified"
when it does not, the failing lemma (its index among the proof's lemmas,
its place and its literals) on standard error; 2 for bad usage or input
that cannot be read, with file:line.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return &exitError{code: 2, err: fmt.Errorf("drat takes two files, FORMULA.cnf and PROOF; got %d argument(s)", len(args))}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			mode := drat.Backward
			if forward {
				mode = drat.Forward
			}
			return checkDRAT(cmd.Context(), cmd.OutOrStdout(), args[0], args[1], mode, timeout)
		},
	}
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &exitError{code: 2, err: err} })
	f := cmd.Flags()
	f.BoolVar(&forward, "forward", false, "check every lemma in order, failing at the first that does not follow")
	f.DurationVar(&timeout, "timeout", 0, "give up after this long, exit 2 (0: no limit)")
	return cmd
}

// checkDRAT checks one proof file against one formula file and says so.
func checkDRAT(ctx context.Context, stdout io.Writer, formulaPath, proofPath string, mode drat.Mode, timeout time.Duration) error {
	f, err := readFormula(formulaPath)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	p, err := readDRATProof(proofPath)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	start := time.Now()
	res, err := drat.Check(ctx, f, p, drat.Options{Mode: mode})
	took := time.Since(start)
	var rej *drat.Rejection
	switch {
	case errors.As(err, &rej):
		fmt.Fprintln(stdout, "not verified")
		return &exitError{code: 1, err: rej}
	case errors.Is(err, context.DeadlineExceeded):
		return &exitError{code: 2, err: fmt.Errorf("not checked within %s", timeout)}
	case err != nil:
		return &exitError{code: 2, err: err}
	}
	fmt.Fprintf(stdout, "verified: %s, %s proof of %s, %d lemmas and %d deletions; %s checking checked %d lemmas (%d RAT) in %s\n",
		formulaPath, p.Format, record.FormatBytes(float64(p.Size)), res.Lemmas, res.Deletions, mode, res.Checked, res.RAT, took.Round(time.Microsecond))
	if res.IgnoredDeletions > 0 {
		fmt.Fprintf(stdout, "note: %d deletions ignored (of clauses absent, or of reasons of units at the top level, as drat-trim ignores them)\n", res.IgnoredDeletions)
	}
	return nil
}

func readFormula(path string) (*cnf.Formula, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return drat.ParseDIMACS(fh, path)
}

func readDRATProof(path string) (*drat.Proof, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return drat.ParseProof(fh, path)
}
