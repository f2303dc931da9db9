package corpora

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Puzzle is one puzzle of a corpus.
type Puzzle struct {
	ID     string // stable id "corpus:line", e.g. "top1465:12" or "17-clue+8:123"
	Corpus string
	Line   int // 1-based line in the corpus file (of the base puzzle for 17-clue+k)
	Grid   *sudoku.Grid
	Hints  int
	// Solutions is the known number of solutions: the line's count field,
	// or 1 for a corpus the catalog lists as unique; -1 when unknown.
	Solutions int
	// MinSolutions is a lower bound on the count when Solutions is
	// unknown: the catalog's Entry.MinSolutions (2 for serg); 0 when none.
	MinSolutions int
	// Solution is a known solution, nil when unknown.
	Solution *sudoku.Grid
}

// Options select and shape the puzzles a load yields. The zero value reads
// every classic puzzle and refuses an input with a bad line.
type Options struct {
	Variant sudoku.Variant
	// SkipInvalid skips malformed lines, each a warning in Stats, instead
	// of refusing the input. Lines that cannot be read past (binary data,
	// a line too long) refuse it either way.
	SkipInvalid bool
	// Hints keeps only puzzles in the range.
	Hints HintRange
	// Sample, if positive, keeps a uniform random sample of this many of the
	// puzzles in range (reservoir sampling, so memory stays at Sample
	// puzzles). Seed decides the sample.
	Sample int
	Seed   uint64
	// Limit, if positive, keeps the first this many puzzles in range; the
	// rest of the input is still read and checked.
	Limit int
	// Oracle completes base puzzles; only derived corpora (17-clue+k) need it.
	Oracle Oracle
}

// MaxWarnings is how many skipped lines' errors Stats keeps; all are counted.
const MaxWarnings = 100

// Stats counts what a load read.
type Stats struct {
	Lines   int // lines read
	Puzzles int // well-formed puzzle lines
	InRange int // puzzles within the hint range
	Yielded int // puzzles handed to the caller
	Invalid int // bad lines skipped under SkipInvalid
	// Warnings holds the errors of the first MaxWarnings skipped lines.
	Warnings []error
}

// Skipped says what a load under SkipInvalid skipped, in the words every
// command prints: each skipped line's error (the first MaxWarnings of
// them), then how many lines of the input, named name, were skipped in
// all. Nil when none was.
func (s Stats) Skipped(name string) []string {
	if s.Invalid == 0 {
		return nil
	}
	ws := make([]string, 0, len(s.Warnings)+1)
	for _, w := range s.Warnings {
		ws = append(ws, "skipped "+w.Error())
	}
	shown := ""
	if s.Invalid > len(s.Warnings) {
		shown = fmt.Sprintf(" (the first %d named above)", len(s.Warnings))
	}
	return append(ws, fmt.Sprintf("%s: %d malformed line(s) skipped%s, %d puzzle(s) read", name, s.Invalid, shown, s.Puzzles))
}

// maxLineBytes bounds a line: a 25×25 puzzle with count and solution needs
// about 1,300 bytes.
const maxLineBytes = 1 << 16

// Load reads the puzzles of a corpus and calls yield for each selected one
// in file order: a catalog corpus ("top1465") read from dir ("" for the
// copies built into the binary), a derived one ("17-clue+8"), or a puzzle
// file named by its path. It reads and checks the whole input before it
// yields the first puzzle, so that a bad line anywhere, even past a limit,
// refuses the input before the caller has done anything with it (unless
// Options.SkipInvalid); the puzzles selected wait in memory till then. An
// error from yield stops the load and is returned.
func Load(dir, name string, opts Options, yield func(Puzzle) error) (Stats, error) {
	e, err := Lookup(name)
	switch {
	case err != nil:
		return Stats{}, err
	case e.Derived():
		return loadDerived(dir, e, opts, yield)
	case e.Generated():
		return loadGenerated(e, opts, yield)
	case e.IsFile():
		return ScanFile(e.Path, opts, yield)
	}
	src := source{corpus: e.Name, knownCount: -1, knownMin: e.MinSolutions}
	if e.Unique {
		src.knownCount = 1
	}
	return scanData(dir, e.File, src, newPipeline(opts, nil, yield))
}

// ScanFile streams the puzzles of any puzzle file. The corpus is named by
// the path as given, and so are the ids: "my/puzzles.txt:12".
func ScanFile(path string, opts Options, yield func(Puzzle) error) (Stats, error) {
	return scanPath(path, source{corpus: path, knownCount: -1}, newPipeline(opts, nil, yield))
}

// Scan streams the puzzles read from r. file names r in error messages
// ("-" for standard input); corpus names the puzzles in their ids.
func Scan(r io.Reader, file, corpus string, opts Options, yield func(Puzzle) error) (Stats, error) {
	src := source{file: file, corpus: corpus, knownCount: -1}
	return run(r, src, newPipeline(opts, nil, yield))
}

// source says where lines come from and what the catalog knows about them.
type source struct {
	file       string // for error messages
	corpus     string // for ids
	knownCount int    // solutions per puzzle when the line gives none; -1 unknown
	knownMin   int    // a lower bound on them when knownCount is unknown; 0 none
}

func scanPath(path string, src source, p *pipeline) (Stats, error) {
	f, err := os.Open(path)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	src.file = path
	return run(f, src, p)
}

// scanData reads a corpus file of a data directory ("" for the built-in
// ones).
func scanData(dir, file string, src source, p *pipeline) (Stats, error) {
	f, err := openData(dir, file)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	src.file = FilePath(dir, file)
	return run(f, src, p)
}

// run reads every line through the pipeline, then lets it yield what it
// selected.
func run(r io.Reader, src source, p *pipeline) (Stats, error) {
	if err := scanLines(r, src, p); err != nil {
		return p.stats, err
	}
	if p.stats.Puzzles == 0 && p.stats.Invalid == 0 {
		return p.stats, noPuzzle(src.file, p.stats.Lines)
	}
	return p.stats, p.finish()
}

// noPuzzle is the error for an input without a single puzzle line.
func noPuzzle(file string, lines int) error {
	if lines == 0 {
		return fmt.Errorf("%s: %w: the input is empty", file, ErrNoPuzzle)
	}
	return fmt.Errorf("%s: %w: its %d lines are blank or comments", file, ErrNoPuzzle, lines)
}

func scanLines(r io.Reader, src source, p *pipeline) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLineBytes)
	first := true
	var grid displayBlock
	for sc.Scan() {
		p.stats.Lines++
		raw := trimLine(sc.Text(), p.stats.Lines)
		if err := sudoku.CheckText(raw); errors.Is(err, sudoku.ErrNotText) {
			return &LineError{File: src.file, Line: p.stats.Lines, Err: err}
		}
		display := isDisplayLine(raw, grid.side)
		if grid.open() && !display {
			start := grid.start
			if err := lineProblem(src, start, grid.unfinished(), p); err != nil {
				return err
			}
		}
		if display {
			if err := readDisplayLine(&grid, raw, src, p); err != nil {
				return err
			}
			first = false
			continue
		}
		text := contentField(raw, grid.side)
		kind := classify(text, p.opts.Variant, first)
		if text != "" {
			first = false
		}
		if kind == skipLine {
			continue
		}
		if err := readRecord(text, kind, src, p); err != nil {
			return err
		}
	}
	if grid.open() {
		start := grid.start
		if err := lineProblem(src, start, grid.unfinished(), p); err != nil {
			return err
		}
	}
	return readError(sc.Err(), src, p.stats.Lines+1)
}

// trimLine returns a line without the blanks around it, a carriage return
// at its end, or, on the first line, the byte-order mark some editors put
// at the start of a file.
func trimLine(line string, lineNo int) string {
	if lineNo == 1 {
		line = sudoku.TrimByteOrderMark(line)
	}
	return strings.TrimSpace(strings.TrimSuffix(line, "\r"))
}

// readDisplayLine feeds one display line to an open (or opening) grid and
// offers the puzzle when the grid is complete.
func readDisplayLine(grid *displayBlock, raw string, src source, p *pipeline) error {
	line := p.stats.Lines
	symbols, start, err := grid.add(raw, line)
	if err != nil {
		return lineProblem(src, line, err, p)
	}
	if symbols == "" {
		return nil
	}
	rec, err := parsePlain(symbols, p.opts.Variant)
	if err != nil {
		return lineProblem(src, start, err, p)
	}
	offerRecord(rec, start, src, p)
	return nil
}

// readError reports a failure to read the next line. It stops the load even
// under SkipInvalid: the rest of the input cannot be read past it.
func readError(err error, src source, line int) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		err = fmt.Errorf("%w: more than %d bytes, no puzzle line is that long", ErrLineTooLong, maxLineBytes)
	}
	return &LineError{File: src.file, Line: line, Err: err}
}

// readRecord parses one content line and offers its puzzle to the pipeline.
func readRecord(text string, kind lineKind, src source, p *pipeline) error {
	line := p.stats.Lines
	rec, err := parseRecord(text, kind, p.opts.Variant)
	if err != nil {
		return lineProblem(src, line, err, p)
	}
	offerRecord(rec, line, src, p)
	return nil
}

// offerRecord hands a parsed puzzle, found at a line, to the pipeline.
func offerRecord(rec record, line int, src source, p *pipeline) {
	p.stats.Puzzles++
	if rec.count < 0 {
		rec.count = src.knownCount
	}
	least := 0
	if rec.count < 0 {
		least = src.knownMin
	}
	p.offer(Puzzle{
		ID:           src.corpus + ":" + strconv.Itoa(line),
		Corpus:       src.corpus,
		Line:         line,
		Grid:         rec.grid,
		Hints:        rec.grid.Hints(),
		Solutions:    rec.count,
		MinSolutions: least,
		Solution:     rec.solution,
	})
}

// lineProblem returns a bad line's error, or counts it as a warning under
// SkipInvalid.
func lineProblem(src source, line int, err error, p *pipeline) error {
	lerr := &LineError{File: src.file, Line: line, Err: err, skippable: true}
	if !p.opts.SkipInvalid {
		return lerr
	}
	p.stats.Invalid++
	if len(p.stats.Warnings) < MaxWarnings {
		p.stats.Warnings = append(p.stats.Warnings, lerr)
	}
	return nil
}
