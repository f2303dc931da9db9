package record

import (
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gzipTo writes data gzip-compressed to path, as `gzip -9n` would.
func gzipTo(t *testing.T, path string, data []byte) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// A committed run keeps its records compressed; they read as the plain
// file does, torn last line and all.
func TestCompressedRecordsReadLikePlainOnes(t *testing.T) {
	plain := filepath.Join("testdata", "before-provenance", ResultsFile)
	data, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gzipTo(t, filepath.Join(dir, CompressedResultsFile), append(data, []byte(`{"solver":"torn`)...))
	path, err := ResultsPath(dir)
	if err != nil || path != filepath.Join(dir, CompressedResultsFile) {
		t.Fatalf("ResultsPath = %q, %v; want the compressed file", path, err)
	}
	want, _, err := ReadAll(plain)
	if err != nil {
		t.Fatal(err)
	}
	got, warnings, err := ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(got) == 0 || got[len(got)-1].Key() != want[len(want)-1].Key() {
		t.Errorf("read %d records, want %d as the plain file gives", len(got), len(want))
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "incomplete last line") {
		t.Errorf("warnings %q, want the torn last line", warnings)
	}
}

func TestResultsPath(t *testing.T) {
	dir := t.TempDir()
	if _, err := ResultsPath(dir); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), ResultsFile) {
		t.Errorf("no records: %v, want not-exist naming %s", err, ResultsFile)
	}
	if err := os.WriteFile(filepath.Join(dir, ResultsFile), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := ResultsPath(dir); err != nil || filepath.Base(p) != ResultsFile {
		t.Errorf("plain records: %q, %v", p, err)
	}
	gzipTo(t, filepath.Join(dir, CompressedResultsFile), nil)
	if _, err := ResultsPath(dir); err == nil || !strings.Contains(err.Error(), "keep one") {
		t.Errorf("both files: %v, want a refusal", err)
	}
}

func TestCorruptCompressedRecordsNameTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), CompressedResultsFile)
	if err := os.WriteFile(path, []byte("not gzip\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path, func(*Record) error { return nil }); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("Read = %v, want an error naming %s", err, path)
	}
}
