package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/internal/progress"
)

// warn prints a warning to w: on a terminal wrapped at its width as the
// rest of the output is, the lines after the first indented; elsewhere
// (a log, a pipe) one line a warning, to be found with grep.
func warn(w io.Writer, text string) {
	width := columns(w)
	var lines []string
	for _, line := range strings.Split("warning: "+text, "\n") {
		lines = append(lines, table.Wrap(line, width, "  "))
	}
	fmt.Fprintln(w, strings.Join(lines, "\n"))
}

// columns is the width of the terminal w writes to, 0 when it is none.
// A progress display writes to its terminal.
func columns(w io.Writer) int {
	switch w := w.(type) {
	case *os.File:
		return progress.TerminalWidth(w)
	case *progress.Display:
		return w.Columns()
	}
	return 0
}

// defaultWidth is the width of text tables written to anything but a
// terminal.
const defaultWidth = 100

// terminalWidth is the width of the terminal w writes to, or defaultWidth.
func terminalWidth(w io.Writer) int {
	return cmp.Or(columns(w), defaultWidth)
}
