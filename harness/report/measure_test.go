package report

import (
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func TestOwnTimeTakesStartUpOut(t *testing.T) {
	outside := &record.Record{CPUNS: 9_000_000, WallNS: 10_000_000, Counters: map[string]float64{"solves": 2, "startup_ns": 4_000_000, "startup_cpu_ns": 4_000_000}}
	inProcess := &record.Record{CPUNS: 2_000, WallNS: 2_500}
	startupOnly := &record.Record{CPUNS: 3_000_000, WallNS: 3_500_000, Counters: map[string]float64{"solves": 1, "startup_ns": 4_000_000, "startup_cpu_ns": 4_000_000}}
	cases := []struct {
		clock, part string
		rec         *record.Record
		want        float64
		label       string
	}{
		{"cpu", "", outside, 9_000_000, "CPU"},
		{"cpu", "own", outside, 5_000_000, "own CPU"},
		{"wall", "own", outside, 6_000_000, "own wall-clock"},
		{"wall", "total", outside, 10_000_000, "wall-clock"},
		{"cpu", "own", inProcess, 2_000, "own CPU"},
		{"cpu", "own", startupOnly, 0, "own CPU"},
	}
	for _, c := range cases {
		m, err := ParseMeasure(c.clock, c.part)
		if err != nil {
			t.Fatalf("ParseMeasure(%q, %q): %v", c.clock, c.part, err)
		}
		if got := m.of(c.rec); got != c.want {
			t.Errorf("%s of %+v = %v, want %v", m, c.rec, got, c.want)
		}
		if m.Label() != c.label {
			t.Errorf("%s: label %q, want %q", m, m.Label(), c.label)
		}
	}
	for _, bad := range [][2]string{{"cpu", "some"}, {"gpu", ""}} {
		if _, err := ParseMeasure(bad[0], bad[1]); err == nil {
			t.Errorf("ParseMeasure(%q, %q) took it", bad[0], bad[1])
		}
	}
}
