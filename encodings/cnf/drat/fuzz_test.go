package drat_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
)

// FuzzParseDIMACS: any input parses or fails with an error naming the
// input; what parses writes back as DIMACS and reads the same.
func FuzzParseDIMACS(f *testing.F) {
	for _, s := range []string{every8, ratUnit, chain, satisfiable, "p cnf 0 0\n", "p cnf 2 1\n1 -2", "c\np cnf 1 1\n-1 0 c\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := drat.ParseDIMACS(bytes.NewReader(data), "fuzz.cnf")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.cnf") {
				t.Fatalf("error does not name the input: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := cnf.WriteDIMACS(&buf, got); err != nil {
			t.Fatal(err)
		}
		again, err := drat.ParseDIMACS(&buf, "again.cnf")
		if err != nil {
			t.Fatalf("written back, it does not parse: %v\n%s", err, buf.Bytes())
		}
		if got.Vars != again.Vars || !sameClauses(got.Clauses, again.Clauses) {
			t.Fatalf("round trip changed the formula: %v → %v", got.Clauses, again.Clauses)
		}
	})
}

func sameClauses(a, b [][]int) bool {
	return slices.EqualFunc(a, b, func(x, y []int) bool { return slices.Equal(x, y) })
}

// FuzzParseProof: any input parses, as text or binary, or fails with an
// error naming the input; a proof that parses never refutes a
// satisfiable formula, and on an unsatisfiable one backward checking
// accepts whatever forward checking accepts.
func FuzzParseProof(f *testing.F) {
	for _, s := range []string{"1 2 0\n1 0\n2 0\n0\n", "1 0\n0\n", "d 1 0\n3 0\n0\n", "1 2 0\nd 1 2 3 0\nd 1 2 -3 0\n1 0\n2 0\n0\n", "-5 1 0\n-5 2 0\n5 -1 -2 0\n"} {
		f.Add([]byte(s))
		f.Add(encodeBinary(f, s))
	}
	f.Add([]byte{'d', 0x20, 0x0a, 0x00})
	sat := formula(f, satisfiable)
	var unsats []*cnf.Formula
	for _, text := range []string{every8, ratUnit, chain} {
		unsats = append(unsats, formula(f, text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := drat.ParseProof(bytes.NewReader(data), "fuzz.drat")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.drat") {
				t.Fatalf("error does not name the input: %v", err)
			}
			return
		}
		ctx := context.Background()
		for _, mode := range modes {
			if _, err := drat.Check(ctx, sat, p, drat.Options{Mode: mode}); err == nil {
				t.Fatalf("%s checking refuted a satisfiable formula", mode)
			} else if !errors.As(err, new(*drat.Rejection)) {
				t.Fatalf("%s checking: %v, want a rejection", mode, err)
			}
		}
		for _, u := range unsats {
			_, errF := drat.Check(ctx, u, p, drat.Options{Mode: drat.Forward})
			_, errB := drat.Check(ctx, u, p, drat.Options{Mode: drat.Backward})
			if errF == nil && errB != nil {
				t.Fatalf("forward checking accepts, backward rejects: %v", errB)
			}
		}
	})
}
