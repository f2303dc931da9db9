// Package smt poses Sudoku in SMT-LIB 2, the input language of SMT solvers
// (z3, cvc5, Yices, MathSAT …), in two forms: integer cells with distinct
// on every unit — the way the SMT community writes it — and a Boolean
// one-hot form, one proposition per cell and digit with exactly-one
// constraints, which is the SAT encoding stated in SMT-LIB. It writes the
// script (declarations, assertions, check-sat) and reads the values a
// solver prints back to a grid.
//
// The package's opinion: the script is self-contained and standard — no
// solver's extensions — so that every SMT-LIB 2 solver reads it and ends
// cleanly whatever it finds, and the givens are assertions, left to the
// solver's own preprocessing. The script asks for no values: SMT-LIB makes
// (get-value …) after an unsat answer an error (z3 then exits 1) and has
// no way to ask only after sat, so the values come from the solver's own
// option to print the model after a sat answer (z3 -model, cvc5
// --dump-models).
package smt

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Form chooses how a cell's digit is stated.
type Form int

const (
	// Int is one integer per cell in 1..N, distinct on every unit
	// (QF_LIA).
	Int Form = iota
	// OneHot is one Boolean per cell and digit: exactly one per cell and
	// per unit × digit, at-most-one pairwise (QF_UF, propositional).
	OneHot
)

// String returns the form's stable name.
func (f Form) String() string {
	if f == OneHot {
		return "onehot"
	}
	return "int"
}

// ParseForm reads "int" (or "") and "onehot".
func ParseForm(s string) (Form, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "int":
		return Int, nil
	case "onehot", "bool":
		return OneHot, nil
	}
	return Int, fmt.Errorf("unknown SMT form %q: use int (integer cells, distinct) or onehot (Booleans)", s)
}

// Model is one puzzle as an SMT-LIB 2 script, with the solutions it must
// exclude (unique mode's second call).
type Model struct {
	Puzzle   *sudoku.Grid
	Form     Form
	excluded []*sudoku.Grid
}

// Options shape the script; the zero value is the integer form.
type Options struct {
	Form Form
}

// Pose poses a puzzle, or returns an error for a form that is not one of
// the package's.
func Pose(puzzle *sudoku.Grid, opt Options) (*Model, error) {
	if opt.Form != Int && opt.Form != OneHot {
		return nil, fmt.Errorf("unknown SMT form %d: use Int or OneHot", int(opt.Form))
	}
	return &Model{Puzzle: puzzle, Form: opt.Form}, nil
}

// Exclude adds an assertion that rules out a solution: some empty cell of
// the puzzle must differ from it.
func (m *Model) Exclude(solution *sudoku.Grid) error {
	if solution.Geometry() != m.Puzzle.Geometry() {
		return fmt.Errorf("solution is %s, model is %s", solution.Geometry(), m.Puzzle.Geometry())
	}
	m.excluded = append(m.excluded, solution)
	return nil
}

// Stats is the script's size.
type Stats struct {
	Variables  int // declared constants
	Assertions int
}

// Sizes returns the statistics keyed as solvers.Result.Model expects.
func (s Stats) Sizes() map[string]int {
	return map[string]int{"variables": s.Variables, "assertions": s.Assertions}
}

// Stats counts the script's declarations and assertions.
func (m *Model) Stats() Stats {
	geo := m.Puzzle.Geometry()
	givens, excluded := m.Puzzle.Hints(), len(m.excluded)
	if m.Form == Int {
		return Stats{Variables: geo.Cells, Assertions: geo.Cells + givens + len(geo.Units) + excluded}
	}
	n := geo.N
	pairs := n * (n - 1) / 2
	groups := geo.Cells + len(geo.Units)*n // cells, and unit × digit
	return Stats{Variables: geo.Cells * n, Assertions: groups*(1+pairs) + givens + excluded}
}

// Name is the constant of a cell (Int) or of a cell and digit (OneHot),
// with 1-based row, column and digit: c_3_7, x_3_7_5.
func (m *Model) Name(cell, digit int) string {
	n := m.Puzzle.Geometry().N
	if m.Form == Int {
		return fmt.Sprintf("c_%d_%d", cell/n+1, cell%n+1)
	}
	return fmt.Sprintf("x_%d_%d_%d", cell/n+1, cell%n+1, digit)
}

// Write writes the script: declarations, assertions, (check-sat) and
// (exit). It asks for no values, so that a solver ends cleanly on unsat:
// run it with the solver's option to print the model (see the package
// comment), or add (get-value …) of the constants Name gives after a sat
// answer.
func (m *Model) Write(w io.Writer) error {
	geo := m.Puzzle.Geometry()
	bw := bufio.NewWriter(w)
	logic, how := "QF_LIA", "an integer per cell, distinct on every unit"
	if m.Form == OneHot {
		logic, how = "QF_UF", "a Boolean per cell and digit, exactly one per cell and per unit and digit"
	}
	fmt.Fprintf(bw, "; sudokubench: Sudoku %s, %d givens, in SMT-LIB 2: %s\n", geo, m.Puzzle.Hints(), how)
	fmt.Fprintf(bw, "; the values: run the solver with its model output on (z3 -model, cvc5 --dump-models), which prints them after sat only\n")
	fmt.Fprintf(bw, "(set-logic %s)\n(set-option :produce-models true)\n", logic)
	m.declare(bw)
	if m.Form == Int {
		m.writeInt(bw)
	} else {
		m.writeOneHot(bw)
	}
	m.writeExcluded(bw)
	fmt.Fprintf(bw, "(check-sat)\n(exit)\n")
	return bw.Flush()
}

// declare declares the constants.
func (m *Model) declare(bw *bufio.Writer) {
	geo := m.Puzzle.Geometry()
	for cell := 0; cell < geo.Cells; cell++ {
		if m.Form == Int {
			fmt.Fprintf(bw, "(declare-const %s Int)\n", m.Name(cell, 0))
			continue
		}
		for d := 1; d <= geo.N; d++ {
			fmt.Fprintf(bw, "(declare-const %s Bool)\n", m.Name(cell, d))
		}
	}
}

func (m *Model) writeInt(bw *bufio.Writer) {
	geo := m.Puzzle.Geometry()
	for cell := 0; cell < geo.Cells; cell++ {
		c := m.Name(cell, 0)
		fmt.Fprintf(bw, "(assert (and (<= 1 %s) (<= %s %d)))\n", c, c, geo.N)
	}
	for cell, d := range m.Puzzle.Cells() {
		if d != 0 {
			fmt.Fprintf(bw, "(assert (= %s %d))\n", m.Name(cell, 0), d)
		}
	}
	for _, u := range geo.Units {
		names := make([]string, len(u.Cells))
		for i, cell := range u.Cells {
			names[i] = m.Name(cell, 0)
		}
		fmt.Fprintf(bw, "(assert (distinct %s)) ; %s\n", strings.Join(names, " "), u.Name())
	}
}

func (m *Model) writeOneHot(bw *bufio.Writer) {
	geo := m.Puzzle.Geometry()
	for cell := 0; cell < geo.Cells; cell++ {
		lits := make([]string, geo.N)
		for d := 1; d <= geo.N; d++ {
			lits[d-1] = m.Name(cell, d)
		}
		exactlyOne(bw, lits)
	}
	for _, u := range geo.Units {
		for d := 1; d <= geo.N; d++ {
			lits := make([]string, len(u.Cells))
			for i, cell := range u.Cells {
				lits[i] = m.Name(cell, d)
			}
			exactlyOne(bw, lits)
		}
	}
	for cell, d := range m.Puzzle.Cells() {
		if d != 0 {
			fmt.Fprintf(bw, "(assert %s)\n", m.Name(cell, int(d)))
		}
	}
}

// exactlyOne asserts that one of lits holds, and no two.
func exactlyOne(bw *bufio.Writer, lits []string) {
	fmt.Fprintf(bw, "(assert (or %s))\n", strings.Join(lits, " "))
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			fmt.Fprintf(bw, "(assert (not (and %s %s)))\n", lits[i], lits[j])
		}
	}
}

// writeExcluded asserts, for each excluded solution, that some empty cell
// of the puzzle differs from it.
func (m *Model) writeExcluded(bw *bufio.Writer) {
	for _, g := range m.excluded {
		var same []string
		for cell, d := range m.Puzzle.Cells() {
			if d != 0 {
				continue
			}
			if m.Form == Int {
				same = append(same, fmt.Sprintf("(= %s %d)", m.Name(cell, 0), g.Cell(cell)))
			} else {
				same = append(same, m.Name(cell, g.Cell(cell)))
			}
		}
		if len(same) == 0 {
			fmt.Fprintf(bw, "(assert false) ; the puzzle has no empty cell\n")
			continue
		}
		fmt.Fprintf(bw, "(assert (not (and true %s))) ; a solution found before\n", strings.Join(same, " "))
	}
}

// Decode reads the values of the model's constants (name → value as the
// solver printed it) as a grid. Every cell must get exactly one digit.
func (m *Model) Decode(values map[string]string) (*sudoku.Grid, error) {
	geo := m.Puzzle.Geometry()
	g := sudoku.NewGrid(geo)
	for cell := 0; cell < geo.Cells; cell++ {
		d, err := m.cellValue(values, cell)
		if err != nil {
			return nil, err
		}
		g.Set(cell, d)
	}
	return g, nil
}

func (m *Model) cellValue(values map[string]string, cell int) (int, error) {
	geo := m.Puzzle.Geometry()
	if m.Form == Int {
		name := m.Name(cell, 0)
		v, ok := values[name]
		if !ok {
			return 0, fmt.Errorf("no value for %s (%s)", name, geo.CellName(cell))
		}
		d, err := strconv.Atoi(v)
		if err != nil || d < 1 || d > geo.N {
			return 0, fmt.Errorf("%s = %s: want a digit 1 to %d", name, v, geo.N)
		}
		return d, nil
	}
	digit := 0
	for d := 1; d <= geo.N; d++ {
		switch v := values[m.Name(cell, d)]; v {
		case "true":
			if digit != 0 {
				return 0, fmt.Errorf("both %s and %s are true", m.Name(cell, digit), m.Name(cell, d))
			}
			digit = d
		case "false":
		default:
			return 0, fmt.Errorf("%s = %q: want true or false", m.Name(cell, d), v)
		}
	}
	if digit == 0 {
		return 0, fmt.Errorf("no digit is true in %s", geo.CellName(cell))
	}
	return digit, nil
}
