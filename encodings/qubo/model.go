// Package qubo poses Sudoku as a quadratic unconstrained binary optimisation
// problem, the input of annealers: one binary x[cell, digit] per candidate,
// and an integer penalty w·(Σx − 1)² for every cell and every unit × digit
// (rows, columns, boxes and, in the diagonal variant, both diagonals), so
// that after the constant offset a grid that keeps every rule and given has
// energy exactly 0 and every other assignment a positive energy.
//
// The package's opinion: how much of the puzzle the model still holds is
// the research question, so the formulations are named and kept apart —
// Fixed (D-Wave's example: the givens' own variables fixed, everything else
// left in), Pruned (Fixstars Amplify's tutorial: also every candidate a
// given eliminates dropped), Propagated (pruned, then naked and hidden
// singles to a fixpoint: the QUBO that is left after classical
// preprocessing, often nothing) — beside the Wildqat article's 4×4 model
// (a reward per bit, penalties for clashing bits, givens as biases). Every
// weight is an integer, models are plain data that can be inspected,
// counted and written out for other tools (qbsolv, dimod), and nothing here
// knows a sampler.
//
// Conventions that samplers and tests rely on: every weight is an integer
// from 1 to 2¹⁶ per constraint family (cell:row:column:box[:diagonal]), so
// that energies compare exactly; the constant offset makes an assignment's
// energy 0 if and only if it is a valid grid that keeps the givens, and an
// assignment with violations decodes to them ("row 3 digit 5: 2 set, want
// 1"), not to a grid; a model in which some cell or unit × digit has no
// variable left records the conflict, and samplers give up on it without
// sampling.
package qubo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Formulation says how the givens enter the model.
type Formulation int

const (
	// Fixed fixes each given's own variable to 1 and keeps every other
	// variable, as D-Wave's Sudoku example does with fix_variable: N³ −
	// givens variables (729 − givens on 9×9).
	Fixed Formulation = iota
	// Pruned keeps only the candidates of the empty cells, dropping every
	// digit a given eliminates, as Fixstars Amplify's tutorial does.
	Pruned
	// Propagated is Pruned after naked and hidden singles have run to a
	// fixpoint: the cells they settle and the candidates they eliminate
	// leave the model, which is often empty.
	Propagated
	// Wildqat is the 4×4 model of the Wildqat article, for any size: every
	// x[cell, digit] a variable, a reward of 1 per set bit, a penalty of
	// 2·w per pair of set bits that share a cell or hold one digit in one
	// unit (w the family's weight), and a further reward of 1 on each
	// given's bit.
	Wildqat
)

// Formulations lists every formulation in a stable order.
var Formulations = []Formulation{Fixed, Pruned, Propagated, Wildqat}

// String returns the formulation's stable name.
func (f Formulation) String() string {
	switch f {
	case Fixed:
		return "fixed"
	case Pruned:
		return "pruned"
	case Propagated:
		return "propagated"
	case Wildqat:
		return "wildqat"
	}
	return fmt.Sprintf("formulation(%d)", int(f))
}

// ParseFormulation reads "fixed", "pruned", "propagated" or "wildqat".
func ParseFormulation(s string) (Formulation, error) {
	for _, f := range Formulations {
		if strings.EqualFold(strings.TrimSpace(s), f.String()) {
			return f, nil
		}
	}
	return 0, fmt.Errorf("unknown QUBO formulation %q: use fixed, pruned, propagated or wildqat", s)
}

// MaxWeight bounds a penalty weight, so that every local field of a model
// fits an int32 with room to spare.
const MaxWeight = 1 << 16

// Weights are the penalty weights of the constraint families: a cell's
// one-hot, and a row, column, box or diagonal × digit one-hot.
type Weights struct {
	Cell, Row, Column, Box, Diagonal int64
}

// DefaultWeights weighs every family 1, as D-Wave's example does.
func DefaultWeights() Weights { return Weights{Cell: 1, Row: 1, Column: 1, Box: 1, Diagonal: 1} }

// ParseWeights reads "cell:row:column:box" or "cell:row:column:box:diagonal"
// (the diagonal weight defaults to 1), each a positive integer.
func ParseWeights(s string) (Weights, error) {
	parts := strings.Split(strings.TrimSpace(s), ":")
	if len(parts) != 4 && len(parts) != 5 {
		return Weights{}, fmt.Errorf("weights %q: write cell:row:column:box or cell:row:column:box:diagonal, e.g. 1:1:1:1", s)
	}
	vals := []int64{1, 1, 1, 1, 1}
	for i, p := range parts {
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return Weights{}, fmt.Errorf("weights %q: %q is not an integer", s, p)
		}
		vals[i] = v
	}
	w := Weights{Cell: vals[0], Row: vals[1], Column: vals[2], Box: vals[3], Diagonal: vals[4]}
	return w, w.Check()
}

// Check reports a weight that is not between 1 and MaxWeight.
func (w Weights) Check() error {
	for _, f := range []struct {
		name string
		v    int64
	}{{"cell", w.Cell}, {"row", w.Row}, {"column", w.Column}, {"box", w.Box}, {"diagonal", w.Diagonal}} {
		if f.v < 1 || f.v > MaxWeight {
			return fmt.Errorf("%s weight %d: penalty weights must be between 1 and %d", f.name, f.v, MaxWeight)
		}
	}
	return nil
}

// String writes the weights the way ParseWeights reads them.
func (w Weights) String() string {
	return fmt.Sprintf("%d:%d:%d:%d:%d", w.Cell, w.Row, w.Column, w.Box, w.Diagonal)
}

// of returns the weight of a unit's family.
func (w Weights) of(k sudoku.UnitKind) int64 {
	switch k {
	case sudoku.Row:
		return w.Row
	case sudoku.Column:
		return w.Column
	case sudoku.Box:
		return w.Box
	}
	return w.Diagonal
}

// Var is the variable x[cell, digit]: cell row-major, digit 1..N.
type Var struct {
	Cell, Digit int
}

// Coupler is a quadratic term W·x[I]·x[J], I < J.
type Coupler struct {
	I, J int32
	W    int64
}

// Model is the QUBO of one puzzle: the energy of an assignment x of its
// variables is Σ Linear[i]·x[i] + Σ W·x[I]·x[J] over Couplers + Offset.
// Treat it as read-only.
type Model struct {
	Puzzle      *sudoku.Grid
	Formulation Formulation
	Weights     Weights
	Vars        []Var
	Linear      []int64
	// Couplers are sorted by I, then J, one per pair of variables.
	Couplers []Coupler
	Offset   int64
	// Settled is the grid decided before any sampling: the givens and, in
	// the Propagated formulation, the cells singles settled.
	Settled *sudoku.Grid
	// Conflict names a constraint that no assignment can meet (a cell or
	// a unit × digit left without a candidate), or is "" when there is
	// none. A model with a conflict has no solution at energy 0.
	Conflict string

	groups []group
	// index maps cell·N + digit − 1 to the variable, or −1.
	index []int32
}

// Index returns the variable of x[cell, digit], or false if the
// formulation fixed or dropped it.
func (m *Model) Index(cell, digit int) (int, bool) {
	i := m.index[cell*m.Puzzle.N()+digit-1]
	return int(i), i >= 0
}

// Label returns a variable's label as D-Wave's Sudoku example writes it:
// "row,column_digit", row and column 0-based, digit 1-based.
func (m *Model) Label(i int) string {
	v, n := m.Vars[i], m.Puzzle.N()
	return fmt.Sprintf("%d,%d_%d", v.Cell/n, v.Cell%n, v.Digit)
}

// Empty reports whether nothing is left to sample: no variable, and no
// conflict either, so that the settled grid is the whole answer.
func (m *Model) Empty() bool { return len(m.Vars) == 0 && m.Conflict == "" }

// Assignment returns the 0/1 assignment of the model's variables that a
// grid states: x[cell, digit] = 1 where the grid holds digit in cell. An
// empty cell sets none of its variables.
func (m *Model) Assignment(g *sudoku.Grid) []uint8 {
	x := make([]uint8, len(m.Vars))
	for i, v := range m.Vars {
		if g.Cell(v.Cell) == v.Digit {
			x[i] = 1
		}
	}
	return x
}
