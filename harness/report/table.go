package report

import (
	"fmt"
	"math"
	"strconv"
)

// Better says which way a column improves, for marking the best value.
type Better int

const (
	Neither Better = iota // not compared
	Lower
	Higher
)

// Column is a table column. CSV names the raw columns the column becomes in
// CSV (nil: the Name alone).
type Column struct {
	Name   string
	CSV    []string
	Better Better
	Right  bool // right-aligned (numbers)
	// Keep puts the column in the compact view, and ranks it: a table too
	// wide for its terminal drops the columns of lowest Keep first. Zero:
	// the wide view only.
	Keep int
	// Group marks the column that names a row's group: text tables show
	// it as a heading above the group's rows.
	Group bool
}

// Cell is one table cell: Text for people, Raw (one per CSV column of its
// Column) for machines, Value for finding the best.
type Cell struct {
	Text  string
	Raw   []string
	Value float64 // NaN: not comparable
	Best  bool
}

// Row is a table row. Rows with the same Set compete for best values;
// rows with Small set never win, and rows Apart (first-mode rows beside
// unique-mode ones) do not compete.
type Row struct {
	Set   string
	Small bool
	Apart bool
	Cells []Cell
}

// Table is a format-independent table.
type Table struct {
	Title   string
	Columns []Column
	Rows    []Row
	Notes   []string // shown under the table
}

// Compact returns the table with only the columns its compact view keeps.
func (t *Table) Compact() *Table {
	var keep []int
	for i, c := range t.Columns {
		if c.Keep > 0 {
			keep = append(keep, i)
		}
	}
	return t.project(keep)
}

// project returns the table with the columns at the given indices.
func (t *Table) project(idx []int) *Table {
	out := &Table{Title: t.Title, Notes: t.Notes}
	for _, i := range idx {
		out.Columns = append(out.Columns, t.Columns[i])
	}
	for _, r := range t.Rows {
		cells := make([]Cell, len(idx))
		for j, i := range idx {
			cells[j] = r.Cells[i]
		}
		out.Rows = append(out.Rows, Row{Set: r.Set, Small: r.Small, Apart: r.Apart, Cells: cells})
	}
	return out
}

// HasBest reports whether any cell is marked best.
func (t *Table) HasBest() bool {
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Best {
				return true
			}
		}
	}
	return false
}

// boldNote explains the bold cells of formats that draw them.
const boldNote = "Bold: the best value among the solvers of one group."

// MarkBest sets Best on the cells holding a row set's best value in each
// column that has a direction, when at least two rows of the set have a
// value and none of the competing rows is small.
func (t *Table) MarkBest() {
	sets := make(map[string][]int)
	var order []string
	for i, r := range t.Rows {
		if _, ok := sets[r.Set]; !ok {
			order = append(order, r.Set)
		}
		sets[r.Set] = append(sets[r.Set], i)
	}
	for _, set := range order {
		for c, col := range t.Columns {
			if col.Better != Neither {
				t.markColumn(sets[set], c, col.Better)
			}
		}
	}
}

func (t *Table) markColumn(rows []int, c int, dir Better) {
	best, valid := math.NaN(), 0
	for _, i := range rows {
		if t.Rows[i].Small {
			return
		}
		if t.Rows[i].Apart {
			continue
		}
		v := t.Rows[i].Cells[c].Value
		if math.IsNaN(v) {
			continue
		}
		valid++
		if math.IsNaN(best) || dir == Lower && v < best || dir == Higher && v > best {
			best = v
		}
	}
	if valid < 2 {
		return
	}
	for _, i := range rows {
		if !t.Rows[i].Apart && t.Rows[i].Cells[c].Value == best {
			t.Rows[i].Cells[c].Best = true
		}
	}
}

// TextCell is a cell of text, never compared for best.
func TextCell(s string) Cell { return Cell{Text: s, Raw: []string{s}, Value: math.NaN()} }

// IntCell is a cell holding a count.
func IntCell(n int) Cell {
	s := strconv.Itoa(n)
	return Cell{Text: s, Raw: []string{s}, Value: float64(n)}
}

// RawFloat writes a value for a machine: 6 significant digits, "" for
// none, "inf" for an unbounded one.
func RawFloat(v float64) string {
	switch {
	case math.IsNaN(v):
		return ""
	case math.IsInf(v, 1):
		return "inf"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// rawWhole writes a value rounded to a whole number: nanoseconds, bytes,
// counts.
func rawWhole(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return RawFloat(v)
	}
	return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
}

func durationCell(ns float64) Cell {
	return Cell{Text: FormatDuration(ns), Raw: []string{rawWhole(ns)}, Value: ns}
}

// memCell shows a peak in bytes; an outside solver's (its program's) is
// never compared for best with the in-process solvers' (the worker's, Go
// runtime included), and is "n/a" where it could not be measured.
func memCell(b float64, external bool) Cell {
	c := Cell{Text: FormatBytes(b), Raw: []string{rawWhole(b)}, Value: b}
	if external {
		c.Value = math.NaN()
		if math.IsNaN(b) {
			c.Text = "n/a"
		}
	}
	return c
}

func countCell(v float64) Cell {
	return Cell{Text: FormatCount(v), Raw: []string{RawFloat(v)}, Value: v}
}

// rangeCell is a value with its interval, written with format; "–" when
// there is no value.
func rangeCell(v, lo, hi float64, format func(float64) string) Cell {
	text := fmt.Sprintf("%s [%s, %s]", format(v), format(lo), format(hi))
	if math.IsNaN(v) {
		text = format(v)
	}
	return Cell{Text: text, Raw: []string{RawFloat(v), RawFloat(lo), RawFloat(hi)}, Value: v}
}

func rateCell(rate, lo, hi float64) Cell {
	text := fmt.Sprintf("%s [%s, %s]", FormatPercent(rate), pct(lo), pct(hi))
	return Cell{Text: text, Raw: []string{RawFloat(rate), RawFloat(lo), RawFloat(hi)}, Value: rate}
}

// pct writes a fraction as a percentage without the sign, for intervals.
func pct(f float64) string { return fmt.Sprintf("%.1f", 100*f) }
