package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

// TrimPartialLine cuts a file back to its last line break, reading it
// from the end: a torn line longer than the chunk it reads at a time, a
// file with no line break at all, one that ends on a break, none.
func TestTrimPartialLine(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	for _, tt := range []struct{ name, in, want string }{
		{"torn", "{\"a\":1}\n{\"b\":2}\n{\"c\"", "{\"a\":1}\n{\"b\":2}\n"},
		{"torn-long", "{\"a\":1}\n" + long, "{\"a\":1}\n"},
		{"long-then-torn", long + "\n" + long, long + "\n"},
		{"no-break", long, ""},
		{"whole", "{\"a\":1}\n", "{\"a\":1}\n"},
		{"empty", "", ""},
	} {
		t.Run("file="+tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), record.ResultsFile)
			if err := os.WriteFile(path, []byte(tt.in), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := TrimPartialLine(path); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.want {
				t.Errorf("kept %d bytes, want %d", len(got), len(tt.want))
			}
		})
	}
	if err := TrimPartialLine(filepath.Join(t.TempDir(), "missing")); err != nil {
		t.Errorf("a missing file: %v, want it left missing", err)
	}
}
