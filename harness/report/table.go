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
// rows with Small set never win.
type Row struct {
	Set   string
	Small bool
	Cells []Cell
}

// Table is a format-independent table.
type Table struct {
	Title   string
	Columns []Column
	Rows    []Row
	Notes   []string // shown under the table
}

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
		if t.Rows[i].Cells[c].Value == best {
			t.Rows[i].Cells[c].Best = true
		}
	}
}

// Cell constructors.

func textCell(s string) Cell { return Cell{Text: s, Raw: []string{s}, Value: math.NaN()} }

func intCell(n int) Cell {
	s := strconv.Itoa(n)
	return Cell{Text: s, Raw: []string{s}, Value: float64(n)}
}

func rawFloat(v float64) string {
	switch {
	case math.IsNaN(v):
		return ""
	case math.IsInf(v, 1):
		return "inf"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func rawNS(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return rawFloat(v)
	}
	return strconv.FormatFloat(math.Round(v), 'f', -1, 64)
}

func durationCell(ns float64) Cell {
	return Cell{Text: FormatDuration(ns), Raw: []string{rawNS(ns)}, Value: ns}
}

func bytesCell(b float64) Cell {
	if b <= 0 {
		b = math.NaN()
	}
	return Cell{Text: FormatBytes(b), Raw: []string{rawNS(b)}, Value: b}
}

func rateCell(rate, lo, hi float64) Cell {
	text := fmt.Sprintf("%s [%s, %s]", FormatPercent(rate), pct(lo), pct(hi))
	return Cell{Text: text, Raw: []string{rawFloat(rate), rawFloat(lo), rawFloat(hi)}, Value: rate}
}

// pct writes a fraction as a percentage without the sign, for intervals.
func pct(f float64) string { return fmt.Sprintf("%.1f", 100*f) }
