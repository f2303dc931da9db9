package corpora

import (
	"fmt"
	"strings"
)

// maxPathBytes bounds how far SplitList joins pieces of a list into one
// file name: Linux's PATH_MAX.
const maxPathBytes = 4096

// SplitList reads a comma-separated list of corpora, as --corpus takes it,
// and looks each one up (Lookup). A file whose name holds a comma is one
// corpus: from each name on, the longest run of names that, joined by
// their commas, names a file is taken whole ("a,b.txt", even where a file
// "a" exists too). A shipped or derived name stands alone, as it does
// against a file of the same name: write "./" before a file that it would
// hide ("./top1465,x.txt"). Empty items are dropped. An unknown name is an
// error that says, where its commas keep it from a file, which file, and
// how to name it.
func SplitList(list string) ([]string, error) {
	pieces := strings.Split(list, ",")
	var names []string
	for i := 0; i < len(pieces); {
		name, next := listItem(pieces, i)
		i = next
		if name == "" {
			continue
		}
		if _, err := Lookup(name); err != nil {
			return nil, withFileHint(err, pieces, next)
		}
		names = append(names, name)
	}
	return names, nil
}

// listItem returns the corpus that the list's pieces name from piece i on,
// and the index of the piece after it.
func listItem(pieces []string, i int) (string, int) {
	alone := strings.TrimSpace(pieces[i])
	if _, err := LookupShipped(alone); err == nil {
		return alone, i + 1
	}
	if file, end, ok := longestFile(pieces, i, i+2); ok {
		return file, end
	}
	return alone, i + 1
}

// longestFile finds the longest run of pieces from start, ending at or
// after minEnd, whose join names a file: the name and the index after it.
func longestFile(pieces []string, start, minEnd int) (string, int, bool) {
	var file string
	end := 0
	joined := strings.Join(pieces[start:min(minEnd-1, len(pieces))], ",")
	for e := minEnd; e <= len(pieces) && len(joined) <= maxPathBytes; e++ {
		joined += "," + pieces[e-1]
		if name := strings.TrimSpace(joined); isFile(name) {
			file, end = name, e
		}
	}
	return file, end, end > 0
}

// withFileHint adds to the error of an unknown name, the piece before
// index next, the file that joining it with the names around it would
// name.
func withFileHint(err error, pieces []string, next int) error {
	for start := 0; start < next; start++ {
		if file, _, ok := longestFile(pieces, start, max(next, start+2)); ok {
			return fmt.Errorf("%w; but %q is a file: a list splits at commas, and a shipped or derived name in it stands alone; write ./%s to read the file", err, file, file)
		}
	}
	return err
}
