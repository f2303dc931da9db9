//go:build !purego

package nn

import "golang.org/x/sys/cpu"

// vectorKernels says whether gemm uses the AVX kernels of gemm_amd64.s.
// A variable, so that a test can compare them with the plain Go loops.
var vectorKernels = cpu.X86.HasAVX

// The kernels add a·b to a tile of c: 4 or 1 rows of 16 or 8 columns, k
// terms, strides in elements. Each element is summed as gemmColumns sums
// it: multiply, round, add, round, term by term in order.

//go:noescape
func gemm4x16(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm1x16(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm4x8(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)

//go:noescape
func gemm1x8(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)

// gemmVector adds a·b to the leading columns of c that the kernels cover
// (all but fewer than 8) and returns the first column it left.
func gemmVector(a, b, c Mat) int {
	if !vectorKernels {
		return 0
	}
	k, j := a.Cols, 0
	tiles := func(width int, four, one func(int, *float32, int, *float32, int, *float32, int)) {
		for ; j+width <= c.Cols; j += width {
			i := 0
			for ; i+4 <= c.Rows; i += 4 {
				four(k, &a.Data[i*k], k, &b.Data[j], b.Cols, &c.Data[i*c.Cols+j], c.Cols)
			}
			for ; i < c.Rows; i++ {
				one(k, &a.Data[i*k], k, &b.Data[j], b.Cols, &c.Data[i*c.Cols+j], c.Cols)
			}
		}
	}
	tiles(16, gemm4x16, gemm1x16)
	tiles(8, gemm4x8, gemm1x8)
	return j
}
