package table

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestFormatSig(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{
		{0.0025, "0.00250"}, {0.0994, "0.0994"}, {2.5, "2.50"}, {9.996, "10.0"}, {12.34, "12.3"}, {185.6, "186"},
		{999.6, "1,000"}, {1859, "1,860"}, {1e6, "1,000,000"}, {-0.5, "-0.500"}, {0, "0"}, {math.NaN(), "–"}, {math.Inf(1), "∞"},
	} {
		if got := FormatSig(tt.v, 3); got != tt.want {
			t.Errorf("FormatSig(%g, 3) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

// TestSharedUnits: a time or memory column within three decades is
// written in one unit, named in its header, three significant digits a
// value; a column spanning more keeps a unit in each cell, and a cell
// without a value keeps its text.
func TestSharedUnits(t *testing.T) {
	tab := &Table{Columns: []Column{{Name: "solver"}, {Name: "median", Unit: Duration, Right: true},
		{Name: "max", Unit: Duration, Right: true}, {Name: "own mem", Unit: Bytes, Right: true}}}
	for _, r := range [][3]float64{{2.5e6, 2e3, 40 << 20}, {1.0251e9, 3e9, math.NaN()}, {15e6, math.NaN(), 1.5 * (1 << 30)}} {
		tab.Rows = append(tab.Rows, Row{Cells: []Cell{TextCell("s"), DurationCell(r[0]), DurationCell(r[1]), BytesCell(r[2], "n/a")}})
	}
	got := tab.SharedUnits()
	var names []string
	for _, c := range got.Columns {
		names = append(names, c.Name)
	}
	if want := []string{"solver", "median (ms)", "max", "own mem (MiB)"}; !slices.Equal(names, want) {
		t.Errorf("headers %q, want %q", names, want)
	}
	var cells []string
	for _, r := range got.Rows {
		cells = append(cells, r.Cells[1].Text+"|"+r.Cells[2].Text+"|"+r.Cells[3].Text)
	}
	if want := []string{"2.50|2.00 µs|40.0", "1,030|3.00 s|n/a", "15.0|–|1,540"}; !slices.Equal(cells, want) {
		t.Errorf("cells %q, want %q", cells, want)
	}
	if tab.Columns[1].Name != "median" || tab.Rows[0].Cells[1].Text != "2.50 ms" {
		t.Error("SharedUnits changed the table it was given")
	}
}

func TestMarkBest(t *testing.T) {
	tab := &Table{Columns: []Column{{Name: "x", Better: Lower}, {Name: "y", Better: Higher}}}
	cell := func(v float64) Cell { return Cell{Value: v} }
	tab.Rows = []Row{
		{Set: "a", Cells: []Cell{cell(1), cell(5)}},
		{Set: "a", Cells: []Cell{cell(2), cell(5)}},
		{Set: "b", Cells: []Cell{cell(9), cell(1)}},              // alone: no best
		{Set: "c", Small: true, Cells: []Cell{cell(1), cell(1)}}, // small: no best in c
		{Set: "c", Cells: []Cell{cell(3), cell(math.NaN())}},     // NaN never best
		{Set: "d", Apart: true, Cells: []Cell{cell(0), cell(9)}}, // apart: never best
		{Set: "d", Cells: []Cell{cell(4), cell(2)}},
		{Set: "d", Cells: []Cell{cell(5), cell(1)}},
	}
	tab.MarkBest()
	var got []string
	for _, r := range tab.Rows {
		got = append(got, fmt.Sprint(r.Cells[0].Best, r.Cells[1].Best))
	}
	want := "[true true false true false false false false false false false false true true false false]"
	if g := fmt.Sprint(strings.Fields(strings.Join(got, " "))); g != want {
		t.Errorf("best = %s, want %s", g, want)
	}
}

func TestFormatUnits(t *testing.T) {
	tests := []struct{ got, want string }{
		{FormatDuration(850), "850 ns"},
		{FormatDuration(12_345), "12.3 µs"},
		{FormatDuration(1_500_000), "1.50 ms"},
		{FormatDuration(250e6), "250 ms"},
		{FormatDuration(2e9), "2.00 s"},
		{FormatDuration(math.NaN()), "–"},
		{FormatDuration(math.Inf(1)), "∞"},
		{FormatPercent(0.955), "95.5%"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestFormatCount(t *testing.T) {
	for v, want := range map[float64]string{950: "950", 12345: "12.3 k", 4.56e6: "4.56 M", 1.2e9: "1.20 G", math.Inf(1): "∞", math.NaN(): "–"} {
		if got := FormatCount(v); got != want {
			t.Errorf("FormatCount(%g) = %q, want %q", v, got, want)
		}
	}
}
