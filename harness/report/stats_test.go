package report

import (
	"math"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func TestFormat(t *testing.T) {
	tests := []struct{ got, want string }{
		{FormatDuration(850), "850 ns"},
		{FormatDuration(12_345), "12.3 µs"},
		{FormatDuration(1_500_000), "1.50 ms"},
		{FormatDuration(250e6), "250 ms"},
		{FormatDuration(2e9), "2.00 s"},
		{FormatDuration(math.NaN()), "–"},
		{FormatDuration(math.Inf(1)), "∞"},
		{record.FormatBytes(512), "512 B"},
		{record.FormatBytes(10 << 20), "10 MiB"},
		{record.FormatBytes(10<<20 + 300<<10), "10.3 MiB"},
		{record.FormatBytes(1 << 60), "1 EiB"},
		{record.FormatBytes(0), "–"},
		{FormatPercent(0.955), "95.5%"},
		{durationLabel(1e5), "100 µs"},
		{durationLabel(2e6), "2 ms"},
		{durationLabel(1e9), "1 s"},
		{durationLabel(1e14), "100000 s"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestGroupsSortNumbersAsNumbers(t *testing.T) {
	labels := []string{"top1465", "17-clue+28", "17-clue", "17-clue+8", "17-clue+16", "hardest-1106"}
	var gs []Group
	for _, l := range labels {
		gs = append(gs, Group{Label: l})
	}
	slices.SortFunc(gs, Group.Compare)
	var got []string
	for _, g := range gs {
		got = append(got, g.Label)
	}
	want := []string{"17-clue", "17-clue+8", "17-clue+16", "17-clue+28", "hardest-1106", "top1465"}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if (Group{Label: "z", Order: 1}).Compare(Group{Label: "a", Order: 2}) >= 0 {
		t.Error("Order must come before the label")
	}
}

func TestSetupLinesNameSampleAndEngines(t *testing.T) {
	pl := record.Plan{Corpora: []string{"top1465"}, Sample: 40, Seed: 3}
	if got := corporaLine(pl, map[string]string{"top1465": "ca0369f516dac7df"}); got != "top1465 (sha256 ca0369f516da); a random sample of 40 puzzles per corpus (seed 3)" {
		t.Errorf("corporaLine = %q", got)
	}
	got := engineVersions(map[string]string{"sat/minisat/extended": "2.2.1", "sat/minisat/minimal": "2.2.1", "milp/cbc": "2.10.8"})
	if got != "cbc 2.10.8; minisat 2.2.1" {
		t.Errorf("engineVersions = %q", got)
	}
}

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
		tab.Rows = append(tab.Rows, Row{Cells: []Cell{TextCell("s"), durationCell(r[0]), durationCell(r[1]), memCell(r[2], true)}})
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
