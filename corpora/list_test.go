package corpora_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
)

// A file whose name holds a comma is one corpus of a list, wherever it
// stands in it; a shipped name stands alone, and "./" reads a file it hides.
func TestSplitList(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, name := range []string{"a,b.txt", "c", "c,d.txt", "top1465,x.txt", "y.txt"} {
		if err := os.WriteFile(name, []byte(puzzleA+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		list string
		want []string
	}{
		{"17-clue,top1465", []string{"17-clue", "top1465"}},
		{"a,b.txt", []string{"a,b.txt"}},
		{"a,b.txt,top1465", []string{"a,b.txt", "top1465"}},
		{" top1465 , a,b.txt , 17-clue+8,,", []string{"top1465", "a,b.txt", "17-clue+8"}},
		{"c,d.txt", []string{"c,d.txt"}},
		{"c,y.txt", []string{"c", "y.txt"}},
		{"./top1465,x.txt,y.txt", []string{"./top1465,x.txt", "y.txt"}},
		{"top1465,y.txt", []string{"top1465", "y.txt"}},
		{"17-clue+3..5,c", []string{"17-clue+3..5", "c"}},
	}
	for _, tt := range tests {
		t.Run("list="+tt.list, func(t *testing.T) {
			got, err := corpora.SplitList(tt.list)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("SplitList = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// An unknown name in a list says so, and names the file that its commas
// keep it from.
func TestSplitListErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("top1465,x.txt", []byte(puzzleA+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		list, says string
	}{
		{"top1465,x.txt", `unknown corpus "x.txt": not a file, and the known corpora are`},
		{"top1465,x.txt", `but "top1465,x.txt" is a file: a list splits at commas, and a shipped or derived name in it stands alone; write ./top1465,x.txt to read the file`},
		{"nope,top1465", `unknown corpus "nope"`},
		{"17-clue+99", `corpus "17-clue+99": k must be a whole number from 0 to 64`},
	}
	for _, tt := range tests {
		t.Run("list="+tt.list, func(t *testing.T) {
			_, err := corpora.SplitList(tt.list)
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want one saying %q", err, tt.says)
			}
		})
	}
}

// FuzzCorpusSpec feeds any text to what reads corpus specifications: a
// list (--corpus), one name (17-clue+k, 17-clue+a..b, a shipped name, a
// file) and a hint range. None may panic; an error names what it refused;
// what is accepted reads back the same.
func FuzzCorpusSpec(f *testing.F) {
	for _, s := range []string{"17-clue", "17-clue+8", "17-clue+19..28", "17-clue+28..19", "17-clue+08", "17-clue+-1",
		"top1465,17-clue+3", "a,b.txt", "./top1465", ",,", "data/top1465.txt", "17-30", "25-", "-30", "22", "0-0", "x-y", "1-2-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		checkLookup(t, spec)
		checkHintRange(t, spec)
		names, err := corpora.SplitList(spec)
		if err != nil {
			if !strings.Contains(err.Error(), "corpus ") {
				t.Errorf("SplitList(%q): error %q names no corpus", spec, err)
			}
			return
		}
		for _, name := range names {
			if name == "" || name != strings.TrimSpace(name) {
				t.Errorf("SplitList(%q) gave the name %q", spec, name)
			}
			if _, err := corpora.Lookup(name); err != nil {
				t.Errorf("SplitList(%q) gave %q, which Lookup refuses: %v", spec, name, err)
			}
		}
	})
}

func checkLookup(t *testing.T, name string) {
	e, err := corpora.Lookup(name)
	if err != nil {
		if !strings.Contains(err.Error(), fmt.Sprintf("%q", name)) {
			t.Errorf("Lookup(%q): error %q does not name it", name, err)
		}
		return
	}
	again, err := corpora.Lookup(e.Name)
	if err != nil || again != e {
		t.Errorf("Lookup(%q) = %+v, but its name looks up as %+v, %v", name, e, again, err)
	}
	if e.Derived() && (e.Added < 0 || e.AddedMax < e.Added || e.AddedMax > corpora.MaxAdded) {
		t.Errorf("Lookup(%q): k from %d to %d", name, e.Added, e.AddedMax)
	}
}

func checkHintRange(t *testing.T, s string) {
	r, err := corpora.ParseHintRange(s)
	switch {
	case err != nil && !strings.Contains(err.Error(), fmt.Sprintf("%q", strings.TrimSpace(s))):
		t.Errorf("ParseHintRange(%q): error %q does not name it", s, err)
	case err != nil || r == (corpora.HintRange{}):
		return
	}
	if back, err := corpora.ParseHintRange(r.String()); err != nil || back != r {
		t.Errorf("ParseHintRange(%q) = %v, which reads back as %v, %v", s, r, back, err)
	}
	if r.Max != 0 && r.Max < r.Min {
		t.Errorf("ParseHintRange(%q) = %+v: an empty range", s, r)
	}
}
