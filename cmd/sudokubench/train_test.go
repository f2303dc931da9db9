package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/rl"
)

func TestTrainRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "--model", "gpt", "--out", "x.bin"}, `--model "gpt": use cnn, gcn, rrn, rl-gcn or rl-gcn-scratch`},
		{[]string{"train", "--model", "rl-gpt", "--out", "x.bin"}, `--model "rl-gpt": use cnn, gcn, rrn, rl-gcn or rl-gcn-scratch`},
		{[]string{"train", "--model", "rl-gcn", "--pool-from", "x.ckpt", "--out", "x.bin"}, "an agent's pool is regenerated from its seed"},
		{[]string{"train", "--model", "rl-gcn-scratch", "--resume", "no-such.ckpt", "--out", "x.bin"}, "--resume"},
		{[]string{"train", "--hours", "-1", "--out", "x.bin"}, "want hours from 0 to 1000000"},
		{[]string{"train", "--hours", "NaN", "--out", "x.bin"}, `"NaN" is not a finite number`},
		{[]string{"train", "--hours", "-inf", "--out", "x.bin"}, `"-inf" is not a finite number`},
		{[]string{"train", "--hours", "Infinity", "--out", "x.bin"}, `"Infinity" is not a finite number`},
		{[]string{"train", "--hours", "1e400", "--out", "x.bin"}, `"1e400" is not a finite number`},
		{[]string{"train", "--workers", "0", "--out", "x.bin"}, "at least one worker"},
		{[]string{"train", "--model", "rrn"}, `"out" not set`},
		{[]string{"train", "--out", "no/such/dir/x.bin"}, "its directory no/such/dir does not exist"},
		{[]string{"train", "--stop-at", "-1", "--out", "x.bin"}, "no negative step count"},
		{[]string{"train", "--resume", "no-such.ckpt", "--out", "x.bin"}, "--resume"},
		{[]string{"train", "--pool-from", "no-such.ckpt", "--out", "x.bin"}, "--pool-from"},
	} {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			out, err := runCLI(t, tc.args...)
			if err == nil || !strings.Contains(err.Error()+out, tc.want) {
				t.Errorf("error %v, output %q; want one saying %q", err, out, tc.want)
			}
		})
	}
}

// TestTrainResumeRefuses checks what --resume refuses before any work: a
// weights file where a training checkpoint belongs.
func TestTrainResumeRefuses(t *testing.T) {
	dir := t.TempDir()
	m, err := neural.DefaultTraining("gcn", 1, 1).NewModel()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := neural.Save(&buf, m); err != nil {
		t.Fatal(err)
	}
	weights := filepath.Join(dir, "gcn.bin")
	if err := os.WriteFile(weights, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, "train", "--resume", weights, "--out", filepath.Join(dir, "out.bin"))
	if err == nil || !strings.Contains(err.Error()+out, "not a training checkpoint") {
		t.Errorf("error %v, output %q; want one saying the file is not a training checkpoint", err, out)
	}
	out, err = runCLI(t, "train", "--model", "rl-gcn", "--resume", weights, "--out", filepath.Join(dir, "out.bin"))
	if err == nil || !strings.Contains(err.Error()+out, "not an agent's training checkpoint") {
		t.Errorf("rl-gcn: error %v, output %q; want one saying the file is not an agent's training checkpoint", err, out)
	}
}

// Every output train writes after hours of training is checked before the
// first step: its format, and that it can be written. The flags train one
// step of the small model, so that a check left to the end shows as a
// different error after seconds, not hours.
func TestTrainChecksOutputsFirst(t *testing.T) {
	dir := t.TempDir()
	readOnly := readOnlyDir(t)
	if err := os.Mkdir(filepath.Join(dir, "taken.bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"out=not-bin", []string{"--out", filepath.Join(dir, "w.txt")},
			"--out " + filepath.Join(dir, "w.txt") + ": the weights file must end in .bin"},
		{"out=json", []string{"--out", filepath.Join(dir, "w.json")}, "the weights file must end in .bin"},
		{"plot=txt", []string{"--out", filepath.Join(dir, "w.bin"), "--plot", filepath.Join(dir, "w.txt")},
			"--plot " + filepath.Join(dir, "w.txt") + `: a learning curve is written as .svg, .png, .pdf, .tex, not ".txt"`},
		{"out=read-only-dir", []string{"--out", filepath.Join(readOnly, "w.bin")},
			"--out " + filepath.Join(readOnly, "w.bin") + ": its directory " + readOnly + " cannot be written"},
		{"plot=read-only-dir", []string{"--out", filepath.Join(dir, "w.bin"), "--plot", filepath.Join(readOnly, "w.svg")},
			"--plot " + filepath.Join(readOnly, "w.svg") + ": its directory " + readOnly + " cannot be written"},
		{"out=a-directory", []string{"--out", filepath.Join(dir, "taken.bin")}, "it is a directory; name a file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"train", "--model", "cnn", "--steps", "1"}, tc.args...)
			out, err := runCLI(t, args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) || out != "" {
				t.Errorf("error %v after output %q; want one saying %q before any training", err, out, tc.want)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the refused runs left files: %v", entries)
	}
}

// readOnlyDir returns a directory no file can be created in: a temporary
// one without write permission, or, for root, whom permissions do not
// stop, the read-only /sys.
func readOnlyDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	for _, candidate := range []string{dir, "/sys"} {
		probe, err := os.CreateTemp(candidate, "probe-*")
		if err != nil {
			return candidate
		}
		probe.Close()
		os.Remove(probe.Name())
	}
	t.Skip("no read-only directory here: permissions do not stop this user, and /sys is writable")
	return ""
}

// TestTrainStoppedWritesItsWeights stops a small run part way, as the
// RRN's shipped run was, in pieces: beside the checkpoint it must write the weights
// it reached, with a provenance that says they are cut short, how to
// rebuild them (--stop-at) and how to go on (--resume); resumed to its
// budget, the same run's provenance says none of that.
func TestTrainStoppedWritesItsWeights(t *testing.T) {
	dir := t.TempDir()
	cfg := neural.DefaultTraining("gcn", 3, 50)
	cfg.Batch, cfg.Pool, cfg.PoolHints, cfg.Levels = 4, 6, 30, []neural.HintRange{{Min: 40, Max: 50}}
	cfg.GCN = &neural.GCNConfig{Width: 4, Blocks: 1}
	run, err := neural.NewRun(context.Background(), cfg, 1, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	run.EvalEvery = defaultEvalEvery // as train starts it
	var saved bytes.Buffer
	if err := run.Save(&saved); err != nil {
		t.Fatal(err)
	}
	ckpt, out := filepath.Join(dir, "gcn.ckpt"), filepath.Join(dir, "gcn.bin")
	if err := os.WriteFile(ckpt, saved.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := outfile.Claim(ckpt); err != nil { // as the train that stopped would have
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stopAt                  string
		cutShort                bool
		wantCommand, wantResume string
	}{
		{"25", true, "sudokubench train --model gcn --seed 3 --steps 50 --stop-at 25 --out gcn.bin", "sudokubench train --resume gcn.ckpt --out gcn.bin"},
		{"0", false, "sudokubench train --model gcn --seed 3 --steps 50 --out gcn.bin", ""},
	} {
		t.Run("stop-at="+tc.stopAt, func(t *testing.T) {
			if out, err := runCLI(t, "train", "--resume", ckpt, "--stop-at", tc.stopAt, "--workers", "1", "--out", out); err != nil {
				t.Fatalf("%v after %s", err, out)
			}
			var prov neural.Provenance
			data, err := os.ReadFile(filepath.Join(dir, "gcn.json"))
			if err == nil {
				err = json.Unmarshal(data, &prov)
			}
			if err != nil {
				t.Fatal(err)
			}
			if prov.CutShort != tc.cutShort || prov.Command != tc.wantCommand || prov.Continue != tc.wantResume {
				t.Errorf("provenance cut short %v, command %q, continue %q; want %v, %q, %q",
					prov.CutShort, prov.Command, prov.Continue, tc.cutShort, tc.wantCommand, tc.wantResume)
			}
			weights, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if sum := sha256.Sum256(weights); hex.EncodeToString(sum[:]) != prov.SHA256 {
				t.Errorf("gcn.bin does not have the SHA-256 its provenance records")
			}
		})
	}
}

// train replaces none of a run's files, whatever it is told, and no file
// it did not write unless forced; each refusal comes before any training
// and leaves the file as it was.
func TestTrainRefusesToReplaceFiles(t *testing.T) {
	run := t.TempDir()
	for _, name := range []string{record.ManifestFile, record.ResultsFile} {
		if err := os.WriteFile(filepath.Join(run, name), []byte("kept\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mine := t.TempDir()
	notes := filepath.Join(mine, "w.json") // where w.bin's provenance would go
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"run-manifest", []string{"--out", filepath.Join(run, "manifest.bin")}, "it is the manifest of the run in"},
		{"run-manifest-forced", []string{"--out", filepath.Join(run, "manifest.bin"), "--force"}, "it is the manifest of the run in"},
		{"run-records", []string{"--out", filepath.Join(t.TempDir(), "w.bin"), "--plot", filepath.Join(run, record.ResultsFile+".svg")}, "it is the records of the run in"},
		{"not-written-by-the-suite", []string{"--out", filepath.Join(mine, "w.bin")}, "refusing to replace " + notes + ": it is a file that sudokubench did not write"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"train", "--model", "cnn", "--steps", "1", "--eval-every", "0"}, tc.args...)
			out, err := runCLI(t, args...)
			if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), tc.want) || strings.Contains(out, "generating") {
				t.Errorf("error %v after output %q; want a usage error saying %q before any training", err, out, tc.want)
			}
		})
	}
	for path, want := range map[string]string{filepath.Join(run, record.ManifestFile): "kept\n", filepath.Join(run, record.ResultsFile): "kept\n", notes: "my notes\n"} {
		if b, _ := os.ReadFile(path); string(b) != want {
			t.Errorf("%s now holds %q", path, b)
		}
	}
}

// TestTrainResumeKnowsAnAgentsCheckpoint: --resume of an agent's
// checkpoint continues that agent without --model, as a network's does;
// a network's weights are still refused by the networks' reader.
func TestTrainResumeKnowsAnAgentsCheckpoint(t *testing.T) {
	cfg, err := rl.DefaultTraining(rl.AgentScratch, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Puzzles, cfg.Rollouts, cfg.States, cfg.Pool, cfg.PoolHints = 2, 2, 3, 8, 30
	cfg.GCN = neural.GCNConfig{Width: 4, Blocks: 1, Legal: true}
	run, err := rl.NewRun(context.Background(), cfg, 1, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := run.Save(&buf); err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(t.TempDir(), "agent.ckpt")
	if err := os.WriteFile(ckpt, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := resumedModel(ckpt, "rrn"); got != "rl-gcn-scratch" {
		t.Errorf("resumedModel of an rl-gcn-scratch checkpoint = %q, want rl-gcn-scratch", got)
	}
	if got := resumedModel(filepath.Join(t.TempDir(), "none.ckpt"), "rrn"); got != "rrn" {
		t.Errorf("resumedModel of a missing file = %q, want the default rrn kept", got)
	}
}
