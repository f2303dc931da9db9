package corpora

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// The kinds of a bad line, beside sudoku.ErrLength and sudoku.ErrSymbol for
// the puzzle itself. Test them with errors.Is.
var (
	// ErrFields is a line with the wrong number of ':' or ',' separated fields.
	ErrFields = errors.New("wrong number of fields")
	// ErrCount is a solution count that is not a whole number ≥ 0, or that
	// contradicts the solution given beside it or the puzzle's givens.
	ErrCount = errors.New("bad solution count")
	// ErrSolution is a solution field that is not a full grid of the
	// puzzle's size, or that breaks a rule or changes a given.
	ErrSolution = errors.New("bad solution")
	// ErrLineTooLong is a line longer than any puzzle line can be.
	ErrLineTooLong = errors.New("line too long")
	// ErrNoPuzzle is an input without a single puzzle line: empty, or
	// only blank and comment lines.
	ErrNoPuzzle = errors.New("no puzzle")
)

// LineError is a bad line: where it is and what is wrong with it.
type LineError struct {
	File string
	Line int // 1-based
	Err  error
	// skippable says that Options.SkipInvalid would have skipped the line
	// and read on.
	skippable bool
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns what is wrong, for errors.Is.
func (e *LineError) Unwrap() error { return e.Err }

// Skippable reports whether err is a malformed line that a load with
// Options.SkipInvalid would have skipped, reading on past it: not binary
// input, a line too long to read past, or a missing file.
func Skippable(err error) bool {
	var lerr *LineError
	return errors.As(err, &lerr) && lerr.skippable
}

// record is what one puzzle line says.
type record struct {
	grid     *sudoku.Grid
	count    int          // -1 if the line gives none
	solution *sudoku.Grid // nil if the line gives none
}

// lineKind says how a content line is to be read.
type lineKind int

const (
	plainLine lineKind = iota // a puzzle alone
	countLine                 // puzzle:count[:solution] (tdoku's test format)
	csvLine                   // puzzle,solution (the Kaggle layout)
	skipLine                  // blank, '#' comment, or a CSV header
)

// contentField returns the part of a line that holds the puzzle: the
// whole line when its puzzle is in the numbers form (isNumbersLine), else
// its first blank-separated field (what follows, such as a difficulty
// rating, is a remark), or "" for a blank or '#' comment line. openSide is
// the side of a display grid being read, 0 when none is open.
func contentField(line string, openSide int) string {
	fields := strings.Fields(line)
	switch {
	case len(fields) == 0 || strings.HasPrefix(fields[0], "#"):
		return ""
	case isNumbersLine(line, openSide):
		return line
	}
	return fields[0]
}

// minCells is the cell count of the smallest grid.
const minCells = sudoku.MinBox * sudoku.MinBox * sudoku.MinBox * sudoku.MinBox

// isNumbersLine reports whether a line (trimmed) holds a puzzle in the
// numbers form of sudoku.ParseLine, one whitespace-separated number a cell
// ("0 12 0 16 …"). The rule: its puzzle field (the line, or its part before
// a ',' or ':' that starts a solution or a count) holds at least as many
// tokens as the smallest grid has cells, its first token is no whole
// puzzle (shorter than that), and it is no display row, single symbols as
// many as a grid's side. Sixteen tokens 0-4 and '.' with no grid open are
// a 4×4 puzzle, as sixteen such symbols without blanks always were. Once a
// line is taken for the numbers form, the parser says what is wrong with
// it: its token count, or a token that is not a number of the grid.
func isNumbersLine(line string, openSide int) bool {
	field, _, _ := strings.Cut(line, ",")
	field, _, _ = strings.Cut(field, ":")
	tokens := strings.Fields(field)
	if len(tokens) < minCells || len(tokens[0]) >= minCells {
		return false
	}
	if !allSingleSymbols(tokens) || !validSide(len(tokens)) {
		return true
	}
	return openSide == 0 && len(tokens) == minCells && strings.Trim(strings.Join(tokens, ""), "01234.") == ""
}

// allSingleSymbols reports whether every token is one character long.
func allSingleSymbols(tokens []string) bool {
	for _, t := range tokens {
		if len(t) != 1 {
			return false
		}
	}
	return true
}

// classify decides how to read a line's content field. first says whether
// no content line came before it (where a CSV header may stand).
func classify(text string, v sudoku.Variant, first bool) lineKind {
	switch {
	case text == "":
		return skipLine
	case strings.Contains(text, ","):
		if first && isCSVHeader(text, v) {
			return skipLine
		}
		return csvLine
	case strings.Contains(text, ":"):
		return countLine
	}
	return plainLine
}

// isCSVHeader reports whether a comma-separated line names its columns
// ("quizzes,solutions") rather than holding a puzzle.
func isCSVHeader(text string, v sudoku.Variant) bool {
	first, _, _ := strings.Cut(text, ",")
	_, err := sudoku.ParseLine(first, v)
	return err != nil
}

// parseRecord reads a content line of the given kind.
func parseRecord(text string, kind lineKind, v sudoku.Variant) (record, error) {
	switch kind {
	case csvLine:
		return parseFields(strings.Split(text, ","), v, "puzzle,solution", parseCSVFields)
	case countLine:
		return parseFields(strings.Split(text, ":"), v, "puzzle:count[:solution]", parseCountFields)
	}
	return parsePlain(text, v)
}

func parsePlain(text string, v sudoku.Variant) (record, error) {
	g, err := sudoku.ParseLine(text, v)
	if err != nil {
		return record{}, err
	}
	return record{grid: g, count: -1}, nil
}

type fieldsParser func(fields []string, v sudoku.Variant) (record, error)

// parseFields hands the fields of a separated line on, and says which
// layout was expected when their number does not fit it.
func parseFields(fields []string, v sudoku.Variant, layout string, parse fieldsParser) (record, error) {
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	r, err := parse(fields, v)
	if errors.Is(err, ErrFields) {
		return record{}, fmt.Errorf("%w: %d fields, the layout is %s", ErrFields, len(fields), layout)
	}
	return r, err
}

func parseCSVFields(fields []string, v sudoku.Variant) (record, error) {
	if len(fields) != 2 {
		return record{}, ErrFields
	}
	g, err := sudoku.ParseLine(fields[0], v)
	if err != nil {
		return record{}, err
	}
	sol, err := parseSolution(fields[1], g)
	return record{grid: g, count: -1, solution: sol}, err
}

func parseCountFields(fields []string, v sudoku.Variant) (record, error) {
	if len(fields) < 2 || len(fields) > 3 {
		return record{}, ErrFields
	}
	g, err := sudoku.ParseLine(fields[0], v)
	if err != nil {
		return record{}, err
	}
	count, err := strconv.Atoi(fields[1])
	if err != nil || count < 0 {
		return record{}, fmt.Errorf("%w: %q is not a whole number ≥ 0", ErrCount, fields[1])
	}
	r := record{grid: g, count: count}
	if len(fields) == 3 {
		if count == 0 {
			return record{}, fmt.Errorf("%w: count 0 but a solution is given", ErrCount)
		}
		r.solution, err = parseSolution(fields[2], g)
	}
	if err == nil && count > 0 {
		if conflict := g.Validate(); conflict != nil {
			return record{}, fmt.Errorf("%w: %d listed, but the puzzle has none: %v", ErrCount, count, conflict)
		}
	}
	return r, err
}

// parseSolution reads a solution field: a full grid of the puzzle's shape
// that solves it, every rule kept and every given.
func parseSolution(text string, puzzle *sudoku.Grid) (*sudoku.Grid, error) {
	sol, err := sudoku.ParseLine(text, puzzle.Geometry().Variant)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %v", ErrSolution, err)
	case sol.N() != puzzle.N():
		return nil, fmt.Errorf("%w: a %d×%d solution for a %d×%d puzzle", ErrSolution, sol.N(), sol.N(), puzzle.N(), puzzle.N())
	case !sol.Complete():
		return nil, fmt.Errorf("%w: %d empty cells in the solution", ErrSolution, sol.Geometry().Cells-sol.Hints())
	}
	if err := sudoku.CheckSolution(puzzle, sol); err != nil {
		return nil, fmt.Errorf("%w: it does not solve the puzzle: %v", ErrSolution, err)
	}
	return sol, nil
}
