package neural

import (
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// CNNConfig is the shape of the convolutional network.
type CNNConfig struct {
	Conv1 int `json:"conv1"` // channels of the first 3×3 convolution
	Conv2 int `json:"conv2"` // channels of the second
}

// DefaultCNN is the comparison article's 64 and 128 channels.
var DefaultCNN = CNNConfig{Conv1: 64, Conv2: 128}

// CNN is the comparison article's network, Conv 3×3 64 → Conv 3×3 128 →
// per-cell softmax over nine digits, with a 1×1 convolution (one linear
// map from a cell's 128 channels to its nine logits) in place of the
// article's dense layer from all 81×128 activations to 81×9 logits, whose
// 7.6M weights would make the shipped file some 30 MB. The head therefore
// sees only a cell's 5×5 neighbourhood, not the whole board. The input is
// the board one-hot: ten channels, blank and the nine digits.
type CNN struct {
	cfg          CNNConfig
	ps           nn.Params
	conv1, conv2 nn.Conv3
	head         nn.Linear
}

// NewCNN returns a network with fresh weights drawn from rng.
func NewCNN(cfg CNNConfig, rng *rand.Rand) *CNN {
	var ps nn.Params
	nn.NewConv3(&ps, "conv1", Side, Digits+1, cfg.Conv1, rng)
	nn.NewConv3(&ps, "conv2", Side, cfg.Conv1, cfg.Conv2, rng)
	nn.NewLinear(&ps, "head", cfg.Conv2, Digits, rng)
	return cnnFrom(cfg, ps)
}

func cnnFrom(cfg CNNConfig, ps nn.Params) *CNN {
	return &CNN{cfg: cfg, ps: ps,
		conv1: nn.Conv3From(ps, "conv1", Side), conv2: nn.Conv3From(ps, "conv2", Side),
		head: nn.LinearFrom(ps, "head")}
}

// Kind returns "cnn".
func (m *CNN) Kind() string { return "cnn" }

// Config returns the network's shape.
func (m *CNN) Config() any { return m.cfg }

// Params returns the weights in checkpoint order.
func (m *CNN) Params() nn.Params { return m.ps }

// Replica returns a network sharing the weights, with its own gradients.
func (m *CNN) Replica() Model { return cnnFrom(m.cfg, m.ps.Replica()) }

// cnnPass is what a forward pass computed and the backward pass needs.
type cnnPass struct {
	x, col1, a1, col2, a2, logits Mat
}

func (m *CNN) forward(ar *nn.Arena, b Batch) cnnPass {
	var p cnnPass
	p.x = ar.Mat(len(b.Boards), Digits+1)
	for i, d := range b.Boards {
		p.x.Row(i)[d] = 1
	}
	var z Mat
	z, p.col1 = m.conv1.Forward(ar, p.x)
	p.a1 = nn.ReLU(ar, z)
	z, p.col2 = m.conv2.Forward(ar, p.a1)
	p.a2 = nn.ReLU(ar, z)
	p.logits = m.head.Forward(ar, p.a2)
	return p
}

// Train runs the batch forward and back.
func (m *CNN) Train(ar *nn.Arena, b Batch, scale float32) (float64, int) {
	p := m.forward(ar, b)
	dlogits := ar.Mat(p.logits.Rows, p.logits.Cols)
	loss, n := nn.SoftmaxCrossEntropy(ar, p.logits, b.Targets, scale, dlogits)
	da2 := ar.Mat(p.a2.Rows, p.a2.Cols)
	m.head.Backward(p.a2, dlogits, da2)
	dz2 := ar.Mat(p.a2.Rows, p.a2.Cols)
	nn.ReLUBackward(p.a2, da2, dz2)
	da1 := ar.Mat(p.a1.Rows, p.a1.Cols)
	m.conv2.Backward(ar, p.col2, dz2, da1)
	dz1 := ar.Mat(p.a1.Rows, p.a1.Cols)
	nn.ReLUBackward(p.a1, da1, dz1)
	m.conv1.Backward(ar, p.col1, dz1, Mat{})
	return loss, n
}

// Predict returns the digit probabilities of every cell.
func (m *CNN) Predict(ar *nn.Arena, b Batch) Mat {
	p := m.forward(ar, b)
	out := ar.Mat(p.logits.Rows, p.logits.Cols)
	nn.Softmax(p.logits, out)
	return out
}
