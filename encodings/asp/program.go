// Package asp poses Sudoku as an answer set program for gringo and clasp
// (or clingo, or any ASP-Core-2 system): the givens are facts, a choice
// rule picks exactly one digit per cell, and one constraint per unit and
// digit says the digit occurs there exactly once. It writes the program
// and reads the atoms of an answer set back to a grid.
//
// The package's opinion: the program is the one an ASP course writes, the
// rules stated once for every size through the box side b, the instance
// only facts; the units (rows, columns, boxes, diagonals) are derived by
// rules, so that the grounder, not this package, spells them out.
package asp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Program is one puzzle as an answer set program, with the solutions it
// must exclude (unique mode's second call).
type Program struct {
	Puzzle   *sudoku.Grid
	excluded []*sudoku.Grid
}

// Options shape the program. The answer set program has none: the zero
// value is the one program, and the type keeps Pose's shape that of every
// encoding.
type Options struct{}

// Pose poses a puzzle. Every puzzle has a program, so the error is nil; it
// is there because every encoding's Pose has one.
func Pose(puzzle *sudoku.Grid, _ Options) (*Program, error) { return &Program{Puzzle: puzzle}, nil }

// Exclude adds an integrity constraint that rules out a solution: no
// answer set may hold all of its digits in the puzzle's empty cells.
func (p *Program) Exclude(solution *sudoku.Grid) error {
	if solution.Geometry() != p.Puzzle.Geometry() {
		return fmt.Errorf("solution is %s, program is %s", solution.Geometry(), p.Puzzle.Geometry())
	}
	p.excluded = append(p.excluded, solution)
	return nil
}

// Stats is the program's size before grounding.
type Stats struct {
	Variables int // cell × digit atoms before grounding removes any
	Facts     int // givens
	Excluded  int // solutions ruled out
}

// Sizes returns the statistics keyed as solvers.Result.Model expects.
func (s Stats) Sizes() map[string]int {
	return map[string]int{"variables": s.Variables, "facts": s.Facts, "excluded": s.Excluded}
}

// Stats counts the program's facts.
func (p *Program) Stats() Stats {
	geo := p.Puzzle.Geometry()
	return Stats{Variables: geo.Cells * geo.N, Facts: p.Puzzle.Hints(), Excluded: len(p.excluded)}
}

// Write writes the program in the input language of gringo (ASP-Core-2
// with gringo's #const and #show). Answer sets show x(Row, Column, Digit),
// 1-based.
func (p *Program) Write(w io.Writer) error {
	geo := p.Puzzle.Geometry()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%% sudokubench: Sudoku %s, %d givens, as an answer set program\n", geo, p.Puzzle.Hints())
	fmt.Fprintf(bw, "#const b = %d.  %% box side\n#const n = b * b.\n\n", geo.Box)
	fmt.Fprintf(bw, "val(1..n).\ncell(R, C) :- val(R), val(C).\n")
	fmt.Fprintf(bw, "%% each cell holds exactly one digit; the givens are facts\n")
	fmt.Fprintf(bw, "1 { x(R, C, V) : val(V) } 1 :- cell(R, C).\n")
	fmt.Fprintf(bw, "x(R, C, V) :- given(R, C, V).\n\n")
	fmt.Fprintf(bw, "%% the units, and each digit exactly once in each\n")
	fmt.Fprintf(bw, "in(row(R), R, C) :- cell(R, C).\n")
	fmt.Fprintf(bw, "in(col(C), R, C) :- cell(R, C).\n")
	fmt.Fprintf(bw, "in(box((R - 1) / b, (C - 1) / b), R, C) :- cell(R, C).\n")
	if geo.Variant == sudoku.Diagonal {
		fmt.Fprintf(bw, "in(diagonal, I, I) :- val(I).\n")
		fmt.Fprintf(bw, "in(antidiagonal, I, n + 1 - I) :- val(I).\n")
	}
	fmt.Fprintf(bw, "unit(U) :- in(U, _, _).\n")
	fmt.Fprintf(bw, ":- unit(U), val(V), not 1 { x(R, C, V) : in(U, R, C) } 1.\n\n")
	fmt.Fprintf(bw, "#show x/3.\n\n")
	n := geo.N
	for cell, d := range p.Puzzle.Cells() {
		if d != 0 {
			fmt.Fprintf(bw, "given(%d, %d, %d).\n", cell/n+1, cell%n+1, d)
		}
	}
	for _, g := range p.excluded {
		p.writeExcluded(bw, g)
	}
	return bw.Flush()
}

// writeExcluded writes the integrity constraint against one solution.
func (p *Program) writeExcluded(bw *bufio.Writer, g *sudoku.Grid) {
	n := p.Puzzle.Geometry().N
	var atoms []string
	for cell, d := range p.Puzzle.Cells() {
		if d == 0 {
			atoms = append(atoms, fmt.Sprintf("x(%d, %d, %d)", cell/n+1, cell%n+1, g.Cell(cell)))
		}
	}
	if len(atoms) == 0 {
		fmt.Fprintf(bw, "%% a solution found before: the puzzle has no empty cell\n#false.\n")
		return
	}
	fmt.Fprintf(bw, "%% a solution found before\n:- %s.\n", strings.Join(atoms, ", "))
}

// Decode reads the atoms of an answer set (x(R,C,V), others ignored) as a
// grid. Every cell must get exactly one digit.
func (p *Program) Decode(atoms []string) (*sudoku.Grid, error) {
	geo := p.Puzzle.Geometry()
	g := sudoku.NewGrid(geo)
	for _, a := range atoms {
		args, ok := strings.CutPrefix(a, "x(")
		if !ok {
			continue
		}
		r, c, d, err := parseTriple(strings.TrimSuffix(args, ")"), geo.N)
		if err != nil {
			return nil, fmt.Errorf("atom %s: %w", a, err)
		}
		cell := (r-1)*geo.N + c - 1
		if prev := g.Cell(cell); prev != 0 {
			return nil, fmt.Errorf("answer set puts both %d and %d in %s", prev, d, geo.CellName(cell))
		}
		g.Set(cell, d)
	}
	for cell := range geo.Cells {
		if g.Cell(cell) == 0 {
			return nil, fmt.Errorf("answer set puts no digit in %s", geo.CellName(cell))
		}
	}
	return g, nil
}

// parseTriple reads "R,C,V" with each number in 1..n.
func parseTriple(s string, n int) (r, c, v int, err error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return 0, 0, 0, fmt.Errorf("want x(Row,Column,Digit)")
	}
	var nums [3]int
	for i, part := range parts {
		nums[i], err = strconv.Atoi(strings.TrimSpace(part))
		if err != nil || nums[i] < 1 || nums[i] > n {
			return 0, 0, 0, fmt.Errorf("%q is not a number from 1 to %d", part, n)
		}
	}
	return nums[0], nums[1], nums[2], nil
}
