package record

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CompressedResultsFile is a run's records compressed with gzip, as the
// committed runs under results/ keep them (`gzip -9n results.jsonl`): a
// tenth of the size, read wherever results.jsonl is. Runs never write it,
// and a run whose records are compressed is not resumed or merged into.
const CompressedResultsFile = ResultsFile + ".gz"

// ResultsPath returns the records file of the run in dir: results.jsonl,
// or results.jsonl.gz when only that is there. Both at once is an error,
// since either could be the run's; neither is an error that wraps
// fs.ErrNotExist and names results.jsonl.
func ResultsPath(dir string) (string, error) {
	plain := filepath.Join(dir, ResultsFile)
	packed := filepath.Join(dir, CompressedResultsFile)
	_, errPlain := os.Stat(plain)
	_, errPacked := os.Stat(packed)
	switch {
	case errPlain == nil && errPacked == nil:
		return "", fmt.Errorf("%s holds both %s and %s: keep one (gunzip the second, or remove the first)", dir, ResultsFile, CompressedResultsFile)
	case errPlain == nil:
		return plain, nil
	case errPacked == nil:
		return packed, nil
	case !errors.Is(errPlain, fs.ErrNotExist):
		return "", errPlain
	}
	return "", fmt.Errorf("%s: %w", plain, fs.ErrNotExist)
}

// IsCompressed reports whether a records file is gzip-compressed, by its
// name.
func IsCompressed(path string) bool { return strings.HasSuffix(path, ".gz") }

// openRecords opens a records file for reading, through gzip when it is
// compressed. Only a regular file is opened (openRegular).
func openRecords(path string) (io.ReadCloser, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	if !IsCompressed(path) {
		return f, nil
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return gzipFile{zr, f}, nil
}

// gzipFile closes both the decompressor and the file under it.
type gzipFile struct {
	*gzip.Reader
	f *os.File
}

func (g gzipFile) Close() error {
	err := g.Reader.Close()
	if cerr := g.f.Close(); err == nil {
		err = cerr
	}
	return err
}
