package milp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Formats lists the file formats the package writes, by the names Writer
// takes.
func Formats() []string { return []string{"lp", "mps"} }

// Writer returns the writer for a format name: "lp" (CPLEX LP) or "mps"
// (free MPS).
func Writer(format string) (func(io.Writer, *Model) error, error) {
	switch strings.ToLower(format) {
	case "lp":
		return WriteLP, nil
	case "mps":
		return WriteMPS, nil
	}
	return nil, fmt.Errorf("unknown MILP file format %q: use lp or mps", format)
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
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "* %s\n", m.describe())
	if m.Maximize {
		bw.WriteString("* maximisation written as minimisation of the negated objective\n")
	}
	bw.WriteString("NAME sudoku\nROWS\n N obj\n")
	for _, c := range m.Constraints {
		sense := 'E'
		if c.Sense == AtMost {
			sense = 'L'
		}
		fmt.Fprintf(bw, " %c %s\n", sense, c.Name)
	}
	m.writeMPSColumns(bw)
	bw.WriteString("RHS\n")
	for _, c := range m.Constraints {
		if c.RHS != 0 {
			fmt.Fprintf(bw, " RHS %s %d\n", c.Name, c.RHS)
		}
	}
	m.writeMPSBounds(bw)
	bw.WriteString("ENDATA\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write MPS: %w", err)
	}
	return nil
}

// writeMPSColumns writes the matrix column by column; a column with no entry
// gets an explicit zero objective entry so that it exists.
func (m *Model) writeMPSColumns(bw *bufio.Writer) {
	rowsOf := make([][]int, len(m.Vars))
	for ci, c := range m.Constraints {
		for _, v := range c.Vars {
			rowsOf[v] = append(rowsOf[v], ci)
		}
	}
	bw.WriteString("COLUMNS\n")
	if !m.Relaxed {
		bw.WriteString(" MARKER 'MARKER' 'INTORG'\n")
	}
	for i := range m.Vars {
		name := m.VarName(i)
		coef := m.objectiveCoef(i)
		if coef != 0 || len(rowsOf[i]) == 0 {
			fmt.Fprintf(bw, " %s obj %s\n", name, formatCoef(coef))
		}
		for _, ci := range rowsOf[i] {
			fmt.Fprintf(bw, " %s %s 1\n", name, m.Constraints[ci].Name)
		}
	}
	if !m.Relaxed {
		bw.WriteString(" MARKER 'MARKER' 'INTEND'\n")
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

func (m *Model) writeMPSBounds(bw *bufio.Writer) {
	bw.WriteString("BOUNDS\n")
	for i, v := range m.Vars {
		name := m.VarName(i)
		switch {
		case v.Fixed():
			fmt.Fprintf(bw, " FX BND %s %d\n", name, v.Lower)
		case m.Relaxed:
			fmt.Fprintf(bw, " UP BND %s %d\n", name, v.Upper)
		default:
			fmt.Fprintf(bw, " BV BND %s\n", name)
		}
	}
}

func formatCoef(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }
