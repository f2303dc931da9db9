package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command that writes a file by --out replaces only what sudokubench
// wrote: a user's file is refused as a usage error and left as it was,
// --force replaces it, and the file written is the command's own from
// then on, replaced again without --force.
func TestOutReplacesOnlyOwnFiles(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string // --out FILE follows
		want string   // in the file written
	}{
		{"generate", []string{"generate", "--hints", "40", "--count", "2"}, "# sudokubench generate --hints 40"},
		{"encode", []string{"encode", "--to", "cnf", top95First}, "p cnf "},
		{"export-records", []string{"export-records", runA}, "solver,"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "mine.txt")
			if err := os.WriteFile(out, []byte("my notes\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append(tt.args, "--out", out)
			_, err := runCLI(t, args...)
			if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "refusing to replace "+out+": it is a file that sudokubench did not write") {
				t.Errorf("over a user's file: %v, want a usage error naming it", err)
			}
			if b, _ := os.ReadFile(out); string(b) != "my notes\n" {
				t.Errorf("the refused command changed the file to %q", b)
			}
			for _, force := range []string{"--force", "--force=false"} {
				if text, err := runCLI(t, append(args, force)...); err != nil {
					t.Fatalf("%s: %v\n%s", force, err, text)
				}
				if b, _ := os.ReadFile(out); !strings.Contains(string(b), tt.want) {
					t.Errorf("%s: the file holds %.80q, want %q in it", force, b, tt.want)
				}
			}
		})
	}
}
