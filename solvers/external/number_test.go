package external

import (
	"strings"
	"testing"
)

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		text string
		want float64
		ok   bool
	}{
		{"12", 12, true}, {" 0.37 ", 0.37, true}, {"-1e3", -1000, true},
		{"nan", 0, false}, {"NaN", 0, false}, {"inf", 0, false}, {"-Infinity", 0, false},
		{strings.Repeat("9", 400), 0, false}, {"1e999", 0, false}, {"12x", 0, false}, {"", 0, false},
	} {
		v, ok := Number(c.text)
		if ok != c.ok || (ok && v != c.want) {
			t.Errorf("Number(%.12q) = %v, %v; want %v, %v", c.text, v, ok, c.want, c.ok)
		}
	}
}
