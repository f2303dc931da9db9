package outfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/outfile"
)

// Put writes files whole, lists them in their directory's ledger, and
// refuses to replace a file the suite did not write unless forced.
func ExamplePut() {
	dir, err := os.MkdirTemp("", "outfile-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	notes := filepath.Join(dir, "notes.md")
	os.WriteFile(notes, []byte("a user's notes\n"), 0o644)
	report := filepath.Join(dir, "report.md")

	if _, err := outfile.Put(map[string][]byte{report: []byte("# Report\n")}, false); err != nil {
		fmt.Println(err)
	}
	_, err = outfile.Put(map[string][]byte{report: []byte("# Report, again\n")}, false)
	fmt.Println("replacing its own report:", err)
	_, err = outfile.Put(map[string][]byte{notes: []byte("# Report\n")}, false)
	fmt.Println("replacing the user's notes refused:", errors.Is(err, outfile.ErrRefused))
	data, _ := os.ReadFile(notes)
	fmt.Printf("the notes: %q\n", data)
	// Output:
	// replacing its own report: <nil>
	// replacing the user's notes refused: true
	// the notes: "a user's notes\n"
}
