package record

import (
	"math"
	"strconv"
)

// FormatBytes writes a byte count, such as a record's peak memory or a
// manifest's limit, in binary units up to EiB: a whole number of its unit
// as such ("512 B", "64 MiB", "1 EiB"), any other with three significant
// digits ("10.3 MiB", "1.50 GiB"). NaN and counts of 0 or less are "–"
// (not measured, or no limit). The report's tables and the harness's
// messages both write sizes with it.
func FormatBytes(b float64) string {
	if math.IsNaN(b) || b <= 0 {
		return "–"
	}
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for b >= 1024 && i < len(units)-1 {
		b /= 1024
		i++
	}
	if b == math.Trunc(b) {
		return strconv.FormatFloat(b, 'f', 0, 64) + " " + units[i]
	}
	prec := 0
	switch {
	case b < 9.995:
		prec = 2
	case b < 99.95:
		prec = 1
	}
	return strconv.FormatFloat(b, 'f', prec, 64) + " " + units[i]
}
