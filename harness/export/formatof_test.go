package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/formats"
)

// A registry format exports as the suite's own file: its extension, its
// header naming the format and options, and the options in each task
// definition; the file reads back as the suite wrote it.
func TestFormatOf(t *testing.T) {
	f, err := formats.Lookup("smt2")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := f.Complete(map[string]string{"form": "onehot"})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	p := puzzle(t, "unique", 1, 1, "1.3..2.....1...4")
	if _, err := Write(Config{Dir: dir, Format: FormatOf(f, opts)}, []corpora.Puzzle{p}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "unique_1.smt2"))
	if err != nil {
		t.Fatal(err)
	}
	wr, err := formats.ReadFile(data)
	if err != nil || wr.Header.Format != f || wr.Header.Options["form"] != "onehot" || !wr.Header.Puzzle.Equal(p.Grid) {
		t.Errorf("the instance reads back as %+v, %v", wr.Header, err)
	}
	yml, err := os.ReadFile(filepath.Join(dir, "unique_1.yml"))
	if err != nil || !strings.Contains(string(yml), `form: "onehot"`) {
		t.Errorf("task definition lacks the option: %s %v", yml, err)
	}
}
