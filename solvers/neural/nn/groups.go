package nn

// Groups lists, for each output row, the input rows it sums: the cells of a
// Sudoku unit, say. Members[g] are the rows of group g.
type Groups struct {
	Members [][]int
}

// Sum returns one row per group: the sum of its members' rows of x.
func (gs Groups) Sum(ar *Arena, x Mat) Mat {
	y := ar.Mat(len(gs.Members), x.Cols)
	for g, rows := range gs.Members {
		out := y.Row(g)
		for _, r := range rows {
			Add(out, x.Row(r))
		}
	}
	return y
}

// SumBackward adds each group's gradient to its members' rows of dx.
func (gs Groups) SumBackward(dy, dx Mat) {
	for g, rows := range gs.Members {
		for _, r := range rows {
			Add(dx.Row(r), dy.Row(g))
		}
	}
}

// Gather adds row index[i] of x to row i of y.
func Gather(x Mat, index []int, y Mat) {
	for i, r := range index {
		Add(y.Row(i), x.Row(r))
	}
}

// GatherBackward adds row i of dy to row index[i] of dx.
func GatherBackward(dy Mat, index []int, dx Mat) {
	for i, r := range index {
		Add(dx.Row(r), dy.Row(i))
	}
}
