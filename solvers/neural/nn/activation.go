package nn

// ReLU returns max(x, 0) elementwise.
func ReLU(ar *Arena, x Mat) Mat {
	y := ar.Mat(x.Rows, x.Cols)
	for i, v := range x.Data {
		if v > 0 {
			y.Data[i] = v
		}
	}
	return y
}

// ReLUBackward adds dy to dx where the ReLU's output y was positive.
func ReLUBackward(y, dy, dx Mat) {
	for i, v := range y.Data {
		if v > 0 {
			dx.Data[i] += dy.Data[i]
		}
	}
}
