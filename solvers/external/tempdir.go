package external

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// tempPrefix starts the name of every temporary directory the package
// makes: sudokubench-KIND-PID-random.
const tempPrefix = "sudokubench-"

// cleanOnce clears the directories of dead processes once per process.
var cleanOnce sync.Once

// TempDir makes a private temporary directory for the files of one outside
// run, named after kind ("sat", "milp") and this process's id, and removes
// it with cleanup. The first call in a process also removes the
// directories left by processes that died without cleaning up (a worker
// killed at its deadline or with kill -9), so that they do not pile up.
func TempDir(kind string) (dir string, cleanup func(), err error) {
	cleanOnce.Do(func() { RemoveStale(os.TempDir()) })
	dir, err = os.MkdirTemp("", fmt.Sprintf("%s%s-%d-", tempPrefix, kind, os.Getpid()))
	if err != nil {
		return "", nil, fmt.Errorf("temporary directory: %w", err)
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// RemoveStale removes the directories below parent that TempDir made for
// processes no longer alive, and returns how many it removed. A directory
// whose process still runs, or whose name does not parse, is left alone.
func RemoveStale(parent string) int {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return 0
	}
	removed := 0
	for _, e := range entries {
		pid, ok := ownerPID(e.Name())
		if !ok || !e.IsDir() || alive(pid) {
			continue
		}
		if os.RemoveAll(filepath.Join(parent, e.Name())) == nil {
			removed++
		}
	}
	return removed
}

// ownerPID reads the process id from a name TempDir made.
func ownerPID(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return 0, false
	}
	fields := strings.Split(rest, "-")
	if len(fields) != 3 {
		return 0, false
	}
	pid, err := strconv.Atoi(fields[1])
	return pid, err == nil && pid > 0
}

// alive reports whether a process with this id exists; one that exists but
// belongs to another user counts as alive.
func alive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}
