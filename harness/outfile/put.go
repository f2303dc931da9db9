package outfile

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// Put writes a set of files (path to content), each whole or not at all
// (Write), creating their directories, and claims them in their
// directories' ledgers (Claim). Every path is checked first (Check, with
// force), and one refused path writes none of the set. It returns the
// paths written, sorted; after a failed write, those written before it,
// which are claimed as well.
func Put(files map[string][]byte, force bool) ([]string, error) {
	paths := slices.Sorted(maps.Keys(files))
	for _, path := range paths {
		if err := Check(path, force); err != nil {
			return nil, err
		}
	}
	var written []string
	var err error
	for _, path := range paths {
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			break
		}
		if err = WriteBytes(path, files[path]); err != nil {
			break
		}
		written = append(written, path)
	}
	if claimErr := Claim(written...); err == nil {
		err = claimErr
	}
	return written, err
}
