// Command sudokubench benchmarks ways of solving Sudoku — exact cover, SAT,
// 0/1 MILP, QUBO annealing, direct search and neural networks — on shared
// corpora under the same limits, verifies every answer, and reports tables
// and plots. The command is thin: every subcommand
// parses flags and calls into the suite's packages.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness"
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
		Use:           "sudokubench",
		Short:         "Benchmark Sudoku solved as exact cover, SAT, 0/1 MILP, QUBO, by direct search and by neural networks",
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints what `sudokubench version` does.
		Version: versionText(harness.ReadStamp()),
	}
	root.SetVersionTemplate("{{.Version}}")
	root.PersistentFlags().String("corpora", "", "read the shipped corpora from this directory (default: $SUDOKUBENCH_CORPORA, else the copies built into the binary)")
	root.AddCommand(
		// subcommands are added here, one constructor per file
		newReportCmd(), newCompareCmd(),
		newCorporaCmd(), newGenerateCmd(),
		newAnalyzeCmd(),
		newRunCmd(), newWorkerCmd(), newMergeCmd(),
		newSolveCmd(), newSolversCmd(), newEncodeCmd(),
		newReproduceCmd(),
		newServeCmd(),
		newTrainCmd(),
		newExportRecordsCmd(), newVersionCmd(),
	)
	return root
}

// exitError carries a chosen exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func exitCode(err error) int {
	if e, ok := err.(*exitError); ok {
		return e.code
	}
	return 1
}
