package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/worker"
)

// newWorkerCmd is the child process that `run` starts for each solver: it
// reads jobs on stdin and answers on stdout. People do not call it.
func newWorkerCmd() *cobra.Command {
	var solver string
	var defsFiles []string
	cmd := &cobra.Command{
		Use:    "worker --solver NAME",
		Short:  "Serve one solver to a running benchmark over stdin and stdout (internal)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if solver == "" {
				return usageError(errors.New("worker: --solver is required"))
			}
			reg, err := solverRegistry(defsFiles)
			if err != nil {
				return err
			}
			return worker.ServeWorkerStdio(reg, solver)
		},
	}
	cmd.Flags().StringVar(&solver, "solver", "", "the solver to serve")
	addDefsFlag(cmd, &defsFiles)
	return cmd
}
