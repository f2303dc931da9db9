package main

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubench/sudokubench/internal/termtest"
)

// busy is a warning as long as the harness's about a busy machine.
const busy = "the machine is busy: load average 3.91 over the last minute on 2 cores; times will be slower and noisier than on a quiet machine (the manifest records the load at start and end)"

// On a terminal a warning wraps at its width, between words, the lines
// after the first indented; in a log it is one line.
func TestWarningsWrapAtTheTerminalsWidth(t *testing.T) {
	pty := termtest.Open(t, 60, 24)
	warn(pty.Terminal, busy)
	warn(pty.Terminal, "two\nlines")
	screen := pty.Screen(t)
	if len(screen) < 5 {
		t.Fatalf("a warning of %d characters on %d lines of 60: %q", len(busy), len(screen), screen)
	}
	for i, line := range screen {
		if utf8.RuneCountInString(line) > 60 || (i > 0 && i < len(screen)-2 && !strings.HasPrefix(line, "  ")) {
			t.Errorf("line %d of the warning: %q", i+1, line)
		}
	}
	words := strings.Fields(strings.Join(screen[:len(screen)-2], " "))
	if !slices.Equal(words, strings.Fields("warning: "+busy)) {
		t.Errorf("the warning reads\n%s\nwant its words whole and in order", strings.Join(screen, "\n"))
	}
	if got := screen[len(screen)-2:]; !slices.Equal(got, []string{"warning: two", "lines"}) {
		t.Errorf("a warning of two lines shows as %q", got)
	}

	var log bytes.Buffer
	warn(&log, busy)
	if log.String() != "warning: "+busy+"\n" {
		t.Errorf("in a log: %q, want one line", log.String())
	}
}

// run on a terminal: its warnings wrapped above the progress line, and
// one last line left of the progress, drawn in place and never wider
// than the terminal.
func TestRunShowsOneProgressLineOnATerminal(t *testing.T) {
	data, err := os.ReadFile("../../corpora/data/norvig-top95.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")[:20]
	t.Chdir(t.TempDir()) // short paths: the warnings' words fit a line
	if err := os.WriteFile("bad.txt", []byte(strings.Join(lines, "")+"12345\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const cols = 80
	pty := termtest.Open(t, cols, 24)
	root := newRootCmd()
	var stdout bytes.Buffer
	root.SetOut(&stdout)
	root.SetErr(pty.Terminal)
	root.SetArgs([]string{"run", "--corpus", "bad.txt", "--skip-invalid", "--solvers", "exactcover/dlx", "--out", "out"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	screen := pty.Screen(t)
	progress := regexp.MustCompile(`^run: \[#{20}\] 20/20 runs \(100%\) in \d+s$`)
	drawn := 0
	for _, line := range screen {
		switch {
		case progress.MatchString(line):
			drawn++
		case utf8.RuneCountInString(line) > cols || !(strings.HasPrefix(line, "warning: ") || strings.HasPrefix(line, "  ")):
			t.Errorf("the terminal shows %q: not a warning, or too wide", line)
		}
	}
	if drawn != 1 {
		t.Errorf("the terminal shows %d progress lines, want 1:\n%s", drawn, strings.Join(screen, "\n"))
	}
	if all := strings.Join(screen, " "); !strings.Contains(all, "1 malformed line(s) skipped") {
		t.Errorf("the corpus's warning is not shown:\n%s", strings.Join(screen, "\n"))
	}
}

// generate with standard output and error on one terminal: the puzzles
// above the progress line, none of them drawn over, and its last line.
func TestGenerateOnATerminal(t *testing.T) {
	pty := termtest.Open(t, 100, 24)
	root := newRootCmd()
	root.SetOut(pty.Terminal)
	root.SetErr(pty.Terminal)
	root.SetArgs([]string{"generate", "--hints", "30", "--count", "3", "--seed", "4"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	screen := pty.Screen(t)
	if len(screen) != 5 || !strings.HasPrefix(screen[0], "# sudokubench generate --hints 30 --count 3 --seed 4") {
		t.Fatalf("the terminal shows\n%s\nwant the parameters, 3 puzzles and the progress", strings.Join(screen, "\n"))
	}
	for _, line := range screen[1:4] {
		if len(line) != 81 || strings.Count(line, ".") != 81-30 {
			t.Errorf("%q is not a puzzle of 30 hints", line)
		}
	}
	if last := regexp.MustCompile(`^generate: \[#{20}\] 3/3 puzzles \(100%\) in \d+s$`); !last.MatchString(screen[4]) {
		t.Errorf("last line %q", screen[4])
	}
}
