// Package export writes puzzles as instances for other harnesses: one
// input file per puzzle in any format the suite encodes, a BenchExec task
// definition beside each (format 2.0, with the verdicts the corpus
// knows), and a list of the puzzles with their ids and SHA-256 sums, so
// that BenchExec, StarExec or a competition's scripts run the suite's
// instances unchanged.
//
// Its opinion: an export is data, not a run. It never writes into a
// directory that holds a run, never replaces a file unless asked, and
// checks all its paths before it writes the first. Each file is written
// whole or not at all (outfile.Write).
package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Format is how each puzzle is written.
type Format struct {
	Name string // "cnf", "mzn", "puzzle" …
	Ext  string // the instance files' extension, without the dot
	// Write writes one puzzle's instance.
	Write func(w io.Writer, puzzle *sudoku.Grid) error
	// Options describe the encoding (encoding=extended …), recorded in
	// each task definition.
	Options map[string]string
}

// FormatOf is a format of the registry, with its options complete
// (formats.Format.Complete), as an export writes it: each task definition
// records the options as the format's own, those a solver definition
// takes and a file's header names.
func FormatOf(f *formats.Format, opts map[string]string) Format {
	return Format{Name: f.Name, Ext: f.Ext, Options: opts, Write: func(w io.Writer, g *sudoku.Grid) error {
		_, err := f.WriteFile(w, g, opts)
		return err
	}}
}

// Config is one export.
type Config struct {
	Dir    string
	Format Format
	// Force replaces files that exist; without it an export that would
	// replace one is refused before anything is written.
	Force bool
}

// Summary says what an export wrote.
type Summary struct {
	Tasks int
	Files []string // every file written, in order
}

// Property files the task definitions name.
const (
	SolvableProperty = "properties/solvable.prp"
	UniqueProperty   = "properties/unique.prp"
	ListFile         = "puzzles.csv"
)

var propertyText = map[string]string{
	SolvableProperty: "Property: the Sudoku puzzle that the input file encodes has a solution.\n" +
		"Verdict true: the tool found a solution (the suite verifies a grid against the rules and the givens).\n" +
		"Verdict false: the tool proved that no solution exists.\n",
	UniqueProperty: "Property: the Sudoku puzzle that the input file encodes has exactly one solution.\n" +
		"Verdict true: one solution and a proof that there is no second.\n" +
		"Verdict false: no solution, or two different solutions.\n",
}

// Write writes the puzzles' instances, task definitions, property files
// and list into cfg.Dir.
func Write(cfg Config, puzzles []corpora.Puzzle) (Summary, error) {
	if len(puzzles) == 0 {
		return Summary{}, errors.New("no puzzle to export")
	}
	if record.HoldsRun(cfg.Dir) {
		return Summary{}, outfile.Refused(fmt.Errorf("%s holds a benchmark run: export instances into a directory of their own", cfg.Dir))
	}
	files, err := build(cfg, puzzles)
	if err != nil {
		return Summary{}, err
	}
	if err := checkPaths(cfg, files); err != nil {
		return Summary{}, err
	}
	sum := Summary{Tasks: len(puzzles)}
	for _, f := range files {
		path := filepath.Join(cfg.Dir, f.name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return sum, err
		}
		if err := outfile.WriteBytes(path, f.data); err != nil {
			return sum, err
		}
		sum.Files = append(sum.Files, path)
	}
	return sum, nil
}

// file is one file of an export, relative to its directory.
type file struct {
	name string
	data []byte
}

// checkPaths refuses an export whose files would replace existing ones
// (unless forced) or a run's files, or that cannot be written at all.
func checkPaths(cfg Config, files []file) error {
	var existing []string
	for _, f := range files {
		path := filepath.Join(cfg.Dir, f.name)
		if err := record.CheckOutput(path); err != nil {
			return err
		}
		if err := outfile.Check(path, true); err != nil {
			return err
		}
		if _, err := os.Lstat(path); err == nil {
			existing = append(existing, path)
		}
	}
	if len(existing) > 0 && !cfg.Force {
		return outfile.Refused(fmt.Errorf("%d of the export's files exist already (first: %s): pass --force to replace them, or choose another --out", len(existing), existing[0]))
	}
	return nil
}

// build makes every file of the export in memory, so that nothing is
// written when one puzzle cannot be encoded.
func build(cfg Config, puzzles []corpora.Puzzle) ([]file, error) {
	list := [][]string{{"task", "id", "corpus", "line", "size", "variant", "hints", "solutions", "puzzle", "puzzle_sha256", "file", "file_sha256"}}
	var files []file
	taken := make(map[string]bool)
	for _, p := range puzzles {
		var buf bytes.Buffer
		if err := cfg.Format.Write(&buf, p.Grid); err != nil {
			return nil, fmt.Errorf("%s: %w", p.ID, err)
		}
		task := taskName(p, taken)
		input := task + "." + cfg.Format.Ext
		files = append(files,
			file{name: input, data: buf.Bytes()},
			file{name: task + ".yml", data: taskDefinition(input, p, cfg.Format)})
		geo := p.Grid.Geometry()
		list = append(list, []string{task, p.ID, p.Corpus, strconv.Itoa(p.Line), strconv.Itoa(geo.N), geo.Variant.String(),
			strconv.Itoa(p.Hints), solutionsText(p), p.Grid.String(), p.Grid.SHA256(), input, sha(buf.Bytes())})
	}
	var csvBuf bytes.Buffer
	w := csv.NewWriter(&csvBuf)
	if err := w.WriteAll(list); err != nil {
		return nil, err
	}
	files = append(files, file{name: ListFile, data: csvBuf.Bytes()})
	for _, name := range []string{SolvableProperty, UniqueProperty} {
		files = append(files, file{name: name, data: []byte(propertyText[name])})
	}
	return files, nil
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// solutionsText is what the corpus knows of a puzzle's solution count:
// the count, a lower bound ("2+"), or "unknown".
func solutionsText(p corpora.Puzzle) string {
	switch {
	case p.Solutions >= 0:
		return strconv.Itoa(p.Solutions)
	case p.MinSolutions > 0:
		return strconv.Itoa(p.MinSolutions) + "+"
	}
	return "unknown"
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._+-]+`)

// taskName names a puzzle's files after its corpus and line: 17-clue_123,
// mine.txt_4 for a user's file; a name already taken gets _2, _3 ….
func taskName(p corpora.Puzzle, taken map[string]bool) string {
	corpus := unsafeName.ReplaceAllString(filepath.Base(p.Corpus), "_")
	base := fmt.Sprintf("%s_%d", strings.Trim(corpus, "._"), p.Line)
	name := base
	for i := 2; taken[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	taken[name] = true
	return name
}

// taskDefinition is BenchExec's task definition (format 2.0) of one
// instance: the input file; the solvable property, and the unique property
// wherever the corpus knows its verdict (BenchExec runs a property without
// one, but cannot score it); and the puzzle's facts and the encoding as
// options.
func taskDefinition(input string, p corpora.Puzzle, f Format) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# sudokubench: %s, %d hints\n", p.ID, p.Hints)
	b.WriteString("format_version: \"2.0\"\n\n")
	fmt.Fprintf(&b, "input_files: %s\n\n", quote(input))
	b.WriteString("properties:\n")
	fmt.Fprintf(&b, "  - property_file: %s\n", SolvableProperty)
	if v, ok := solvable(p); ok {
		fmt.Fprintf(&b, "    expected_verdict: %v\n", v)
	}
	if v, ok := unique(p); ok {
		fmt.Fprintf(&b, "  - property_file: %s\n    expected_verdict: %v\n", UniqueProperty, v)
	}
	geo := p.Grid.Geometry()
	b.WriteString("\noptions:\n")
	fmt.Fprintf(&b, "  format: %s\n  size: %d\n  variant: %s\n  hints: %d\n", f.Name, geo.N, geo.Variant, p.Hints)
	switch {
	case p.Solutions >= 0:
		fmt.Fprintf(&b, "  solutions: %d\n", p.Solutions)
	case p.MinSolutions > 0:
		fmt.Fprintf(&b, "  solutions: %s\n", quote(solutionsText(p)))
	}
	fmt.Fprintf(&b, "  puzzle: %s\n  puzzle_sha256: %s\n", quote(p.Grid.String()), p.Grid.SHA256())
	for _, k := range slices.Sorted(maps.Keys(f.Options)) {
		fmt.Fprintf(&b, "  %s: %s\n", k, quote(f.Options[k]))
	}
	return []byte(b.String())
}

// solvable is the solvable property's verdict, when known: from the
// solution count, its lower bound, or a known solution.
func solvable(p corpora.Puzzle) (bool, bool) {
	switch {
	case p.Solutions >= 0:
		return p.Solutions > 0, true
	case p.MinSolutions > 0 || p.Solution != nil:
		return true, true
	}
	return false, false
}

// unique is the unique property's verdict, when known: from the solution
// count, or false from a lower bound of two.
func unique(p corpora.Puzzle) (bool, bool) {
	switch {
	case p.Solutions >= 0:
		return p.Solutions == 1, true
	case p.MinSolutions >= 2:
		return false, true
	}
	return false, false
}

// quote writes a string as a YAML double-quoted scalar.
func quote(s string) string { return strconv.Quote(s) }
