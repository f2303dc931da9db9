package cnf

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Encoding chooses which constraints of Sudoku the formula states. The
// encodings are ordered: each states every clause of the one before it and
// adds more, so that whatever a reasoning procedure derives on one it also
// derives on the next.
type Encoding int

const (
	// Minimal states that each cell holds at least one digit and that each
	// unit holds each digit at most once; the rest follows by counting.
	Minimal Encoding = iota
	// Efficient is the minimal encoding plus at most one digit per cell
	// (11,745 clauses at 9×9: tdoku calls it "natural"); unit propagation
	// on it performs naked singles.
	Efficient
	// Extended (tdoku's "complete") states at-least-one and at-most-one for
	// every cell and for every unit × digit; unit propagation on it performs
	// naked and hidden singles.
	Extended
	// Augmented is the extended encoding plus, after tdoku's
	// minisat_augmented, a variable per triad (the Box cells where a row or
	// a column crosses a box) and digit that says the digit lies in the
	// triad, defined as the disjunction of its cells, with exactly one true
	// triad per row, column and box (as rows and as columns) and digit;
	// unit propagation on it also performs locked candidates (pointing and
	// claiming).
	Augmented
)

// Encodings lists the encodings from the weakest to the strongest.
var Encodings = []Encoding{Minimal, Efficient, Extended, Augmented}

// String returns the encoding's stable name.
func (e Encoding) String() string {
	switch e {
	case Efficient:
		return "efficient"
	case Extended:
		return "extended"
	case Augmented:
		return "augmented"
	}
	return "minimal"
}

// ParseEncoding reads "minimal", "efficient" (also "natural"), "extended"
// (also "complete") or "augmented".
func ParseEncoding(s string) (Encoding, error) {
	switch s {
	case "minimal":
		return Minimal, nil
	case "efficient", "natural":
		return Efficient, nil
	case "extended", "complete":
		return Extended, nil
	case "augmented":
		return Augmented, nil
	}
	return 0, fmt.Errorf("unknown CNF encoding %q: use minimal, efficient, extended or augmented", s)
}

// AtMostOne chooses how "at most one of these literals" is written.
type AtMostOne int

const (
	// Pairwise writes one binary clause per pair: n(n-1)/2 clauses, no
	// auxiliary variables.
	Pairwise AtMostOne = iota
	// Sequential is Sinz's sequential counter: 3n-4 clauses and n-1
	// auxiliary variables.
	Sequential
	// Native emits a cardinality constraint, for engines that take them
	// (pseudo-Boolean solvers, OPB files); DIMACS cannot hold it.
	Native
)

// String returns the strategy's stable name.
func (a AtMostOne) String() string {
	switch a {
	case Sequential:
		return "sequential"
	case Native:
		return "native"
	}
	return "pairwise"
}

// ParseAtMostOne reads "pairwise", "sequential" or "native".
func ParseAtMostOne(s string) (AtMostOne, error) {
	switch s {
	case "pairwise":
		return Pairwise, nil
	case "sequential", "sinz":
		return Sequential, nil
	case "native", "card", "cardinality":
		return Native, nil
	}
	return 0, fmt.Errorf("unknown at-most-one strategy %q: use pairwise, sequential or native", s)
}

// Options choose an encoding.
type Options struct {
	Encoding  Encoding
	AtMostOne AtMostOne
	// Reduce applies the givens and what they directly eliminate before
	// solving (see Reduce); Propagate applies everything unit propagation
	// derives from them instead. Propagate implies Reduce.
	Reduce    bool
	Propagate bool
}

// check reports an encoding or an at-most-one strategy that is not one
// of the package's.
func (o Options) check() error {
	if o.Encoding < Minimal || o.Encoding > Augmented {
		return fmt.Errorf("unknown CNF encoding %d: use Minimal, Efficient, Extended or Augmented", int(o.Encoding))
	}
	if o.AtMostOne < Pairwise || o.AtMostOne > Native {
		return fmt.Errorf("unknown at-most-one strategy %d: use Pairwise, Sequential or Native", int(o.AtMostOne))
	}
	return nil
}

// String names the options as they appear in pipeline names:
// "extended", "minimal-sequential", "extended-reduced".
func (o Options) String() string {
	s := o.Encoding.String()
	if o.AtMostOne != Pairwise {
		s += "-" + o.AtMostOne.String()
	}
	switch {
	case o.Propagate:
		s += "-propagated"
	case o.Reduce:
		s += "-reduced"
	}
	return s
}

// Var returns the variable that says cell (r, c) holds digit d, for a grid
// of side n; r and c are 0-based, d is 1..n.
func Var(n, r, c, d int) int { return (r*n+c)*n + d }

// CellVar returns the variable for digit d of cell i (row-major).
func CellVar(n, cell, d int) int { return cell*n + d }

// CellDigit inverts CellVar; ok is false for an auxiliary variable.
func CellDigit(n, v int) (cell, d int, ok bool) {
	if v < 1 || v > n*n*n {
		return 0, 0, false
	}
	return (v - 1) / n, (v-1)%n + 1, true
}

// Encode returns the base formula of a geometry: the rules without givens.
// The clauses of a stronger encoding begin with those of the weaker ones
// that it extends, except that the efficient encoding's cell at-most-one
// clauses follow each cell's at-least-one clause.
func Encode(geo *sudoku.Geometry, opt Options) *Formula {
	e := encoder{n: geo.N, amo: opt.AtMostOne, next: geo.N*geo.N*geo.N + 1}
	lits := make([]int, geo.N)
	for cell := 0; cell < geo.Cells; cell++ {
		for d := 1; d <= geo.N; d++ {
			lits[d-1] = CellVar(geo.N, cell, d)
		}
		e.b.add(lits...)
		if opt.Encoding >= Efficient {
			e.atMostOne(lits)
		}
	}
	for _, u := range geo.Units {
		for d := 1; d <= geo.N; d++ {
			for i, cell := range u.Cells {
				lits[i] = CellVar(geo.N, cell, d)
			}
			if opt.Encoding >= Extended {
				e.b.add(lits...)
			}
			e.atMostOne(lits)
		}
	}
	if opt.Encoding == Augmented {
		e.triads(geo)
	}
	return &Formula{
		Vars:    e.next - 1,
		Clauses: e.b.finish(),
		Cards:   e.cards,
		Comment: fmt.Sprintf("sudoku %s, encoding %s, at-most-one %s", geo, opt.Encoding, opt.AtMostOne),
	}
}

type encoder struct {
	n     int
	amo   AtMostOne
	next  int // next free auxiliary variable
	b     clauseBuilder
	cards []Card
}

func (e *encoder) atMostOne(lits []int) {
	switch e.amo {
	case Native:
		e.cards = append(e.cards, Card{Lits: append([]int(nil), lits...), Bound: AtMost, K: 1})
	case Sequential:
		e.sequential(lits)
	default:
		for i := range lits {
			for j := i + 1; j < len(lits); j++ {
				e.b.add(-lits[i], -lits[j])
			}
		}
	}
}

// sequential writes Sinz's counter: s_i is true when one of x_1..x_i is.
func (e *encoder) sequential(x []int) {
	n := len(x)
	if n < 2 {
		return
	}
	s := e.next
	e.next += n - 1
	e.b.add(-x[0], s)
	for i := 1; i < n-1; i++ {
		e.b.add(-x[i], s+i)
		e.b.add(-(s + i - 1), s+i)
		e.b.add(-x[i], -(s + i - 1))
	}
	e.b.add(-x[n-1], -(s + n - 2))
}

// triads adds the augmented encoding's clauses. A horizontal triad is the
// Box cells where row r crosses the j-th box of its band, a vertical one
// those where column c crosses the i-th box of its stack; the variable of
// a triad and digit d is defined by t ↔ (x₁ ∨ … ∨ x_Box), written as the
// clause (¬t ∨ x₁ ∨ … ∨ x_Box) and one clause (¬xₖ ∨ t) per cell. Exactly
// one triad per row (horizontal), column (vertical) and box (its
// horizontal triads, and its vertical ones) holds each digit. Unit
// propagation then performs locked candidates: a digit confined to one
// triad of a box makes that triad true and so clears the digit from the
// rest of the row or column (pointing), and one confined to one triad of a
// row or column clears it from the rest of the box (claiming). The triad
// variables follow the cell variables and any auxiliary variables of the
// extended encoding before them.
func (e *encoder) triads(geo *sudoku.Geometry) {
	n, b := geo.N, geo.Box
	horizontal := e.next           // (row, box column, digit)
	vertical := horizontal + n*b*n // (column, box row, digit)
	e.next = vertical + n*b*n
	h := func(r, j, d int) int { return horizontal + (r*b+j)*n + d - 1 }
	v := func(c, i, d int) int { return vertical + (c*b+i)*n + d - 1 }
	clause := make([]int, b+1)
	for line := 0; line < n; line++ {
		for k := 0; k < b; k++ {
			for d := 1; d <= n; d++ {
				e.defineTriad(h(line, k, d), clause, func(m int) int { return Var(n, line, k*b+m, d) })
				e.defineTriad(v(line, k, d), clause, func(m int) int { return Var(n, k*b+m, line, d) })
			}
		}
	}
	group := make([]int, b)
	for d := 1; d <= n; d++ {
		for line := 0; line < n; line++ {
			e.exactlyOne(group, func(k int) int { return h(line, k, d) })
			e.exactlyOne(group, func(k int) int { return v(line, k, d) })
		}
		for box := 0; box < n; box++ {
			i, j := box/b, box%b
			e.exactlyOne(group, func(k int) int { return h(i*b+k, j, d) })
			e.exactlyOne(group, func(k int) int { return v(j*b+k, i, d) })
		}
	}
}

// defineTriad states t ↔ (cell(0) ∨ … ∨ cell(len(clause)-2)), filling
// clause with the long clause's literals.
func (e *encoder) defineTriad(t int, clause []int, cell func(int) int) {
	clause[0] = -t
	for m := range clause[1:] {
		clause[m+1] = cell(m)
		e.b.add(-cell(m), t)
	}
	e.b.add(clause...)
}

// exactlyOne fills group with lit(0..len-1) and states that exactly one of
// them is true: one clause and the at-most-one strategy's constraint.
func (e *encoder) exactlyOne(group []int, lit func(int) int) {
	for k := range group {
		group[k] = lit(k)
	}
	e.b.add(group...)
	e.atMostOne(group)
}

// Givens returns the positive literals that state a puzzle's givens.
func Givens(p *sudoku.Grid) []int {
	n := p.N()
	var units []int
	for cell, d := range p.Cells() {
		if d != 0 {
			units = append(units, CellVar(n, cell, int(d)))
		}
	}
	return units
}
