package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/internal/cputest"
)

// naiveMulAdd is the order MulAdd promises, written out: c[i][j], then
// each term a[i][p]·b[p][j] rounded and added, p from first to last.
func naiveMulAdd(a Mat, transA bool, b Mat, transB bool, c Mat) {
	at := func(i, p int) float32 {
		if transA {
			return a.Data[p*a.Cols+i]
		}
		return a.Data[i*a.Cols+p]
	}
	bt := func(p, j int) float32 {
		if transB {
			return b.Data[j*b.Cols+p]
		}
		return b.Data[p*b.Cols+j]
	}
	k := a.Cols
	if transA {
		k = a.Rows
	}
	for i := range c.Rows {
		for j := range c.Cols {
			s := c.Data[i*c.Cols+j]
			for p := range k {
				s += float32(at(i, p) * bt(p, j))
			}
			c.Data[i*c.Cols+j] = s
		}
	}
}

// TestMulAddSumsInOneOrder checks MulAdd bit for bit against the naive
// loop, for every transposition and shapes that exercise each kernel and
// the columns and rows they leave, with the vector kernels on and off:
// the result must not depend on the machine.
func TestMulAddSumsInOneOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	shapes := [][3]int{{1, 1, 1}, {3, 5, 7}, {4, 16, 3}, {5, 17, 9}, {6, 7, 5}, {5, 3, 6}, {7, 9, 4}, {4, 4, 12}, {81, 64, 64}, {9, 33, 10}, {13, 25, 129}, {2, 648, 729}}
	saved := vectorKernels
	defer func() { vectorKernels = saved }()
	for _, vector := range []bool{false, saved} {
		vectorKernels = vector
		for _, s := range shapes {
			m, k, n := s[0], s[1], s[2]
			for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				t.Run(fmt.Sprintf("vector=%v/m=%d/k=%d/n=%d/transA=%v/transB=%v", vector, m, k, n, tr[0], tr[1]), func(t *testing.T) {
					a, b := randMat(rng, m, k), randMat(rng, k, n)
					if tr[0] {
						a = randMat(rng, k, m)
					}
					if tr[1] {
						b = randMat(rng, n, k)
					}
					c := randMat(rng, m, n)
					want := Mat{Rows: m, Cols: n, Data: append([]float32(nil), c.Data...)}
					naiveMulAdd(a, tr[0], b, tr[1], want)
					MulAdd(a, tr[0], b, tr[1], c)
					for i, v := range c.Data {
						if math.Float32bits(v) != math.Float32bits(want.Data[i]) {
							t.Fatalf("element %d (r%d c%d): %v, the naive loop gives %v", i, i/n, i%n, v, want.Data[i])
						}
					}
				})
			}
		}
	}
}

func TestMulAddRefusesShapesThatDoNotFit(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a 2×3 by 4×2 product was added without a panic")
		}
	}()
	MulAdd(NewMat(2, 3), false, NewMat(4, 2), false, NewMat(2, 2))
}

// BenchmarkMulAdd times the products of the networks' layers: a board's
// 81 cells by a 64×64 weight matrix, and a training shard's 1,296 cells.
func BenchmarkMulAdd(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, s := range [][3]int{{81, 64, 64}, {1296, 64, 64}, {81, 576, 64}, {1296, 576, 64}} {
		m, k, n := s[0], s[1], s[2]
		x, w, y := randMat(rng, m, k), randMat(rng, k, n), NewMat(m, n)
		b.Run(fmt.Sprintf("m=%d/k=%d/n=%d", m, k, n), func(b *testing.B) {
			start := cputest.Process()
			for b.Loop() {
				MulAdd(x, false, w, false, y)
			}
			b.ReportMetric(float64(m*k*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
			b.ReportMetric(float64(m*k*n)*float64(b.N)/(cputest.Process()-start).Seconds()/1e9, "GMAC/cpu-s")
		})
	}
}

func TestAddMatchesThePlainLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, n := range []int{0, 1, 7, 8, 9, 31, 32, 33, 64, 100, 1296} {
		dst, src := randMat(rng, 1, n), randMat(rng, 1, n)
		want := append([]float32(nil), dst.Data...)
		for i, v := range src.Data {
			want[i] += v
		}
		Add(dst.Data, src.Data)
		for i, v := range dst.Data {
			if v != want[i] {
				t.Fatalf("n=%d: value %d is %v, want %v", n, i, v, want[i])
			}
		}
	}
}

// TestReLUKernelsMatchThePlainLoop checks the vector ReLU and its backward
// pass bit for bit against the plain loops, on values that include zeros
// of both signs and NaN.
func TestReLUKernelsMatchThePlainLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	saved := vectorKernels
	defer func() { vectorKernels = saved }()
	for _, n := range []int{1, 8, 13, 64, 100} {
		x, dy := randMat(rng, 1, n), randMat(rng, 1, n)
		x.Data[0] = float32(math.Copysign(0, -1))
		if n > 2 {
			x.Data[1], x.Data[2] = float32(math.NaN()), 0
			dy.Data[1] = float32(math.Copysign(0, -1))
		}
		results := make([][2][]uint32, 2)
		for k, vector := range []bool{false, saved} {
			vectorKernels = vector
			y := Mat{Rows: 1, Cols: n, Data: append([]float32(nil), x.Data...)}
			ReLUInPlace(y)
			dx := NewMat(1, n)
			dx.Data[0] = float32(math.Copysign(0, -1))
			ReLUBackward(y, dy, dx)
			for _, v := range y.Data {
				results[k][0] = append(results[k][0], math.Float32bits(v))
			}
			for _, v := range dx.Data {
				results[k][1] = append(results[k][1], math.Float32bits(v))
			}
		}
		for part, name := range []string{"forward", "backward"} {
			for i := range results[0][part] {
				if results[0][part][i] != results[1][part][i] {
					t.Fatalf("n=%d %s value %d: plain %#x, vector %#x", n, name, i, results[0][part][i], results[1][part][i])
				}
			}
		}
	}
}
