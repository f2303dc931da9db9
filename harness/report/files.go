package report

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/record"
)

// PutFiles writes each file of a set (path to content), creating its
// directory, or with check set compares each with the disk and writes
// nothing: a report's files and documents made elsewhere from results
// (the comparison of `sudokubench reproduce`) are written and checked
// this way. It returns the paths, sorted, and an error naming the files
// that differ in check mode.
//
// Before anything is written, every path is checked, and one path refused
// writes none of the set: record.CheckOutput refuses a run's records,
// manifest or lock by any path, forced or not (--doc dl/results.jsonl once
// replaced a run's records); outfile.Check refuses a file the suite did
// not write unless force is set. Each file is written whole or not at all
// (outfile.Put), so a full disk leaves the old one as it was.
func PutFiles(files map[string][]byte, check, force bool) ([]string, error) {
	paths := slices.Sorted(maps.Keys(files))
	if !check {
		if err := CheckFiles(paths, force); err != nil {
			return nil, err
		}
		return outfile.Put(files, force)
	}
	for _, path := range paths {
		if err := record.CheckOutput(path); err != nil {
			return nil, err
		}
	}
	var stale []string
	for _, path := range paths {
		if old, err := os.ReadFile(path); err != nil || !bytes.Equal(old, files[path]) {
			stale = append(stale, path)
		}
	}
	if len(stale) > 0 {
		return paths, fmt.Errorf("out of date with the results (regenerate them with the same report command): %s", strings.Join(stale, ", "))
	}
	return paths, nil
}

// CheckFiles refuses, writing nothing, the first of paths that PutFiles
// would refuse to write, so that a command can ask before long work.
func CheckFiles(paths []string, force bool) error {
	for _, path := range paths {
		if err := record.CheckOutput(path); err != nil {
			return err
		}
		if err := outfile.Check(path, force); err != nil {
			return err
		}
	}
	return nil
}
