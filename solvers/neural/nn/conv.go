package nn

import "math/rand/v2"

// Conv3 is a 3×3 convolution with zero padding ("same") over square boards
// of Side×Side cells. A batch of boards is a matrix with one row per cell
// (board after board, each row-major) and one column per channel, so that
// the convolution is a matrix product of the cells' 3×3 neighbourhoods
// (im2col) with a (9·in)×out weight matrix.
type Conv3 struct {
	Side int
	Linear
}

// NewConv3 adds the weights of a 3×3 convolution from in to out channels.
func NewConv3(ps *Params, name string, side, in, out int, rng *rand.Rand) Conv3 {
	return Conv3{Side: side, Linear: NewLinear(ps, name, 9*in, out, rng)}
}

// Conv3From returns the convolution whose weights are name+".w" and
// name+".b" in ps.
func Conv3From(ps Params, name string, side int) Conv3 {
	return Conv3{Side: side, Linear: LinearFrom(ps, name)}
}

// Neighbourhoods returns the im2col matrix of x: for each cell, the
// channels of its 3×3 neighbourhood in row-major order, zero off the board.
func (c Conv3) Neighbourhoods(ar *Arena, x Mat) Mat {
	col := ar.Uninitialized(x.Rows, 9*x.Cols)
	in, side := x.Cols, c.Side
	for cell := range x.Rows {
		board, r, cc := cell/(side*side), cell/side%side, cell%side
		row := col.Row(cell)
		for k := range 9 {
			nr, nc := r+k/3-1, cc+k%3-1
			slot := row[k*in : (k+1)*in]
			if nr < 0 || nr >= side || nc < 0 || nc >= side {
				clear(slot)
				continue
			}
			copy(slot, x.Row(board*side*side+nr*side+nc))
		}
	}
	return col
}

// each calls f for every cell, every offset k (0..8) of its neighbourhood,
// and the neighbour's row nb, skipping neighbours off the board.
func (c Conv3) each(rows int, f func(cell, k, nb int)) {
	side := c.Side
	for cell := range rows {
		board, r, col := cell/(side*side), cell/side%side, cell%side
		for k := range 9 {
			nr, nc := r+k/3-1, col+k%3-1
			if nr < 0 || nr >= side || nc < 0 || nc >= side {
				continue
			}
			f(cell, k, board*side*side+nr*side+nc)
		}
	}
}

// Forward returns the convolution of x and its im2col matrix, which
// Backward needs.
func (c Conv3) Forward(ar *Arena, x Mat) (y, col Mat) {
	col = c.Neighbourhoods(ar, x)
	return c.Linear.Forward(ar, col), col
}

// Backward adds to the weights' gradients and, unless dx is empty, adds
// the input's gradient to dx.
func (c Conv3) Backward(ar *Arena, col, dy, dx Mat) {
	if dx.Empty() {
		c.Linear.Backward(col, dy, Mat{})
		return
	}
	dcol := ar.Mat(col.Rows, col.Cols)
	c.Linear.Backward(col, dy, dcol)
	in := dx.Cols
	c.each(dx.Rows, func(cell, k, nb int) {
		Add(dx.Row(nb), dcol.Row(cell)[k*in:(k+1)*in])
	})
}
