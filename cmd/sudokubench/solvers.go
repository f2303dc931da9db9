package main

import (
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

func newSolversCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "solvers",
		Short: "List the solver pipelines: name, family, pure Go or not, available here or why not",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return listSolvers(cmd.OutOrStdout(), registry.Default())
		},
	}
}

func listSolvers(out io.Writer, reg *solvers.Registry) error {
	table := tablewriter.NewWriter(out)
	table.Header("name", "family", "pure go", "available", "version", "description")
	for _, in := range reg.All() {
		available := "yes"
		if err := in.Check(); err != nil {
			available = "no: " + err.Error()
		}
		version := ""
		if in.Version != nil && available == "yes" {
			version = in.Version()
		}
		if err := table.Append(in.Name, in.Family, yesNo(in.PureGo), available, version, in.Description); err != nil {
			return err
		}
	}
	return table.Render()
}

func yesNo(b bool) string {
	return map[bool]string{true: "yes", false: "no"}[b]
}
