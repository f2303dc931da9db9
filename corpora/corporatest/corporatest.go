// Package corporatest is the one way the suite's tests read the shipped
// corpora: found from any package's directory, loaded by the corpora
// package's own loader (so that tests read puzzles exactly as runs do),
// a test failed on any error.
//
// It imports no solver, so that every engine's tests can use it, the
// oracle's (exactcover/dlx) included; solvertest builds on it.
package corporatest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
)

// DataDir returns the shipped corpora's directory, found by walking up from
// the working directory to the module root.
func DataDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "corpora", "data")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory: cannot find corpora/data")
		}
		dir = parent
	}
}

// Load returns the puzzles of a shipped or derived corpus that opts select.
func Load(tb testing.TB, name string, opts corpora.Options) []corpora.Puzzle {
	tb.Helper()
	var out []corpora.Puzzle
	_, err := corpora.Load(DataDir(tb), name, opts, func(p corpora.Puzzle) error {
		out = append(out, p)
		return nil
	})
	if err != nil {
		tb.Fatalf("loading corpus %s: %v", name, err)
	}
	return out
}

// First returns the first n puzzles of a shipped corpus (all when n ≤ 0).
func First(tb testing.TB, name string, n int) []corpora.Puzzle {
	tb.Helper()
	return Load(tb, name, corpora.Options{Limit: n})
}

// Sample returns n puzzles of a shipped corpus drawn with seed, as `run
// --sample` draws them (all when n ≤ 0).
func Sample(tb testing.TB, name string, n int, seed uint64) []corpora.Puzzle {
	tb.Helper()
	return Load(tb, name, corpora.Options{Sample: n, Seed: seed})
}
