package units

import (
	"strings"
	"testing"
)

func TestParseBytes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
		err  string // part of the error; "" when accepted
	}{
		{"2GiB", 2 << 30, ""},
		{"512MiB", 512 << 20, ""},
		{"1.5G", 3 << 29, ""},
		{"4096", 4096, ""},
		{"", 0, ""},
		{"0", 0, ""},
		{"1GB", 1e9, ""},
		{"2.5B", 2, ""},
		// The largest size, in every unit that reaches it, and one byte more.
		{"1EiB", MaxBytes, ""},
		{"1024PiB", MaxBytes, ""},
		{"1152921504606846976", MaxBytes, ""},
		{"1152921504606846977", 0, "more than the largest accepted, 1 EiB (1152921504606846976 bytes)"},
		{"1024.0000000000000001PiB", 0, "more than the largest accepted"},
		{"8EiB", 0, "more than the largest accepted, 1 EiB"},
		{"18446744073709551615", 0, "more than the largest accepted, 1 EiB"},
		{"18446744073709551616", 0, "more than the largest accepted, 1 EiB"},
		{"99999999999999999999999999T", 0, "more than the largest accepted, 1 EiB"},
		{"0.5B", 0, "less than one byte"},
		{"lots", 0, "want a number"},
		{"-1GiB", 0, "want a number"},
		{"inf", 0, "want a number"},
		{"NaN", 0, "want a number"},
		{"1e9", 0, "want a number"},
		{"0x10", 0, "want a number"},
		{"1/2G", 0, "want a number"},
	} {
		t.Run("size="+c.in, func(t *testing.T) {
			got, err := ParseBytes(c.in)
			switch {
			case c.err == "" && (err != nil || got != c.want):
				t.Errorf("ParseBytes(%q) = %d, %v; want %d", c.in, got, err, c.want)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("ParseBytes(%q) = %d, %v; want an error saying %q", c.in, got, err, c.err)
			}
		})
	}
}

// Numbers are read finite or not at all: NaN and the infinities in every
// spelling ParseFloat takes, and numbers past float64's range, are refused.
func TestParseFinite(t *testing.T) {
	for _, s := range []string{"0", "0.5", "-1e3", " 2 ", "1e308"} {
		if _, err := ParseFinite(s); err != nil {
			t.Errorf("ParseFinite(%q): %v", s, err)
		}
	}
	for _, s := range []string{"NaN", "nan", "-nan", "Inf", "+Inf", "-inf", "infinity", "+Infinity", "1e309", "-1e400", "", "0x", "half"} {
		if v, err := ParseFinite(s); err == nil || !strings.Contains(err.Error(), "not a finite number") {
			t.Errorf("ParseFinite(%q) = %v, %v; want it refused", s, v, err)
		}
	}
}
