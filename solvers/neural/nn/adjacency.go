package nn

// Adjacency mixes the rows of each board of a batch by a fixed matrix over
// its cells: board b's rows become A·X_b, where X_b holds its cells' rows.
// A graph convolution multiplies by a graph's normalised adjacency this way
// (Kipf and Welling's D^-½(A+I)D^-½). The product is a dense one, by
// MulAdd: on a 9×9 board it is faster than summing neighbour lists.
type Adjacency struct {
	a, at Mat // cells × cells, and its transpose
}

// NewAdjacency returns the layer that mixes by a (cells × cells).
func NewAdjacency(a Mat) Adjacency {
	at := NewMat(a.Cols, a.Rows)
	for r := range a.Rows {
		for c, v := range a.Row(r) {
			at.Data[c*a.Rows+r] = v
		}
	}
	return Adjacency{a: a, at: at}
}

// Forward returns A·X_b for every board b of x.
func (a Adjacency) Forward(ar *Arena, x Mat) Mat {
	y := ar.Mat(x.Rows, x.Cols)
	a.each(x, y, func(xb, yb Mat) { MulAdd(a.a, false, xb, false, yb) })
	return y
}

// Backward adds Aᵀ·dY_b to the rows of dx of every board b.
func (a Adjacency) Backward(dy, dx Mat) {
	a.each(dy, dx, func(dyb, dxb Mat) { MulAdd(a.at, false, dyb, false, dxb) })
}

// each calls f with the rows of each board of x and y.
func (a Adjacency) each(x, y Mat, f func(xb, yb Mat)) {
	n := a.a.Rows
	for b := 0; b+n <= x.Rows; b += n {
		f(x.Rowset(b, b+n), y.Rowset(b, b+n))
	}
}
