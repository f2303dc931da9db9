package harness

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
)

// Reading a reply with encoding/json took about a third of the parent's
// time per puzzle on a stream of fast solves (reflection, and a validating
// pass before the decoding one). decodeReply reads the lines that workers
// write by a direct path, and gives anything else to encoding/json, so
// that every line means what encoding/json makes of it: the fast path
// takes only objects of reply's own keys, spelt exactly, with strings of
// printable ASCII and no escapes, numbers in JSON's grammar that fit their
// fields, and no null; it gives up on anything else, and encoding/json
// then reads the line from the start (its error included). A fuzz test
// holds the two to the same result wherever the fast path answers.

// decodeReply reads one reply line into r.
func decodeReply(line []byte, r *reply) error {
	*r = reply{}
	if (&replyScanner{b: line}).reply(r) {
		return nil
	}
	*r = reply{}
	return json.Unmarshal(line, r)
}

// replyScanner reads a reply line by the fast path; each method reports
// false where it gives up.
type replyScanner struct {
	b []byte
	i int
}

// reply reads the whole line as a reply object.
func (s *replyScanner) reply(r *reply) bool {
	ok := s.object(func(key string) bool {
		switch key {
		case "status":
			return s.string(&r.Status)
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
		}
		return false
	})
	s.space()
	return ok && s.i == len(s.b)
}

func (s *replyScanner) counters(r *reply) bool {
	if r.Counters == nil {
		r.Counters = make(map[string]float64)
	}
	return s.object(func(key string) bool {
		tok, ok := s.number()
		if !ok {
			return false
		}
		v, err := strconv.ParseFloat(tok, 64)
		r.Counters[key] = v
		return err == nil
	})
}

func (s *replyScanner) model(r *reply) bool {
	if r.Model == nil {
		r.Model = make(map[string]int)
	}
	return s.object(func(key string) bool {
		var v int64
		ok := s.int64(&v)
		r.Model[key] = int(v)
		return ok
	})
}

func (s *replyScanner) phases(p *solvers.Phases) bool {
	return s.object(func(key string) bool {
		var d *time.Duration
		switch key {
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

// object reads {"key": value, …}, calling value for each key to read what
// follows the colon.
func (s *replyScanner) object(value func(key string) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	for {
		var key string
		if !s.string(&key) || !s.next(':') || !value(key) {
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
func (s *replyScanner) space() {
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
func (s *replyScanner) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// string reads a string of printable ASCII without escapes.
func (s *replyScanner) string(v *string) bool {
	if !s.next('"') {
		return false
	}
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			*v = string(s.b[start:s.i])
			s.i++
			return true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return false
		}
	}
	return false
}

// number reads a number in JSON's grammar and returns its text.
func (s *replyScanner) number() (string, bool) {
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
func (s *replyScanner) integer() (string, bool) {
	tok, ok := s.number()
	for i := 0; ok && i < len(tok); i++ {
		ok = tok[i] == '-' || ('0' <= tok[i] && tok[i] <= '9')
	}
	return tok, ok
}

func (s *replyScanner) int64(v *int64) bool {
	tok, ok := s.integer()
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(tok, 10, 64)
	*v = n
	return err == nil
}

func (s *replyScanner) uint64(v *uint64) bool {
	tok, ok := s.integer()
	if !ok {
		return false
	}
	n, err := strconv.ParseUint(tok, 10, 64)
	*v = n
	return err == nil
}

// skip reads the byte c if it comes next.
func (s *replyScanner) skip(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// digits reads decimal digits and returns how many.
func (s *replyScanner) digits() int {
	start := s.i
	for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}
