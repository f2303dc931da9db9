package record

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
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
