package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers"
)

func newSolversCmd() *cobra.Command {
	var wide, asJSON bool
	var format string
	var defsFiles []string
	cmd := &cobra.Command{
		Use:   "solvers",
		Short: "List the solver pipelines: name, family, the selections they join, available here or why not",
		Long: "List every solver pipeline in a table that fits the terminal (100 columns when\n" +
			"the output is not one), with the reasons a pipeline cannot run here below it.\n" +
			"The selection column says how --solvers reaches it: pure (pure Go, in the\n" +
			"default \"pure\" selection), opt-in (pure Go, but only when named, a prefix or\n" +
			"\"all\": too slow on hard puzzles for the default run) or outside (runs outside\n" +
			"programs). --wide gives every column, the engines' versions and why a pipeline\n" +
			"is opt-in among them, at full length. --format md, csv, latex or html writes\n" +
			"the table in that format. --json gives one JSON array instead, an\n" +
			"object per pipeline: name, family, description, options, selection, pure_go,\n" +
			"opt_in (why, when it is), stochastic, incomplete, available, unavailable (why\n" +
			"not, when it is not) and version (when available and known).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			reg, err := solverRegistry(defsFiles)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(out, solverListings(reg))
			}
			if wide {
				return writeListing(out, format, true, solversWideTable(reg))
			}
			return writeListing(out, format, false, solversTable(reg))
		},
	}
	addFormatFlag(cmd, &format)
	cmd.Flags().BoolVar(&wide, "wide", false, "every column at full length, versions included, whatever the width")
	cmd.Flags().BoolVar(&asJSON, "json", false, "one JSON array, an object per pipeline, instead of the table")
	addDefsFlag(cmd, &defsFiles)
	return cmd
}

// solverListing is one pipeline as `solvers --json` gives it; its field
// names are a documented interface.
type solverListing struct {
	Name        string            `json:"name"`
	Family      string            `json:"family"`
	Description string            `json:"description"`
	Options     map[string]string `json:"options,omitempty"`
	Selection   string            `json:"selection"` // pure, opt-in or outside
	PureGo      bool              `json:"pure_go"`
	OptIn       string            `json:"opt_in,omitempty"` // why it runs only when named
	Stochastic  bool              `json:"stochastic"`
	Incomplete  bool              `json:"incomplete"`
	Available   bool              `json:"available"`
	Unavailable string            `json:"unavailable,omitempty"` // why it cannot run here
	Version     string            `json:"version,omitempty"`
}

// solverListings describes every pipeline of the registry, in its order.
func solverListings(reg *solvers.Registry) []solverListing {
	var list []solverListing
	for _, in := range reg.All() {
		l := solverListing{
			Name: in.Name, Family: in.Family, Description: in.Description, Options: in.Options,
			Selection: selection(in), PureGo: in.PureGo, OptIn: in.OptIn,
			Stochastic: in.Stochastic, Incomplete: in.Incomplete, Available: true,
		}
		if err := in.Check(); err != nil {
			l.Available, l.Unavailable = false, err.Error()
		} else if in.Version != nil {
			l.Version = in.Version()
		}
		list = append(list, l)
	}
	return list
}

// solversTable is the compact listing, its descriptions wrapped to fit a
// terminal, and below it why each unavailable pipeline cannot run, one
// note per reason.
func solversTable(reg *solvers.Registry) *table.Table {
	t := &table.Table{Title: "Solver pipelines", Columns: []table.Column{
		{Name: "name"}, {Name: "family"}, {Name: "selection"}, {Name: "here"}, {Name: "description", Wrap: true}}}
	unavailable := make(map[string][]string) // reason: pipelines
	var reasons []string
	for _, in := range reg.All() {
		here := "yes"
		if err := in.Check(); err != nil {
			here = "no"
			if _, seen := unavailable[err.Error()]; !seen {
				reasons = append(reasons, err.Error())
			}
			unavailable[err.Error()] = append(unavailable[err.Error()], in.Name)
		}
		t.Rows = append(t.Rows, textRow(in.Name, in.Family, selection(in), here, in.Description))
	}
	if len(reasons) > 0 {
		t.Notes = append(t.Notes, "Not available here (--wide shows the versions of those that are):")
	}
	for _, reason := range reasons {
		t.Notes = append(t.Notes, "- "+reason+": "+strings.Join(unavailable[reason], ", "))
	}
	return t
}

// solversWideTable is the listing with every column at full length.
func solversWideTable(reg *solvers.Registry) *table.Table {
	t := &table.Table{Title: "Solver pipelines", Columns: []table.Column{{Name: "name"}, {Name: "family"}, {Name: "selection"},
		{Name: "available"}, {Name: "version"}, {Name: "description"}, {Name: "opt-in because"}}}
	for _, in := range reg.All() {
		available := "yes"
		if err := in.Check(); err != nil {
			available = "no: " + err.Error()
		}
		version := ""
		if in.Version != nil && available == "yes" {
			version = in.Version()
		}
		t.Rows = append(t.Rows, textRow(in.Name, in.Family, selection(in), available, version, in.Description, in.OptIn))
	}
	return t
}

// textRow is a row of text cells.
func textRow(texts ...string) table.Row {
	r := table.Row{Cells: make([]table.Cell, len(texts))}
	for i, s := range texts {
		r.Cells[i] = table.TextCell(s)
	}
	return r
}

// selection says how --solvers reaches a pipeline: "pure" (in the default
// selection), "opt-in" (pure Go, run only when named) or "outside" (runs
// outside programs).
func selection(in solvers.Info) string {
	switch {
	case !in.PureGo:
		return "outside"
	case in.OptIn != "":
		return "opt-in"
	}
	return "pure"
}
