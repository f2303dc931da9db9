package report

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logRange returns a positive range covering the positive values of vs;
// zeros and missing values are drawn at the lower end, half the smallest
// positive value (1 µs when there is none).
func logRange(vs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), 0.0
	for _, v := range vs {
		if v > 0 {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if hi == 0 {
		return 1e-6, 1e-5
	}
	lo /= 2
	if hi <= lo*2 {
		hi = lo * 10
	}
	return lo, hi
}

// logValueAxis makes ax an axis of log10 values covering [lo, hi] in the
// quantity t labels, 20% headroom.
//
// Every log axis here plots log10 of its values on a linear scale rather
// than using plot.LogScale: gonum places an axis label by the linear
// midpoint of a log axis, which squeezes the data area when the label is
// long, and box plots must compute their quartiles on log10 anyway.
func logValueAxis(ax *plot.Axis, lo, hi float64, t plot.Ticker) {
	ax.Min, ax.Max = math.Log10(lo), math.Log10(hi*1.2)
	ax.Tick.Marker = logged{t}
}

// logged labels an axis of log10 values with a ticker of the quantity.
type logged struct{ plot.Ticker }

// Ticks implements plot.Ticker.
func (l logged) Ticks(lo, hi float64) []plot.Tick {
	ts := l.Ticker.Ticks(math.Pow(10, lo), math.Pow(10, hi))
	for i := range ts {
		ts[i].Value = math.Log10(ts[i].Value)
	}
	return ts
}

// logTicks puts a tick at every 1–9 × 10ᵏ in [lo, hi], labelling the
// decades, and 2 and 5 too over less than three decades. A range too
// narrow for two labels gets round linear steps instead: it still needs a
// scale.
func logTicks(lo, hi float64, label func(float64) string) []plot.Tick {
	named := func(m float64) bool { return m == 1 || hi < 1000*lo && (m == 2 || m == 5) }
	var ts []plot.Tick
	labelled := 0
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := times10(m, e)
			if v < lo*0.999 || v > hi*1.001 {
				continue
			}
			t := plot.Tick{Value: v}
			if named(m) {
				t.Label = label(v)
				labelled++
			}
			ts = append(ts, t)
		}
	}
	if labelled < 2 {
		return roundTicks(lo, hi, label)
	}
	return ts
}

// times10 is m·10ᵉ, dividing for negative e so that 0.3 is 0.3, not
// 0.30000000000000004.
func times10(m, e float64) float64 {
	if e < 0 {
		return m / math.Pow(10, -e)
	}
	return m * math.Pow(10, e)
}

// timeTicks labels seconds in adaptive units.
type timeTicks struct{}

// Ticks implements plot.Ticker.
func (timeTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, func(s float64) string { return durationLabel(s * 1e9) })
}

// mibTicks labels MiB as plain numbers (the axis label names the unit).
type mibTicks struct{}

// Ticks implements plot.Ticker.
func (mibTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) })
}

// countTicks labels counts with metric suffixes: "1 k", "10 M".
type countTicks struct{}

// Ticks implements plot.Ticker.
func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	return logTicks(lo, hi, countLabel)
}

// countLabel writes a count in the largest metric unit that keeps the
// number at least 1: "500", "2 k", "10 M".
func countLabel(v float64) string {
	units := []string{"", " k", " M", " G", " T"}
	i := 0
	for v >= 999.5 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) + units[i]
}

// durationLabel writes nanoseconds in the largest unit that keeps the
// number at least 1, never in exponent form: "200 µs", "1 s", "1000 s".
func durationLabel(v float64) string {
	units := []string{"ns", "µs", "ms", "s"}
	i := 0
	for v >= 999.5 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) + " " + units[i]
}

// linearTicks labels round values as plain numbers (the axis label names
// the unit).
type linearTicks struct{}

// Ticks implements plot.Ticker.
func (linearTicks) Ticks(lo, hi float64) []plot.Tick {
	return roundTicks(lo, hi, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) })
}

// roundTicks labels values 1, 2 or 5 × 10ᵏ apart, four to eight over
// [lo, hi].
func roundTicks(lo, hi float64, label func(float64) string) []plot.Tick {
	if !(hi > lo) {
		return nil
	}
	raw := (hi - lo) / 8
	e := math.Floor(math.Log10(raw))
	m := 10.0
	for _, c := range []float64{1, 2, 5} {
		if times10(c, e) >= raw {
			m = c
			break
		}
	}
	var ts []plot.Tick
	for k := math.Ceil(lo / times10(m, e)); times10(k*m, e) <= hi; k++ {
		v := times10(k*m, e)
		ts = append(ts, plot.Tick{Value: v, Label: label(v)})
	}
	return ts
}
