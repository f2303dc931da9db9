package nn_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// Train the smallest model there is: one linear layer that learns which
// of two inputs is larger, by softmax cross-entropy and Adam. A layer's
// Forward returns what it computed; its Backward takes the inputs back
// and adds to the parameters' gradients. The same seed gives the same
// bits.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	var ps nn.Params
	layer := nn.NewLinear(&ps, "classify", 2, 2, rng)
	opt := nn.NewAdam(ps)

	x := nn.Mat{Rows: 4, Cols: 2, Data: []float32{3, 1, 1, 3, 2, 0, 0, 2}}
	larger := []int{0, 1, 0, 1} // the column of the larger input
	var ar nn.Arena
	for step := range 51 {
		ar.Reset()
		ps.ZeroGrad()
		logits := layer.Forward(&ar, x)
		dlogits := ar.Mat(logits.Rows, logits.Cols)
		loss, n := nn.SoftmaxCrossEntropy(&ar, logits, larger, 1.0/4, dlogits)
		if step%25 == 0 {
			fmt.Printf("step %2d: mean loss %.4f\n", step, loss/float64(n))
		}
		layer.Backward(x, dlogits, nn.Mat{})
		opt.Step(0.1)
	}
	fmt.Println("parameters:", ps.Count())
	// Output:
	// step  0: mean loss 1.8872
	// step 25: mean loss 0.0061
	// step 50: mean loss 0.0021
	// parameters: 6
}
