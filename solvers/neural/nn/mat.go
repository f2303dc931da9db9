// Package nn is the suite's small neural-network library: dense float32
// matrices multiplied by its own kernels (AVX on amd64, plain Go
// elsewhere, the same bits on both), the layers the Sudoku models need
// (linear, ReLU, layer normalisation, embedding, 3×3 convolution on a square
// board, sums over groups of rows), a softmax cross-entropy loss, Adam, and
// checkpoints.
//
// The package's opinion: layers are stateless functions of their inputs and
// parameters. Forward returns what it computed; Backward takes the forward
// inputs (or outputs) back and adds to the gradients, so that a recurrent
// model reusing one layer at every step keeps its own activations and gets
// back-propagation through time for free. Everything is deterministic: the
// same seed gives the same initial weights, and every sum runs in a fixed
// order, so a training run is a function of its seed and step count.
package nn

// Mat is a dense row-major matrix: Rows×Cols values in Data.
type Mat struct {
	Rows, Cols int
	Data       []float32
}

// NewMat returns a zero matrix.
func NewMat(rows, cols int) Mat {
	return Mat{Rows: rows, Cols: cols, Data: make([]float32, rows*cols)}
}

// Row returns row i as a slice of Data.
func (m Mat) Row(i int) []float32 { return m.Data[i*m.Cols : (i+1)*m.Cols] }

// Rowset returns rows r0 to r1-1 as a matrix sharing Data.
func (m Mat) Rowset(r0, r1 int) Mat {
	return Mat{Rows: r1 - r0, Cols: m.Cols, Data: m.Data[r0*m.Cols : r1*m.Cols]}
}

// Empty reports whether m has no storage: a Backward given an empty input
// gradient skips computing it.
func (m Mat) Empty() bool { return m.Data == nil }

// Add sets dst[i] += src[i] for every i of src.
func Add(dst, src []float32) {
	done := addVector(dst, src)
	dst = dst[done:len(src)]
	for i, v := range src[done:] {
		dst[i] += v
	}
}

// Arena hands out zeroed matrices from buffers it keeps, so that a model
// running batch after batch allocates nothing once it has seen one batch.
// Reset makes every matrix handed out since the last Reset invalid.
type Arena struct {
	chunks [][]float32
	used   int // chunks filled before the current one
	off    int // values used in chunks[used]
	total  int // values handed out since Reset
}

// Mat returns a zero rows×cols matrix.
func (a *Arena) Mat(rows, cols int) Mat {
	m := a.Uninitialized(rows, cols)
	clear(m.Data)
	return m
}

// Uninitialized returns a rows×cols matrix whose values are whatever its
// storage last held: for a caller that sets every value before reading
// any.
func (a *Arena) Uninitialized(rows, cols int) Mat {
	n := rows * cols
	for a.used < len(a.chunks) && a.off+n > len(a.chunks[a.used]) {
		a.used++
		a.off = 0
	}
	if a.used == len(a.chunks) {
		a.chunks = append(a.chunks, make([]float32, max(n, 1<<16)))
		a.off = 0
	}
	d := a.chunks[a.used][a.off : a.off+n : a.off+n]
	a.off += n
	a.total += n
	return Mat{Rows: rows, Cols: cols, Data: d}
}

// Reset takes back every matrix handed out. If the last round needed more
// than one buffer, the next rounds get one buffer of the whole size.
func (a *Arena) Reset() {
	if len(a.chunks) > 1 {
		a.chunks = [][]float32{make([]float32, a.total)}
	}
	a.used, a.off, a.total = 0, 0, 0
}
