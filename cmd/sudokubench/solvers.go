package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/solvers"
)

func newSolversCmd() *cobra.Command {
	var wide, asJSON bool
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
			"is opt-in among them, at full length. --json gives one JSON array instead, an\n" +
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
				return listSolversWide(out, reg)
			}
			return listSolvers(out, reg, terminalWidth(out))
		},
	}
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

// listSolvers writes the compact table, its descriptions wrapped to fit
// width, and then why each unavailable pipeline cannot run, one line per
// reason.
func listSolvers(out io.Writer, reg *solvers.Registry, width int) error {
	header := []string{"name", "family", "selection", "here", "description"}
	var rows [][]string
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
		rows = append(rows, []string{in.Name, in.Family, selection(in), here, in.Description})
	}
	table := tablewriter.NewTable(out, tablewriter.WithRowAutoWrap(tw.WrapNormal),
		tablewriter.WithColumnWidths(tw.NewMapper[int, int]().Set(len(header)-1, lastColumnRoom(header, rows, width))))
	table.Header(header)
	if err := table.Bulk(rows); err != nil {
		return err
	}
	if err := table.Render(); err != nil {
		return err
	}
	if len(reasons) > 0 {
		fmt.Fprintln(out, "\nnot available here (--wide shows the versions of those that are):")
	}
	for _, reason := range reasons {
		fmt.Fprintf(out, "%s\n", wrap("- "+reason+": "+strings.Join(unavailable[reason], ", "), width, "    "))
	}
	return nil
}

// lastColumnRoom is the width left for the last column's text once the
// other columns, at their widest, and the borders and padding of a table
// (three characters a column, one more at the end) are laid out in width.
func lastColumnRoom(header []string, rows [][]string, width int) int {
	used := 1 + 3*len(header)
	for col := range len(header) - 1 {
		widest := utf8.RuneCountInString(header[col])
		for _, row := range rows {
			widest = max(widest, utf8.RuneCountInString(row[col]))
		}
		used += widest
	}
	return max(width-used, 16)
}

// wrap breaks text at spaces into lines of at most width characters, the
// lines after the first indented.
func wrap(text string, width int, indent string) string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width:
			lines = append(lines, line)
			line = indent + word
		default:
			line += " " + word
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// listSolversWide writes every column at full length.
func listSolversWide(out io.Writer, reg *solvers.Registry) error {
	table := tablewriter.NewWriter(out)
	table.Header("name", "family", "selection", "available", "version", "description", "opt-in because")
	for _, in := range reg.All() {
		available := "yes"
		if err := in.Check(); err != nil {
			available = "no: " + err.Error()
		}
		version := ""
		if in.Version != nil && available == "yes" {
			version = in.Version()
		}
		if err := table.Append(in.Name, in.Family, selection(in), available, version, in.Description, in.OptIn); err != nil {
			return err
		}
	}
	return table.Render()
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
