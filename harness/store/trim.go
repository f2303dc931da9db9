package store

import (
	"bytes"
	"errors"
	"io"
	"os"

	"github.com/sudokubench/sudokubench/harness/record"
)

// TrimPartialLine cuts a file of JSON lines (results, certificates) back
// to its last complete line, so that a line half-written when the process
// was killed is dropped (and its work done again) rather than glued to the
// next one. It reads the file from its end, as far back as the last line
// break. A missing file is left missing, and one that is not the
// directory's own (record.OpenInPlace) is refused.
func TrimPartialLine(path string) error {
	f, err := record.OpenInPlace(path, os.O_RDWR)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	keep, err := lastLineEnd(f, fi.Size())
	if err != nil || keep == fi.Size() {
		return err
	}
	return f.Truncate(keep)
}

// lastLineEnd returns the offset just past the last line break among the
// first size bytes of f, 0 when there is none.
func lastLineEnd(f io.ReaderAt, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(0, end-int64(len(buf)))
		chunk := buf[:end-start]
		if _, err := f.ReadAt(chunk, start); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(chunk, '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil
}
