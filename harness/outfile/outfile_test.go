package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// writeFile puts content at path for a test.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readFile returns the content at path.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// entries lists a directory's names.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

// failingWriter writes half of what it is given, then fails, as a full
// disk does.
func failingWriter(content string) func(io.Writer) error {
	return func(w io.Writer) error {
		if _, err := io.WriteString(w, content[:len(content)/2]); err != nil {
			return err
		}
		return syscall.ENOSPC
	}
}

// A write that fails midway leaves the old file as it was and no
// temporary file behind; one that succeeds replaces it whole.
func TestWriteIsWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.md")
	writeFile(t, path, "the good report\n")
	err := Write(path, failingWriter(strings.Repeat("a cut report\n", 300)))
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Write = %v, want the writer's error naming %s", err, path)
	}
	if got := readFile(t, path); got != "the good report\n" {
		t.Errorf("after a failed write the file holds %q", got)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("after a failed write the directory holds %v, want report.md alone", names)
	}
	if err := WriteBytes(path, []byte("the new report\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "the new report\n" {
		t.Errorf("after a write the file holds %q", got)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("after a write the directory holds %v", names)
	}
}

// A new file takes the place of the old one: a hard link to the old one
// keeps the old content, and the old file's permissions carry over.
func TestWriteReplacesTheNameNotTheFile(t *testing.T) {
	dir := t.TempDir()
	records, link := filepath.Join(dir, "results.jsonl"), filepath.Join(dir, "h.md")
	writeFile(t, records, "{\"solver\":\"x\"}\n")
	if err := os.Link(records, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(link, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(link, []byte("# report\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, records); got != "{\"solver\":\"x\"}\n" {
		t.Errorf("the other name of the file now holds %q", got)
	}
	fi, err := os.Stat(link)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", fi.Mode().Perm())
	}
}

// Check lets a command write where nothing is, or over what the suite
// wrote; anything else only with force, and some things never.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	mine, notes := filepath.Join(dir, "report.md"), filepath.Join(dir, "notes.md")
	writeFile(t, notes, "my notes\n")
	if _, err := Put(map[string][]byte{mine: []byte("# report\n")}, false); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(notes, filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		path  string
		force bool
		want  string // "" allowed, else part of the error
	}{
		{"new", filepath.Join(dir, "new.md"), false, ""},
		{"new-in-new-dir", filepath.Join(dir, "a", "b", "new.md"), false, ""},
		{"written-by-the-suite", mine, false, ""},
		{"not-written", notes, false, "pass --force"},
		{"not-written-forced", notes, true, ""},
		{"symlink", filepath.Join(dir, "link.md"), false, "symbolic link"},
		{"symlink-forced", filepath.Join(dir, "link.md"), true, ""},
		{"fifo-forced", filepath.Join(dir, "fifo"), true, "named pipe"},
		{"directory-forced", filepath.Join(dir, "sub"), true, "is a directory"},
		{"ledger-forced", filepath.Join(dir, LedgerFile), true, "list of the files"},
		{"under-a-file", filepath.Join(notes, "x.md"), true, "not a directory"},
		{"under-a-file-deep", filepath.Join(notes, "a", "x.md"), true, "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.path, tt.force)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check = %v, want it allowed", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Check = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// Put writes nothing when one path is refused, writes every file and
// lists them otherwise, and a ledger that is not one stops it.
func TestPut(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.md")
	writeFile(t, notes, "my notes\n")
	set := map[string][]byte{
		filepath.Join(dir, "plots", "cactus.svg"): []byte("<svg/>"),
		notes: []byte("# report\n"),
	}
	if _, err := Put(set, false); err == nil {
		t.Fatal("Put replaced a file the suite did not write")
	}
	if _, err := os.Stat(filepath.Join(dir, "plots")); err == nil {
		t.Error("a refused Put wrote part of its set")
	}
	written, err := Put(set, true)
	if err != nil || len(written) != 2 {
		t.Fatalf("Put forced = %v, %v", written, err)
	}
	if got := readFile(t, notes); got != "# report\n" {
		t.Errorf("notes.md holds %q", got)
	}
	// Now both are the suite's: a second Put needs no force.
	if _, err := Put(set, false); err != nil {
		t.Errorf("Put over its own files: %v", err)
	}
	if err := os.Remove(notes); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.md")
	writeFile(t, other, "other\n")
	if err := Claim(other); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, LedgerFile)); strings.Contains(got, "notes.md") {
		t.Errorf("the ledger still lists a removed file:\n%s", got)
	}
	writeFile(t, filepath.Join(dir, "plots", LedgerFile), "not json")
	if _, err := Put(set, false); err == nil || !strings.Contains(err.Error(), "is not sudokubench's list") {
		t.Errorf("Put with a foreign ledger: %v", err)
	}
}

// A File whose write failed is not committed, even if its writer went on:
// the old file stays, and no temporary file is left.
func TestFailedWriteIsNeverCommitted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.txt")
	writeFile(t, path, "old puzzles\n")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.f.Close() // the disk goes away under the writer
	if _, err := f.Write([]byte("new puzzles\n")); err == nil {
		t.Fatal("a write to a closed file succeeded")
	}
	if err := f.Commit(); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("Commit after a failed write: %v, want the write's error naming %s", err, path)
	}
	if got := readFile(t, path); got != "old puzzles\n" {
		t.Errorf("the file now holds %q", got)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("the directory holds %v", names)
	}
}
