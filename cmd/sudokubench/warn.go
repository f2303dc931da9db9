package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/sudokubench/sudokubench/internal/progress"
)

// warn prints a warning to w: on a terminal wrapped at its width as the
// rest of the output is, the lines after the first indented; elsewhere
// (a log, a pipe) one line a warning, to be found with grep.
func warn(w io.Writer, text string) {
	width := columns(w)
	var lines []string
	for _, line := range strings.Split("warning: "+text, "\n") {
		if width > 0 {
			line = wrap(line, width, "  ")
		}
		lines = append(lines, line)
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
