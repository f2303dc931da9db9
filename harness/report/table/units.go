package table

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// FormatDuration writes ns nanoseconds with three significant digits in an
// adaptive unit (ns, µs, ms, s): "850 ns", "12.3 µs", "1.50 s". NaN is "–"
// (no value) and +Inf is "∞".
func FormatDuration(ns float64) string { return scaled(ns, []string{" ns", " µs", " ms", " s"}) }

// FormatCount writes a count with three significant digits and a metric
// suffix: "950", "12.3 k", "4.56 M", "1.20 G". NaN is "–", +Inf "∞".
func FormatCount(v float64) string { return scaled(v, []string{"", " k", " M", " G", " T"}) }

// scaled writes v in the first of units, each a thousand times the one
// before, under which it stays below 1,000 (the last takes any larger
// value): a whole number in the first unit, three significant digits in
// the others.
func scaled(v float64, units []string) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case math.IsInf(v, 1):
		return "∞"
	case v < 1e3:
		return fmt.Sprintf("%.0f", v) + units[0]
	}
	scale := 1e3
	for _, unit := range units[1 : len(units)-1] {
		if v < scale*1e3 {
			return sig3(v/scale) + unit
		}
		scale *= 1e3
	}
	return sig3(v/scale) + units[len(units)-1]
}

// sig3 writes v (≥ 1) with three significant digits.
func sig3(v float64) string {
	switch {
	case v < 9.995:
		return fmt.Sprintf("%.2f", v)
	case v < 99.95:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// FormatPercent writes a fraction as a percentage with one decimal.
func FormatPercent(f float64) string {
	if math.IsNaN(f) {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

// FormatSig writes v with n significant digits in fixed-point notation,
// never in exponent form, whole numbers of four digits or more with
// thousands separators: "0.00250", "12.3", "1,860" (n = 3). NaN is "–",
// +Inf "∞".
func FormatSig(v float64, n int) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case math.IsInf(v, 1):
		return "∞"
	case v == 0:
		return "0"
	}
	e := int(math.Floor(math.Log10(math.Abs(v))))
	r := roundSig(v, n)
	// Rounding may carry into the next decade: 9.996 is 10.0.
	if math.Abs(r) >= math.Pow(10, float64(e+1)) {
		e++
	}
	decimals := max(0, n-1-e)
	s := strconv.FormatFloat(r, 'f', decimals, 64)
	if decimals == 0 && math.Abs(r) >= 1e3 {
		s = thousands(s)
	}
	return s
}

// roundSig rounds v to n significant digits.
func roundSig(v float64, n int) float64 {
	e := math.Floor(math.Log10(math.Abs(v)))
	scale := math.Pow(10, float64(n-1)-e)
	return math.Round(v*scale) / scale
}

// thousands puts commas between the thousands of a whole number.
func thousands(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
