package exactcover

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/sudoku"
)

func TestMatrixSizes(t *testing.T) {
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			geo := sudoku.MustGeometry(box, v)
			t.Run(fmt.Sprintf("size=%d/variant=%s", geo.N, v), func(t *testing.T) {
				n := geo.N
				want := Stats{Items: 4 * n * n, Options: n * n * n, Nonzeros: 4 * n * n * n}
				if v == sudoku.Diagonal {
					want.Items += 2 * n
					want.Nonzeros += 2 * n * n
				}
				m := For(geo)
				if got := m.Stats(); got != want {
					t.Fatalf("stats %+v, want %+v", got, want)
				}
				if For(geo) != m {
					t.Error("For built the matrix twice")
				}
				checkIncidence(t, m)
			})
		}
	}
}

// checkIncidence asserts that every item has N options and that the option
// and item views of the matrix agree.
func checkIncidence(t *testing.T, m *Matrix) {
	t.Helper()
	for it := range m.Items() {
		opts := m.ItemOptions(it)
		if len(opts) != m.Geometry().N || !slices.IsSorted(opts) {
			t.Fatalf("%s: options %v", m.ItemName(it), opts)
		}
		for _, o := range opts {
			if !slices.Contains(m.OptionItems(int(o)), int32(it)) {
				t.Fatalf("%s lists %s, which does not cover it", m.ItemName(it), m.OptionName(int(o)))
			}
		}
	}
}

func TestNames(t *testing.T) {
	m := For(sudoku.MustGeometry(3, sudoku.Diagonal))
	o := m.Option(40, 5) // r5c5=5
	if cell, d := m.CellDigit(o); cell != 40 || d != 5 {
		t.Fatalf("CellDigit(%d) = %d, %d", o, cell, d)
	}
	var names []string
	for _, it := range m.OptionItems(o) {
		names = append(names, m.ItemName(int(it)))
	}
	want := []string{"r5c5", "row 5 has 5", "column 5 has 5", "box 5 has 5", "main diagonal has 5", "anti-diagonal has 5"}
	if m.OptionName(o) != "r5c5=5" || !slices.Equal(names, want) {
		t.Errorf("%s covers %q, want %q", m.OptionName(o), names, want)
	}
	if got := For(sudoku.MustGeometry(4, sudoku.Classic)).OptionName(255*16 + 15); got != "r16c16=G" {
		t.Errorf("16×16 option name %q", got)
	}
}

func TestPose(t *testing.T) {
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	puzzle := sudoku.NewGrid(geo)
	puzzle.Set(0, 1) // r1c1=1
	p, err := Pose(puzzle, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// One given covers 4 items and removes its cell's 9 options plus 8 more
	// in each of its row, column and box, less the 2+2 counted twice in the box.
	want := Stats{Items: 320, Options: 729 - 9 - 8 - 8 - 4}
	for _, o := range p.Options() {
		want.Nonzeros += len(p.Matrix.OptionItems(o))
	}
	if got := p.Stats(); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
	if !p.Covered(0) || p.Available(optionOf(p, 0, 2)) || p.Available(optionOf(p, 1, 1)) || !p.Available(optionOf(p, 1, 2)) {
		t.Error("givens not applied as expected")
	}
	if !slices.Equal(p.Givens, []int32{0}) {
		t.Errorf("givens %v", p.Givens)
	}
}

func optionOf(p *Problem, cell, d int) int { return p.Matrix.Option(cell, d) }

func TestPoseConflict(t *testing.T) {
	puzzle := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	puzzle.Set(2, 7)  // r1c3
	puzzle.Set(20, 7) // r3c3
	_, err := Pose(puzzle, Options{})
	if !errors.Is(err, sudoku.ErrDuplicate) || err.Error() != `givens r1c3=7 and r3c3=7 both cover "column 3 has 7"` {
		t.Errorf("error %v", err)
	}
}

func TestDecode(t *testing.T) {
	geo := sudoku.MustGeometry(2, sudoku.Classic)
	m := For(geo)
	puzzle, _ := sudoku.ParseLine("1234341221434.21", sudoku.Classic)
	g, err := m.Decode(puzzle, []int32{int32(m.Option(13, 3))})
	if err != nil || g.String() != "1234341221434321" || puzzle.Cell(13) != 0 {
		t.Fatalf("decoded %v, %v; puzzle %s", g, err, puzzle)
	}
	for _, bad := range [][]int32{{-1}, {int32(m.Options())}, {int32(m.Option(0, 2))}} {
		if _, err := m.Decode(puzzle, bad); err == nil {
			t.Errorf("options %v decoded without error", bad)
		}
	}
	if _, err := For(sudoku.MustGeometry(3, sudoku.Classic)).Decode(puzzle, nil); err == nil {
		t.Error("a 4×4 puzzle decoded on the 9×9 matrix")
	}
}

// DecodeInto overwrites every cell of its grid, and refuses one of
// another geometry.
func TestDecodeInto(t *testing.T) {
	geo := sudoku.MustGeometry(2, sudoku.Classic)
	m := For(geo)
	puzzle, _ := sudoku.ParseLine("1234341221434.21", sudoku.Classic)
	dst, _ := sudoku.ParseLine("4321214334121234", sudoku.Classic)
	if err := m.DecodeInto(dst, puzzle, []int32{int32(m.Option(13, 3))}); err != nil || dst.String() != "1234341221434321" {
		t.Errorf("decoded %s, %v", dst, err)
	}
	if err := m.DecodeInto(sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)), puzzle, nil); err == nil {
		t.Error("decoded into a 9×9 grid on the 4×4 matrix")
	}
}
