package corpora

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// Checksum is the result of hashing a corpus file and comparing it with the
// catalog. A mismatch is not an error: the file may have been edited on
// purpose. Warning says what to report. A puzzle file outside the catalog
// has no expected sum: its own is its provenance.
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
	if c.Want == "" || c.Match() {
		return ""
	}
	return fmt.Sprintf("%s: sha256 %s differs from the catalog's %s: the file is not the shipped corpus, results will not compare with published ones",
		c.Path, c.Got, c.Want)
}

// Verify hashes the file of a corpus, a shipped one in dir ("" for the
// built-in copies) or a puzzle file, and compares it with the catalog. The
// error is for a file that cannot be read; a mismatch is reported by the
// Checksum.
func Verify(dir string, e Entry) (Checksum, error) {
	switch {
	case e.Derived():
		return Checksum{}, fmt.Errorf("corpus %s is derived from %s and has no file of its own", e.Name, e.Base)
	case e.Generated():
		return Checksum{}, fmt.Errorf("corpus %s is generated from a seed and has no file", e.Name)
	case e.IsFile():
		got, err := FileSHA256(e.Path)
		return Checksum{Path: e.Path, Got: got}, err
	}
	f, err := openData(dir, e.File)
	if err != nil {
		return Checksum{}, err
	}
	defer f.Close()
	path := FilePath(dir, e.File)
	got, err := readerSHA256(f, path)
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
	return readerSHA256(f, path)
}

func readerSHA256(r io.Reader, name string) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
