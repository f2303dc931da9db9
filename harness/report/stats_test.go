package report

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func near(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}

func TestQuantileType7(t *testing.T) {
	// Hand-computed: h = (n−1)p, x[⌊h⌋] + frac(h)·(x[⌊h⌋+1] − x[⌊h⌋]).
	xs := []float64{1, 2, 3, 4}
	tests := []struct {
		xs   []float64
		p    float64
		want float64
	}{
		{xs, 0, 1},
		{xs, 0.25, 1.75}, // h = 0.75
		{xs, 0.5, 2.5},   // h = 1.5
		{xs, 0.75, 3.25}, // h = 2.25
		{xs, 0.9, 3.7},   // h = 2.7
		{xs, 1, 4},
		{[]float64{10, 20, 40}, 0.5, 20},
		{[]float64{10, 20, 40}, 0.9, 36}, // h = 1.8: 20 + 0.8·20
		{[]float64{7}, 0.9, 7},
		{nil, 0.5, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d/p=%g", len(tt.xs), tt.p), func(t *testing.T) {
			if got := Quantile(tt.xs, tt.p); !near(got, tt.want, 1e-12) {
				t.Errorf("Quantile(%v, %g) = %g, want %g", tt.xs, tt.p, got, tt.want)
			}
		})
	}
}

func TestIQRAndMedian(t *testing.T) {
	xs := []float64{1, 2, 3, 4}
	if got := IQR(xs); !near(got, 1.5, 1e-12) {
		t.Errorf("IQR = %g, want 1.5", got)
	}
	if got := Median([]float64{1, 3, 100}); got != 3 {
		t.Errorf("Median = %g, want 3", got)
	}
}

func TestWilson(t *testing.T) {
	// Hand-computed with z = 1.95996: centre (p + z²/2n)/(1 + z²/n),
	// half-width z·√(p(1−p)/n + z²/4n²)/(1 + z²/n).
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.27753},
		{5, 10, 0.23659, 0.76341},
		{10, 10, 0.72247, 1},
		{1, 1, 0.20654, 1},
		{0, 0, 0, 1},
		{45, 100, 0.35615, 0.54755},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("k=%d/n=%d", tt.k, tt.n), func(t *testing.T) {
			lo, hi := Wilson(tt.k, tt.n, Z95)
			if !near(lo, tt.lo, 5e-5) || !near(hi, tt.hi, 5e-5) {
				t.Errorf("Wilson(%d, %d) = [%.5f, %.5f], want [%.5f, %.5f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
			}
		})
	}
}

func TestPAR2(t *testing.T) {
	tests := []struct {
		name     string
		solved   []float64
		unsolved []float64 // their limits
		want     float64
	}{
		{"mixed", []float64{1, 2, 3}, []float64{10}, 6.5},        // (1+2+3+20)/4
		{"own-limits", []float64{1}, []float64{10, 1}, 23.0 / 3}, // (1+20+2)/3
		{"all-solved-no-limit", []float64{1, 2, 3}, nil, 2},
		{"none-solved", nil, []float64{5, 5}, 10},
		{"unsolved-without-limit", []float64{1}, []float64{0}, math.NaN()},
		{"empty", nil, nil, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PAR2(tt.solved, tt.unsolved); !near(got, tt.want, 1e-12) {
				t.Errorf("PAR2 = %g, want %g", got, tt.want)
			}
		})
	}
}

func TestTTS99(t *testing.T) {
	tests := []struct{ t, p, want float64 }{
		{1, 0.5, 6.643856},  // ln 0.01 / ln 0.5
		{2, 0.9, 4},         // ln 0.01 / ln 0.1 = 2
		{3, 0.75, 9.965784}, // 3 · 3.321928
		{5, 1, 5},
		{5, 0.995, 5}, // formula < 1 run: one run
		{5, 0, math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("t=%g/p=%g", tt.t, tt.p), func(t *testing.T) {
			if got := TTS99(tt.t, tt.p); !near(got, tt.want, 1e-6) {
				t.Errorf("TTS99(%g, %g) = %g, want %g", tt.t, tt.p, got, tt.want)
			}
		})
	}
}

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
