package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Check reports whether a command may write path: where nothing is there,
// or a regular file that the ledger of its directory lists (the suite
// wrote it), or, with force, any regular file or symbolic link (the link
// itself is replaced, never the file it leads to). It never allows a
// directory or another kind of file, a ledger itself, or a path whose
// directory is not one. Its errors wrap ErrRefused.
func Check(path string, force bool) error {
	return Refused(check(path, force))
}

func check(path string, force bool) error {
	dir, base := filepath.Split(path)
	if base == "" {
		return fmt.Errorf("%s names a directory, not a file", path)
	}
	if base == LedgerFile {
		return fmt.Errorf("refusing to write %s: it is sudokubench's list of the files it wrote there; choose another name", path)
	}
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return checkDir(path, dir)
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("cannot write %s: a part of its directory %s is a file, not a directory", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	case fi.IsDir():
		return fmt.Errorf("cannot write %s: it is a directory; name a file", path)
	case !fi.Mode().IsRegular() && fi.Mode()&fs.ModeSymlink == 0:
		return fmt.Errorf("cannot write %s: it is a %s, not a regular file", path, kind(fi.Mode()))
	case force:
		return nil
	}
	listed, err := readLedger(dir)
	if err != nil {
		return err
	}
	if listed[base] && fi.Mode().IsRegular() {
		return nil
	}
	what := "a file that sudokubench did not write"
	if fi.Mode()&fs.ModeSymlink != 0 {
		what = "a symbolic link, which sudokubench never writes"
	}
	return fmt.Errorf("refusing to replace %s: it is %s (%s does not list it); pass --force to replace it, or choose another name", path, what, filepath.Join(dir, LedgerFile))
}

// checkDir refuses a path whose directory exists as something else than a
// directory; a directory that does not exist yet is made when writing.
func checkDir(path, dir string) error {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		switch {
		case err == nil && fi.IsDir():
			return nil
		case err == nil || errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("cannot write %s: %s is a file, not a directory", path, d)
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// kind names a file mode's type.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// ErrRefused marks the refusal of a path that may not be written (Check,
// and the guards of the run files that callers add): nothing was written,
// and a command line reports it as a usage error. Test for it with
// errors.Is.
var ErrRefused = errors.New("refused to write")

// Refused marks err as ErrRefused, keeping its text.
func Refused(err error) error {
	if err == nil {
		return nil
	}
	return &refusal{err}
}

type refusal struct{ err error }

func (r *refusal) Error() string   { return r.err.Error() }
func (r *refusal) Unwrap() []error { return []error{r.err, ErrRefused} }
