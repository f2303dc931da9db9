package cnf

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Encoding chooses which constraints of Sudoku the formula states.
type Encoding int

const (
	// Minimal states that each cell holds at least one digit and that each
	// unit holds each digit at most once; the rest follows by counting.
	Minimal Encoding = iota
	// Extended (tdoku's "complete") states at-least-one and at-most-one for
	// every cell and for every unit × digit; unit propagation on it performs
	// naked and hidden singles.
	Extended
)

// String returns the encoding's stable name.
func (e Encoding) String() string {
	if e == Extended {
		return "extended"
	}
	return "minimal"
}

// ParseEncoding reads "minimal" or "extended" (also "complete").
func ParseEncoding(s string) (Encoding, error) {
	switch s {
	case "minimal":
		return Minimal, nil
	case "extended", "complete":
		return Extended, nil
	}
	return 0, fmt.Errorf("unknown CNF encoding %q: use minimal or extended", s)
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
func Encode(geo *sudoku.Geometry, opt Options) *Formula {
	e := encoder{n: geo.N, amo: opt.AtMostOne, next: geo.N*geo.N*geo.N + 1}
	lits := make([]int, geo.N)
	for cell := 0; cell < geo.Cells; cell++ {
		for d := 1; d <= geo.N; d++ {
			lits[d-1] = CellVar(geo.N, cell, d)
		}
		e.b.add(lits...)
		if opt.Encoding == Extended {
			e.atMostOne(lits)
		}
	}
	for _, u := range geo.Units {
		for d := 1; d <= geo.N; d++ {
			for i, cell := range u.Cells {
				lits[i] = CellVar(geo.N, cell, d)
			}
			if opt.Encoding == Extended {
				e.b.add(lits...)
			}
			e.atMostOne(lits)
		}
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
