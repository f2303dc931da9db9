package corpora_test

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		unique  bool
		derived bool
		added   int
	}{
		{"17-clue", "17-clue.txt", true, false, 0},
		{"serg", "serg.txt", false, false, 0},
		{"tdoku-tests", "tdoku-tests.txt", false, false, 0},
		{"17-clue+0", "", true, true, 0},
		{"17-clue+64", "", true, true, 64},
	}
	for _, tt := range tests {
		t.Run("corpus="+tt.name, func(t *testing.T) {
			e, err := corpora.Lookup(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if e.Name != tt.name || e.File != tt.file || e.Unique != tt.unique || e.Derived() != tt.derived || e.Added != tt.added {
				t.Errorf("got %+v", e)
			}
		})
	}
}

func TestCatalogIsACopy(t *testing.T) {
	c := corpora.Catalog()
	c[0].Name = "changed"
	if corpora.Catalog()[0].Name != "17-clue" {
		t.Error("changing the returned catalog changed the package's")
	}
	if len(corpora.Names()) != 8 {
		t.Errorf("%d corpora, want 8", len(corpora.Names()))
	}
}

func TestProvenance(t *testing.T) {
	for _, name := range append(corpora.Names(), "17-clue+5") {
		t.Run("corpus="+name, func(t *testing.T) {
			p := corpora.Provenance(name)
			if p == "" || strings.Contains(p, "\n## ") {
				t.Fatalf("provenance %q", p)
			}
			e, _ := corpora.Lookup(name)
			if !e.Derived() && !strings.Contains(p, e.SHA256) {
				t.Errorf("provenance of %s lacks its checksum %s", name, e.SHA256)
			}
		})
	}
	if corpora.Provenance("nope") != "" {
		t.Error("provenance for an unknown corpus")
	}
}
