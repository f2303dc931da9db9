package outfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// LedgerFile is the file in a directory that lists the files the suite's
// commands wrote there (Claim), which they may replace without being
// forced (Check).
const LedgerFile = ".sudokubench-files.json"

// ledgerAbout opens every ledger, so that a reader who finds one knows
// what it is.
const ledgerAbout = "Files that sudokubench wrote in this directory. Its commands replace these " +
	"without --force; any other file here they leave alone unless given --force. " +
	"Remove a name to protect that file."

// ledger is a LedgerFile's content.
type ledger struct {
	About string   `json:"about"`
	Files []string `json:"files"`
}

// readLedger returns the names a directory's ledger lists; a directory
// without one lists none.
func readLedger(dir string) (map[string]bool, error) {
	path := filepath.Join(dir, LedgerFile)
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	var l ledger
	var b []byte
	if fi.Mode().IsRegular() {
		b, err = os.ReadFile(path)
	}
	if err != nil || json.Unmarshal(b, &l) != nil || l.About == "" {
		return nil, fmt.Errorf("%s is not sudokubench's list of the files it wrote there: move it away, or write elsewhere", path)
	}
	names := make(map[string]bool, len(l.Files))
	for _, name := range l.Files {
		names[name] = true
	}
	return names, nil
}

// Claim lists files, just written, in their directories' ledgers, so that
// a later command may replace them (Check). Names in a ledger whose files
// are gone are dropped from it.
func Claim(paths ...string) error {
	byDir := make(map[string][]string)
	for _, path := range paths {
		dir, base := filepath.Split(path)
		byDir[dir] = append(byDir[dir], base)
	}
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		if err := claimIn(dir, byDir[dir]); err != nil {
			return err
		}
	}
	return nil
}

// claimIn adds names to the ledger of dir ("" is the working directory).
func claimIn(dir string, names []string) error {
	listed, err := readLedger(dir)
	if err != nil {
		return err
	}
	for _, name := range names {
		listed[name] = true
	}
	kept := slices.DeleteFunc(slices.Sorted(maps.Keys(listed)), func(name string) bool {
		_, err := os.Lstat(filepath.Join(dir, name))
		return err != nil
	})
	b, err := json.MarshalIndent(ledger{About: ledgerAbout, Files: kept}, "", "  ")
	if err != nil {
		return err
	}
	return Write(filepath.Join(dir, LedgerFile), func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}
