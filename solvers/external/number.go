package external

import (
	"math"
	"strconv"
	"strings"
)

// Number reads a number an outside program printed (a statistic, an
// objective, a variable's value) and says whether it is one: NaN, the
// infinities, and digits past float64's range (which ParseFloat turns
// into an infinity) are not. A statistic that is not a number is left
// out rather than recorded: a record holds finite numbers only, and JSON
// has no NaN.
func Number(s string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}
