package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/report/table"
)

// addFormatFlag adds --format, the table format of a listing, spelled as
// report's and compare's.
func addFormatFlag(cmd *cobra.Command, format *string) {
	cmd.Flags().StringVar(format, "format", "text", "table format: "+strings.Join(table.FormatNames(), ", "))
}

// writeListing writes a listing's tables in the format --format names: a
// text table fits the terminal out writes to (wide: at full length).
func writeListing(out io.Writer, format string, wide bool, tables ...*table.Table) error {
	w, err := table.WriterFor(format)
	if err != nil {
		return usageError(fmt.Errorf("--format: %w", err))
	}
	if _, text := w.(table.Text); text && !wide {
		w = table.Text{Width: terminalWidth(out)}
	}
	return table.WriteAll(out, w, tables)
}
