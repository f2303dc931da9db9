// Package exactcover poses Sudoku as an exact-cover problem: every item (a
// cell, a digit in a row, column, box or diagonal) must be covered by exactly
// one chosen option (a digit in a cell). The matrix depends only on the
// geometry, so it is built once per geometry and shared; a puzzle's givens are
// applied on top of it, and a set of chosen options decodes back to a grid.
// The package knows nothing of the engines that search the matrix.
package exactcover

import (
	"fmt"
	"sync"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Matrix is the exact-cover matrix of one geometry, stored sparse in flat
// int32 arrays so that engines can walk it without allocating.
//
// Items are numbered cells first (item c is "cell c holds a digit"), then for
// every unit u of the geometry and digit d the item N² + u·N + d−1 ("unit u
// holds d"). Option o = cell·N + d−1 puts digit d into a cell; it covers the
// cell's item and one item per unit of the cell: 4 items in the classic
// variant, up to 6 in the diagonal one. Every item has exactly N options.
//
// A Matrix is shared and read-only; never modify the slices it returns.
type Matrix struct {
	geo         *sudoku.Geometry
	optionStart []int32 // items of option o: optionItems[optionStart[o]:optionStart[o+1]]
	optionItems []int32
	itemOptions []int32 // options of item i: itemOptions[i·N : i·N+N]
}

// Stats is the size of an exact-cover problem.
type Stats struct {
	Items    int // items still to cover
	Options  int // options still available
	Nonzeros int // (item, option) incidences among those
}

var matrices sync.Map // *sudoku.Geometry → *Matrix

// For returns the shared matrix of a geometry, building it on first use.
func For(geo *sudoku.Geometry) *Matrix {
	if m, ok := matrices.Load(geo); ok {
		return m.(*Matrix)
	}
	m, _ := matrices.LoadOrStore(geo, build(geo))
	return m.(*Matrix)
}

func build(geo *sudoku.Geometry) *Matrix {
	n := geo.N
	m := &Matrix{geo: geo, optionStart: make([]int32, 0, geo.Cells*n+1)}
	items := geo.Cells + len(geo.Units)*n
	fill := make([]int, items)
	m.itemOptions = make([]int32, items*n)
	for cell := 0; cell < geo.Cells; cell++ {
		for d := 1; d <= n; d++ {
			o := int32(m.Option(cell, d))
			m.optionStart = append(m.optionStart, int32(len(m.optionItems)))
			for _, it := range m.itemsOf(cell, d) {
				m.optionItems = append(m.optionItems, int32(it))
				m.itemOptions[it*n+fill[it]] = o
				fill[it]++
			}
		}
	}
	m.optionStart = append(m.optionStart, int32(len(m.optionItems)))
	return m
}

// itemsOf lists the items that digit d in cell covers, in increasing order.
func (m *Matrix) itemsOf(cell, d int) []int {
	its := []int{cell}
	for _, u := range m.geo.CellUnits[cell] {
		its = append(its, m.UnitItem(u, d))
	}
	return its
}

// Geometry returns the matrix's geometry.
func (m *Matrix) Geometry() *sudoku.Geometry { return m.geo }

// Items returns the number of items.
func (m *Matrix) Items() int { return len(m.itemOptions) / m.geo.N }

// Options returns the number of options: one per cell and digit.
func (m *Matrix) Options() int { return len(m.optionStart) - 1 }

// Nonzeros returns the number of (item, option) incidences.
func (m *Matrix) Nonzeros() int { return len(m.optionItems) }

// Stats returns the size of the full matrix, before any given is applied.
func (m *Matrix) Stats() Stats {
	return Stats{Items: m.Items(), Options: m.Options(), Nonzeros: m.Nonzeros()}
}

// Option returns the option that puts digit d (1..N) into a cell.
func (m *Matrix) Option(cell, d int) int { return cell*m.geo.N + d - 1 }

// CellDigit returns the cell and digit of an option.
func (m *Matrix) CellDigit(option int) (cell, digit int) {
	return option / m.geo.N, option%m.geo.N + 1
}

// UnitItem returns the item "unit u (an index into Geometry.Units) holds d".
func (m *Matrix) UnitItem(u, d int) int { return m.geo.Cells + u*m.geo.N + d - 1 }

// OptionItems returns the items an option covers, in increasing order.
func (m *Matrix) OptionItems(option int) []int32 {
	return m.optionItems[m.optionStart[option]:m.optionStart[option+1]]
}

// ItemOptions returns the N options that cover an item, in increasing order.
func (m *Matrix) ItemOptions(item int) []int32 {
	n := m.geo.N
	return m.itemOptions[item*n : item*n+n]
}

// ItemName names an item for debugging: "r3c7" for a cell, "row 3 has 5",
// "box 2 has 9", "main diagonal has 1".
func (m *Matrix) ItemName(item int) string {
	if item < m.geo.Cells {
		return m.geo.CellName(item)
	}
	u, d := (item-m.geo.Cells)/m.geo.N, (item-m.geo.Cells)%m.geo.N+1
	return fmt.Sprintf("%s has %c", m.geo.Units[u].Name(), sudoku.Symbol(d))
}

// OptionName names an option for debugging: "r3c7=5".
func (m *Matrix) OptionName(option int) string {
	cell, d := m.CellDigit(option)
	return fmt.Sprintf("%s=%c", m.geo.CellName(cell), sudoku.Symbol(d))
}
