package drat

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Format is how a proof is written.
type Format int

const (
	// Text is the DRAT text format: one step per clause, literals ended by
	// 0, a deletion prefixed with "d", comment lines starting with "c".
	Text Format = iota
	// Binary is the binary DRAT format: each step is the byte 'a' (add) or
	// 'd' (delete), the literals as variable-length unsigned integers
	// (literal l as 2·|l| + 1 if negative, 2·|l| if positive, seven bits a
	// byte, least significant first, the high bit set on every byte but
	// the last), and a zero byte.
	Binary
)

func (f Format) String() string {
	if f == Binary {
		return "binary"
	}
	return "text"
}

// Proof is a DRAT proof: a sequence of steps, each adding a lemma or
// deleting a clause.
type Proof struct {
	// Name stands for the proof's source in messages.
	Name   string
	Format Format
	// Size is the proof's length in bytes.
	Size  int64
	lits  []int32
	steps []step
}

// step is one line of a proof: a lemma added, or a clause deleted.
type step struct {
	start, end int // its literals, in Proof.lits
	del        bool
	at         int // line (text) or byte offset (binary) where it starts
}

// Lemmas counts the clauses the proof adds.
func (p *Proof) Lemmas() int {
	n := 0
	for _, s := range p.steps {
		if !s.del {
			n++
		}
	}
	return n
}

// Steps counts the proof's steps: lemmas and deletions.
func (p *Proof) Steps() int { return len(p.steps) }

// where says where a step starts: "name:LINE" for a text proof, "name:
// byte OFFSET" for a binary one.
func (p *Proof) where(s step) string {
	if p.Format == Binary {
		return fmt.Sprintf("%s: byte %d", p.Name, s.at)
	}
	return fmt.Sprintf("%s:%d", p.Name, s.at)
}

// stepLits returns a step's literals.
func (p *Proof) stepLits(s step) []int32 { return p.lits[s.start:s.end] }

// ParseProof reads a DRAT proof, text or binary: a proof that starts with
// 'a', or with 'd' and holds a zero byte (every binary step ends in one,
// text never has one), is binary, as drat-trim tells them apart by their
// first bytes. name stands for the input in errors, which say where
// ("name:LINE" or "name: byte OFFSET").
func ParseProof(r io.Reader, name string) (*Proof, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p := &Proof{Name: name, Size: int64(len(data))}
	if IsBinary(data) {
		p.Format = Binary
		return p, p.parseBinary(data)
	}
	return p, p.parseText(data)
}

// IsBinary reports whether proof data is in the binary DRAT format.
func IsBinary(data []byte) bool {
	if len(data) == 0 {
		return false
	}
	return data[0] == 'a' || (data[0] == 'd' && bytes.IndexByte(data, 0) >= 0)
}

// parseText reads the text format.
func (p *Proof) parseText(data []byte) error {
	t := tokenizer{data: data, name: p.Name, line: 1}
	open := false // a step has begun and awaits its 0
	var cur step
	for {
		tok, ok := t.next()
		if !ok {
			break
		}
		if !open && tok[0] == 'c' && t.startsLine(tok) {
			t.skipLine()
			continue
		}
		if !open {
			cur = step{start: len(p.lits), at: t.line}
			open = true
			if string(tok) == "d" {
				cur.del = true
				continue
			}
		}
		l, err := t.literal(tok)
		if err != nil {
			return err
		}
		if l == 0 {
			cur.end = len(p.lits)
			p.steps = append(p.steps, cur)
			open = false
			continue
		}
		p.lits = append(p.lits, int32(l))
	}
	if open {
		return fmt.Errorf("%s:%d: the last step has no terminating 0 (the proof is cut short)", p.Name, cur.at)
	}
	return nil
}

// parseBinary reads the binary format.
func (p *Proof) parseBinary(data []byte) error {
	for pos := 0; pos < len(data); {
		cur := step{start: len(p.lits), at: pos}
		switch data[pos] {
		case 'a':
		case 'd':
			cur.del = true
		default:
			return fmt.Errorf("%s: byte %d: 0x%02x where a step must start with 'a' or 'd'", p.Name, pos, data[pos])
		}
		pos++
		for {
			if pos == len(data) {
				return fmt.Errorf("%s: byte %d: the last step has no terminating zero (the proof is cut short)", p.Name, cur.at)
			}
			u, n, err := readVarint(data[pos:])
			if err != nil {
				return fmt.Errorf("%s: byte %d: %v", p.Name, pos, err)
			}
			pos += n
			if u == 0 {
				break
			}
			v := u >> 1
			if v == 0 || v > MaxVar {
				return fmt.Errorf("%s: byte %d: literal code %d is out of range (variables go from 1 to %d)", p.Name, pos-n, u, MaxVar)
			}
			l := int32(v)
			if u&1 == 1 {
				l = -l
			}
			p.lits = append(p.lits, l)
		}
		cur.end = len(p.lits)
		p.steps = append(p.steps, cur)
	}
	return nil
}

// readVarint reads one variable-length unsigned integer of at most 32
// bits and returns it with the bytes it took.
func readVarint(b []byte) (uint64, int, error) {
	var u uint64
	for i := 0; i < len(b); i++ {
		if i == 5 {
			return 0, 0, fmt.Errorf("literal code longer than 5 bytes")
		}
		u |= uint64(b[i]&0x7f) << (7 * i)
		if b[i]&0x80 == 0 {
			if u > 1<<32-1 {
				return 0, 0, fmt.Errorf("literal code %d is over 32 bits", u)
			}
			return u, i + 1, nil
		}
	}
	return 0, 0, fmt.Errorf("literal code cut short at the end of the proof")
}

// formatClause writes literals as a DIMACS clause: "1 -2 3 0".
func formatClause(lits []int32) string {
	var b strings.Builder
	for _, l := range lits {
		b.WriteString(strconv.Itoa(int(l)))
		b.WriteByte(' ')
	}
	b.WriteByte('0')
	return b.String()
}
