package main

import (
	"debug/buildinfo"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestTheBinaryWorksFromAnywhere builds the command as go install does,
// stamped with its commit, and uses it in an empty directory outside any
// repository: it solves, benchmarks a shipped corpus (built in) and a
// puzzle file of that directory, and names its own build in the manifest.
func TestTheBinaryWorksFromAnywhere(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("needs the go command to build the binary")
	}
	bin := filepath.Join(t.TempDir(), "sudokubench")
	build := exec.Command(goTool, "build", "-buildvcs=auto", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	empty := t.TempDir()
	sudokubench := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Stdin = empty, strings.NewReader(stdin)
		cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
			return strings.HasPrefix(kv, corpora.EnvDir+"=") || strings.HasPrefix(kv, asCLIEnv+"=")
		})
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("sudokubench %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	solution, _ := sudoku.ParseLine(strings.TrimSpace(sudokubench(top95First, "solve", "--mode", "unique")), sudoku.Classic)
	if puzzle, _ := sudoku.ParseLine(top95First, sudoku.Classic); solution == nil || sudoku.CheckSolution(puzzle, solution) != nil {
		t.Fatalf("solve printed no solution of %s", top95First)
	}

	if err := os.WriteFile(filepath.Join(empty, "mine.txt"), []byte(top95First+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sudokubench("", "run", "--corpus", "norvig-hardest,mine.txt", "--limit", "2", "--solvers", "exactcover/dlx", "--out", "out")
	m, err := record.ReadManifest(filepath.Join(empty, "out", record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	sha, _ := corpora.FileSHA256(filepath.Join(empty, "mine.txt"))
	if m.Corpora["mine.txt"] != sha || m.Corpora["norvig-hardest"] == "" {
		t.Errorf("manifest corpora %v, want mine.txt's sha256 %s and norvig-hardest's", m.Corpora, sha)
	}
	recs, _, err := record.ReadAll(filepath.Join(empty, "out", record.ResultsFile))
	if err != nil || len(recs) != 3 {
		t.Fatalf("%d records, %v; want 3", len(recs), err)
	}
	ids := make(map[string]bool)
	for _, r := range recs {
		ids[r.PuzzleID] = r.Status == "solved" && r.Build == m.Build()
	}
	if !ids["mine.txt:1"] || len(ids) != 3 {
		t.Errorf("records %v: want mine.txt:1 and two norvig-hardest puzzles solved by build %s", ids, m.Build())
	}

	if want := stampedCommit(t, bin); m.Commit != want {
		t.Errorf("manifest commit %q, want the binary's own %q", m.Commit, want)
	}
}

// stampedCommit reads the commit that go build stamped into a binary: the
// checkout's HEAD where go finds the repository (a clone; not a git
// worktree, whose .git is a file), else none.
func stampedCommit(t *testing.T, bin string) string {
	t.Helper()
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range bi.Settings {
		if s.Key != "vcs.revision" {
			continue
		}
		if head, err := exec.Command("git", "rev-parse", "HEAD").Output(); err == nil && strings.TrimSpace(string(head)) != s.Value {
			t.Errorf("go build stamped %s, the checkout is at %s", s.Value, head)
		}
		return s.Value
	}
	return record.UnknownBuild
}
