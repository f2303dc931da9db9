package corpora

import (
	"fmt"
	"strconv"
	"strings"
)

// HintRange is an inclusive range of hint counts. Max 0 means no upper
// bound, so the zero value admits every puzzle.
type HintRange struct {
	Min, Max int
}

// ParseHintRange reads "17-30" (both ends included), "22" (exactly 22),
// "25-" (25 or more), "-30" (at most 30), or "" (any).
func ParseHintRange(s string) (HintRange, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return HintRange{}, nil
	}
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		hi = lo
	}
	r, err := parseBounds(lo, hi)
	if err != nil {
		return HintRange{}, fmt.Errorf("hint range %q: %v (write 17-30, 22, 25- or -30)", s, err)
	}
	return r, nil
}

func parseBounds(lo, hi string) (HintRange, error) {
	var r HintRange
	var err error
	if lo != "" {
		if r.Min, err = parseHintBound(lo); err != nil {
			return HintRange{}, err
		}
	}
	if hi != "" {
		if r.Max, err = parseHintBound(hi); err != nil {
			return HintRange{}, err
		}
		if r.Max == 0 {
			return HintRange{}, fmt.Errorf("upper bound 0 admits only the empty grid")
		}
	}
	if lo == "" && hi == "" {
		return HintRange{}, fmt.Errorf("no bound given")
	}
	if r.Max != 0 && r.Max < r.Min {
		return HintRange{}, fmt.Errorf("lower bound %d above upper bound %d", r.Min, r.Max)
	}
	return r, nil
}

func parseHintBound(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a hint count", s)
	}
	return n, nil
}

// Contains reports whether a puzzle with this many hints is in the range.
func (r HintRange) Contains(hints int) bool {
	return hints >= r.Min && (r.Max == 0 || hints <= r.Max)
}

// String writes the range the way ParseHintRange reads it; "any" for the
// zero value.
func (r HintRange) String() string {
	switch {
	case r.Min == 0 && r.Max == 0:
		return "any"
	case r.Max == 0:
		return fmt.Sprintf("%d-", r.Min)
	case r.Min == r.Max:
		return strconv.Itoa(r.Min)
	}
	return fmt.Sprintf("%d-%d", r.Min, r.Max)
}
