package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
)

// LockFile is the file in a result directory whose lock marks the one
// process writing there. It holds the writer's pid, host and start time.
const LockFile = record.LockFile

// DirLock is a process's exclusive hold on a result directory: a flock on
// its LockFile, which the kernel releases when the process ends however it
// ends, so that a run killed with SIGKILL can be resumed at once. Two runs
// on one directory would append to one results file and time each other's
// runs while competing for the processors; a job array requeued by a
// scheduler can start such a second run.
type DirLock struct {
	f *os.File
}

// ErrLocked is the error of a directory another process is writing.
var ErrLocked = errors.New("result directory in use")

// LockDir takes the writer lock of dir, creating the directory if needed,
// and writes into the lock file who holds it (what: "run", "merge"). When
// another process holds it, the error wraps ErrLocked and names the holder;
// a dir that is a file, or under one, is refused as ErrInput.
func LockDir(dir, what string) (*DirLock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		if errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrExist) {
			return nil, notADirectory(dir, what, notDir(dir))
		}
		return nil, err
	}
	path := filepath.Join(dir, LockFile)
	f, err := record.OpenInPlace(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		holder := readHolder(f)
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is being written by %s; wait for it to end, or choose another --out", ErrLocked, dir, holder)
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	host, _ := os.Hostname()
	holder := fmt.Sprintf("sudokubench %s, pid %d on host %s, since %s\n", what, os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	// Best effort: the lock holds whether or not its holder is written.
	if f.Truncate(0) == nil {
		_, _ = f.WriteAt([]byte(holder), 0)
	}
	return &DirLock{f: f}, nil
}

// CheckOutDir refuses, as ErrInput, a dir that is a file or lies under
// one, before anything is made or looked for: what LockDir would refuse
// once it came to make the directory (what: the command, "certify").
func CheckOutDir(dir, what string) error {
	if file, found := fileOnPath(dir); found {
		return notADirectory(dir, what, file)
	}
	return nil
}

func notADirectory(dir, what, file string) error {
	return plan.InputError(fmt.Errorf("--out %s: %s writes a directory (made if missing), and %s is a file: name a directory", dir, what, file))
}

// notDir names the first part of path that exists and is not a
// directory, or path itself when there is none.
func notDir(path string) string {
	file, _ := fileOnPath(path)
	return file
}

// fileOnPath finds the first part of path, from its end, that exists and
// is not a directory.
func fileOnPath(path string) (string, bool) {
	for p := path; ; p = filepath.Dir(p) {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, true
		}
		if p == filepath.Dir(p) {
			return path, false
		}
	}
}

// readHolder returns who the lock file says holds the lock.
func readHolder(f *os.File) string {
	b := make([]byte, 512)
	n, _ := f.ReadAt(b, 0)
	if holder := strings.TrimSpace(string(b[:n])); holder != "" {
		return holder
	}
	return "another process (it has not yet written its name)"
}

// Release gives the directory up.
func (l *DirLock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the only descriptor drops the flock
	l.f = nil
	return err
}

// NewResultDir creates a fresh directory parent/<name>-<time>, with a
// suffix -2, -3 … when a run started in the same second took the name, and
// returns its path. The directory is created exclusively, so two runs never
// share one.
func NewResultDir(parent, name string, now time.Time) (string, error) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	base := filepath.Join(parent, name+"-"+now.Format("20060102-150405"))
	for i := 1; ; i++ {
		dir := base
		if i > 1 {
			dir = fmt.Sprintf("%s-%d", base, i)
		}
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, os.ErrExist) || i >= 1000 {
			return "", fmt.Errorf("creating a result directory: %w", err)
		}
	}
}
