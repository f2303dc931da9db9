// Command sudokubench benchmarks ways of solving Sudoku — exact cover, SAT,
// 0/1 MILP, QUBO annealing, direct search and neural networks — on shared
// corpora under the same limits, verifies every answer, and reports tables
// and plots. The command is thin: every subcommand
// parses flags and calls into the suite's packages.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/provenance"
)

func main() {
	root := newRootCmd()
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "sudokubench:", err)
		os.Exit(exitCode(err))
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "sudokubench",
		Short: "Benchmark Sudoku solved as exact cover, SAT, 0/1 MILP, QUBO, by direct search and by neural networks",
		Long: "Benchmark Sudoku solved as exact cover, SAT, 0/1 MILP, QUBO, by direct search and by\n" +
			"neural networks: every run isolated, limited and verified, one JSON line per run.\n\n" +
			"Exit codes: 0 done; 1 the answer is no (puzzles unsolved, files that differ, a\n" +
			"refusal) or a failure while working; 2 the command line or its input is wrong;\n" +
			"130 interrupted.",
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints what `sudokubench version` does.
		Version: versionText(provenance.ReadStamp()),
	}
	root.SetVersionTemplate("{{.Version}}")
	// Runnable, so that cobra checks its arguments: an unknown command
	// is a usage error, no command at all the help.
	root.Args = unknownCommand
	root.SuggestionsMinimumDistance = 2
	root.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	root.PersistentFlags().String("corpora", "", "read the shipped corpora from this directory (default: $SUDOKUBENCH_CORPORA, else the copies built into the binary)")
	root.AddCommand(
		// subcommands are added here, one constructor per file
		newReportCmd(), newCompareCmd(),
		newCorporaCmd(), newGenerateCmd(),
		newAnalyzeCmd(),
		newRunCmd(), newWorkerCmd(), newMergeCmd(),
		newSolveCmd(), newSolversCmd(), newCheckSolverCmd(), newEncodeCmd(), newDecodeCmd(), newExportCmd(),
		newReproduceCmd(),
		newServeCmd(),
		newTrainCmd(),
		newDratCmd(), newCertifyCmd(),
		newExportRecordsCmd(), newVersionCmd(),
	)
	usageErrorsExit2(root)
	return root
}

// Exit codes: what a script can tell from sudokubench's status.
const (
	exitNo          = 1   // it ran, and the answer is no: puzzles unsolved, files differ (--check), a refusal, a failure while working
	exitUsage       = 2   // the command line or its input is wrong: nothing was done
	exitInterrupted = 130 // Ctrl-C or SIGTERM: what finished is kept
)

// usageError marks err as a mistake in the command line or its input:
// an unknown command or flag, a flag value or argument that cannot be
// meant, input that cannot be read as what it should be. It exits 2.
func usageError(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitUsage, err: err}
}

// usageErrorsExit2 makes cobra's own refusals usage errors, for cmd and
// every command under it: flags that do not parse, arguments their
// command does not take, and required flags left out (cobra checks those
// after the pre-run hook, which here checks them first).
func usageErrorsExit2(root *cobra.Command) {
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := cmd.ValidateRequiredFlags(); err != nil {
			return usageError(err)
		}
		return usageError(cmd.ValidateFlagGroups())
	}
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	var wrap func(*cobra.Command)
	wrap = func(cmd *cobra.Command) {
		if args := cmd.Args; args != nil {
			cmd.Args = func(cmd *cobra.Command, a []string) error { return usageError(args(cmd, a)) }
		}
		for _, sub := range cmd.Commands() {
			wrap(sub)
		}
	}
	wrap(root)
}

// unknownCommand refuses arguments to the root command, suggesting the
// commands whose names are near, as cobra would without an Args check.
func unknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if near := cmd.SuggestionsFor(args[0]); len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, " or ") + "?"
	}
	return errors.New(msg)
}

// exitError carries a chosen exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitCode is the status err exits with: its exitError's code, wrapped or
// not, or exitNo.
func exitCode(err error) int {
	if e := (*exitError)(nil); errors.As(err, &e) {
		return e.code
	}
	return exitNo
}
