package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// maxLine is the longest line a records file may hold; a record is a few
// hundred bytes to a few kilobytes.
const maxLine = 16 << 20

// Read streams the records of a JSONL file to fn, decompressing one whose
// name ends in .gz (CompressedResultsFile), one record at a time: a
// reader of millions of records holds one. A truncated last line (from a
// process killed mid-write) is skipped and reported as a warning; any
// other bad line is an error naming file:line, as is a record written in
// a schema newer than this package's.
func Read(path string, fn func(*Record) error) (warnings []string, err error) {
	return readAt(path, func(r *Record, _ int64) error { return fn(r) })
}

// Each streams the records of the run in dir, results.jsonl or
// results.jsonl.gz (ResultsPath), as Read does. A directory without
// either is an error that wraps fs.ErrNotExist.
func Each(dir string, fn func(*Record) error) (warnings []string, err error) {
	path, err := ResultsPath(dir)
	if err != nil {
		return nil, err
	}
	return Read(path, fn)
}

// readAt is Read that also gives each record's line's offset in the
// (decompressed) file.
func readAt(path string, fn func(r *Record, offset int64) error) ([]string, error) {
	f, err := openRecords(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decode(newLines(f, 0, 0), path, fn)
}

// decode reads the records of ls to fn.
func decode(ls *lines, name string, fn func(r *Record, offset int64) error) ([]string, error) {
	var warnings []string
	var pendingErr error
	for ls.Scan() {
		if pendingErr != nil {
			return warnings, pendingErr
		}
		text := bytes.TrimSpace(ls.Bytes())
		if len(text) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(text, &rec); err != nil {
			// Only the last line may be cut short; decide when the next line comes.
			pendingErr = fmt.Errorf("%s:%d: not a result record: %v", name, ls.line, err)
			warnings = append(warnings, fmt.Sprintf("%s:%d: incomplete last line skipped (interrupted write)", name, ls.line))
			continue
		}
		if err := checkSchema(&rec.Schema); err != nil {
			return warnings, fmt.Errorf("%s:%d: %w", name, ls.line, err)
		}
		if err := fn(&rec, ls.start); err != nil {
			return warnings, err
		}
	}
	if err := ls.Err(); err != nil {
		return warnings, fmt.Errorf("%s:%d: %w", name, ls.line+1, err)
	}
	return warnings, nil
}

// lines scans a file line by line and knows where each line begins.
type lines struct {
	*bufio.Scanner
	start int64 // the current line's offset
	next  int64 // the next line's offset
	line  int   // the current line's number, 1-based
}

// newLines scans r, whose first byte is at offset in its file and on line
// number line+1.
func newLines(r io.Reader, offset int64, line int) *lines {
	ls := &lines{Scanner: bufio.NewScanner(r), next: offset, line: line}
	ls.Buffer(make([]byte, 64<<10), maxLine)
	ls.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		advance, token, err := bufio.ScanLines(data, atEOF)
		if advance > 0 {
			ls.start, ls.next = ls.next, ls.next+int64(advance)
		}
		return advance, token, err
	})
	return ls
}

// Scan moves to the next line.
func (ls *lines) Scan() bool {
	if !ls.Scanner.Scan() {
		return false
	}
	ls.line++
	return true
}
