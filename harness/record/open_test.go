package record

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe where a run's records or manifest go is refused at once:
// opening it to read would wait for a writer that never comes.
func TestPipesAreRefusedNotWaitedOn(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{ResultsFile, CompressedResultsFile, ManifestFile} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reads := map[string]func() error{
		ResultsFile: func() error {
			_, err := Read(filepath.Join(dir, ResultsFile), func(*Record) error { return nil })
			return err
		},
		CompressedResultsFile: func() error {
			_, err := Read(filepath.Join(dir, CompressedResultsFile), func(*Record) error { return nil })
			return err
		},
		ManifestFile: func() error {
			_, err := ReadManifest(filepath.Join(dir, ManifestFile))
			return err
		},
		"a directory": func() error {
			_, err := ReadManifest(dir)
			return err
		},
	}
	for name, read := range reads {
		done := make(chan error, 1)
		go func() { done <- read() }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: %v, want it refused as not a regular file", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: reading a named pipe hangs", name)
		}
	}
}
