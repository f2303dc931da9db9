package drat

import (
	"fmt"
	"io"
	"math"

	"github.com/sudokubench/sudokubench/encodings/cnf"
)

// MaxVar is the largest variable a formula or a proof may name: literals
// are kept as 32-bit integers, as DIMACS tools keep them.
const MaxVar = math.MaxInt32

// ParseDIMACS reads a formula in DIMACS CNF: comment lines starting with
// "c", the header "p cnf VARS CLAUSES", then the clauses, each a list of
// non-zero literals ended by 0, which may span lines or share one. name
// stands for the input in errors, which say where: "name:LINE: …". A
// literal beyond the header's variables, a clause count other than the
// header's, and a last clause without its 0 are errors.
func ParseDIMACS(r io.Reader, name string) (*cnf.Formula, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	t := tokenizer{data: data, name: name, line: 1}
	f := &cnf.Formula{}
	declared, header := 0, false
	var clause []int
	clauseLine := 0
	for {
		tok, ok := t.next()
		if !ok {
			break
		}
		switch {
		case tok[0] == 'c' && t.startsLine(tok):
			t.skipLine()
			continue
		case tok[0] == 'p':
			if header {
				return nil, t.errorf("a second header")
			}
			if declared, err = t.header(tok, f); err != nil {
				return nil, err
			}
			header = true
			continue
		case !header:
			return nil, t.errorf("%q before the header \"p cnf VARIABLES CLAUSES\"", tok)
		}
		l, err := t.literal(tok)
		if err != nil {
			return nil, err
		}
		if len(clause) == 0 {
			clauseLine = t.line
		}
		if l == 0 {
			f.Clauses = append(f.Clauses, clause)
			clause = nil
			continue
		}
		if abs(l) > f.Vars {
			return nil, t.errorf("literal %d is beyond the header's %d variables", l, f.Vars)
		}
		clause = append(clause, l)
	}
	switch {
	case !header:
		return nil, fmt.Errorf("%s: no header \"p cnf VARIABLES CLAUSES\"", name)
	case len(clause) > 0:
		return nil, fmt.Errorf("%s:%d: the last clause has no terminating 0", name, clauseLine)
	case len(f.Clauses) != declared:
		return nil, fmt.Errorf("%s: the header declares %d clauses, the file holds %d", name, declared, len(f.Clauses))
	}
	return f, nil
}

// header reads "p cnf VARS CLAUSES", whose first token tok is, into f and
// returns the clause count it declares.
func (t *tokenizer) header(tok []byte, f *cnf.Formula) (clauses int, err error) {
	var fields [3][]byte
	fields[0] = tok
	for i := 1; i < 3; i++ {
		if fields[i], _ = t.nextOnLine(); fields[i] == nil {
			break
		}
	}
	if string(fields[0]) != "p" || string(fields[1]) != "cnf" || fields[2] == nil {
		return 0, t.errorf("bad header: want \"p cnf VARIABLES CLAUSES\"")
	}
	vars, ok := parseCount(fields[2])
	last, _ := t.nextOnLine()
	n, ok2 := parseCount(last)
	if !ok || !ok2 || vars > MaxVar {
		return 0, t.errorf("bad header: want \"p cnf VARIABLES CLAUSES\" with counts from 0 to %d", MaxVar)
	}
	if extra, _ := t.nextOnLine(); extra != nil {
		return 0, t.errorf("bad header: %q after the clause count", extra)
	}
	f.Vars = vars
	return n, nil
}

// parseCount reads a non-negative decimal count.
func parseCount(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n <= math.MaxInt32
}

func abs(l int) int {
	if l < 0 {
		return -l
	}
	return l
}

// tokenizer cuts text into whitespace-separated tokens and counts lines.
type tokenizer struct {
	data []byte
	pos  int
	name string
	line int // of the byte at pos
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// next returns the next token, or false at the end.
func (t *tokenizer) next() ([]byte, bool) {
	for t.pos < len(t.data) && isSpace(t.data[t.pos]) {
		if t.data[t.pos] == '\n' {
			t.line++
		}
		t.pos++
	}
	if t.pos == len(t.data) {
		return nil, false
	}
	start := t.pos
	for t.pos < len(t.data) && !isSpace(t.data[t.pos]) {
		t.pos++
	}
	return t.data[start:t.pos], true
}

// nextOnLine returns the next token of the current line; nil at its end.
func (t *tokenizer) nextOnLine() ([]byte, bool) {
	for t.pos < len(t.data) && isSpace(t.data[t.pos]) && t.data[t.pos] != '\n' {
		t.pos++
	}
	if t.pos == len(t.data) || t.data[t.pos] == '\n' {
		return nil, false
	}
	return t.next()
}

// startsLine reports whether tok, just read, is the first token of its line.
func (t *tokenizer) startsLine(tok []byte) bool {
	for i := t.pos - len(tok) - 1; i >= 0; i-- {
		switch t.data[i] {
		case '\n':
			return true
		case ' ', '\t', '\r':
			continue
		}
		return false
	}
	return true
}

// skipLine moves past the end of the current line.
func (t *tokenizer) skipLine() {
	for t.pos < len(t.data) && t.data[t.pos] != '\n' {
		t.pos++
	}
}

// literal reads a token as a DIMACS literal: a decimal integer whose
// variable is at most MaxVar.
func (t *tokenizer) literal(tok []byte) (int, error) {
	digits, neg := tok, false
	if digits[0] == '-' {
		digits, neg = digits[1:], true
	}
	if len(digits) == 0 || len(digits) > 10 {
		return 0, t.badLiteral(tok)
	}
	v := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, t.badLiteral(tok)
		}
		v = v*10 + int(c-'0')
	}
	switch {
	case v > MaxVar:
		return 0, t.errorf("literal %s is out of range: variables go up to %d", tok, MaxVar)
	case neg && v == 0:
		return 0, t.errorf("%q is not a literal", tok)
	case neg:
		return -v, nil
	}
	return v, nil
}

func (t *tokenizer) badLiteral(tok []byte) error {
	if len(tok) > 20 {
		tok = append(tok[:20:20], "…"...)
	}
	return t.errorf("%q is not a literal", tok)
}

// errorf makes an error that names the input and the current line.
func (t *tokenizer) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", t.name, t.line, fmt.Sprintf(format, args...))
}
