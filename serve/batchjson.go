package serve

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
)

// encoding/json took about a tenth of the server's time per puzzle of a
// batch of fast solves (reflection over a line of twenty fields).
// appendBatchLine writes a line as json.Marshal writes it, field by field
// in the struct's order, and leaves to encoding/json any string or number
// it does not write the same way: a string of other than printable ASCII
// or with a character JSON escapes, a map value that json writes with an
// exponent. A test holds the two to the same bytes.

// appendBatchLine appends l's JSON, as json.Marshal writes it, to b.
func appendBatchLine(b []byte, l *batchLine) []byte {
	b = append(b, `{"index":`...)
	b = strconv.AppendInt(b, int64(l.Index), 10)
	b = appendStringField(b, "puzzle", l.Puzzle)
	b = appendStringField(b, "solver", l.Solver)
	b = appendStringField(b, "mode", l.Mode)
	if l.ModeAsked != "" {
		b = appendStringField(b, "mode_asked", l.ModeAsked)
	}
	b = appendStringField(b, "status", l.Status)
	if l.CrossChecked {
		b = append(b, `,"cross_checked":true`...)
	}
	b = append(b, `,"verified":`...)
	b = strconv.AppendBool(b, l.Verified)
	if l.Solution != "" {
		b = appendStringField(b, "solution", l.Solution)
	}
	if l.Detail != "" {
		b = appendStringField(b, "detail", l.Detail)
	}
	b = appendIntField(b, "wall_ns", l.WallNS, false)
	b = appendIntField(b, "cpu_ns", l.CPUNS, false)
	b = appendIntField(b, "encode_ns", l.EncodeNS, true)
	b = appendIntField(b, "solve_ns", l.SolveNS, true)
	b = appendIntField(b, "decode_ns", l.DecodeNS, true)
	b = append(b, `,"alloc_bytes":`...)
	b = strconv.AppendUint(b, l.AllocBytes, 10)
	b = append(b, `,"peak_rss_bytes":`...)
	b = strconv.AppendUint(b, l.PeakRSS, 10)
	if len(l.Counters) > 0 {
		b = append(b, `,"counters":`...)
		b = appendMap(b, l.Counters, appendFloat)
	}
	if len(l.Model) > 0 {
		b = append(b, `,"model":`...)
		b = appendMap(b, l.Model, func(b []byte, v int) ([]byte, bool) { return strconv.AppendInt(b, int64(v), 10), true })
	}
	b = appendIntField(b, "timeout_ns", l.TimeoutNS, false)
	b = appendIntField(b, "elapsed_ns", l.ElapsedNS, false)
	return append(b, '}')
}

// appendStringField appends ,"key":"value".
func appendStringField(b []byte, key, value string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return appendString(b, value)
}

// appendIntField appends ,"key":value, or nothing for an omitted zero.
func appendIntField(b []byte, key string, value int64, omitZero bool) []byte {
	if omitZero && value == 0 {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, value, 10)
}

// appendString appends s as a JSON string: directly when every byte is
// printable ASCII that JSON does not escape, else through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendFloat appends v as encoding/json does where that is plain
// decimal notation; it reports false for the values json writes with an
// exponent, and for those it refuses.
func appendFloat(b []byte, v float64) ([]byte, bool) {
	if abs := math.Abs(v); math.IsInf(v, 0) || math.IsNaN(v) || (abs != 0 && (abs < 1e-6 || abs >= 1e21)) {
		return b, false
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64), true
}

// appendMap appends a map with its keys sorted, as encoding/json does;
// where a value cannot be written directly, the whole map goes through
// encoding/json.
func appendMap[V any](b []byte, m map[string]V, value func([]byte, V) ([]byte, bool)) []byte {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	start := len(b)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		var ok bool
		if b, ok = value(b, m[k]); !ok {
			whole, err := json.Marshal(m)
			if err != nil { // NaN or an infinity: as json.Marshal of the line would refuse it
				whole = []byte("null")
			}
			return append(b[:start], whole...)
		}
	}
	return append(b, '}')
}
