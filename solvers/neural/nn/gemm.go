package nn

import (
	"fmt"
	"sync"
)

// MulAdd adds op(a)·op(b) to c, where op transposes its matrix when the
// flag after it is true. Every element of c is summed in one order on every
// machine: c, then a's row times b's column term by term, first to last,
// each product rounded to float32 before it is added: by the vector
// kernels where the machine has them (a transposed a read in place, a
// transposed b copied), by gemmColumns elsewhere. Matrices whose shapes do
// not fit are a programming error and panic.
func MulAdd(a Mat, transA bool, b Mat, transB bool, c Mat) {
	if transB {
		t := transposed(b)
		defer scratch.Put(t)
		b = *t
	}
	rows, inner := a.Rows, a.Cols
	if transA {
		rows, inner = a.Cols, a.Rows
	}
	if rows != c.Rows || inner != b.Rows || b.Cols != c.Cols {
		panic(fmt.Sprintf("nn: cannot add a %d×%d by %d×%d product to a %d×%d matrix", rows, inner, b.Rows, b.Cols, c.Rows, c.Cols))
	}
	if inner == 0 || c.Rows == 0 || gemmVector(a, transA, b, c) {
		return
	}
	if transA {
		t := transposed(a)
		defer scratch.Put(t)
		a = *t
	}
	gemmColumns(a, b, c)
}

// scratch holds the transposed copies MulAdd makes, so that training
// allocates none once warm.
var scratch = sync.Pool{New: func() any { return new(Mat) }}

// transposed returns a copy of mᵀ in a matrix from the scratch pool.
func transposed(m Mat) *Mat {
	t := scratch.Get().(*Mat)
	n := m.Rows * m.Cols
	if cap(t.Data) < n {
		t.Data = make([]float32, n)
	}
	*t = Mat{Rows: m.Cols, Cols: m.Rows, Data: t.Data[:n]}
	for r := range m.Rows {
		for c, v := range m.Row(r) {
			t.Data[c*m.Rows+r] = v
		}
	}
	return t
}

// gemmColumns adds a·b to c in the order of MulAdd, in plain Go. The
// conversion to float32 keeps the compiler from fusing the multiply and
// the add (which would round once instead of twice).
func gemmColumns(a, b, c Mat) {
	for i := range c.Rows {
		crow := c.Row(i)
		for p, v := range a.Row(i) {
			brow := b.Row(p)
			for j := range crow {
				crow[j] += float32(v * brow[j])
			}
		}
	}
}
