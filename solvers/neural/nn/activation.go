package nn

// ReLU returns max(x, 0) elementwise (0 for a NaN).
func ReLU(ar *Arena, x Mat) Mat {
	y := ar.Uninitialized(x.Rows, x.Cols)
	copy(y.Data, x.Data)
	return ReLUInPlace(y)
}

// ReLUInPlace sets x to max(x, 0) and returns it: for a pre-activation
// nothing else reads. ReLUBackward needs only the output.
func ReLUInPlace(x Mat) Mat {
	done := reluVector(x.Data)
	for i, v := range x.Data[done:] {
		if !(v > 0) {
			x.Data[done+i] = 0
		}
	}
	return x
}

// ReLUBackward adds dy to dx where the ReLU's output y was positive (and
// +0 elsewhere, as the vector kernel does, so that the bits agree).
func ReLUBackward(y, dy, dx Mat) {
	done := reluBackVector(y.Data, dy.Data, dx.Data)
	for i, v := range y.Data[done:] {
		var add float32
		if v > 0 {
			add = dy.Data[done+i]
		}
		dx.Data[done+i] += add
	}
}
