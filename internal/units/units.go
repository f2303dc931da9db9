package units

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
)

// byteUnits are the suffixes ParseBytes accepts, longest first.
var byteUnits = []struct {
	suffix string
	factor uint64
}{
	{"EiB", 1 << 60}, {"PiB", 1 << 50}, {"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"EB", 1e18}, {"PB", 1e15}, {"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3},
	{"E", 1 << 60}, {"P", 1 << 50}, {"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1},
}

// MaxBytes is the largest memory size ParseBytes accepts, 1 EiB: far
// beyond any machine's memory, and exact wherever a manifest's sizes are
// read as float64 (JSON in most languages).
const MaxBytes = 1 << 60

// sizeNumber is the number of a memory size: decimal digits with an
// optional fraction, no sign, exponent or base prefix.
var sizeNumber = regexp.MustCompile(`^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$`)

// ParseBytes reads a memory size such as "2GiB", "512MiB", "1.5G" or "4096";
// one-letter suffixes are binary. "0" and "" mean no limit. A fraction of
// a byte is dropped; sizes above MaxBytes, and non-zero ones under a byte,
// are refused. The arithmetic is exact, so the refusal starts one byte
// above MaxBytes whatever the unit.
func ParseBytes(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	factor := uint64(1)
	num := s
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			num, factor = strings.TrimSpace(rest), u.factor
			break
		}
	}
	if !sizeNumber.MatchString(num) {
		return 0, fmt.Errorf("memory size %q: want a number with an optional unit, e.g. 2GiB or 512MiB", s)
	}
	v, _ := new(big.Rat).SetString(num) // sizeNumber's digits always read
	v.Mul(v, new(big.Rat).SetUint64(factor))
	if v.Cmp(new(big.Rat).SetUint64(MaxBytes)) > 0 {
		return 0, fmt.Errorf("memory size %q: more than the largest accepted, %s (%d bytes)", s, record.FormatBytes(MaxBytes), uint64(MaxBytes))
	}
	b := new(big.Int).Quo(v.Num(), v.Denom()).Uint64()
	if b == 0 && v.Sign() > 0 {
		return 0, fmt.Errorf("memory size %q: less than one byte; 0 means no limit", s)
	}
	return b, nil
}

// ParseFinite reads a number as strconv.ParseFloat does, and refuses NaN
// and the infinities, in every spelling ParseFloat takes ("nan", "Inf",
// "+infinity"), and numbers beyond float64's range: values that pass no
// bound check (NaN compares false with every bound) and turn into nonsense
// counts and durations. Every number the suite reads from a command line
// or a request goes through it.
func ParseFinite(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return v, nil
}
