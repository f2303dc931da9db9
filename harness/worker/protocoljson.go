package worker

import (
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
)

// Reading a reply with encoding/json took about a third of the parent's
// time per puzzle on a stream of fast solves (reflection, and a validating
// pass before the decoding one), and reading a job about a quarter of the
// worker's. decodeReply and decodeJob read the lines that the parent and
// the workers write by a direct path, and give anything else to
// encoding/json, so that every line means what encoding/json makes of it:
// the fast path takes only objects of the type's own keys, spelt exactly,
// with strings of printable ASCII and no escapes, numbers in JSON's
// grammar that fit their fields, and no null; it gives up on anything
// else, and encoding/json then reads the line from the start (its error
// included). Fuzz tests hold the two to the same result wherever the fast
// path answers. appendJob writes a job as encoding/json does, by the same
// kind of direct path.

// DecodeReply reads one reply line into r.
func DecodeReply(line []byte, r *Reply) error {
	*r = Reply{}
	if (&lineScanner{b: line}).Reply(r) {
		return nil
	}
	*r = Reply{}
	return json.Unmarshal(line, r)
}

// decodeJob reads one job line into j.
func decodeJob(line []byte, j *Job) error {
	*j = Job{}
	if (&lineScanner{b: line}).Job(j) {
		return nil
	}
	*j = Job{}
	return json.Unmarshal(line, j)
}

// AppendJob appends j's line, as json.Marshal writes it, to b.
func AppendJob(b []byte, j *Job) []byte {
	if !plainText(j.Puzzle) || !plainText(j.Variant) || !plainText(j.Mode) || !plainText(j.ProofPath) {
		line, _ := json.Marshal(j) // strings and integers: it cannot fail
		return append(b, line...)
	}
	b = append(b, `{"puzzle":"`...)
	b = append(b, j.Puzzle...)
	b = append(b, `","variant":"`...)
	b = append(b, j.Variant...)
	b = append(b, `","mode":"`...)
	b = append(b, j.Mode...)
	b = append(b, `","seed":`...)
	b = strconv.AppendInt(b, j.Seed, 10)
	b = append(b, `,"timeout_ns":`...)
	b = strconv.AppendInt(b, j.TimeoutNS, 10)
	if j.SkipWarmUp {
		b = append(b, `,"skip_warm_up":true`...)
	}
	if j.SkipPeak {
		b = append(b, `,"skip_peak":true`...)
	}
	if j.ProofPath != "" {
		b = append(b, `,"proof_path":"`...)
		b = append(b, j.ProofPath...)
		b = append(b, '"')
	}
	return append(b, '}')
}

// appendReply appends r's line, as json.Marshal writes it, to b; the error
// is json.Marshal's, for a counter that is not a number JSON can write.
func appendReply(b []byte, r *Reply) ([]byte, error) {
	if !plainText(r.Status) || !plainText(r.Solution) || !plainText(r.Detail) || !plainText(r.Timing) || !plainKeys(r.Counters) || !plainKeys(r.Model) || !finite(r.Counters) {
		line, err := json.Marshal(r)
		return append(b, line...), err
	}
	b = append(b, `{"status":"`...)
	b = append(b, r.Status...)
	b = append(b, '"')
	b = appendOmittable(b, `,"solution":"`, r.Solution)
	b = appendOmittable(b, `,"detail":"`, r.Detail)
	if len(r.Counters) > 0 {
		b = appendSortedMap(append(b, `,"counters":`...), r.Counters, appendJSONFloat)
	}
	if len(r.Model) > 0 {
		b = appendSortedMap(append(b, `,"model":`...), r.Model, func(b []byte, v int) []byte { return strconv.AppendInt(b, int64(v), 10) })
	}
	b = strconv.AppendInt(append(b, `,"phases":{"encode_ns":`...), int64(r.Phases.Encode), 10)
	b = strconv.AppendInt(append(b, `,"solve_ns":`...), int64(r.Phases.Solve), 10)
	b = strconv.AppendInt(append(b, `,"decode_ns":`...), int64(r.Phases.Decode), 10)
	b = strconv.AppendInt(append(b, `},"wall_ns":`...), r.WallNS, 10)
	b = strconv.AppendInt(append(b, `,"cpu_ns":`...), r.CPUNS, 10)
	b = strconv.AppendUint(append(b, `,"alloc_bytes":`...), r.AllocBytes, 10)
	b = strconv.AppendUint(append(b, `,"peak_rss_bytes":`...), r.PeakRSS, 10)
	if r.BaseRSS != 0 {
		b = strconv.AppendUint(append(b, `,"base_rss_bytes":`...), r.BaseRSS, 10)
	}
	if r.ProgramPeakRSS != 0 {
		b = strconv.AppendUint(append(b, `,"program_peak_rss_bytes":`...), r.ProgramPeakRSS, 10)
	}
	if r.ProgramTreePeak != 0 {
		b = strconv.AppendUint(append(b, `,"program_tree_peak_bytes":`...), r.ProgramTreePeak, 10)
	}
	b = appendOmittable(b, `,"timing":"`, r.Timing)
	return append(b, '}'), nil
}

// appendOmittable appends an omitempty string field: its opening (key,
// colon and quote), the plain text, and the closing quote.
func appendOmittable(b []byte, opening, text string) []byte {
	if text == "" {
		return b
	}
	return append(append(append(b, opening...), text...), '"')
}

// appendSortedMap appends a map as an object with its keys sorted, as
// encoding/json writes maps.
func appendSortedMap[V any](b []byte, m map[string]V, value func([]byte, V) []byte) []byte {
	b = append(b, '{')
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), k...), `":`...)
		b = value(b, m[k])
	}
	return append(b, '}')
}

// appendJSONFloat appends f as encoding/json writes a float64: the
// shortest form that reads back, in exponent notation below 1e-6 and from
// 1e21 on, with the exponent's leading zero dropped.
func appendJSONFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-07 → e-7, as encoding/json writes it.
		if n := len(b) - start; n >= 4 && b[len(b)-4] == 'e' && b[len(b)-3] == '-' && b[len(b)-2] == '0' {
			b[len(b)-2] = b[len(b)-1]
			b = b[:len(b)-1]
		}
	}
	return b
}

// plainKeys reports whether every key of m is plain text.
func plainKeys[V any](m map[string]V) bool {
	for k := range m {
		if !plainText(k) {
			return false
		}
	}
	return true
}

// finite reports whether every counter is a number JSON can write.
func finite(m map[string]float64) bool {
	for _, v := range m {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// plainText reports whether s is printable ASCII that encoding/json
// writes as it is: no quote, backslash, or the characters it escapes for
// HTML.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// lineScanner reads a protocol line by the fast path; each method reports
// false where it gives up.
type lineScanner struct {
	b []byte
	i int
}

// reply reads the whole line as a reply object.
func (s *lineScanner) Reply(r *Reply) bool {
	ok := s.object(func(key []byte) bool {
		switch string(key) {
		case "status":
			return s.status(&r.Status)
		case "solution":
			return s.string(&r.Solution)
		case "detail":
			return s.string(&r.Detail)
		case "counters":
			return s.counters(r)
		case "model":
			return s.model(r)
		case "phases":
			return s.phases(&r.Phases)
		case "wall_ns":
			return s.int64(&r.WallNS)
		case "cpu_ns":
			return s.int64(&r.CPUNS)
		case "alloc_bytes":
			return s.uint64(&r.AllocBytes)
		case "peak_rss_bytes":
			return s.uint64(&r.PeakRSS)
		case "base_rss_bytes":
			return s.uint64(&r.BaseRSS)
		case "program_peak_rss_bytes":
			return s.uint64(&r.ProgramPeakRSS)
		case "program_tree_peak_bytes":
			return s.uint64(&r.ProgramTreePeak)
		case "timing":
			return s.string(&r.Timing)
		}
		return false
	})
	s.space()
	return ok && s.i == len(s.b)
}

// job reads the whole line as a job object.
func (s *lineScanner) Job(j *Job) bool {
	ok := s.object(func(key []byte) bool {
		switch string(key) {
		case "puzzle":
			return s.string(&j.Puzzle)
		case "variant":
			return s.string(&j.Variant)
		case "mode":
			return s.string(&j.Mode)
		case "seed":
			return s.int64(&j.Seed)
		case "timeout_ns":
			return s.int64(&j.TimeoutNS)
		case "skip_warm_up":
			return s.bool(&j.SkipWarmUp)
		case "skip_peak":
			return s.bool(&j.SkipPeak)
		case "proof_path":
			return s.string(&j.ProofPath)
		}
		return false
	})
	s.space()
	return ok && s.i == len(s.b)
}

func (s *lineScanner) counters(r *Reply) bool {
	if r.Counters == nil {
		r.Counters = make(map[string]float64)
	}
	return s.object(func(key []byte) bool {
		tok, ok := s.number()
		if !ok {
			return false
		}
		v, err := strconv.ParseFloat(tok, 64)
		r.Counters[string(key)] = v
		return err == nil
	})
}

func (s *lineScanner) model(r *Reply) bool {
	if r.Model == nil {
		r.Model = make(map[string]int)
	}
	return s.object(func(key []byte) bool {
		var v int64
		ok := s.int64(&v)
		r.Model[string(key)] = int(v)
		return ok
	})
}

func (s *lineScanner) phases(p *solvers.Phases) bool {
	return s.object(func(key []byte) bool {
		var d *time.Duration
		switch string(key) {
		case "encode_ns":
			d = &p.Encode
		case "solve_ns":
			d = &p.Solve
		case "decode_ns":
			d = &p.Decode
		default:
			return false
		}
		var v int64
		ok := s.int64(&v)
		*d = time.Duration(v)
		return ok
	})
}

// object reads {"key": value, …}, calling value for each key (a part of
// the line) to read what follows the colon.
func (s *lineScanner) object(value func(key []byte) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	for {
		key, ok := s.text()
		if !ok || !s.next(':') || !value(key) {
			return false
		}
		if s.next('}') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// space skips JSON's white space.
func (s *lineScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next reads the byte c, after white space.
func (s *lineScanner) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// string reads a string of printable ASCII without escapes.
func (s *lineScanner) string(v *string) bool {
	text, ok := s.text()
	if ok {
		*v = string(text)
	}
	return ok
}

// text reads a string of printable ASCII without escapes and returns its
// content, a part of the line.
func (s *lineScanner) text() ([]byte, bool) {
	if !s.next('"') {
		return nil, false
	}
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return nil, false
		}
	}
	return nil, false
}

// status reads a string as string does, and gives a status the solver
// contract names without allocating it.
func (s *lineScanner) status(v *string) bool {
	text, ok := s.text()
	if !ok {
		return false
	}
	for _, known := range solvers.Statuses {
		if string(text) == string(known) {
			*v = string(known)
			return true
		}
	}
	*v = string(text)
	return true
}

// number reads a number in JSON's grammar and returns its text.
func (s *lineScanner) number() (string, bool) {
	s.space()
	start := s.i
	s.skip('-')
	switch {
	case s.skip('0'):
	case s.digits() == 0:
		return "", false
	}
	if s.skip('.') && s.digits() == 0 {
		return "", false
	}
	if s.skip('e') || s.skip('E') {
		if !s.skip('+') {
			s.skip('-')
		}
		if s.digits() == 0 {
			return "", false
		}
	}
	return string(s.b[start:s.i]), true
}

// integer reads a number without fraction or exponent, as encoding/json
// requires of an integer field, and returns its text.
func (s *lineScanner) integer() (string, bool) {
	tok, ok := s.number()
	for i := 0; ok && i < len(tok); i++ {
		ok = tok[i] == '-' || ('0' <= tok[i] && tok[i] <= '9')
	}
	return tok, ok
}

func (s *lineScanner) int64(v *int64) bool {
	tok, ok := s.integer()
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(tok, 10, 64)
	*v = n
	return err == nil
}

func (s *lineScanner) uint64(v *uint64) bool {
	tok, ok := s.integer()
	if !ok {
		return false
	}
	n, err := strconv.ParseUint(tok, 10, 64)
	*v = n
	return err == nil
}

// bool reads true or false.
func (s *lineScanner) bool(v *bool) bool {
	s.space()
	for _, lit := range []string{"true", "false"} {
		if len(s.b)-s.i >= len(lit) && string(s.b[s.i:s.i+len(lit)]) == lit {
			s.i += len(lit)
			*v = lit == "true"
			return true
		}
	}
	return false
}

// skip reads the byte c if it comes next.
func (s *lineScanner) skip(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// digits reads decimal digits and returns how many.
func (s *lineScanner) digits() int {
	start := s.i
	for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}
