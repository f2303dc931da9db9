package record

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"github.com/sudokubench/sudokubench/harness/outfile"
)

// ErrNotRegular says that a run's file is something other than a regular
// file: a named pipe, a device, a socket or a directory.
var ErrNotRegular = errors.New("not a regular file")

// openRegular opens path for reading if it is a regular file, and refuses
// anything else without waiting on it: the file is checked before it is
// opened (a device is never opened), opened without blocking (a named
// pipe put there in between cannot stall the open) and checked again
// once open (the file read is the file checked).
func openRegular(path string) (*os.File, error) {
	if err := checkRegular(path, os.Stat); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, func(string) (fs.FileInfo, error) { return f.Stat() }); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkRegular refuses a path that stat finds is not a regular file.
func checkRegular(path string, stat func(string) (fs.FileInfo, error)) error {
	fi, err := stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind(fi.Mode()))
	}
	return nil
}

// kind names a file's type for a reader.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return "not a file"
}

// OpenInPlace opens a file that the suite writes in place rather than
// beside it and renamed (a run's records, appended; its writer lock),
// with flag as os.OpenFile takes it, and refuses one that is not the
// directory's own: a symbolic link, or a file with other names (hard
// links), whose writes would land in another file, another run's records
// among them (cp -al makes such a copy of a run). It never waits on a
// named pipe. Its refusals wrap outfile.ErrRefused.
func OpenInPlace(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o644)
	if errors.Is(err, syscall.ELOOP) {
		return nil, outfile.Refused(fmt.Errorf("refusing to write %s: it is a symbolic link, and the suite writes this file in place, never through a link: put the file itself there, or choose another --out", path))
	}
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case !fi.Mode().IsRegular():
		err = fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind(fi.Mode()))
	case links(fi) > 1:
		err = outfile.Refused(fmt.Errorf("refusing to write %s: it has other names (hard links), which writing it in place would change too: copy a run's directory with cp -a, not cp -al, or choose another --out", path))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// links is a file's count of names (hard links); 1 where the system does
// not say.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
