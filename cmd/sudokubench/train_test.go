package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/solvers/neural"
)

func TestTrainRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"train", "--model", "gpt", "--out", "x.bin"}, `--model "gpt": use cnn, gcn, rrn or cnn-twin`},
		{[]string{"train", "--hours", "-1", "--out", "x.bin"}, "want hours ≥ 0"},
		{[]string{"train", "--workers", "0", "--out", "x.bin"}, "at least one worker"},
		{[]string{"train", "--model", "rrn"}, `"out" not set`},
		{[]string{"train", "--out", "no/such/dir/x.bin"}, "directory does not exist"},
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
}
