package record

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokubench/sudokubench/harness/outfile"
)

// LockFile is the file in a result directory whose lock marks the one
// process writing there (harness/store's LockDir).
const LockFile = ".writer.lock"

// maxLinkHops is how many symbolic links CheckOutput follows, as the
// kernel's limit on a path's links (40 on Linux).
const maxLinkHops = 40

// CheckOutput refuses a path that a command deriving files from results
// (a report, a comparison, a certificate) must never write, forced or
// not: a run's records (results.jsonl, and any results.jsonl.gz or other
// file whose name begins so), its manifest.json or its .writer.lock, in a
// directory that holds a run (one of those files is there). The path is
// resolved as the kernel would open it: relative to the working
// directory, through every symbolic link, and through ".." after a link,
// so "dl/./results.jsonl", "dl/x/../results.jsonl" and a link to
// dl/results.jsonl are all refused, as is writing through a results.jsonl
// that is itself a link. A path in a directory that does not exist yet
// holds no run.
//
// The file the path leads to is refused by its identity too (device and
// inode): when it is one of the run files of its own directory under
// another name, and when it has other names (hard links) and reads as a
// run's records or manifest, wherever that run is. Its refusals wrap
// outfile.ErrRefused.
func CheckOutput(path string) error {
	return outfile.Refused(checkOutput(path))
}

func checkOutput(path string) error {
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
		if err != nil {
			return nil
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return checkRunInode(path, resolved, base, fi)
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
	return fmt.Errorf("refusing to write %s: it is the %s of the run in %s, which no command may replace; write elsewhere", where, what, dir)
}

// checkRunInode refuses a regular file base in dir, reached by path, that
// is a run's file by identity: one of dir's run files under another name,
// or a file with other hard links whose content is a run's records or
// manifest.
func checkRunInode(path, dir, base string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return nil
	}
	where := filepath.Join(dir, base)
	if where != path {
		where = path + " (" + where + ")"
	}
	for _, name := range []string{ResultsFile, CompressedResultsFile, ManifestFile, LockFile} {
		if name == base {
			continue
		}
		if other, err := os.Stat(filepath.Join(dir, name)); err == nil && os.SameFile(fi, other) {
			return fmt.Errorf("refusing to write %s: it is %s of the run in %s under another name (a hard link), which no command may replace; write elsewhere", where, name, dir)
		}
	}
	if links(fi) < 2 {
		return nil
	}
	if what := runContent(filepath.Join(dir, base)); what != "" {
		return fmt.Errorf("refusing to write %s: it has other names (hard links) and holds a run's %s, which no command may replace; write elsewhere", where, what)
	}
	return nil
}

// isRunFileName reports whether a name is that of a run's records,
// manifest or writer lock.
func isRunFileName(name string) bool {
	return name == ManifestFile || name == LockFile || strings.HasPrefix(name, ResultsFile)
}

// runContent says whether a file holds a run's records ("records") or
// manifest ("manifest"), by its first line or its JSON; "" for anything
// else.
func runContent(path string) string {
	f, err := openRegular(path) // never waits on a pipe swapped in since the check
	if err != nil {
		return ""
	}
	defer f.Close()
	var r io.Reader = f
	if zr, err := gzip.NewReader(f); err == nil {
		r = zr
	} else if _, err := f.Seek(0, io.SeekStart); err != nil {
		return ""
	}
	head := bufio.NewReaderSize(io.LimitReader(r, maxSniff), maxSniff)
	line, _ := head.ReadBytes('\n')
	var rec Record
	if json.Unmarshal(line, &rec) == nil && rec.Solver != "" && rec.PuzzleID != "" && rec.Status != "" {
		return "records"
	}
	var m Manifest
	all, _ := io.ReadAll(head)
	if json.Unmarshal(append(line, all...), &m) == nil && m.Suite != "" && len(m.Plan.Solvers) > 0 {
		return "manifest"
	}
	return ""
}

// maxSniff is how much of a file runContent reads: a record's line, or a
// manifest with its definition files' text.
const maxSniff = 4 << 20

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
		if isRunFileName(e.Name()) {
			return true
		}
	}
	return false
}
