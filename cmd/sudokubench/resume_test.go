package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/harnesstest"
)

// The command an interrupted run prints is one that resumes it: read back
// as a shell reads it, it carries the definition file (in a directory
// whose name the shell would split), the corpora directory and
// --skip-invalid (the corpus has a malformed line), and run as it is it
// finishes the benchmark. Without --defs, or without --skip-invalid, the
// same resume is refused, which is what the hint once printed.
func TestInterruptedRunPrintsAResumeThatWorks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my defs")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defs := filepath.Join(dir, "mine.toml")
	corpus := filepath.Join(dir, "puzzles.txt")
	for path, text := range map[string]string{defs: echoDef("sh/right", top95Solution), corpus: top95First + "\nnot a puzzle\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "run")
	root := newRootCmd()
	root.SetOut(new(strings.Builder))
	root.SetErr(new(strings.Builder))
	root.SetArgs([]string{"run", "--defs", defs, "--corpora", filepath.Join("..", "..", "corpora", "data"),
		"--corpus", corpus, "--solvers", "sh/right,exactcover/dlx", "--reps", "2", "--timeout", "5s", "--mode", "first", "--skip-invalid", "--out", out})
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // interrupted before the first run
	err := root.ExecuteContext(ctx)
	var exit *exitError
	if !errors.As(err, &exit) || exit.code != exitInterrupted {
		t.Fatalf("run: %v, want an interruption", err)
	}
	hint, ok := strings.CutPrefix(err.Error(), "interrupted; finish with: ")
	if !ok {
		t.Fatalf("message %q: no command to finish with", err)
	}
	args := shellWords(hint)
	if args[0] != "sudokubench" || !slices.Contains(args, defs) || !slices.Contains(args, "--resume") {
		t.Fatalf("hint %q reads as %q: want sudokubench with --resume and --defs %s", hint, args, defs)
	}
	withoutDefs := slices.Clone(args[1:])
	i := slices.Index(withoutDefs, "--defs")
	withoutDefs = slices.Delete(withoutDefs, i, i+2)
	if _, err := runCLI(t, withoutDefs...); err == nil || !strings.Contains(err.Error(), "pass --defs") {
		t.Errorf("resume without --defs: %v, want it refused", err)
	}
	withoutSkip := slices.DeleteFunc(slices.Clone(args[1:]), func(a string) bool { return a == "--skip-invalid" })
	if _, err := runCLI(t, withoutSkip...); err == nil || !strings.Contains(err.Error(), "--skip-invalid") {
		t.Errorf("resume without --skip-invalid: %v, want the malformed line refused", err)
	}
	text, err := runCLI(t, args[1:]...)
	if err != nil {
		t.Fatalf("the printed resume %q: %v", hint, err)
	}
	if !strings.Contains(text, "4 of 4 runs recorded") {
		t.Errorf("the printed resume did not finish the run:\n%s", text)
	}
}

// An interrupted certification prints a resume that works as well: read
// back as a shell reads it, it carries the corpus file (in a directory
// whose name the shell would split), the definition files, --limit and
// --skip-invalid (the corpus has a malformed line), which the resume
// needs to be the same certification, and run as it is it finishes.
func TestInterruptedCertifyPrintsAResumeThatWorks(t *testing.T) {
	harnesstest.NeedCadical(t)
	dir := filepath.Join(t.TempDir(), "my puzzles")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defs := filepath.Join(dir, "mine.toml")
	corpus := filepath.Join(dir, "puzzles.txt")
	for path, text := range map[string]string{defs: echoDef("sh/right", top95Solution), corpus: "not a puzzle\n" + top95First + "\n" + sergFirst + "\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "cert")
	root := newRootCmd()
	root.SetOut(new(strings.Builder))
	root.SetErr(new(strings.Builder))
	root.SetArgs([]string{"certify", "--defs", defs, "--corpus", corpus, "--limit", "1", "--skip-invalid", "--out", out})
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // interrupted before the first puzzle
	err := root.ExecuteContext(ctx)
	var exit *exitError
	if !errors.As(err, &exit) || exit.code != exitInterrupted {
		t.Fatalf("certify: %v, want an interruption", err)
	}
	hint, ok := strings.CutPrefix(err.Error(), "interrupted; finish with: ")
	if !ok {
		t.Fatalf("message %q: no command to finish with", err)
	}
	args := shellWords(hint)
	for _, want := range []string{"--corpus=" + corpus, defs, "--limit=1", "--skip-invalid", "--resume"} {
		if !slices.Contains(args, want) {
			t.Fatalf("hint %q reads as %q: want %q among its words", hint, args, want)
		}
	}
	text, err := runCLI(t, args[1:]...)
	if err != nil {
		t.Fatalf("the printed resume %q: %v", hint, err)
	}
	if !strings.Contains(text, "1 puzzles of "+corpus+": 1 certified") {
		t.Errorf("the printed resume did not finish the certification:\n%s", text)
	}
}
