package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Exit codes as the README documents them: 0 done, 1 the answer is no
// (or a failure while working), 2 the command line or its input is wrong.
func TestExitCodes(t *testing.T) {
	tmp := t.TempDir()
	reference := filepath.Join("..", "..", "results", "reference")
	differs := filepath.Join(tmp, "differs.md")
	if err := os.WriteFile(differs, []byte("not the report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"ok=solve", top95First, []string{"solve"}, 0},
		{"ok=version", "", []string{"version"}, 0},
		{"ok=help", "", []string{}, 0},
		{"no=unsolved", top95First + "\n" + sergFirst + "\n", []string{"solve", "--mode", "unique"}, exitNo},
		{"no=check-differs", "", []string{"report", reference, "--format", "md", "--out", filepath.Join(tmp, "plots"), "--doc", differs, "--check"}, exitNo},
		{"usage=unknown-command", "", []string{"reprot"}, exitUsage},
		{"usage=unknown-subcommand", "", []string{"corpora", "nope"}, exitUsage},
		{"usage=unknown-flag", "", []string{"solvers", "--nope"}, exitUsage},
		{"usage=flag-type", "", []string{"generate", "--hints", "many"}, exitUsage},
		{"usage=too-few-args", "", []string{"compare", reference}, exitUsage},
		{"usage=extra-arg", "", []string{"version", "now"}, exitUsage},
		{"usage=required-flag", "", []string{"generate"}, exitUsage},
		{"usage=unknown-solver", top95First, []string{"solve", "--solver", "nope"}, exitUsage},
		{"usage=bad-puzzle", top95First[:80], []string{"solve"}, exitUsage},
		{"usage=run-timeout", "", []string{"run", "--timeout", "100us", "--out", filepath.Join(tmp, "run")}, exitUsage},
		{"usage=run-solvers", "", []string{"run", "--solvers", "nope", "--out", filepath.Join(tmp, "run")}, exitUsage},
		{"usage=run-corpus", "", []string{"run", "--corpus", "nope", "--out", filepath.Join(tmp, "run")}, exitUsage},
		{"usage=report-format", "", []string{"report", reference, "--format", "docx"}, exitUsage},
		{"usage=report-no-dir", "", []string{"report", filepath.Join(tmp, "none")}, exitUsage},
		{"usage=encode-format", "", []string{"encode", "--to", "xlsx", top95First}, exitUsage},
		{"usage=generate-below-minimum", "", []string{"generate", "--hints", "16"}, exitUsage},
		{"usage=corpus", "", []string{"corpora", "show", "nope"}, exitUsage},
		{"usage=export-no-dir", "", []string{"export-records", filepath.Join(tmp, "none")}, exitUsage},
		{"usage=export-no-out", "", []string{"export", "--corpus", "17-clue"}, exitUsage},
		{"usage=export-corpus", "", []string{"export", "--corpus", "nope", "--out", filepath.Join(tmp, "inst")}, exitUsage},
		{"usage=export-format", "", []string{"export", "--corpus", "17-clue", "--to", "xlsx", "--out", filepath.Join(tmp, "inst")}, exitUsage},
		{"usage=export-encoding", "", []string{"export", "--corpus", "17-clue", "--limit", "2", "--encoding", "bogus", "--out", filepath.Join(tmp, "inst")}, exitUsage},
		{"usage=export-weights", "", []string{"export", "--corpus", "17-clue", "--limit", "2", "--to", "qubo", "--weights", "1:x", "--out", filepath.Join(tmp, "inst")}, exitUsage},
		{"usage=check-solver-unknown", "", []string{"check-solver", "nope"}, exitUsage},
		{"usage=certify-corpus", "", []string{"certify", "--corpus", "nope", "--out", filepath.Join(tmp, "cert")}, exitUsage},
		{"usage=defs-missing", top95First, []string{"solve", "--defs", filepath.Join(tmp, "none.toml")}, exitUsage},
		{"usage=drat-missing", "", []string{"drat", filepath.Join(tmp, "none.cnf"), filepath.Join(tmp, "none.drat")}, exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLIInput(t, tt.stdin, tt.args...)
			code := 0
			if err != nil {
				code = exitCode(err)
			}
			if code != tt.code {
				t.Errorf("exit %d (%v), want %d", code, err, tt.code)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(tmp, "run")); err == nil {
		t.Errorf("a refused run left its --out directory behind")
	}
}
