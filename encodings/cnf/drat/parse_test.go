package drat_test

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
)

func TestParseDIMACS(t *testing.T) {
	f := formula(t, "c made by hand\nc\np cnf 4 3\n1 -2 0 3\n4 0\n\n-4 -1\n0\n")
	want := [][]int{{1, -2}, {3, 4}, {-4, -1}}
	if f.Vars != 4 || !reflect.DeepEqual(f.Clauses, want) {
		t.Errorf("got %d variables, clauses %v; want 4, %v", f.Vars, f.Clauses, want)
	}
}

func TestParseDIMACSErrors(t *testing.T) {
	for _, tc := range []struct{ name, input, want string }{
		{"no-header", "1 2 0\n", `formula.cnf:1: "1" before the header`},
		{"empty", "", "formula.cnf: no header"},
		{"header/not-cnf", "p dnf 2 1\n1 0\n", "formula.cnf:1: bad header"},
		{"header/short", "p cnf 2\n1 0\n", "formula.cnf:1: bad header"},
		{"header/negative", "p cnf -2 1\n1 0\n", "formula.cnf:1: bad header"},
		{"header/trailing", "p cnf 2 1 7\n1 0\n", `formula.cnf:1: bad header: "7" after the clause count`},
		{"header/twice", "p cnf 2 1\np cnf 2 1\n1 0\n", "formula.cnf:2: a second header"},
		{"literal/beyond-header", "p cnf 2 1\n1 3 0\n", "formula.cnf:2: literal 3 is beyond the header's 2 variables"},
		{"literal/not-a-number", "c\np cnf 2 1\n1 x 0\n", `formula.cnf:3: "x" is not a literal`},
		{"literal/minus-zero", "p cnf 2 1\n1 -0\n", `formula.cnf:2: "-0" is not a literal`},
		{"literal/out-of-range", "p cnf 2 1\n1 99999999999 0\n", `formula.cnf:2: "99999999999" is not a literal`},
		{"literal/over-32-bits", "p cnf 2 1\n1 4294967296 0\n", "literal 4294967296 is out of range"},
		{"literal/over-int32", "p cnf 2 1\n1 2147483648 0\n", "literal 2147483648 is out of range"},
		{"clause/unterminated", "p cnf 2 2\n1 0\n\n2 -1\n", "formula.cnf:4: the last clause has no terminating 0"},
		{"clause/count-short", "p cnf 2 3\n1 0\n2 0\n", "formula.cnf: the header declares 3 clauses, the file holds 2"},
		{"clause/count-over", "p cnf 2 1\n1 0\n2 0\n", "the header declares 1 clauses, the file holds 2"},
		{"comment/mid-line", "p cnf 2 1\n1 c 0\n", `formula.cnf:2: "c" is not a literal`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := drat.ParseDIMACS(strings.NewReader(tc.input), "formula.cnf")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// encodeBinary writes a text proof's steps in the binary format.
func encodeBinary(t testing.TB, text string) []byte {
	t.Helper()
	var out []byte
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "c" {
			continue
		}
		if fields[0] == "d" {
			out, fields = append(out, 'd'), fields[1:]
		} else {
			out = append(out, 'a')
		}
		for _, f := range fields {
			l := literal(t, f)
			u := uint64(2 * l)
			if l < 0 {
				u = uint64(-2*l + 1)
			}
			for u >= 0x80 {
				out = append(out, byte(u)|0x80)
				u >>= 7
			}
			out = append(out, byte(u))
		}
	}
	return out
}

func literal(t testing.TB, s string) int64 {
	t.Helper()
	var l int64
	neg := strings.HasPrefix(s, "-")
	for _, c := range strings.TrimPrefix(s, "-") {
		l = l*10 + int64(c-'0')
	}
	if neg {
		return -l
	}
	return l
}

// TestBinaryEncoding checks the example encodings of the binary format:
// literal codes 2·v and 2·v + 1, seven bits a byte, least significant
// first.
func TestBinaryEncoding(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		want []byte
	}{
		{"1", []byte{0x02}},
		{"-1", []byte{0x03}},
		{"-63", []byte{0x7f}},
		{"64", []byte{0x80, 0x01}},
		{"129", []byte{0x82, 0x02}},
		{"-8193", []byte{0x83, 0x80, 0x01}},
		{"2147483647", []byte{0xfe, 0xff, 0xff, 0xff, 0x0f}},
	} {
		t.Run("literal="+tc.lit, func(t *testing.T) {
			got := encodeBinary(t, tc.lit+" 0")
			want := append(append([]byte{'a'}, tc.want...), 0)
			if !bytes.Equal(got, want) {
				t.Fatalf("encoded % x, want % x", got, want)
			}
			p, err := drat.ParseProof(bytes.NewReader(got), "proof.drat")
			if err != nil || p.Format != drat.Binary {
				t.Fatalf("parse: %v, format %v", err, p.Format)
			}
		})
	}
}

// TestBinaryAndTextAgree checks the same proofs written both ways.
func TestBinaryAndTextAgree(t *testing.T) {
	for _, tc := range []struct{ name, formula, proof string }{
		{"every8", every8, "1 2 0\n1 0\n2 0\n0\n"},
		{"deletions", every8, "1 2 0\nd 1 2 3 0\nd 1 2 -3 0\n1 0\n2 0\n0\n"},
		{"rat", ratUnit, "1 0\n0\n"},
		{"wrong", every8, "1 2 0\n2 0\n0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := proof(t, tc.proof)
			bin, err := drat.ParseProof(bytes.NewReader(encodeBinary(t, tc.proof)), "proof.drat")
			if err != nil {
				t.Fatal(err)
			}
			if text.Format != drat.Text || bin.Format != drat.Binary || text.Steps() != bin.Steps() || text.Lemmas() != bin.Lemmas() {
				t.Fatalf("text %v with %d steps, binary %v with %d", text.Format, text.Steps(), bin.Format, bin.Steps())
			}
			f := formula(t, tc.formula)
			rt, errT := drat.Check(context.Background(), f, text, drat.Options{})
			rb, errB := drat.Check(context.Background(), f, bin, drat.Options{})
			if (errT == nil) != (errB == nil) || rt != rb {
				t.Errorf("text: %+v, %v; binary: %+v, %v", rt, errT, rb, errB)
			}
		})
	}
}

func TestBinaryRejectionSaysByte(t *testing.T) {
	bin := encodeBinary(t, "1 2 0\n2 0\n0\n")
	p, err := drat.ParseProof(bytes.NewReader(bin), "proof.drat")
	if err != nil {
		t.Fatal(err)
	}
	_, err = drat.Check(context.Background(), formula(t, every8), p, drat.Options{})
	var rej *drat.Rejection
	// Steps: 'a' 2 4 0 (4 bytes), 'a' 4 0 (3 bytes), then the empty clause.
	if !errors.As(err, &rej) || rej.Where != "proof.drat: byte 7" {
		t.Errorf("got %v, want the empty clause rejected at byte 7", err)
	}
}

func TestIsBinary(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		bin  bool
	}{
		{"empty", nil, false},
		{"text/lemma", []byte("1 -2 0\n"), false},
		{"text/deletion-first", []byte("d 1 -2 0\n1 0\n"), false},
		{"text/comment-first", []byte("c binary? no\n1 0\n"), false},
		{"binary/addition", []byte{'a', 0x02, 0x00}, true},
		{"binary/deletion-first", []byte{'d', 0x20, 0x0a, 0x00}, true},
		{"binary/looks-like-text-until-its-zero", []byte("d 1\n\x00"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := drat.IsBinary(tc.data); got != tc.bin {
				t.Errorf("IsBinary(%q) = %v, want %v", tc.data, got, tc.bin)
			}
		})
	}
}

func TestParseProofErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input []byte
		want  string
	}{
		{"text/not-a-literal", []byte("1 2 0\n3 x 0\n"), `proof.drat:2: "x" is not a literal`},
		{"text/unterminated", []byte("1 2 0\n\n3 4\n"), "proof.drat:3: the last step has no terminating 0"},
		{"text/d-alone-at-end", []byte("1 0\nd"), "proof.drat:2: the last step has no terminating 0"},
		{"text/letter-mid-clause", []byte("1 d 0\n"), `proof.drat:1: "d" is not a literal`},
		{"text/out-of-range", []byte("2147483648 0\n"), "proof.drat:1: literal 2147483648 is out of range"},
		{"binary/bad-step-byte", []byte{'a', 0x02, 0x00, 'x', 0x02, 0x00}, "proof.drat: byte 3: 0x78 where a step must start with 'a' or 'd'"},
		{"binary/unterminated", []byte{'a', 0x02, 0x04}, "proof.drat: byte 0: the last step has no terminating zero"},
		{"binary/varint-cut", []byte{'a', 0x82}, "byte 1: literal code cut short"},
		{"binary/varint-too-long", []byte{'a', 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0x00}, "byte 1: literal code longer than 5 bytes"},
		{"binary/over-32-bits", []byte{'a', 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00}, "literal code 34359738367 is over 32 bits"},
		{"binary/negative-zero", []byte{'a', 0x01, 0x00}, "byte 1: literal code 1 is out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := drat.ParseProof(bytes.NewReader(tc.input), "proof.drat")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
