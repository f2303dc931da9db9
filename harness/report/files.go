package report

import (
	"maps"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
)

// PutFiles writes each file of a set (path to content), creating its
// directory, or with check set compares each with the disk and writes
// nothing: a report's files and documents made elsewhere from results
// (the comparison of `sudokubench reproduce`) are written and checked
// this way. It returns the paths, sorted, and an error naming the files
// that differ in check mode.
//
// Before anything is written, every path is checked with
// record.CheckOutput: a file made from results must never replace a run's
// records, manifest or lock (--doc dl/results.jsonl once did), and one
// path refused writes none of the set.
func PutFiles(files map[string][]byte, check bool) ([]string, error) {
	paths := slices.Sorted(maps.Keys(files))
	for _, path := range paths {
		if err := record.CheckOutput(path); err != nil {
			return nil, err
		}
	}
	out := &fileSink{check: check}
	for _, path := range paths {
		out.put(path, files[path])
	}
	return out.files, out.err()
}
