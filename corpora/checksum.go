package corpora

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Checksum is the result of hashing a corpus file and comparing it with the
// catalog. A mismatch is not an error: the file may have been edited on
// purpose. Warning says what to report.
type Checksum struct {
	Path string
	Got  string // hex SHA-256 of the file
	Want string // expected hex SHA-256 from the catalog; empty if none
}

// Match reports whether the file is the one the catalog describes.
func (c Checksum) Match() bool { return c.Want != "" && c.Got == c.Want }

// Warning returns a sentence describing a mismatch, or "" when the file
// matches the catalog.
func (c Checksum) Warning() string {
	switch {
	case c.Match():
		return ""
	case c.Want == "":
		return fmt.Sprintf("%s: no checksum in the catalog to compare sha256 %s with", c.Path, c.Got)
	}
	return fmt.Sprintf("%s: sha256 %s differs from the catalog's %s: the file is not the shipped corpus, results will not compare with published ones",
		c.Path, c.Got, c.Want)
}

// Verify hashes the file of a shipped corpus in dir and compares it with
// the catalog. The error is for a file that cannot be read; a mismatch is
// reported by the Checksum.
func Verify(dir string, e Entry) (Checksum, error) {
	if e.Derived() {
		return Checksum{}, fmt.Errorf("corpus %s is derived from %s and has no file of its own", e.Name, e.Base)
	}
	path := filepath.Join(dir, e.File)
	got, err := FileSHA256(path)
	if err != nil {
		return Checksum{}, err
	}
	return Checksum{Path: path, Got: got, Want: e.SHA256}, nil
}

// FileSHA256 returns the hex SHA-256 of a file, reading it as a stream.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
