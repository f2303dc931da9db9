package milp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Formats lists the file formats the package writes, by the names Writer
// takes.
func Formats() []string { return []string{"lp", "mps", "fixed-mps"} }

// Writer returns the writer for a format name: "lp" (CPLEX LP), "mps"
// (free MPS) or "fixed-mps" (fixed MPS).
func Writer(format string) (func(io.Writer, *Model) error, error) {
	switch strings.ToLower(format) {
	case "lp":
		return WriteLP, nil
	case "mps":
		return WriteMPS, nil
	case "fixed-mps":
		return WriteFixedMPS, nil
	}
	return nil, fmt.Errorf("unknown MILP file format %q: use lp, mps (free) or fixed-mps", format)
}

// termsPerLine bounds the line length of the files written, which some
// readers limit.
const termsPerLine = 8

// WriteLP writes the model in CPLEX LP format, as glpsol --lp, cbc, CPLEX,
// Gurobi and HiGHS read it. A feasibility model gets the objective 0·x₁;
// fixed variables are written as bounds "x = v"; unless the model is relaxed,
// the free variables are listed as Binaries.
func WriteLP(w io.Writer, m *Model) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "\\ %s\n", m.describe())
	if m.Maximize {
		bw.WriteString("Maximize\n obj:")
	} else {
		bw.WriteString("Minimize\n obj:")
	}
	m.writeLPObjective(bw)
	bw.WriteString("Subject To\n")
	for _, c := range m.Constraints {
		m.writeLPRow(bw, c)
	}
	m.writeLPBounds(bw)
	if !m.Relaxed {
		m.writeLPBinaries(bw)
	}
	bw.WriteString("End\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write LP: %w", err)
	}
	return nil
}

func (m *Model) describe() string {
	geo := m.Puzzle.Geometry()
	kind := "0/1 program"
	if m.Relaxed {
		kind = "LP relaxation"
	}
	return fmt.Sprintf("sudokubench Sudoku %s: %s, givens %s, %d givens, puzzle %s",
		kind, geo, m.Form, m.Puzzle.Hints(), m.Puzzle)
}

func (m *Model) writeLPObjective(bw *bufio.Writer) {
	n := 0
	for i, coef := range m.Objective {
		if coef == 0 {
			continue
		}
		m.writeLPTerm(bw, n, coef, i)
		n++
	}
	if n == 0 && len(m.Vars) > 0 {
		fmt.Fprintf(bw, " 0 %s", m.VarName(0))
	}
	bw.WriteByte('\n')
}

// writeLPTerm writes the n-th term of a linear form, breaking lines.
func (m *Model) writeLPTerm(bw *bufio.Writer, n int, coef float64, v int) {
	if n > 0 && n%termsPerLine == 0 {
		bw.WriteString("\n  ")
	}
	switch {
	case coef == 1 && n == 0:
		fmt.Fprintf(bw, " %s", m.VarName(v))
	case coef == 1:
		fmt.Fprintf(bw, " + %s", m.VarName(v))
	case coef < 0:
		fmt.Fprintf(bw, " - %s %s", formatCoef(-coef), m.VarName(v))
	case n == 0:
		fmt.Fprintf(bw, " %s %s", formatCoef(coef), m.VarName(v))
	default:
		fmt.Fprintf(bw, " + %s %s", formatCoef(coef), m.VarName(v))
	}
}

// writeLPRow writes one constraint; an empty row (a conflict left by
// elimination) is written with a zero coefficient so that readers keep it.
func (m *Model) writeLPRow(bw *bufio.Writer, c Constraint) {
	fmt.Fprintf(bw, " %s:", c.Name)
	for n, v := range c.Vars {
		m.writeLPTerm(bw, n, 1, v)
	}
	if len(c.Vars) == 0 && len(m.Vars) > 0 {
		fmt.Fprintf(bw, " 0 %s", m.VarName(0))
	}
	op := "="
	if c.Sense == AtMost {
		op = "<="
	}
	fmt.Fprintf(bw, " %s %d\n", op, c.RHS)
}

func (m *Model) writeLPBounds(bw *bufio.Writer) {
	bw.WriteString("Bounds\n")
	for i, v := range m.Vars {
		switch {
		case v.Fixed():
			fmt.Fprintf(bw, " %s = %d\n", m.VarName(i), v.Lower)
		case m.Relaxed:
			fmt.Fprintf(bw, " %d <= %s <= %d\n", v.Lower, m.VarName(i), v.Upper)
		}
	}
}

func (m *Model) writeLPBinaries(bw *bufio.Writer) {
	bw.WriteString("Binaries\n")
	n := 0
	for i, v := range m.Vars {
		if v.Fixed() {
			continue
		}
		if n > 0 && n%termsPerLine == 0 {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, " %s", m.VarName(i))
		n++
	}
	if n > 0 {
		bw.WriteByte('\n')
	}
}

// WriteMPS writes the model in free MPS format (glpsol --freemps, cbc,
// HiGHS). Free variables are marked integer between INTORG and INTEND markers
// unless the model is relaxed; MPS has no objective sense, so a maximisation
// is written as the minimisation of the negated objective (a comment says so).
func WriteMPS(w io.Writer, m *Model) error {
	return m.writeMPS(w, freeMPS{})
}

// WriteFixedMPS writes the model in fixed MPS format, the original one that
// glpsol --mps and older readers take: fields in fixed columns, names of at
// most 8 characters, lines of at most 80. The names are the free format's
// without underscores and with each number written as one symbol, 1-9 then
// A-P for 10-25, as in the puzzle: x_1_12_3 becomes x1C3, cell_r1c12 cellr1cC.
func WriteFixedMPS(w io.Writer, m *Model) error {
	return m.writeMPS(w, fixedMPS{})
}

// FixedMPSName is the name that a variable or row named name has in fixed
// MPS (WriteFixedMPS): x_1_12_3 is x1C3. A reader of a solution that a
// program wrote for a fixed MPS file maps the names back with it.
func FixedMPSName(name string) (string, error) { return fixedMPS{}.name(name) }

// mpsLayout is what differs between the free and the fixed MPS formats.
type mpsLayout interface {
	// name returns the name a variable or row has in the file.
	name(string) (string, error)
	// record writes a data line of up to five fields; empty fields are left
	// out (free) or blank (fixed).
	record(bw *bufio.Writer, fields [5]string)
	// comment writes a comment, in lines the format allows.
	comment(bw *bufio.Writer, text string)
	// header writes the NAME line.
	header(bw *bufio.Writer, name string)
}

func (m *Model) writeMPS(w io.Writer, layout mpsLayout) error {
	names, err := m.mpsNames(layout)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	layout.comment(bw, m.describe())
	if m.Maximize {
		layout.comment(bw, "maximisation written as minimisation of the negated objective")
	}
	layout.header(bw, "sudoku")
	bw.WriteString("ROWS\n")
	layout.record(bw, [5]string{"N", "obj"})
	for ci, c := range m.Constraints {
		sense := "E"
		if c.Sense == AtMost {
			sense = "L"
		}
		layout.record(bw, [5]string{sense, names.rows[ci]})
	}
	m.writeMPSColumns(bw, layout, names)
	bw.WriteString("RHS\n")
	for ci, c := range m.Constraints {
		if c.RHS != 0 {
			layout.record(bw, [5]string{"", "RHS", names.rows[ci], strconv.Itoa(c.RHS)})
		}
	}
	m.writeMPSBounds(bw, layout, names)
	bw.WriteString("ENDATA\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write MPS: %w", err)
	}
	return nil
}

// mpsNames are the names of the variables and rows in an MPS file.
type mpsNames struct{ vars, rows []string }

func (m *Model) mpsNames(layout mpsLayout) (mpsNames, error) {
	var n mpsNames
	for i := range m.Vars {
		name, err := layout.name(m.VarName(i))
		if err != nil {
			return n, err
		}
		n.vars = append(n.vars, name)
	}
	for _, c := range m.Constraints {
		name, err := layout.name(c.Name)
		if err != nil {
			return n, err
		}
		n.rows = append(n.rows, name)
	}
	return n, nil
}

// writeMPSColumns writes the matrix column by column; a column with no entry
// gets an explicit zero objective entry so that it exists.
func (m *Model) writeMPSColumns(bw *bufio.Writer, layout mpsLayout, names mpsNames) {
	rowsOf := make([][]int, len(m.Vars))
	for ci, c := range m.Constraints {
		for _, v := range c.Vars {
			rowsOf[v] = append(rowsOf[v], ci)
		}
	}
	bw.WriteString("COLUMNS\n")
	if !m.Relaxed {
		layout.record(bw, [5]string{"", "MARKER", "'MARKER'", "", "'INTORG'"})
	}
	for i := range m.Vars {
		coef := m.objectiveCoef(i)
		if coef != 0 || len(rowsOf[i]) == 0 {
			layout.record(bw, [5]string{"", names.vars[i], "obj", formatCoef(coef)})
		}
		for _, ci := range rowsOf[i] {
			layout.record(bw, [5]string{"", names.vars[i], names.rows[ci], "1"})
		}
	}
	if !m.Relaxed {
		layout.record(bw, [5]string{"", "MARKER", "'MARKER'", "", "'INTEND'"})
	}
}

func (m *Model) objectiveCoef(i int) float64 {
	if m.Objective == nil {
		return 0
	}
	if m.Maximize {
		return -m.Objective[i]
	}
	return m.Objective[i]
}

func (m *Model) writeMPSBounds(bw *bufio.Writer, layout mpsLayout, names mpsNames) {
	bw.WriteString("BOUNDS\n")
	for i, v := range m.Vars {
		switch {
		case v.Fixed():
			layout.record(bw, [5]string{"FX", "BND", names.vars[i], strconv.Itoa(v.Lower)})
		case m.Relaxed:
			layout.record(bw, [5]string{"UP", "BND", names.vars[i], strconv.Itoa(v.Upper)})
		default:
			layout.record(bw, [5]string{"BV", "BND", names.vars[i]})
		}
	}
}

// freeMPS separates fields by blanks and takes names as they are.
type freeMPS struct{}

func (freeMPS) name(s string) (string, error) { return s, nil }

func (freeMPS) record(bw *bufio.Writer, fields [5]string) {
	for _, f := range fields {
		if f != "" {
			bw.WriteByte(' ')
			bw.WriteString(f)
		}
	}
	bw.WriteByte('\n')
}

// freeCommentLength bounds a free MPS comment line: CBC reads a 36×36
// puzzle's line of some 2,600 bytes as a broken record and refuses the
// file, so comments wrap as fixed MPS's do, at a length every reader
// takes.
const freeCommentLength = 200

func (freeMPS) comment(bw *bufio.Writer, text string) { wrapComment(bw, text, freeCommentLength) }

func (freeMPS) header(bw *bufio.Writer, name string) { fmt.Fprintf(bw, "NAME %s\n", name) }

// fixedMPS puts fields in the columns of the original MPS format.
type fixedMPS struct{}

// fixedColumns are where the fields of a fixed MPS record start (0-based)
// and how wide they are: columns 2-3, 5-12, 15-22, 25-36 and 40-47.
var fixedColumns = [5]struct{ start, width int }{{1, 2}, {4, 8}, {14, 8}, {24, 12}, {39, 8}}

// fixedLineLength is the longest line fixed MPS allows.
const fixedLineLength = 80

// fixedSymbols write the numbers 1 to 36 of a name in one symbol each:
// 1-9, A-Z for 10 to 35, and 0, which no other number takes, for 36.
const fixedSymbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

func (fixedMPS) name(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '_':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(s[i:j])
			if n < 1 || n > 36 {
				return "", fmt.Errorf("name %s: %d has no one-symbol form for fixed MPS", s, n)
			}
			b.WriteByte(fixedSymbols[n%36])
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	if b.Len() > fixedColumns[1].width {
		return "", fmt.Errorf("name %s: %s is longer than the 8 characters of fixed MPS", s, b.String())
	}
	return b.String(), nil
}

func (fixedMPS) record(bw *bufio.Writer, fields [5]string) {
	line := []byte(strings.Repeat(" ", fixedColumns[4].start+fixedColumns[4].width))
	for i, f := range fields {
		copy(line[fixedColumns[i].start:], f)
	}
	bw.Write(bytes.TrimRight(line, " "))
	bw.WriteByte('\n')
}

// comment wraps text into comment lines of at most fixedLineLength bytes.
func (fixedMPS) comment(bw *bufio.Writer, text string) { wrapComment(bw, text, fixedLineLength) }

// wrapComment writes text as "* " comment lines of at most length bytes,
// cutting words that do not fit on a line of their own.
func wrapComment(bw *bufio.Writer, text string, length int) {
	room := length - 2
	line := ""
	flush := func() {
		fmt.Fprintf(bw, "* %s\n", line)
		line = ""
	}
	for _, word := range strings.Fields(text) {
		for len(word) > room {
			if line != "" {
				flush()
			}
			line, word = word[:room], word[room:]
			flush()
		}
		if line != "" && len(line)+1+len(word) > room {
			flush()
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		flush()
	}
}

func (fixedMPS) header(bw *bufio.Writer, name string) {
	fmt.Fprintf(bw, "NAME%s%s\n", strings.Repeat(" ", fixedColumns[2].start-4), name)
}

func formatCoef(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }
