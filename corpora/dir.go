package corpora

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// EnvDir is the environment variable that names a data directory to read
// the shipped corpora from instead of the copies built into the binary.
const EnvDir = "SUDOKUBENCH_CORPORA"

// builtIn holds the shipped corpus files, so that the suite runs from any
// directory; the catalog's SHA-256 sums are checked on them as on any file.
//
//go:embed data/*.txt
var builtIn embed.FS

// builtInDir is what FindDir returns, and what Load and Verify take, for
// the corpus files built into the binary.
const builtInDir = ""

// FindDir returns the directory to read the shipped corpora from: explicit
// (a flag), else $SUDOKUBENCH_CORPORA, either of which must exist; else ""
// for the copies built into the binary, which every function of the package
// that takes a directory reads for "".
func FindDir(explicit string) (string, error) {
	return findDir(explicit, os.Getenv(EnvDir))
}

func findDir(explicit, env string) (string, error) {
	switch {
	case explicit != "":
		return requireDir(explicit, "--corpora")
	case env != "":
		return requireDir(env, "$"+EnvDir)
	}
	return builtInDir, nil
}

func requireDir(dir, from string) (string, error) {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", fmt.Errorf("corpus data directory %s (from %s) does not exist", dir, from)
	case err != nil:
		return "", fmt.Errorf("corpus data directory %s (from %s): %w", dir, from, err)
	case !info.IsDir():
		return "", fmt.Errorf("corpus data directory %s (from %s) is not a directory", dir, from)
	}
	return dir, nil
}

// dataFiles returns the files of a data directory; "" gives the built-in
// ones.
func dataFiles(dir string) fs.FS {
	if dir == builtInDir {
		files, err := fs.Sub(builtIn, "data")
		if err != nil {
			panic(err) // "data" is a valid path into an embedded tree
		}
		return files
	}
	return os.DirFS(dir)
}

// FilePath names a corpus file of a data directory for people: its path,
// or "built-in 17-clue.txt" for the copies in the binary.
func FilePath(dir, file string) string {
	if dir == builtInDir {
		return "built-in " + file
	}
	return filepath.Join(dir, file)
}

// openData opens a corpus file of a data directory ("" for the built-in
// ones). A missing file's error names its path and says how to point at
// the data.
func openData(dir, file string) (fs.File, error) {
	f, err := dataFiles(dir).Open(file)
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		pathErr.Path = FilePath(dir, file)
	}
	if errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("%w: is the corpus data directory right? pass --corpora DIR or set $%s, or leave both unset for the built-in corpora", err, EnvDir)
	}
	return f, err
}
