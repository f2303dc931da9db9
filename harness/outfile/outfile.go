// Package outfile writes the files that the suite's commands make —
// documents, figures, tables, exported instances, weights, summaries,
// manifests — whole or not at all, and never over a file the suite did not
// write unless told to.
//
// Its opinion: a command replaces directory entries, never the contents of
// a file that is there. Every file is written to a temporary file beside
// its target and renamed over it once it is complete, so that a failed
// write (a full disk, a killed process) leaves the old file as it was, and
// a file with other names (hard links) keeps its content under them. The
// files a command wrote are listed in a ledger in their directory
// (LedgerFile); a file that is there and not listed is someone else's,
// and Check refuses to replace it unless forced.
package outfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a file being written: a temporary file beside its target until
// Commit renames it into place, or Abort removes it. A File whose write
// failed is never committed.
type File struct {
	f      *os.File
	target string
	err    error // the first write's error
	// replacing says that a file was at the target when writing began:
	// its content is synced to disk before it takes that file's place.
	replacing bool
}

// Create starts writing path: it opens a new temporary file in path's
// directory (".NAME.tmp-RANDOM") that becomes path on Commit. The file
// gets an existing target's permissions, or else 0644 less the umask.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	mode, keep := fs.FileMode(0o644), false
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		mode, keep = fi.Mode().Perm(), true
	}
	for range 100 {
		suffix := make([]byte, 6)
		_, _ = rand.Read(suffix) // never fails (crypto/rand)
		tmp := filepath.Join(dir, "."+base+".tmp-"+hex.EncodeToString(suffix))
		f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil && keep {
			err = f.Chmod(mode) // the umask may have narrowed it
		}
		if err != nil {
			if f != nil {
				f.Close()
				os.Remove(tmp)
			}
			return nil, fmt.Errorf("writing %s: %w", path, unwrapPath(err))
		}
		return &File{f: f, target: path, replacing: keep}, nil
	}
	return nil, fmt.Errorf("writing %s: no free temporary name beside it", path)
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.f.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// Commit makes the temporary file the target: it closes it and renames
// it over the target. When the target was a file, the new one is synced
// to disk first, so that the old one is never exchanged for a file whose
// content a crash could still lose (a new file has nothing to lose, and
// is not synced: an export of thousands of them took 2–3 times as long).
// When a write failed, or any of these steps fails, the temporary file is
// removed and the target left as it was.
func (f *File) Commit() error {
	err := f.err
	if err == nil && f.replacing {
		err = f.f.Sync()
	}
	if closeErr := f.f.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(f.f.Name(), f.target)
	}
	if err != nil {
		os.Remove(f.f.Name())
		return fmt.Errorf("writing %s: %w", f.target, unwrapPath(err))
	}
	return nil
}

// Abort removes the temporary file and leaves the target as it was. It
// may follow a Commit, and then does nothing.
func (f *File) Abort() {
	if f.f.Close() == nil {
		os.Remove(f.f.Name())
	}
}

// Write writes path whole or not at all: write fills a temporary file
// beside path, which is renamed over path once write and the close (and
// for a file replaced, the sync) have succeeded. When either fails, the temporary file is removed, path is
// left as it was, and the error is returned.
func Write(path string, write func(io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit()
}

// WriteBytes writes data to path whole or not at all (Write).
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// unwrapPath drops an fs.PathError's operation and temporary path, which
// say nothing to a reader who named the target.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
