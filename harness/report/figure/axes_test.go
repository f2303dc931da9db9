package figure

import (
	"slices"
	"testing"

	"gonum.org/v1/plot"
)

func TestLabels(t *testing.T) {
	tests := []struct{ got, want string }{
		{durationLabel(1e5), "100 µs"},
		{durationLabel(2e6), "2 ms"},
		{durationLabel(1e9), "1 s"},
		{durationLabel(1e14), "100000 s"},
		{countLabel(2e6), "2 M"},
		{countLabel(500), "500"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestTicks(t *testing.T) {
	labels := func(ts []plot.Tick) []string {
		var ls []string
		for _, tk := range ts {
			if !tk.IsMinor() {
				ls = append(ls, tk.Label)
			}
		}
		return ls
	}
	for _, tt := range []struct {
		name string
		got  []plot.Tick
		want []string
	}{
		{"time, wide", TimeTicks{}.Ticks(8e-6, 30), []string{"10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s"}},
		{"time, two decades", TimeTicks{}.Ticks(0.15e-3, 12e-3), []string{"200 µs", "500 µs", "1 ms", "2 ms", "5 ms", "10 ms"}},
		{"MiB, narrow", NumberTicks{}.Ticks(15, 28), []string{"16", "18", "20", "22", "24", "26", "28"}},
		{"time, narrow", TimeTicks{}.Ticks(1.05e-3, 2.52e-3), []string{"1.2 ms", "1.4 ms", "1.6 ms", "1.8 ms", "2 ms", "2.2 ms", "2.4 ms"}},
		{"MiB, below 1", NumberTicks{}.Ticks(0.25, 0.45), []string{"0.25", "0.3", "0.35", "0.4", "0.45"}},
		{"loss, two decades", NumberTicks{}.Ticks(0.1, 10), []string{"0.1", "0.2", "0.5", "1", "2", "5", "10"}},
		{"count", LinearTicks{}.Ticks(0, 294), []string{"0", "50", "100", "150", "200", "250"}},
		{"MiB, linear", LinearTicks{}.Ticks(16.8, 29.6), []string{"18", "20", "22", "24", "26", "28"}},
	} {
		if got := labels(tt.got); !slices.Equal(got, tt.want) {
			t.Errorf("%s: labels %q, want %q", tt.name, got, tt.want)
		}
	}
}
