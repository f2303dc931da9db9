// Package sudoku is the domain of the suite: grids of any box size (4×4 up to
// 36×36) in the classic and diagonal variants, their units and peers, parsing
// and formatting, and the two validations every other package relies on — that
// a puzzle is well posed before a solver sees it, and that a solution keeps the
// rules and the givens. It imports nothing of the project.
package sudoku

import (
	"fmt"
	"strings"
	"sync"
)

// MinBox and MaxBox bound the supported box sizes: 2 (4×4) to 6 (36×36).
const (
	MinBox = 2
	MaxBox = 6
)

// MaxSymbolSide is the largest side whose digits all have a symbol of the
// one-line form (1-9, then A-P): 25. Larger grids are written as
// whitespace-separated numbers (Grid.Numbers).
const MaxSymbolSide = 25

// Variant is a rule set on top of rows, columns and boxes.
type Variant int

const (
	// Classic has rows, columns and boxes as units.
	Classic Variant = iota
	// Diagonal (Sudoku X) also makes both main diagonals units.
	Diagonal
)

// String returns the variant's stable name.
func (v Variant) String() string {
	if v == Diagonal {
		return "diagonal"
	}
	return "classic"
}

// ParseVariant reads a variant name: "classic", or "diagonal" (also "x").
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "classic":
		return Classic, nil
	case "diagonal", "x":
		return Diagonal, nil
	}
	return Classic, fmt.Errorf("unknown variant %q: use classic or diagonal", s)
}

// UnitKind names the kind of a unit.
type UnitKind int

// The unit kinds, in the order units are listed in a Geometry.
const (
	Row UnitKind = iota
	Column
	Box
	MainDiagonal
	AntiDiagonal
)

// Unit is a set of N cells that must hold each digit exactly once.
type Unit struct {
	Kind  UnitKind
	Index int   // 0-based within its kind
	Cells []int // cell indices, row-major
}

// Name returns the unit as a person reads it: "row 3", "column 7", "box 2",
// "main diagonal", "anti-diagonal" (1-based).
func (u Unit) Name() string {
	switch u.Kind {
	case Row:
		return fmt.Sprintf("row %d", u.Index+1)
	case Column:
		return fmt.Sprintf("column %d", u.Index+1)
	case Box:
		return fmt.Sprintf("box %d", u.Index+1)
	case MainDiagonal:
		return "main diagonal"
	default:
		return "anti-diagonal"
	}
}

// Geometry is the immutable shape of a grid: its size, its units and, for
// every cell, the units it belongs to and its peers. Geometries are shared;
// never modify one.
type Geometry struct {
	Box     int     // box side: 3 for 9×9
	N       int     // digits and side length: Box²
	Cells   int     // N²
	Variant Variant // classic or diagonal
	Units   []Unit  // rows, then columns, boxes, diagonals
	// CellUnits lists, for each cell, the indices in Units of its units.
	CellUnits [][]int
	// Peers lists, for each cell, the other cells sharing a unit with it.
	Peers [][]int
}

// geometries holds each shared geometry, built on first use: a 36×36 one
// takes a moment, and most programs meet one or two shapes.
var geometries [MaxBox + 1][2]struct {
	once sync.Once
	geo  *Geometry
}

// NewGeometry returns the shared geometry for a box size and variant.
func NewGeometry(box int, v Variant) (*Geometry, error) {
	if box < MinBox || box > MaxBox {
		return nil, fmt.Errorf("box size %d not supported: use %d to %d (%s)", box, MinBox, MaxBox, supportedShapes())
	}
	if v != Classic && v != Diagonal {
		return nil, fmt.Errorf("unknown variant %d", v)
	}
	slot := &geometries[box][v]
	slot.once.Do(func() { slot.geo = buildGeometry(box, v) })
	return slot.geo, nil
}

// MustGeometry is NewGeometry for constant arguments known to be valid.
func MustGeometry(box int, v Variant) *Geometry {
	g, err := NewGeometry(box, v)
	if err != nil {
		panic(err)
	}
	return g
}

// GeometryForSide returns the geometry of a variant whose side is n (4, 9,
// 16, 25, 36).
func GeometryForSide(n int, v Variant) (*Geometry, error) {
	for b := MinBox; b <= MaxBox; b++ {
		if b*b == n {
			return NewGeometry(b, v)
		}
	}
	return nil, fmt.Errorf("side %d not supported: use %s", n, supportedSides())
}

func buildGeometry(box int, v Variant) *Geometry {
	n := box * box
	g := &Geometry{Box: box, N: n, Cells: n * n, Variant: v}
	for r := 0; r < n; r++ {
		g.Units = append(g.Units, Unit{Kind: Row, Index: r, Cells: lineCells(n, r*n, 1)})
	}
	for c := 0; c < n; c++ {
		g.Units = append(g.Units, Unit{Kind: Column, Index: c, Cells: lineCells(n, c, n)})
	}
	for b := 0; b < n; b++ {
		g.Units = append(g.Units, Unit{Kind: Box, Index: b, Cells: boxCells(box, b)})
	}
	if v == Diagonal {
		g.Units = append(g.Units,
			Unit{Kind: MainDiagonal, Cells: lineCells(n, 0, n+1)},
			Unit{Kind: AntiDiagonal, Cells: lineCells(n, n-1, n-1)})
	}
	g.CellUnits = make([][]int, g.Cells)
	for ui, u := range g.Units {
		for _, c := range u.Cells {
			g.CellUnits[c] = append(g.CellUnits[c], ui)
		}
	}
	g.Peers = make([][]int, g.Cells)
	seen := make([]int, g.Cells) // seen[p] == c+1 once p is a peer of c
	for c := range g.Peers {
		for _, ui := range g.CellUnits[c] {
			for _, p := range g.Units[ui].Cells {
				if p != c && seen[p] != c+1 {
					seen[p] = c + 1
					g.Peers[c] = append(g.Peers[c], p)
				}
			}
		}
	}
	return g
}

func lineCells(n, start, step int) []int {
	cells := make([]int, n)
	for i := range cells {
		cells[i] = start + i*step
	}
	return cells
}

func boxCells(box, b int) []int {
	n := box * box
	r0, c0 := (b/box)*box, (b%box)*box
	cells := make([]int, 0, n)
	for r := r0; r < r0+box; r++ {
		for c := c0; c < c0+box; c++ {
			cells = append(cells, r*n+c)
		}
	}
	return cells
}

// BoxOf returns the 0-based box index of row r, column c.
func (g *Geometry) BoxOf(r, c int) int { return (r/g.Box)*g.Box + c/g.Box }

// CellName returns "r3c7" for a cell index (1-based row and column).
func (g *Geometry) CellName(cell int) string {
	return fmt.Sprintf("r%dc%d", cell/g.N+1, cell%g.N+1)
}

// String describes the geometry: "9×9 classic".
func (g *Geometry) String() string { return fmt.Sprintf("%d×%d %s", g.N, g.N, g.Variant) }
