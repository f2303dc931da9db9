package exactcover

import (
	"fmt"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Problem is a puzzle posed as exact cover: the geometry's matrix with the
// givens chosen, so that the items they cover are gone and so are the
// options that would cover one of those items a second time.
type Problem struct {
	Matrix *Matrix
	Puzzle *sudoku.Grid
	// Givens are the options of the givens, in cell order.
	Givens  []int32
	covered []bool // by item
	removed []bool // by option
}

// Options shape the problem. Exact cover has none: the zero value is the
// one problem, and the type keeps Pose's shape that of every encoding.
type Options struct{}

// Pose applies a puzzle's givens to its geometry's matrix. Two givens that
// cover the same item are an error of kind sudoku.ErrDuplicate.
func Pose(puzzle *sudoku.Grid, _ Options) (*Problem, error) {
	m := For(puzzle.Geometry())
	p := &Problem{
		Matrix:  m,
		Puzzle:  puzzle,
		covered: make([]bool, m.Items()),
		removed: make([]bool, m.Options()),
	}
	coveredBy := make([]int32, m.Items())
	for cell, d := range puzzle.Cells() {
		if d == 0 {
			continue
		}
		o := int32(m.Option(cell, int(d)))
		for _, it := range m.OptionItems(int(o)) {
			if p.covered[it] {
				return nil, &sudoku.Error{Kind: sudoku.ErrDuplicate, Msg: fmt.Sprintf(
					"givens %s and %s both cover %q", m.OptionName(int(coveredBy[it])), m.OptionName(int(o)), m.ItemName(int(it)))}
			}
			p.covered[it], coveredBy[it] = true, o
			for _, other := range m.ItemOptions(int(it)) {
				p.removed[other] = true
			}
		}
		p.Givens = append(p.Givens, o)
	}
	return p, nil
}

// Covered reports whether a given covers the item.
func (p *Problem) Covered(item int) bool { return p.covered[item] }

// Available reports whether an option can still be chosen.
func (p *Problem) Available(option int) bool { return !p.removed[option] }

// Items returns the items left to cover, in increasing order.
func (p *Problem) Items() []int {
	var items []int
	for it, c := range p.covered {
		if !c {
			items = append(items, it)
		}
	}
	return items
}

// Options returns the options still available, in increasing order.
func (p *Problem) Options() []int {
	var options []int
	for o, r := range p.removed {
		if !r {
			options = append(options, o)
		}
	}
	return options
}

// Stats returns the size of the problem left once the givens are applied.
func (p *Problem) Stats() Stats {
	s := Stats{Items: len(p.Items())}
	for _, o := range p.Options() {
		s.Options++
		s.Nonzeros += len(p.Matrix.OptionItems(o))
	}
	return s
}

// Decode writes chosen options into a copy of the puzzle. An option out of
// range, or one that puts a second digit into a cell, is an error; whether
// the grid is a solution is for sudoku.CheckSolution to say.
func (m *Matrix) Decode(puzzle *sudoku.Grid, options []int32) (*sudoku.Grid, error) {
	g := sudoku.NewGrid(puzzle.Geometry())
	if err := m.DecodeInto(g, puzzle, options); err != nil {
		return nil, err
	}
	return g, nil
}

// DecodeInto is Decode writing into dst, a grid of the puzzle's geometry
// other than the puzzle, whose cells it overwrites.
func (m *Matrix) DecodeInto(dst, puzzle *sudoku.Grid, options []int32) error {
	switch {
	case puzzle.Geometry() != m.geo:
		return fmt.Errorf("decode: puzzle is %s, matrix is %s", puzzle.Geometry(), m.geo)
	case dst.Geometry() != m.geo:
		return fmt.Errorf("decode: grid is %s, matrix is %s", dst.Geometry(), m.geo)
	}
	copy(dst.Cells(), puzzle.Cells())
	for _, o := range options {
		if o < 0 || int(o) >= m.Options() {
			return fmt.Errorf("decode: option %d out of range 0..%d", o, m.Options()-1)
		}
		cell, d := m.CellDigit(int(o))
		if prev := dst.Cell(cell); prev != 0 && prev != d {
			return fmt.Errorf("decode: option %s but %s already holds %c",
				m.OptionName(int(o)), m.geo.CellName(cell), sudoku.Symbol(prev))
		}
		dst.Set(cell, d)
	}
	return nil
}
