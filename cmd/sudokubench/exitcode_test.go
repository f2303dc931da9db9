package main

import (
	"os"
	"path/filepath"
	"strings"
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

// Usage errors that once exited 1 exit 2, each with a message that says
// what is wrong, where, and what to do.
func TestUsageErrorsSayWhat(t *testing.T) {
	tmp := t.TempDir()
	reference := filepath.Join("..", "..", "results", "reference")
	empty, binary, file := filepath.Join(tmp, "empty"), filepath.Join(tmp, "binary.bin"), filepath.Join(tmp, "FILE")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(binary, []byte("\x7fELF\x02\x01\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(tmp, "run-dir")
	if err := os.Mkdir(run, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(run, "manifest.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		says string
	}{
		{"merge=empty-dir", []string{"merge", empty, reference, "--out", filepath.Join(tmp, "merged")}, empty + " holds no run (it has no manifest.json); name the result directories"},
		{"check-solver=side", []string{"check-solver", "--sizes", "7", "exactcover/dlx"}, `--sizes "7": side 7 not supported: use 4, 9, 16, 25 or 36`},
		{"certify=no-proofs", []string{"certify", "--solver", "exactcover/dlx", "--corpus", "17-clue", "--out", filepath.Join(tmp, "cert")}, "--solver exactcover/dlx writes no DRAT proofs; certify with a pipeline that does"},
		{"certify=binary-corpus", []string{"certify", "--corpus", binary, "--out", filepath.Join(tmp, "cert2")}, binary + ":1: control character 0x7F"},
		{"certify=run-directory", []string{"certify", "--corpus", "17-clue", "--limit", "1", "--out", run}, run + " holds a benchmark run: certify into a directory of its own"},
		{"corpora-show=binary", []string{"corpora", "show", binary}, "the input looks binary, not a file of puzzles"},
		{"reproduce=limit", []string{"reproduce", "comparison", "--limit", "-1", "--out", filepath.Join(tmp, "cmp")}, "-1 puzzles per level: need at least 1"},
		{"reproduce=timeout", []string{"reproduce", "comparison", "--timeout", "0s", "--out", filepath.Join(tmp, "cmp")}, "timeout 0s: need a limit of at least 1ms"},
		{"train=resume-missing", []string{"train", "--resume", filepath.Join(tmp, "nope.ckpt"), "--out", filepath.Join(tmp, "w.bin")}, "nope.ckpt: no such file; give a training checkpoint"},
		{"train=hours-nan", []string{"train", "--hours", "NaN", "--out", filepath.Join(tmp, "w.bin")}, `"NaN" is not a finite number`},
		{"train=hours-inf", []string{"train", "--hours", "+Inf", "--out", filepath.Join(tmp, "w.bin")}, `"+Inf" is not a finite number`},
		{"train=hours-huge", []string{"train", "--hours", "1e300", "--out", filepath.Join(tmp, "w.bin")}, "want hours from 0 to 1000000"},
		{"export=out-is-a-file", []string{"export", "--corpus", "17-clue", "--limit", "1", "--out", file}, "--out " + file + " is a file; export writes a directory of instances"},
		{"run=reps", []string{"run", "--reps", "99999999999999", "--limit", "1", "--out", filepath.Join(tmp, "run")}, "repetitions 99999999999999: need 1 to 1000000"},
		{"run=plan-size", []string{"run", "--corpus", "17-clue", "--limit", "0", "--reps", "100000", "--out", filepath.Join(tmp, "run")}, "more than the 100000000 a benchmark may plan"},
		{"run=out-is-a-file", []string{"run", "--corpus", "17-clue", "--limit", "1", "--solvers", "exactcover/dlx", "--out", file}, "--out " + file + ": run writes a directory (made if missing), and " + file + " is a file"},
		{"run=out-under-a-file", []string{"run", "--corpus", "17-clue", "--limit", "1", "--solvers", "exactcover/dlx", "--out", filepath.Join(file, "x")}, "and " + file + " is a file"},
		{"run=out-holds-a-run", []string{"run", "--corpus", "17-clue", "--limit", "1", "--solvers", "exactcover/dlx", "--out", run}, run + " already holds a benchmark"},
		{"reproduce=out-holds-a-run", []string{"reproduce", "comparison", "--limit", "1", "--out", run}, run + " already holds a benchmark"},
		{"merge=out-is-a-file", []string{"merge", reference, "--out", file}, "merge writes a directory"},
		{"merge=out-holds-a-run", []string{"merge", reference, "--out", run}, run + " already holds a benchmark"},
		{"export=negative-limit", []string{"export", "--corpus", "17-clue", "--limit", "-3", "--out", filepath.Join(tmp, "inst")}, "--limit -3: need 0 (all) or more"},
		{"analyze=negative-limit", []string{"analyze", "--up", "--corpus", "norvig-hardest", "--limit", "-3"}, "--limit -3: need 0 (all) or more"},
		{"certify=negative-limit", []string{"certify", "--corpus", "17-clue", "--limit", "-3", "--out", filepath.Join(tmp, "cert3")}, "--limit -3: need 0 (all) or more"},
		{"certify=no-workers", []string{"certify", "--corpus", "17-clue", "--limit", "1", "--workers", "0", "--out", filepath.Join(tmp, "cert3")}, "--workers 0: need at least 1"},
		{"corpora-show=negative-sample", []string{"corpora", "show", "norvig-hardest", "--sample", "-5"}, "--sample -5: need 0 (all) or more"},
		{"corpora-show=negative-limit", []string{"corpora", "show", "norvig-hardest", "--limit", "-5"}, "--limit -5: need 0 (all) or more"},
		{"certify=out-is-a-file", []string{"certify", "--corpus", "17-clue", "--limit", "1", "--out", file}, "certify writes a directory"},
		{"certify=out-under-a-file", []string{"certify", "--corpus", "17-clue", "--limit", "1", "--out", filepath.Join(file, "cert")}, "and " + file + " is a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLIInput(t, "", tt.args...)
			if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), tt.says) {
				code := 0
				if err != nil {
					code = exitCode(err)
				}
				t.Errorf("exit %d (%v), want %d saying %q", code, err, exitUsage, tt.says)
			}
		})
	}
	for _, dir := range []string{"merged", "cmp", "run", "inst", "cert3"} {
		if _, err := os.Stat(filepath.Join(tmp, dir)); err == nil {
			t.Errorf("a refused command left %s behind", dir)
		}
	}
}
