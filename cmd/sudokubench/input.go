package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/plan"
)

// The rule for malformed puzzle lines, the same in every command that
// reads puzzles (solve, run, certify, export, analyze, reproduce): the
// corpus loader reads and checks the whole input first, and a malformed
// line anywhere refuses it, naming FILE:LINE, before anything is done
// (exit 2). --skip-invalid opts in to skipping such lines instead: each
// is named in a warning, and their number closes the list.

// addSkipInvalidFlag adds --skip-invalid, the opt-in to skipping
// malformed lines.
func addSkipInvalidFlag(cmd *cobra.Command, skip *bool) {
	cmd.Flags().BoolVar(skip, "skip-invalid", false, "skip malformed puzzle lines, each named in a warning, instead of refusing the input")
}

// warnSkipped tells, on w, each line --skip-invalid skipped in the input
// named name, and how many.
func warnSkipped(w io.Writer, name string, stats corpora.Stats) {
	for _, line := range stats.Skipped(name) {
		warn(w, line)
	}
}

// notNegative refuses a count flag below 0 as a usage error; zero says
// what 0 means ("all").
func notNegative(flag string, n int, zero string) error {
	if n < 0 {
		return usageError(fmt.Errorf("--%s %d: need 0 (%s) or more", flag, n, zero))
	}
	return nil
}

// inputError makes a refused input a usage error (exit 2), saying how to
// skip the line where skipping would help.
func inputError(err error) error {
	if corpora.Skippable(err) {
		err = fmt.Errorf("%w (--skip-invalid skips malformed lines, naming each)", err)
	}
	return usageError(err)
}

// inputErrors makes a usage error of an error that the input caused,
// before anything was done, and leaves any other as it is: a corpus's bad
// line or no puzzle at all (corpora.LineError, corpora.ErrNoPuzzle, with
// the --skip-invalid hint where skipping would help), what a package
// marks as wrong in what it was given (plan.ErrInput: a plan too
// large, a directory that holds no run), and an output path that may not
// be written (outfile.ErrRefused).
func inputErrors(err error) error {
	var lerr *corpora.LineError
	switch {
	case errors.As(err, &lerr) || errors.Is(err, corpora.ErrNoPuzzle):
		return inputError(err)
	case errors.Is(err, plan.ErrInput) || errors.Is(err, outfile.ErrRefused):
		return usageError(err)
	}
	return err
}
