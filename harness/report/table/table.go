package table

import (
	"fmt"
	"math"
	"slices"
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
	// Unit is the quantity a column's cells measure, for SharedUnits.
	Unit Quantity
	// Wrap lets a text table of limited width break the column's cells
	// at spaces into the room the other columns leave (a description),
	// where it would drop columns or run past the width.
	Wrap bool
}

// Quantity is what a column measures: a time or an amount of memory,
// which SharedUnits may write in one unit named in the header.
type Quantity int

const (
	NoQuantity Quantity = iota
	Duration            // nanoseconds
	Bytes
)

// Cell is one table cell: Text for people, Raw (one per CSV column of its
// Column) for machines, Value for finding the best.
type Cell struct {
	Text  string
	Raw   []string
	Value float64 // NaN: not comparable
	Best  bool
	// num is the quantity the text writes, for SharedUnits; has says
	// there is one (NaN: none).
	num float64
	has bool
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

// sharedSpan is the widest ratio of a column's largest value to its
// smallest at which SharedUnits writes the column in one unit: three
// decades, the smallest value then written as 0.00xyz.
const sharedSpan = 1000

// SharedUnits returns the table with each time and memory column whose
// values span at most three decades written in one unit, named in its
// header ("median (ms)"), every value with three significant digits;
// a column that spans more keeps a unit in each cell, where a shared one
// would bury its small values in zeros. Cells without a value keep their
// text ("–", "n/a").
func (t *Table) SharedUnits() *Table {
	out := &Table{Title: t.Title, Notes: t.Notes, Columns: slices.Clone(t.Columns)}
	for _, r := range t.Rows {
		out.Rows = append(out.Rows, Row{Set: r.Set, Small: r.Small, Apart: r.Apart, Cells: slices.Clone(r.Cells)})
	}
	for c, col := range t.Columns {
		if col.Unit == NoQuantity {
			continue
		}
		lo, hi := math.Inf(1), 0.0
		for _, r := range t.Rows {
			if v := r.Cells[c].num; r.Cells[c].has && v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		if hi == 0 || hi > sharedSpan*lo {
			continue
		}
		unit, size := unitOf(col.Unit, hi)
		out.Columns[c].Name += " (" + unit + ")"
		for _, r := range out.Rows {
			if cell := &r.Cells[c]; cell.has && !math.IsNaN(cell.num) {
				cell.Text = FormatSig(cell.num/size, 3)
			}
		}
	}
	return out
}

// unitOf is the unit a column whose largest value is v is written in:
// the smallest in which v has at most four digits before the point, so
// that the column's values read mostly as whole numbers and tenths
// ("1,020 ms", "504 ms", "2.50 ms"); and its size.
func unitOf(q Quantity, v float64) (string, float64) {
	type unit struct {
		name string
		size float64
	}
	units := []unit{{"ns", 1}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}}
	if q == Bytes {
		units = []unit{{"B", 1}, {"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}}
	}
	for _, u := range units {
		if v/u.size < 1e4 {
			return u.name, u.size
		}
	}
	last := units[len(units)-1]
	return last.name, last.size
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

// RawWhole writes a value rounded to a whole number: nanoseconds, bytes,
// counts.
func RawWhole(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return RawFloat(v)
	}
	return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
}

// DurationCell is a cell holding a time in nanoseconds, written in an
// adaptive unit (FormatDuration); SharedUnits may write it again in a
// unit its column shares.
func DurationCell(ns float64) Cell {
	return Cell{Text: FormatDuration(ns), Raw: []string{RawWhole(ns)}, Value: ns, num: ns, has: true}
}

// BytesCell is a cell holding b bytes, written as text; SharedUnits may
// write it again in a unit its column shares.
func BytesCell(b float64, text string) Cell {
	return Cell{Text: text, Raw: []string{RawWhole(b)}, Value: b, num: b, has: true}
}

// CountCell is a cell holding a count, written with a metric suffix
// (FormatCount).
func CountCell(v float64) Cell {
	return Cell{Text: FormatCount(v), Raw: []string{RawFloat(v)}, Value: v}
}

// RangeCell is a value with its interval, written with format; "–" when
// there is no value.
func RangeCell(v, lo, hi float64, format func(float64) string) Cell {
	text := fmt.Sprintf("%s [%s, %s]", format(v), format(lo), format(hi))
	if math.IsNaN(v) {
		text = format(v)
	}
	return Cell{Text: text, Raw: []string{RawFloat(v), RawFloat(lo), RawFloat(hi)}, Value: v}
}

// RateCell is a success rate with its interval, written as percentages.
func RateCell(rate, lo, hi float64) Cell {
	text := fmt.Sprintf("%s [%s, %s]", FormatPercent(rate), pct(lo), pct(hi))
	return Cell{Text: text, Raw: []string{RawFloat(rate), RawFloat(lo), RawFloat(hi)}, Value: rate}
}

// pct writes a fraction as a percentage without the sign, for intervals.
func pct(f float64) string { return fmt.Sprintf("%.1f", 100*f) }
