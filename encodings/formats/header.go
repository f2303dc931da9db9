package formats

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// HeaderTag starts the header's text, after the format's comment prefix:
//
//	c sudokubench model: format=cnf at_most_one=pairwise encoding=extended reduce=givens variant=classic puzzle=4.....8.5…
//
// The fields are the format, its options (sorted), the variant and the
// puzzle, last. The header is a file's first line, or its second where
// the format's first line is fixed (OPB's "* #variable=" line, COO's
// "# vartype="); a BQM file, JSON, holds the same text in its info object
// under BQMInfoKey.
const HeaderTag = "sudokubench model:"

// BQMInfoKey is the key of the header's text in a BQM file's info object.
const BQMInfoKey = "sudokubench_model"

// headerLines is how far into a file ReadHeader looks.
const headerLines = 4

// ErrNoHeader says that a file has no header: it is not a model the suite
// wrote (or one written before files had headers), or it is a puzzle.
var ErrNoHeader = errors.New("no header")

// Header is what a file the suite wrote says it holds.
type Header struct {
	Format  *Format
	Options map[string]string // complete: every option with its value
	Puzzle  *sudoku.Grid
}

// String is the header's text, without the comment prefix.
func (h Header) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s format=%s", HeaderTag, h.Format.Name)
	for _, k := range slices.Sorted(maps.Keys(h.Options)) {
		fmt.Fprintf(&b, " %s=%s", k, h.Options[k])
	}
	fmt.Fprintf(&b, " variant=%s puzzle=%s", h.Puzzle.Geometry().Variant, h.Puzzle)
	return b.String()
}

// Written is a puzzle written as a file of a format.
type Written struct {
	Header   Header
	Instance Instance
	// NoSolution, when set, says that posing the puzzle found it
	// unsolvable: a reduction of the givens found them contradictory,
	// and the file holds that contradiction (the empty clause); or a
	// QUBO has no state at energy 0. No answer decodes.
	NoSolution error
}

// WriteFile writes a puzzle as a self-describing file of the format: its
// header (the puzzle line itself for the puzzle format, which has no
// room for one), then the model. opts are checked and completed with the
// defaults. A puzzle whose givens the reduction finds contradictory is
// written as that contradiction (NoSolution says why).
func (f *Format) WriteFile(w io.Writer, p *sudoku.Grid, opts map[string]string) (Written, error) {
	opts, err := f.Complete(opts)
	if err != nil {
		return Written{}, err
	}
	wr := Written{Header: Header{Format: f, Options: opts, Puzzle: p}}
	wr.Instance, err = f.Pose(p, opts, nil)
	if errors.Is(err, cnf.ErrUnsat) {
		wr.Instance, wr.NoSolution, err = newContradiction(f.Name == "opb", err), err, nil
	}
	if err != nil {
		return wr, err
	}
	if q, ok := wr.Instance.(*quboInstance); ok && q.model.Conflict != "" {
		wr.NoSolution = fmt.Errorf("no state at energy 0: %s", q.model.Conflict)
	}
	switch {
	case f.Name == "puzzle":
		return wr, wr.Instance.Write(w)
	case f.comment == "":
		q := wr.Instance.(*quboInstance)
		q.info = map[string]string{BQMInfoKey: wr.Header.String()}
		return wr, q.Write(w)
	}
	var body bytes.Buffer
	if err := wr.Instance.Write(&body); err != nil {
		return wr, err
	}
	return wr, spliceLine(w, body.Bytes(), f.headerAfter, f.comment+wr.Header.String())
}

// spliceLine writes text with a line inserted after its first after lines.
func spliceLine(w io.Writer, text []byte, after int, line string) error {
	at := 0
	for range after {
		i := bytes.IndexByte(text[at:], '\n')
		if i < 0 {
			at = len(text)
			break
		}
		at += i + 1
	}
	bw := bufio.NewWriter(w)
	bw.Write(text[:at])
	bw.WriteString(line + "\n")
	bw.Write(text[at:])
	return bw.Flush()
}

// ReadHeader reads the header of a file the suite wrote: which format,
// options and puzzle it holds. Its errors say what is missing or wrong,
// and where.
func ReadHeader(data []byte) (Header, error) {
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		return readBQMHeader(t)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for line := 1; line <= headerLines && sc.Scan(); line++ {
		prefix, text, found := strings.Cut(sc.Text(), HeaderTag)
		if !found {
			continue
		}
		h, err := parseHeader(text)
		if err == nil && h.Format.comment != prefix {
			err = fmt.Errorf("a %s file's header is a comment starting %q, not %q", h.Format.Name, h.Format.comment, prefix)
		}
		if err != nil {
			return h, fmt.Errorf("line %d: %w", line, err)
		}
		return h, nil
	}
	return Header{}, fmt.Errorf("%w: no %q line among the first %d: not a model file the suite wrote (a puzzle file, or one from an older version, decodes with the format and options named)", ErrNoHeader, HeaderTag, headerLines)
}

func readBQMHeader(data []byte) (Header, error) {
	var doc struct {
		Info map[string]string `json:"info"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return Header{}, fmt.Errorf("a JSON file that does not read as a BQM: %v", err)
	}
	text, ok := doc.Info[BQMInfoKey]
	rest, tagged := strings.CutPrefix(text, HeaderTag)
	if !ok || !tagged {
		return Header{}, fmt.Errorf("%w: a JSON file whose info has no %q starting %q: not a BQM the suite wrote", ErrNoHeader, BQMInfoKey, HeaderTag)
	}
	h, err := parseHeader(rest)
	if err == nil && h.Format.Name != "bqm" {
		err = fmt.Errorf("a JSON file names format %s: only bqm is JSON", h.Format.Name)
	}
	if err != nil {
		return h, fmt.Errorf("info.%s: %w", BQMInfoKey, err)
	}
	return h, nil
}

// parseHeader reads the header's fields.
func parseHeader(text string) (Header, error) {
	fields := make(map[string]string)
	for _, field := range strings.Fields(text) {
		k, v, ok := strings.Cut(field, "=")
		if !ok || k == "" {
			return Header{}, fmt.Errorf("field %q: want key=value", field)
		}
		if _, dup := fields[k]; dup {
			return Header{}, fmt.Errorf("field %s given twice", k)
		}
		fields[k] = v
	}
	var h Header
	var err error
	if h.Format, err = Lookup(fields["format"]); err != nil {
		return h, err
	}
	variant, err := sudoku.ParseVariant(fields["variant"])
	if err != nil {
		return h, err
	}
	if fields["puzzle"] == "" {
		return h, fmt.Errorf("no puzzle= field")
	}
	if h.Puzzle, err = sudoku.ParseLine(fields["puzzle"], variant); err != nil {
		return h, fmt.Errorf("puzzle: %w", err)
	}
	for _, k := range []string{"format", "variant", "puzzle"} {
		delete(fields, k)
	}
	h.Options, err = h.Format.Complete(fields)
	return h, err
}

// ReadFile reads a file the suite wrote (WriteFile): its header, and the
// instance it holds, which decodes a solver's answer to it. The file must
// be what WriteFile writes for the header's format, options and puzzle,
// byte for byte: a file edited or written by another version of the suite
// could number its variables otherwise, and is refused with the first
// line that differs.
func ReadFile(data []byte) (Written, error) {
	h, err := ReadHeader(data)
	if err != nil {
		return Written{}, err
	}
	var again bytes.Buffer
	wr, err := h.Format.WriteFile(&again, h.Puzzle, h.Options)
	if err != nil {
		return wr, fmt.Errorf("posing the puzzle its header names: %w", err)
	}
	if line, differs := firstDifference(data, again.Bytes()); differs {
		return wr, fmt.Errorf("line %d differs from what the suite writes for the format, options and puzzle its header names: the file was changed, or written by another version, and its numbering cannot be trusted; decode the answer with the puzzle and the options instead", line)
	}
	return wr, nil
}

// firstDifference returns the first line at which two texts differ.
func firstDifference(a, b []byte) (int, bool) {
	if bytes.Equal(a, b) {
		return 0, false
	}
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return bytes.Count(a[:i], []byte("\n")) + 1, true
}
