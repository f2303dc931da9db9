package cnf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// WriteDIMACS writes the formula in DIMACS CNF. A formula with native
// cardinality constraints cannot be written this way: encode it with the
// pairwise or sequential at-most-one strategy instead.
func WriteDIMACS(w io.Writer, f *Formula) error {
	if len(f.Cards) > 0 {
		return fmt.Errorf("DIMACS CNF cannot hold the formula's %d cardinality constraints: use the pairwise or sequential at-most-one strategy, or write OPB", len(f.Cards))
	}
	bw := bufio.NewWriter(w)
	writeComment(bw, "c ", f.Comment)
	writeLegend(bw, "c ", f.Legend)
	fmt.Fprintf(bw, "p cnf %d %d\n", f.Vars, len(f.Clauses))
	var buf []byte
	for _, c := range f.Clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write DIMACS: %w", err)
	}
	return nil
}

// WriteOPB writes the formula as a pseudo-Boolean decision problem in the
// linear OPB format of the PB competitions: each clause as "sum ≥ 1", each
// cardinality constraint as a "≥" constraint (at-most-k as -sum ≥ -k).
// Linear OPB has positive variables only, so a negated literal c·~x is
// written c − c·x, its constant moved to the right-hand side: minisat+
// and other PB solvers refuse "~x" outside products.
func WriteOPB(w io.Writer, f *Formula) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", f.Vars, len(f.Clauses)+len(f.Cards))
	writeComment(bw, "* ", f.Comment)
	writeLegend(bw, "* ", f.Legend)
	var buf []byte
	for _, c := range f.Clauses {
		buf = appendOPB(buf[:0], c, 1, 1)
		bw.Write(buf)
	}
	for _, c := range f.Cards {
		if c.Bound == AtLeast {
			buf = appendOPB(buf[:0], c.Lits, 1, c.K)
		} else {
			buf = appendOPB(buf[:0], c.Lits, -1, -c.K)
		}
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write OPB: %w", err)
	}
	return nil
}

func appendOPB(buf []byte, lits []int, coef, rhs int) []byte {
	for _, l := range lits {
		c := coef
		if l < 0 {
			c, rhs, l = -coef, rhs-coef, -l
		}
		if c > 0 {
			buf = append(buf, '+')
		}
		buf = strconv.AppendInt(buf, int64(c), 10)
		buf = append(buf, " x"...)
		buf = strconv.AppendInt(buf, int64(l), 10)
		buf = append(buf, ' ')
	}
	buf = append(buf, ">= "...)
	buf = strconv.AppendInt(buf, int64(rhs), 10)
	return append(buf, " ;\n"...)
}

func writeComment(w *bufio.Writer, prefix, text string) {
	if text != "" {
		w.WriteString(prefix + text + "\n")
	}
}

func writeLegend(w *bufio.Writer, prefix string, lines []string) {
	for _, line := range lines {
		w.WriteString(prefix + line + "\n")
	}
}
