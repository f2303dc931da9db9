package report

import (
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func TestFormatBytes(t *testing.T) {
	tests := []struct{ got, want string }{
		{record.FormatBytes(512), "512 B"},
		{record.FormatBytes(10 << 20), "10 MiB"},
		{record.FormatBytes(10<<20 + 300<<10), "10.3 MiB"},
		{record.FormatBytes(1 << 60), "1 EiB"},
		{record.FormatBytes(0), "–"},
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
