//go:build !purego

package nn

import "golang.org/x/sys/cpu"

// vectorKernels says whether gemm uses the AVX kernels of gemm_amd64.s.
// A variable, so that a test can compare them with the plain Go loops.
var vectorKernels = cpu.X86.HasAVX

// The kernels add a·b to a tile of c: 4 or 1 rows of 16 or 8 columns
// (the masked ones: the columns their mask keeps), k terms. a's element
// (row i, term p) is at a[i·aRow + p·aK]: aRow = lda, aK = 1 for a
// row-major a, the other way round for a transposed one, read in place.
// Strides are in elements. Each element is summed as gemmColumns sums it:
// multiply, round, add, round, term by term in order.

//go:noescape
func gemm4x16(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm1x16(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm4x8(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm1x8(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm4x8m(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int, mask *int32)

//go:noescape
func gemm1x8m(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int, mask *int32)

// masks[r] keeps the first r of eight columns.
var masks = func() (m [8][8]int32) {
	for r := range m {
		for j := range r {
			m[r][j] = -1
		}
	}
	return m
}()

// gemmVector adds a·b to c, a read transposed (as k×m) when transA is set,
// with the kernels, and reports whether it did (false without AVX).
func gemmVector(a Mat, transA bool, b, c Mat) bool {
	if !vectorKernels {
		return false
	}
	k, aRow, aK := a.Cols, a.Cols, 1
	if transA {
		k, aRow, aK = a.Rows, 1, a.Cols
	}
	at := func(i int) *float32 { return &a.Data[i*aRow] }
	// Rows outside, columns inside: a block of four rows of a stays in
	// the cache while it meets every column of b (an im2col matrix of a
	// training shard is megabytes; b, a layer's weights, is small).
	full, r := c.Cols&^7, c.Cols&7
	i := 0
	for ; i+4 <= c.Rows; i += 4 {
		j := 0
		for ; j+16 <= full; j += 16 {
			gemm4x16(k, at(i), aRow, aK, &b.Data[j], b.Cols, &c.Data[i*c.Cols+j], c.Cols)
		}
		if j < full {
			gemm4x8(k, at(i), aRow, aK, &b.Data[j], b.Cols, &c.Data[i*c.Cols+j], c.Cols)
		}
		if r > 0 {
			gemm4x8m(k, at(i), aRow, aK, &b.Data[full], b.Cols, &c.Data[i*c.Cols+full], c.Cols, &masks[r][0])
		}
	}
	for ; i < c.Rows; i++ {
		j := 0
		for ; j+16 <= full; j += 16 {
			gemm1x16(k, at(i), aRow, aK, &b.Data[j], b.Cols, &c.Data[i*c.Cols+j], c.Cols)
		}
		if j < full {
			gemm1x8(k, at(i), aRow, aK, &b.Data[j], b.Cols, &c.Data[i*c.Cols+j], c.Cols)
		}
		if r > 0 {
			gemm1x8m(k, at(i), aRow, aK, &b.Data[full], b.Cols, &c.Data[i*c.Cols+full], c.Cols, &masks[r][0])
		}
	}
	return true
}

//go:noescape
func addVec(dst, src *float32, n int)

// addVector adds the leading values of src to dst that the vector kernel
// covers (all but fewer than 8) and returns how many it added.
func addVector(dst, src []float32) int {
	n := len(src) &^ 7
	if !vectorKernels || n == 0 {
		return 0
	}
	_ = dst[n-1]
	addVec(&dst[0], &src[0], n)
	return n
}

//go:noescape
func reluVec(x *float32, n int)

//go:noescape
func reluBackVec(y, dy, dx *float32, n int)

// reluVector applies the ReLU to the leading values of x that the vector
// kernel covers and returns how many.
func reluVector(x []float32) int {
	n := len(x) &^ 7
	if !vectorKernels || n == 0 {
		return 0
	}
	reluVec(&x[0], n)
	return n
}

// reluBackVector is ReLUBackward's vector kernel over the leading values.
func reluBackVector(y, dy, dx []float32) int {
	n := len(y) &^ 7
	if !vectorKernels || n == 0 {
		return 0
	}
	_, _ = dy[n-1], dx[n-1]
	reluBackVec(&y[0], &dy[0], &dx[0], n)
	return n
}
