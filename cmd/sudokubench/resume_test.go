package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// top95Solution is the solution of top95First.
const top95Solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

// The command an interrupted run prints is one that resumes it: read back
// as a shell reads it, it carries the definition file (in a directory
// whose name the shell would split) and the corpora directory, and run as
// it is it finishes the benchmark. Without --defs the same resume is
// refused, which is what the hint once printed.
func TestInterruptedRunPrintsAResumeThatWorks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my defs")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defs := filepath.Join(dir, "mine.toml")
	corpus := filepath.Join(dir, "puzzles.txt")
	for path, text := range map[string]string{defs: echoDef("sh/right", top95Solution), corpus: top95First + "\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "run")
	root := newRootCmd()
	root.SetOut(new(strings.Builder))
	root.SetErr(new(strings.Builder))
	root.SetArgs([]string{"run", "--defs", defs, "--corpora", filepath.Join("..", "..", "corpora", "data"),
		"--corpus", corpus, "--solvers", "sh/right,exactcover/dlx", "--reps", "2", "--timeout", "5s", "--mode", "first", "--out", out})
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
	text, err := runCLI(t, args[1:]...)
	if err != nil {
		t.Fatalf("the printed resume %q: %v", hint, err)
	}
	if !strings.Contains(text, "4 of 4 runs recorded") {
		t.Errorf("the printed resume did not finish the run:\n%s", text)
	}
}
