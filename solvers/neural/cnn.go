package neural

import (
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// CNNConfig is the shape of the convolutional network.
type CNNConfig struct {
	Conv1 int `json:"conv1"` // channels of the first 3×3 convolution
	Conv2 int `json:"conv2"` // channels of the second
	// Bottleneck is how many channels per cell the dense head reads: a
	// 1×1 convolution takes each cell's Conv2 channels down to these.
	Bottleneck int `json:"bottleneck"`
}

// DefaultCNN is the comparison article's 64 and 128 channels, with the
// dense head reading 8 channels per cell. Trained 1,500 steps each (loss
// per blank cell, one-shot blank cells right at 36 hints), 4 channels gave
// 2.05 (at 600 steps) against 8's 1.79, and 12 and 16 channels 1.01 and
// 0.99 against 8's 1.09, with 56% of cells against 53%: not worth a file
// 1.5 and 2 times the size.
var DefaultCNN = CNNConfig{Conv1: 64, Conv2: 128, Bottleneck: 8}

// articleDenseWeights is the weight count of the article's dense layer,
// from all 81×128 activations to 81×9 logits.
const articleDenseWeights = Cells * 128 * Cells * Digits

// HeadWeights returns the weights of the head, the 1×1 bottleneck and the
// dense layer with their biases: what stands for the article's dense
// layer of articleDenseWeights.
func (c CNNConfig) HeadWeights() int {
	return (c.Conv2+1)*c.Bottleneck + (Cells*c.Bottleneck+1)*Cells*Digits
}

// CNN is the comparison article's network, Conv 3×3 64 → Conv 3×3 128 →
// dense layer over the whole board → per-cell softmax over nine digits,
// with the dense layer bottlenecked: a 1×1 convolution first takes each
// cell's 128 channels down to a few (Bottleneck, linear, no ReLU), and the
// dense layer maps all 81·Bottleneck of them to the 81×9 logits. The head
// is thus the article's dense layer factored through a narrow waist: it
// still lets every cell's logits depend on the whole board (its row,
// column and box lie beyond the two convolutions' 5×5 reach), in 0.47M
// weights for 8 channels (81·8 × 81·9 dense, 128 × 8 for the 1×1 conv,
// and biases) instead of the article's 81·128 × 81·9 (7.6M, a file of
// some 30 MB). The bottleneck is linear, so the head is a factoring of
// such a dense layer through 8 channels per cell, every cell projected
// alike. The input is the board one-hot: ten channels, blank and the nine
// digits.
type CNN struct {
	cfg          CNNConfig
	ps           nn.Params
	conv1, conv2 nn.Conv3
	squeeze      nn.Linear // 1×1 convolution, Conv2 → Bottleneck per cell
	dense        nn.Linear // 81·Bottleneck → 81·9 per board
}

// NewCNN returns a network with fresh weights drawn from rng.
func NewCNN(cfg CNNConfig, rng *rand.Rand) *CNN {
	var ps nn.Params
	nn.NewConv3(&ps, "conv1", Side, Digits+1, cfg.Conv1, rng)
	nn.NewConv3(&ps, "conv2", Side, cfg.Conv1, cfg.Conv2, rng)
	nn.NewLinear(&ps, "squeeze", cfg.Conv2, cfg.Bottleneck, rng)
	nn.NewLinear(&ps, "dense", Cells*cfg.Bottleneck, Cells*Digits, rng)
	return cnnFrom(cfg, ps)
}

func cnnFrom(cfg CNNConfig, ps nn.Params) *CNN {
	return &CNN{cfg: cfg, ps: ps,
		conv1: nn.Conv3From(ps, "conv1", Side), conv2: nn.Conv3From(ps, "conv2", Side),
		squeeze: nn.LinearFrom(ps, "squeeze"), dense: nn.LinearFrom(ps, "dense")}
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
// Matrices have one row per cell, except boards (the bottleneck's output
// read as one row per board), which the dense layer reads.
type cnnPass struct {
	x, col1, a1, col2, a2, boards, logits Mat
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
	p.boards = m.squeeze.Forward(ar, p.a2).Reshape(b.Len(), Cells*m.cfg.Bottleneck)
	p.logits = m.dense.Forward(ar, p.boards).Reshape(len(b.Boards), Digits)
	return p
}

// Train runs the batch forward and back.
func (m *CNN) Train(ar *nn.Arena, b Batch, scale float32) (float64, int) {
	p := m.forward(ar, b)
	dlogits := ar.Mat(p.logits.Rows, p.logits.Cols)
	loss, n := nn.SoftmaxCrossEntropy(ar, p.logits, b.Targets, scale, dlogits)
	dboards := ar.Mat(p.boards.Rows, p.boards.Cols)
	m.dense.Backward(p.boards, dlogits.Reshape(b.Len(), Cells*Digits), dboards)
	da2 := ar.Mat(p.a2.Rows, p.a2.Cols)
	m.squeeze.Backward(p.a2, dboards.Reshape(len(b.Boards), m.cfg.Bottleneck), da2)
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
