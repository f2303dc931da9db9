package record

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LockFile is the file in a result directory whose lock marks the one
// process writing there (harness.LockDir).
const LockFile = ".writer.lock"

// maxLinkHops is how many symbolic links CheckOutput follows, as the
// kernel's limit on a path's links (40 on Linux).
const maxLinkHops = 40

// CheckOutput refuses a path that a command deriving files from results
// (a report, a comparison, a certificate) must never write: a run's
// records (results.jsonl, and any results.jsonl.gz or other file whose name
// begins so), its manifest.json or its .writer.lock, in a directory that
// holds a run (one of those files is there). The path is resolved as the
// kernel would open it: relative to the working directory, through every
// symbolic link, and through ".." after a link, so "dl/./results.jsonl",
// "dl/x/../results.jsonl" and a link to dl/results.jsonl are all refused,
// as is writing through a results.jsonl that is itself a link. A path in
// a directory that does not exist yet holds no run. Hard links are not
// seen.
func CheckOutput(path string) error {
	p := path
	for range maxLinkHops {
		dir, base := splitPath(p)
		resolved, err := filepath.EvalSymlinks(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: cannot tell whether it is a run's file: %w", path, err)
		}
		if err := checkRunFile(path, resolved, base); err != nil {
			return err
		}
		fi, err := os.Lstat(filepath.Join(resolved, base))
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return nil
		}
		target, err := os.Readlink(filepath.Join(resolved, base))
		if err != nil {
			return fmt.Errorf("%s: cannot tell whether it is a run's file: %w", path, err)
		}
		if !filepath.IsAbs(target) {
			target = resolved + string(filepath.Separator) + target
		}
		p = target
	}
	return fmt.Errorf("%s: more than %d symbolic links deep", path, maxLinkHops)
}

// splitPath splits a path at its last separator without cleaning it, so
// that ".." keeps the meaning the kernel gives it after a link.
func splitPath(p string) (dir, base string) {
	i := strings.LastIndexByte(p, filepath.Separator)
	switch {
	case i < 0:
		return ".", p
	case i == 0:
		return string(filepath.Separator), p[1:]
	}
	return p[:i], p[i+1:]
}

// checkRunFile refuses base in dir when it names a run's records, manifest
// or lock and dir holds a run.
func checkRunFile(path, dir, base string) error {
	var what string
	switch {
	case strings.HasPrefix(base, ResultsFile):
		what = "records"
	case base == ManifestFile:
		what = "manifest"
	case base == LockFile:
		what = "writer lock"
	default:
		return nil
	}
	if !holdsRun(dir) {
		return nil
	}
	where := filepath.Join(dir, base)
	if where != path {
		where = path + " (" + where + ")"
	}
	return fmt.Errorf("refusing to write %s: it is the %s of the run in %s, which no report may replace; write elsewhere", where, what, dir)
}

// HoldsRun reports whether a directory holds a run (a manifest, records
// or a writer lock), symbolic links followed; a directory that does not
// exist holds none.
func HoldsRun(dir string) bool {
	resolved, err := filepath.EvalSymlinks(dir)
	return err == nil && holdsRun(resolved)
}

// holdsRun reports whether dir holds a run: a manifest, records (of any
// compression) or a writer lock.
func holdsRun(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if name := e.Name(); name == ManifestFile || name == LockFile || strings.HasPrefix(name, ResultsFile) {
			return true
		}
	}
	return false
}
