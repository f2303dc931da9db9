package corpora

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// EnvDir is the environment variable that names the data directory.
const EnvDir = "SUDOKUBENCH_CORPORA"

// FindDir locates the directory of the shipped corpus files. The first that
// applies wins: explicit (a flag), $SUDOKUBENCH_CORPORA, ./corpora/data or
// ./corpora below the working directory, then corpora/data or corpora next
// to the executable. An explicit or environment directory must exist; the
// others count only when they hold at least one catalog file.
func FindDir(explicit string) (string, error) {
	cwd, _ := os.Getwd()
	exe, _ := os.Executable()
	return findDir(explicit, os.Getenv(EnvDir), cwd, exe)
}

func findDir(explicit, env, cwd, exe string) (string, error) {
	if explicit != "" {
		return requireDir(explicit, "--corpora")
	}
	if env != "" {
		return requireDir(env, "$"+EnvDir)
	}
	var tried []string
	for _, base := range searchBases(cwd, exe) {
		for _, sub := range []string{filepath.Join("corpora", "data"), "corpora"} {
			dir := filepath.Join(base, sub)
			if holdsCatalogFile(dir) {
				return dir, nil
			}
			tried = append(tried, dir)
		}
	}
	return "", fmt.Errorf("corpus data directory not found (looked in %s): pass --corpora DIR or set $%s to the directory holding 17-clue.txt and the other corpus files",
		strings.Join(tried, ", "), EnvDir)
}

// searchBases lists the directories below which corpora/data and corpora
// are looked for: the working directory, then the executable's directory.
func searchBases(cwd, exe string) []string {
	var bases []string
	if cwd != "" {
		bases = append(bases, cwd)
	}
	if exe != "" && filepath.Dir(exe) != cwd {
		bases = append(bases, filepath.Dir(exe))
	}
	return bases
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

func holdsCatalogFile(dir string) bool {
	for _, e := range Catalog() {
		if info, err := os.Stat(filepath.Join(dir, e.File)); err == nil && info.Mode().IsRegular() {
			return true
		}
	}
	return false
}
