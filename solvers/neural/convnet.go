package neural

import (
	"math/rand/v2"
	"strconv"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// CNNConfig is the shape of the convolutional network.
type CNNConfig struct {
	Width  int `json:"width"`  // channels of the stem and of every block
	Blocks int `json:"blocks"` // residual blocks after the stem
}

// GCNConfig is the shape of the graph-convolutional network.
type GCNConfig struct {
	Width  int `json:"width"`  // channels of the stem and of every block
	Blocks int `json:"blocks"` // residual blocks after the stem
}

// DefaultCNN is the shape of the shipped CNN: the GCN's without the
// adjacency, the same weights in number, so that the two compare the
// graph structure alone.
var DefaultCNN = CNNConfig(DefaultGCN)

// DefaultGCN is the shape of the shipped GCN.
var DefaultGCN = GCNConfig{Width: 64, Blocks: 8}

// convNet is both convolutional networks: a stem and residual blocks of a
// 3×3 convolution and batch normalisation, for the GCN followed by the
// multiplication by the Sudoku graph's normalised adjacency, then a head.
// A block computes
//
//	h' = ReLU(h + Â·BN(conv3×3(h)))      (the GCN; the CNN has no Â)
//
// and the stem ReLU(BN(conv3×3(x))) from the board one-hot (ten channels:
// blank and the nine digits). Â = D^-½(A+I)D^-½ for the graph whose edges
// join each cell to its 20 peers: every cell has 21 entries of 1/21,
// itself and its peers. The stem has no Â: it has no residual path, and
// Â would leave a cell's own digit at a 21st of its features (at width 32
// and 4 blocks, 1,500 steps: loss 1.03 without Â in the stem, 1.11 with
// it, and twice the 30-hint puzzles solved). The head is a linear layer
// per cell, to its nine logits.
type convNet struct {
	kind  string
	cfg   any
	ps    nn.Params
	graph *nn.Adjacency // nil for the CNN
	convs []nn.Conv3    // stem, then one per block
	norms []nn.BatchNorm
	cell  nn.Linear // the head, per cell
}

// NewCNN returns a CNN with fresh weights drawn from rng.
func NewCNN(cfg CNNConfig, rng *rand.Rand) Model {
	ps := convLayers(cfg.Width, cfg.Blocks, rng)
	nn.NewLinear(&ps, "readout", cfg.Width, Digits, rng)
	return cnnFrom(cfg, ps)
}

// NewGCN returns a GCN with fresh weights drawn from rng.
func NewGCN(cfg GCNConfig, rng *rand.Rand) Model {
	ps := convLayers(cfg.Width, cfg.Blocks, rng)
	nn.NewLinear(&ps, "readout", cfg.Width, Digits, rng)
	return gcnFrom(cfg, ps)
}

// convLayers adds the stem and the blocks.
func convLayers(width, blocks int, rng *rand.Rand) nn.Params {
	var ps nn.Params
	in := Digits + 1
	for i := range blocks + 1 {
		nn.NewConv3(&ps, convName(i), Side, in, width, rng)
		nn.NewBatchNorm(&ps, normName(i), width, rng)
		in = width
	}
	return ps
}

func convName(i int) string { return "conv" + strconv.Itoa(i) }
func normName(i int) string { return "norm" + strconv.Itoa(i) }

func cnnFrom(cfg CNNConfig, ps nn.Params) *convNet {
	return convFrom("cnn", cfg, cfg.Blocks, ps, nil)
}

func gcnFrom(cfg GCNConfig, ps nn.Params) *convNet {
	return convFrom("gcn", cfg, cfg.Blocks, ps, sudokuAdjacency())
}

func convFrom(kind string, cfg any, blocks int, ps nn.Params, graph *nn.Adjacency) *convNet {
	m := &convNet{kind: kind, cfg: cfg, ps: ps, graph: graph}
	for i := range blocks + 1 {
		m.convs = append(m.convs, nn.Conv3From(ps, convName(i), Side))
		m.norms = append(m.norms, nn.BatchNormFrom(ps, normName(i)))
	}
	m.cell = nn.LinearFrom(ps, "readout")
	return m
}

// sudokuAdjacency returns Â for the 9×9 Sudoku graph: 1/21 between a cell
// and itself or any of its 20 peers (every degree is 21 with the self-loop,
// so D^-½(A+I)D^-½ is (A+I)/21).
func sudokuAdjacency() *nn.Adjacency {
	geo := geometry()
	a := nn.NewMat(Cells, Cells)
	for c := range Cells {
		w := float32(1 / float64(len(geo.Peers[c])+1))
		a.Row(c)[c] = w
		for _, p := range geo.Peers[c] {
			a.Row(c)[p] = w
		}
	}
	adj := nn.NewAdjacency(a)
	return &adj
}

// Kind returns "cnn" or "gcn".
func (m *convNet) Kind() string { return m.kind }

// Config returns the network's shape.
func (m *convNet) Config() any { return m.cfg }

// Params returns the weights and statistics in checkpoint order.
func (m *convNet) Params() nn.Params { return m.ps }

// Replica returns a network sharing the weights, with its own gradients.
func (m *convNet) Replica() Model {
	switch cfg := m.cfg.(type) {
	case CNNConfig:
		return cnnFrom(cfg, m.ps.Replica())
	default:
		return gcnFrom(cfg.(GCNConfig), m.ps.Replica())
	}
}

// convBlock is what a block's forward pass computed and its backward pass
// needs.
type convBlock struct {
	in, col Mat // its input and the input's 3×3 neighbourhoods
	normed  nn.Normalized
	out     Mat // after the ReLU
}

// convPass is a whole forward pass.
type convPass struct {
	blocks []convBlock
	logits Mat
}

func (m *convNet) forward(ar *nn.Arena, b Batch, training bool) convPass {
	x := ar.Mat(len(b.Boards), Digits+1)
	for i, d := range b.Boards {
		x.Row(i)[d] = 1
	}
	p := convPass{blocks: make([]convBlock, len(m.convs))}
	h := x
	for i, conv := range m.convs {
		blk := convBlock{in: h}
		var z Mat
		z, blk.col = conv.Forward(ar, h)
		z, blk.normed = m.norms[i].Forward(ar, z, training)
		if m.graph != nil && i > 0 {
			z = m.graph.Forward(ar, z)
		}
		if i > 0 {
			nn.Add(z.Data, h.Data)
		}
		h = nn.ReLUInPlace(z)
		blk.out = h
		p.blocks[i] = blk
	}
	p.logits = m.cell.Forward(ar, h)
	return p
}

// Train runs the batch forward (batch normalisation on the batch's own
// statistics) and back.
func (m *convNet) Train(ar *nn.Arena, b Batch, scale float32) (float64, int) {
	p := m.forward(ar, b, true)
	dlogits := ar.Mat(p.logits.Rows, p.logits.Cols)
	loss, n := nn.SoftmaxCrossEntropy(ar, p.logits, b.Targets, scale, dlogits)
	last := p.blocks[len(p.blocks)-1].out
	dh := ar.Mat(last.Rows, last.Cols)
	m.cell.Backward(last, dlogits, dh)
	for i := len(p.blocks) - 1; i >= 0; i-- {
		dh = m.backBlock(ar, i, p.blocks[i], dh)
	}
	return loss, n
}

// backBlock back-propagates a block from the gradient of its output and
// returns the gradient of its input (nothing for the stem, whose input is
// the board).
func (m *convNet) backBlock(ar *nn.Arena, i int, blk convBlock, dout Mat) Mat {
	dz := ar.Mat(dout.Rows, dout.Cols)
	nn.ReLUBackward(blk.out, dout, dz)
	var din Mat
	if i > 0 {
		din = ar.Mat(blk.in.Rows, blk.in.Cols)
		nn.Add(din.Data, dz.Data) // the residual path
	}
	dnorm := dz
	if m.graph != nil && i > 0 {
		dnorm = ar.Mat(dz.Rows, dz.Cols)
		m.graph.Backward(dz, dnorm)
	}
	dconv := ar.Mat(dz.Rows, dz.Cols)
	m.norms[i].Backward(blk.normed, dnorm, dconv)
	m.convs[i].Backward(ar, blk.col, dconv, din)
	return din
}

// Predict returns the digit probabilities of every cell.
func (m *convNet) Predict(ar *nn.Arena, b Batch) Mat {
	p := m.forward(ar, b, false)
	out := ar.Mat(p.logits.Rows, p.logits.Cols)
	nn.Softmax(p.logits, out)
	return out
}
