package record

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// guardTree makes, under a temporary directory:
//
//	run/     manifest.json, results.jsonl, .writer.lock, sub/
//	gz/      results.jsonl.gz only (compressed records)
//	empty/   nothing
//	deep/a/b a plain directory two levels below deep
//	deep/run a link to ../run
//
// and returns the temporary directory.
func guardTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"run/sub", "gz", "empty", "deep/a/b"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"run/" + ManifestFile, "run/" + ResultsFile, "run/" + LockFile, "gz/" + ResultsFile + ".gz", "deep/a/" + ManifestFile} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("kept\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"records.md":      "run/" + ResultsFile,           // a link to the records
		"run/report.md":   ResultsFile,                    // relative, inside the run
		"run/future.md":   ResultsFile + ".gz",            // dangling: would create compressed records
		"runlink":         "run",                          // a link to the run's directory
		"chain.md":        "records.md",                   // a link to a link
		"deep/up":         "a/b",                          // deep/up/.. is deep/a, which holds a manifest
		"run/other.jsonl": filepath.Join(root, "empty/x"), // a link out of the run: harmless
		"loop.md":         "loop.md",                      // a link to itself
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCheckOutput(t *testing.T) {
	root := guardTree(t)
	t.Chdir(root)
	for _, c := range []struct {
		path string
		err  string // part of the error; "" when the path may be written
	}{
		{"run/" + ResultsFile, "the records of the run in"},
		{"run/./" + ResultsFile, "the records of the run in"},
		{"run//" + ResultsFile, "the records of the run in"},
		{"run/sub/../" + ResultsFile, "the records of the run in"},
		{filepath.Join(root, "run", ResultsFile), "the records of the run in"},
		{"run/" + ResultsFile + ".gz", "the records of the run in"},
		{"run/" + ResultsFile + ".zst", "the records of the run in"},
		{"run/" + ManifestFile, "the manifest of the run in"},
		{"run/" + LockFile, "the writer lock of the run in"},
		{"gz/" + ResultsFile + ".gz", "the records of the run in"},
		{"gz/" + ManifestFile, "the manifest of the run in"},
		{"records.md", "the records of the run in"},
		{"chain.md", "the records of the run in"},
		{"run/report.md", "the records of the run in"},
		{"run/future.md", "the records of the run in"},
		{"runlink/" + ResultsFile, "the records of the run in"},
		{"runlink/sub/../" + ManifestFile, "the manifest of the run in"},
		// The kernel reads deep/up/.. as deep/a (up is a link to a/b);
		// cleaned as text it would be deep, which holds no run.
		{"deep/up/../" + ManifestFile, "the manifest of the run in"},
		{"loop.md", "symbolic links deep"},
		{"run/report.md.txt", ""},
		{"run/plots/cactus.svg", ""},
		{"run/sub/" + ResultsFile, ""},
		{"run/other.jsonl", ""},
		{"empty/" + ResultsFile, ""},
		{"deep/" + ManifestFile, ""},
		{"nowhere/yet/" + ResultsFile, ""},
		{"report.md", ""},
	} {
		t.Run("path="+c.path, func(t *testing.T) {
			err := CheckOutput(c.path)
			switch {
			case c.err == "" && err != nil:
				t.Errorf("CheckOutput(%q) = %v, want it allowed", c.path, err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("CheckOutput(%q) = %v, want an error saying %q", c.path, err, c.err)
			}
		})
	}
}

// A run's file is refused by its identity too: under another name in its
// run's directory, and anywhere as a hard link that holds a run's records
// or manifest, compressed or not. A copy of records, with one name, is a
// file like any other.
func TestCheckOutputByInode(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	rec := `{"solver":"exactcover/dlx","corpus":"17-clue","puzzle_id":"17-clue:1","puzzle_sha":"x","hints":17,"size":9,"variant":"classic","mode":"unique","seed":1,"rep":0,"status":"solved","wall_ns":1,"cpu_ns":1,"alloc_bytes":0,"peak_rss_bytes":0,"timeout_ns":1}` + "\n"
	var gz strings.Builder
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(rec))
	zw.Close()
	m := &Manifest{Suite: "sudokubench", Plan: Plan{Solvers: []string{"exactcover/dlx"}, Corpora: []string{"17-clue"}}}
	for _, d := range []string{"run", "run2", "packed", "elsewhere"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteManifest("run2/"+ManifestFile, m); err != nil {
		t.Fatal(err)
	}
	for path, content := range map[string]string{
		"run/" + ResultsFile: rec, "run/" + ManifestFile: "{}", "run2/" + ResultsFile: rec,
		"packed/" + CompressedResultsFile: gz.String(), "copy.md": rec,
	} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"run/report.md":       "run/" + ResultsFile,
		"run/notes.md":        "run/" + ManifestFile,
		"h.md":                "run2/" + ResultsFile,
		"elsewhere/m.md":      "run2/" + ManifestFile,
		"elsewhere/packed.md": "packed/" + CompressedResultsFile,
	} {
		if err := os.Link(target, link); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../h.md", "elsewhere/via-link.md"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		err  string // part of the error; "" when the path may be written
	}{
		{"run/report.md", "it is results.jsonl of the run in"},
		{"run/notes.md", "it is manifest.json of the run in"},
		{"h.md", "holds a run's records"},
		{"elsewhere/via-link.md", "holds a run's records"},
		{"elsewhere/m.md", "holds a run's manifest"},
		{"elsewhere/packed.md", "holds a run's records"},
		{"copy.md", ""},
	} {
		t.Run("path="+c.path, func(t *testing.T) {
			err := CheckOutput(c.path)
			switch {
			case c.err == "" && err != nil:
				t.Errorf("CheckOutput(%q) = %v, want it allowed", c.path, err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("CheckOutput(%q) = %v, want an error saying %q", c.path, err, c.err)
			}
		})
	}
}
