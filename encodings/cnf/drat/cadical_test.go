package drat_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
	"github.com/sudokubench/sudokubench/sudoku"
)

// needCadical skips a test where CaDiCaL is not installed.
func needCadical(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
}

// corpusPuzzles returns the first n puzzles of a shipped corpus file whose
// solution count (the field after ':', when given) is want, or any when
// want is -1.
func corpusPuzzles(t testing.TB, name string, n, want int) []*sudoku.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "corpora", "data", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Split(text, ":")
		if want >= 0 && (len(fields) < 2 || fields[1] != fmt.Sprint(want)) {
			continue
		}
		g, err := sudoku.ParseLine(fields[0], sudoku.Classic)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// cadical runs CaDiCaL on a formula; with proof set it writes a DRAT proof
// there (binary unless text). It returns the model's literals, nil when
// the formula is unsatisfiable.
func cadical(t testing.TB, f *cnf.Formula, proof string, text bool) []int {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.cnf")
	var buf bytes.Buffer
	if err := cnf.WriteDIMACS(&buf, f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-q"}
	if text {
		args = append(args, "--no-binary")
	}
	args = append(args, in)
	if proof != "" {
		args = append(args, proof)
	}
	out, err := exec.Command("cadical", args...).Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("cadical: %v", err)
	}
	switch exit.ExitCode() {
	case 20:
		return nil
	case 10:
	default:
		t.Fatalf("cadical exited with %d", exit.ExitCode())
	}
	var lits []int
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "v "); ok {
			for _, f := range strings.Fields(rest) {
				lits = append(lits, int(literal(t, f)))
			}
		}
	}
	return lits
}

func readProof(t testing.TB, path string) *drat.Proof {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	p, err := drat.ParseProof(fh, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// claim is a Sudoku verdict to certify: a formula CaDiCaL refutes, and,
// for a uniqueness claim, the satisfiable formula without the blocking
// clause.
type claim struct {
	name          string
	refute, sat   *cnf.Formula
	blockingFirst string // the blocking clause as a text lemma
}

func sudokuClaims(t testing.TB, opt cnf.Options) []claim {
	var claims []claim
	unique := append(corpusPuzzles(t, "17-clue.txt", 4, -1), corpusPuzzles(t, "hardest-1106.txt", 2, -1)...)
	for i, p := range unique {
		sat, err := cnf.Refutation(p, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := cnf.DecodeLiterals(p.Geometry(), cadical(t, sat, "", false))
		if err != nil || sudoku.CheckSolution(p, sol) != nil {
			t.Fatalf("puzzle %d: CaDiCaL's model is no solution: %v", i, err)
		}
		refute, err := cnf.Refutation(p, sol, opt)
		if err != nil {
			t.Fatal(err)
		}
		block := refute.Clauses[len(refute.Clauses)-1]
		claims = append(claims, claim{name: fmt.Sprintf("unique/%d", i), refute: refute, sat: sat, blockingFirst: textClause(block)})
	}
	for i, p := range corpusPuzzles(t, "tdoku-tests.txt", 2, 0) {
		f, err := cnf.Refutation(p, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		claims = append(claims, claim{name: fmt.Sprintf("unsat/%d", i), refute: f})
	}
	return claims
}

func textClause(lits []int) string {
	var b strings.Builder
	for _, l := range lits {
		fmt.Fprintf(&b, "%d ", l)
	}
	return b.String() + "0\n"
}

// TestCadicalProofs checks CaDiCaL's proofs of Sudoku verdicts, binary and
// text, both ways; and the mutations a checker must reject: the proof
// against the satisfiable formula, with the blocking clause put in as
// its first lemma, and with the lemma that closes the refutation removed.
func TestCadicalProofs(t *testing.T) {
	needCadical(t)
	closed := 0
	for _, enc := range []cnf.Encoding{cnf.Extended, cnf.Minimal} {
		for _, c := range sudokuClaims(t, cnf.Options{Encoding: enc}) {
			for _, text := range []bool{false, true} {
				format := map[bool]string{false: "binary", true: "text"}[text]
				t.Run(fmt.Sprintf("encoding=%s/%s/format=%s", enc, c.name, format), func(t *testing.T) {
					path := filepath.Join(t.TempDir(), "proof.drat")
					if cadical(t, c.refute, path, text) != nil {
						t.Fatal("CaDiCaL found the claim's formula satisfiable")
					}
					p := readProof(t, path)
					if p.Format.String() != format {
						t.Fatalf("read as %v", p.Format)
					}
					raw, _ := os.ReadFile(path)
					if checkCadical(t, c, p, raw) {
						closed++
					}
				})
			}
		}
	}
	if closed == 0 {
		t.Error("no proof had a lemma that closes the refutation: the deletion mutation went untested")
	}
}

// checkCadical checks one proof and its mutations; it reports whether the
// proof had a lemma closing the refutation to remove.
func checkCadical(t *testing.T, c claim, p *drat.Proof, raw []byte) bool {
	ctx := context.Background()
	var res [2]drat.Result
	for m, mode := range modes {
		r, err := drat.Check(ctx, c.refute, p, drat.Options{Mode: mode})
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		res[m] = r
	}
	if res[0].Checked > res[1].Checked {
		t.Errorf("backward checked %d lemmas, forward %d", res[0].Checked, res[1].Checked)
	}
	if c.sat != nil {
		mustReject(t, c.sat, p, "against the satisfiable formula")
		changed := proof(t, c.blockingFirst+textOf(t, raw))
		mustReject(t, c.sat, changed, "with the blocking clause as a lemma")
	}
	closing := p.Steps() - res[0].Unread - 1
	if closing < 0 {
		return false // unit propagation refutes the formula alone
	}
	cut := proof(t, textOfSteps(t, raw, closing)+"0\n")
	mustReject(t, c.refute, cut, "without its closing lemma")
	return true
}

func mustReject(t *testing.T, f *cnf.Formula, p *drat.Proof, what string) {
	t.Helper()
	for _, mode := range modes {
		_, err := drat.Check(context.Background(), f, p, drat.Options{Mode: mode})
		if !errors.As(err, new(*drat.Rejection)) {
			t.Errorf("%s, %s checking: got %v, want a rejection", what, mode, err)
		}
	}
}

// textOf writes a proof, binary or text, as text.
func textOf(t *testing.T, raw []byte) string { return textOfSteps(t, raw, -1) }

// textOfSteps writes the first n steps of a proof (all with n < 0) as text.
func textOfSteps(t *testing.T, raw []byte, n int) string {
	t.Helper()
	var b strings.Builder
	steps := 0
	emit := func(del bool, lits []int64) {
		if n >= 0 && steps >= n {
			return
		}
		steps++
		if del {
			b.WriteString("d ")
		}
		for _, l := range lits {
			fmt.Fprintf(&b, "%d ", l)
		}
		b.WriteString("0\n")
	}
	if !drat.IsBinary(raw) {
		for _, line := range strings.Split(string(raw), "\n") {
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			del := fields[0] == "d"
			if del {
				fields = fields[1:]
			}
			var lits []int64
			for _, f := range fields[:len(fields)-1] {
				lits = append(lits, literal(t, f))
			}
			emit(del, lits)
		}
		return b.String()
	}
	for pos := 0; pos < len(raw); {
		del := raw[pos] == 'd'
		pos++
		var lits []int64
		for {
			var u uint64
			for shift := 0; ; shift += 7 {
				u |= uint64(raw[pos]&0x7f) << shift
				pos++
				if raw[pos-1]&0x80 == 0 {
					break
				}
			}
			if u == 0 {
				break
			}
			l := int64(u >> 1)
			if u&1 == 1 {
				l = -l
			}
			lits = append(lits, l)
		}
		emit(del, lits)
	}
	return b.String()
}

// BenchmarkCheckCadical17Clue times the check of CaDiCaL's binary proofs
// that 17-clue puzzles have no second solution (extended encoding, the
// suite's sat/cadical/extended), formula included: one op is one proof.
func BenchmarkCheckCadical17Clue(b *testing.B) {
	needCadical(b)
	for _, mode := range modes {
		b.Run("mode="+mode.String(), func(b *testing.B) {
			opt := cnf.Options{Encoding: cnf.Extended}
			var formulas []*cnf.Formula
			var proofs []*drat.Proof
			for i, p := range corpusPuzzles(b, "17-clue.txt", 50, -1) {
				sat, _ := cnf.Refutation(p, nil, opt)
				sol, err := cnf.DecodeLiterals(p.Geometry(), cadical(b, sat, "", false))
				if err != nil {
					b.Fatal(err)
				}
				f, _ := cnf.Refutation(p, sol, opt)
				path := filepath.Join(b.TempDir(), fmt.Sprintf("%d.drat", i))
				cadical(b, f, path, false)
				formulas, proofs = append(formulas, f), append(proofs, readProof(b, path))
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				k := i % len(proofs)
				if _, err := drat.Check(context.Background(), formulas[k], proofs[k], drat.Options{Mode: mode}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
