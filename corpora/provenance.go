package corpora

import (
	_ "embed"
	"strings"
)

//go:embed SOURCES.md
var sourcesMarkdown string

// Provenance returns the section of SOURCES.md about a corpus: origin,
// counts, hint histogram, solutions per puzzle, checksum and attribution.
// A derived corpus gets the section on 17-clue+k, a generated one the
// section on its kind (holes-SIDE@SHARE, unique-SIDE@SHARE). It returns "" for a name
// SOURCES.md does not describe.
func Provenance(name string) string {
	e, err := Lookup(name)
	switch {
	case err == nil && e.Derived():
		name = e.Base + "+k"
	case err == nil && e.Generated():
		name = e.Kind + "-SIDE@SHARE"
	}
	_, section, found := strings.Cut(sourcesMarkdown, "\n## "+name+"\n")
	if !found {
		return ""
	}
	section, _, _ = strings.Cut(section, "\n## ")
	return strings.TrimSpace(section)
}
