package table

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// Every format is declared once: its name and aliases, in any case, find
// it, and an unknown name lists them all.
func TestFormatsDeclaredOnce(t *testing.T) {
	for _, f := range formats {
		for _, name := range append([]string{f.Name, strings.ToUpper(f.Name)}, f.Aliases...) {
			got, err := LookupFormat(name)
			if err != nil || got.Name != f.Name {
				t.Errorf("LookupFormat(%q) = %s, %v; want %s", name, got.Name, err, f.Name)
			}
		}
	}
	_, err := WriterFor("docx")
	if err == nil || !strings.Contains(err.Error(), strings.Join(FormatNames(), ", ")) {
		t.Errorf("unknown format: %v, want the list of formats", err)
	}
}

// Every format writes a table's title, its cells (escaped for the
// format) and its notes; WriteAll puts a blank line between tables.
func TestEveryFormatWritesTheTable(t *testing.T) {
	tab := &Table{Title: "Pipelines", Columns: []Column{{Name: "name"}, {Name: "count", Right: true}},
		Rows:  []Row{{Cells: []Cell{TextCell("exact_cover"), IntCell(42)}}},
		Notes: []string{"A note."}}
	want := map[string]string{"text": "exact_cover", "md": `exact\_cover`, "csv": "exact_cover", "latex": `exact\_cover`, "html": "exact_cover"}
	for _, name := range FormatNames() {
		w, err := WriterFor(name)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteAll(&b, w, []*Table{tab, tab}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := b.String()
		if strings.Count(out, want[name]) != 2 || strings.Count(out, "42") != 2 || !strings.Contains(out, "\n\n") {
			t.Errorf("%s: want the cells of both tables, a blank line between them:\n%s", name, out)
		}
		if name != "csv" && (!strings.Contains(out, "Pipelines") || !strings.Contains(out, "A note.")) {
			t.Errorf("%s: want the title and the note:\n%s", name, out)
		}
	}
}

// A Wrap column breaks its cells into the room the others leave, so that
// a text table fits its width without dropping the column; at no width
// it is left whole.
func TestTextWrapsAWrapColumn(t *testing.T) {
	long := "a pipeline whose description runs on for many more words than a terminal line holds"
	tab := &Table{Columns: []Column{{Name: "name"}, {Name: "description", Wrap: true}},
		Rows: []Row{{Cells: []Cell{TextCell("sat/minisat"), TextCell(long)}}}}
	var b bytes.Buffer
	if err := (Text{Width: 40}).WriteTable(&b, tab); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 40 {
			t.Errorf("a line of %d columns, over 40: %q", n, l)
		}
	}
	if got := strings.Join(strings.Fields(b.String()), " "); !strings.Contains(got, strings.Join(strings.Fields(long), " ")) || len(lines) < 5 {
		t.Errorf("want the whole description over several lines:\n%s", b.String())
	}
	b.Reset()
	if err := (Text{}).WriteTable(&b, tab); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), long) {
		t.Errorf("without a width, want the description on one line:\n%s", b.String())
	}
}

// Wrap breaks at spaces within the width, the indent counting in the
// lines it begins; a word longer than the room keeps a line of its own,
// and width 0 leaves the text whole.
func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		text, indent string
		width        int
		want         string
	}{
		{"warning: the machine is busy", "  ", 12, "warning: the\n  machine is\n  busy"},
		{"a b c d", "", 3, "a b\nc d"},
		{"a extraordinarily b", "", 5, "a\nextraordinarily\nb"},
		{"left  whole  ", "", 0, "left  whole  "},
		{"é é é", "", 3, "é é\né"},
	} {
		if got := Wrap(tc.text, tc.width, tc.indent); got != tc.want {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", tc.text, tc.width, tc.indent, got, tc.want)
		}
	}
}
