// Package corpora is where puzzles come from: the shipped puzzle files,
// built into the binary, with their provenance and checksums; puzzle files
// of the user's, named by their path; a loader that reads and checks the
// whole input before it hands on a puzzle, holding only the puzzles it
// selects, filtering by hint count and seeded sampling; the derived corpus
// 17-clue+k, and a generator of unique puzzles of any size.
//
// The package's opinion: a corpus is a file read line by line, every puzzle
// keeps the id "corpus:line" it was born with however it is filtered or
// sampled, and a file with a malformed line is refused whole, before a
// caller has done anything with it, unless the caller asks to skip such
// lines. The loader checks what a line says — its syntax, and that a
// listed solution solves the puzzle and a listed count of one or more
// does not belong to givens that clash — but whether a puzzle is well
// posed is the caller's question (sudoku.Grid.Validate), since some
// corpora hold puzzles with no solution on purpose. Problems that need not
// stop a run (a checksum mismatch, a skipped line) are returned as values.
//
// The shipped files are embedded (go:embed), so the tool works from any
// directory; another copy (FindDir: --corpora or $SUDOKUBENCH_CORPORA) is
// checked against the catalog's SHA-256 sums, a mismatch a warning. A name
// that is not in the catalog and names a file is that file, its puzzles
// path:line and its SHA-256 its provenance. 17-clue+k (k = 0..64) adds k cells of each
// 17-clue puzzle's unique solution, chosen by the seed and the puzzle's
// line; 17-clue+a..b gives each puzzle its own k in a..b. holes-SIDE@SHARE
// and unique-SIDE@SHARE have no file: lines 1 to 1,000, each made from the
// seed and its line (only the selected ones), a random full grid with all
// but round(SHARE × SIDE²) cells emptied, or with cells removed while the
// solution stays unique; the name and the seed are their provenance. The
// loader reads one puzzle per line (with :count[:solution] or CSV
// puzzle,solution), in symbols or as N² numbers, or display grids, and
// refuses with what and where: a non-ASCII character by name, binary
// input, '0' on 16×16 and 25×25 grids, a listed solution that does not
// solve its puzzle, input with no puzzle.
package corpora

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// Entry describes one corpus of the catalog.
type Entry struct {
	Name   string // short stable name: "17-clue"
	File   string // file name in the data directory; empty for derived corpora
	Source string // one line: where the puzzles come from
	SHA256 string // expected hex SHA-256 of File; empty for derived corpora
	// Unique says whether every puzzle has exactly one solution.
	Unique bool
	// MinSolutions is a lower bound on every puzzle's solution count that
	// the corpus's provenance states when the counts themselves are not
	// given (serg: 2, every puzzle has two or more); 0 when none.
	MinSolutions int
	// Base, Added and AddedMax describe a derived corpus (17-clue+k, or
	// 17-clue+a..b): the corpus it is made from, and how many solution
	// cells are added to each puzzle: Added, or for a range a number from
	// Added to AddedMax drawn per puzzle.
	Base            string
	Added, AddedMax int
	// Path is a puzzle file outside the catalog, as the user named it; the
	// corpus's name is the same path.
	Path string
	// Kind, Box and Share describe a generated corpus (holes-16@0.40,
	// unique-25@0.45): HolesKind or UniqueKind, the box side of its
	// classic grids, and the share of cells given.
	Kind  string
	Box   int
	Share float64
}

// Generated reports whether the corpus is made by the suite from a seed,
// with no file behind it.
func (e Entry) Generated() bool { return e.Kind != "" }

// Derived reports whether the corpus is made from another one rather than
// read from its own file.
func (e Entry) Derived() bool { return e.Base != "" }

// IsFile reports whether the corpus is a puzzle file outside the catalog.
func (e Entry) IsFile() bool { return e.Path != "" }

// DerivedBase is the corpus the derived corpora "17-clue+k" are made from.
const DerivedBase = "17-clue"

// MaxAdded is the largest k of 17-clue+k: 17 + 64 = 81 cells, a full grid.
const MaxAdded = 81 - 17

// Catalog returns the shipped corpora in a stable order. The slice is a
// fresh copy; changing it changes nothing else.
func Catalog() []Entry {
	return []Entry{
		{Name: "17-clue", File: "17-clue.txt", Unique: true,
			Source: "all 49,158 17-clue puzzles (Royle; completed by the Enjoy Sudoku forum), via tdoku",
			SHA256: "2cf268735dfd40d32269b5f20ebbea067037e5976b4d016ce0b4d3c0a50deb30"},
		{Name: "top1465", File: "top1465.txt", Unique: true,
			Source: "magictour top1465 hard puzzles (magictour.free.fr), via tdoku",
			SHA256: "ca0369f516dac7dfdd987d2c310ac33dcfc7478db5171bea5bca1f3878758bce"},
		{Name: "hardest-1905-11plus", File: "hardest-1905-11plus.txt", Unique: true,
			Source: "Enjoy Sudoku forum hardest list (May 2019), SE rating > 11.0, via tdoku",
			SHA256: "56236eaf6c7445ea244db3423ec44a102349dbedf6e457af0fcdd3d07cf39996"},
		{Name: "hardest-1106", File: "hardest-1106.txt", Unique: true,
			Source: "Enjoy Sudoku forum HardestDatabase110626, via tdoku",
			SHA256: "45d0afc5892d6797621d7c00f518df8f1483eceb921416984b8687e16128eb06"},
		{Name: "serg", File: "serg.txt", Unique: false, MinSolutions: 2,
			Source: "Serg's benchmark (Enjoy Sudoku forum): every puzzle has 2+ solutions, via tdoku",
			SHA256: "5468125857f02cb1e9b1fc6ba36ac88dc8d75afa47bc030c507cdfefbfe0eeaa"},
		{Name: "norvig-top95", File: "norvig-top95.txt", Unique: true,
			Source: "Peter Norvig's top95 (norvig.com/top95.txt), via norvig-sudoku-bench",
			SHA256: "b16eff35fbe41fb7b122f21c5c6ba30b85861b47946d33257070df1a69cddd36"},
		{Name: "norvig-hardest", File: "norvig-hardest.txt", Unique: true,
			Source: "Peter Norvig's hardest (norvig.com/hardest.txt), via norvig-sudoku-bench",
			SHA256: "398e1e5df4f50723078e3b510e00ea7eb9e104c521a9a186b4c20cd066c0459f"},
		{Name: "tdoku-tests", File: "tdoku-tests.txt", Unique: false,
			Source: "tdoku's unit-test fixture: puzzle:count[:solution], counts 0, 1 and up to 847",
			SHA256: "b88edd4dead0de1fd7b1db6018f00a38be430674b3eb944927ebfe66b1d7a13e"},
	}
}

// Names returns the names of the shipped corpora, in catalog order.
func Names() []string {
	var names []string
	for _, e := range Catalog() {
		names = append(names, e.Name)
	}
	return names
}

// Lookup finds a corpus by name: a shipped one ("top1465"), a derived one
// ("17-clue+8", k from 0 to 64, or "17-clue+19..28", a range of k), a
// generated one ("holes-16@0.40", "unique-25@0.45"), or else
// a puzzle file by its path ("my-puzzles.txt", "./top1465" for a file that
// a shipped name would hide).
func Lookup(name string) (Entry, error) { return lookup(name, true) }

// LookupShipped is Lookup without puzzle files: only the shipped and
// derived corpora, for callers that must not read a path a client names
// (a server).
func LookupShipped(name string) (Entry, error) { return lookup(name, false) }

func lookup(name string, files bool) (Entry, error) {
	catalog := Catalog()
	if i := slices.IndexFunc(catalog, func(e Entry) bool { return e.Name == name }); i >= 0 {
		return catalog[i], nil
	}
	base, k, derived := strings.Cut(name, "+")
	switch {
	case isGeneratedName(name) && !(files && isFile(name)):
		return lookupGenerated(name)
	case derived && base == DerivedBase:
		return lookupDerived(name, base, k)
	case files && isFile(name):
		return Entry{Name: name, Path: name, Source: "puzzle file " + name}, nil
	case derived:
		return lookupDerived(name, base, k)
	}
	what := "not a file, and the"
	if !files {
		what = "the"
	}
	return Entry{}, fmt.Errorf("unknown corpus %q: %s known corpora are %s, %s+k for k = 0..%d (or a range of k, %s+19..28), and the generated %s-SIDE@SHARE and %s-SIDE@SHARE (%s-16@0.40)",
		name, what, strings.Join(Names(), ", "), DerivedBase, MaxAdded, DerivedBase, HolesKind, UniqueKind, HolesKind)
}

// isFile reports whether path names a regular file (or a link to one).
func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}
