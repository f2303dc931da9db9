package report

import (
	"maps"
	"slices"
)

// PutFiles writes each file of a set (path to content), creating its
// directory, or with check set compares each with the disk and writes
// nothing, as WriteFiles does for a report: documents made elsewhere from
// results (the comparison of `sudokubench reproduce`) are written and
// checked the same way. It returns the paths, sorted, and an error naming
// the files that differ in check mode.
func PutFiles(files map[string][]byte, check bool) ([]string, error) {
	out := &fileSink{check: check}
	for _, path := range slices.Sorted(maps.Keys(files)) {
		out.put(path, files[path])
	}
	return out.files, out.err()
}
