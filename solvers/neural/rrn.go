package neural

import (
	"math/rand/v2"
	"sync/atomic"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/sudoku"
)

// RRNConfig is the shape of a recurrent relational network.
type RRNConfig struct {
	Hidden int `json:"hidden"` // width of each cell's state
	Steps  int `json:"steps"`  // message-passing steps, weights shared
}

// DefaultRRN is the configuration of the shipped network.
var DefaultRRN = RRNConfig{Hidden: 64, Steps: 32}

// InferenceSteps are the step counts the RRN's iterative filling is also
// offered and measured at, beside those it was trained with: Palm et al.
// trained at 32 and evaluated at 64; 16 is the shipped RRN's former depth.
var InferenceSteps = []int{16, 32, 64}

// RRN is a recurrent relational network after Palm et al., with messages
// aggregated per unit instead of per edge. At every step each cell c with
// state h_c computes a_c = ReLU(P·h_c); each row, column and box sums the
// a of its cells; and the cell's new state is
//
//	h'_c = LayerNorm(h_c + O·ReLU(S·h_c + E[x_c] + R·Σrow + C·Σcol + B·Σbox))
//
// where E embeds the cell's given digit (or blank). A cell's own term is in
// the unit sums, which S absorbs, so this is the message "from h_c and each
// unit's sum minus h_c" of the issue. A step costs about 3.3·H² multiply-adds
// per cell (the unit maps run once per unit, not per cell), where a
// three-layer MLP of Palm's shape on each of the 20 peer edges costs about
// 80·H² (counted, not timed). Every step's state is read out by a linear
// layer into nine digit logits, and the loss is taken at every step.
type RRN struct {
	cfg                  RRNConfig
	ps                   nn.Params
	embed                nn.Embedding
	phi, self, upd, read nn.Linear
	unit                 [3]nn.Linear // row, column, box
	norm                 nn.LayerNorm
	index                atomic.Pointer[unitIndex] // the last batch size's, shared by Predictors in parallel
}

// NewRRN returns a network with fresh weights drawn from rng.
func NewRRN(cfg RRNConfig, rng *rand.Rand) *RRN {
	var ps nn.Params
	h := cfg.Hidden
	nn.NewEmbedding(&ps, "embed", Digits+1, h, rng)
	nn.NewLinear(&ps, "phi", h, h, rng)
	nn.NewLinear(&ps, "self", h, h, rng)
	for _, name := range unitNames {
		// A unit sums nine cells: scaled by 1/9, the messages start at
		// the size of one cell's term.
		scale(nn.NewLinear(&ps, name, h, h, rng).W, 1.0/Side)
	}
	// The update starts at zero, so that every step starts as the
	// identity on the state and learns its change (as in ReZero).
	scale(nn.NewLinear(&ps, "update", h, h, rng).W, 0)
	nn.NewLayerNorm(&ps, "norm", h, rng)
	nn.NewLinear(&ps, "readout", h, Digits, rng)
	return rrnFrom(cfg, ps)
}

func scale(p *nn.Param, s float32) {
	for i := range p.Value.Data {
		p.Value.Data[i] *= s
	}
}

var unitNames = [3]string{"row", "column", "box"}

func rrnFrom(cfg RRNConfig, ps nn.Params) *RRN {
	m := &RRN{
		cfg: cfg, ps: ps,
		embed: nn.EmbeddingFrom(ps, "embed"),
		phi:   nn.LinearFrom(ps, "phi"), self: nn.LinearFrom(ps, "self"),
		upd: nn.LinearFrom(ps, "update"), read: nn.LinearFrom(ps, "readout"),
		norm: nn.LayerNormFrom(ps, "norm"),
	}
	for i, name := range unitNames {
		m.unit[i] = nn.LinearFrom(ps, name)
	}
	return m
}

// Kind returns "rrn".
func (m *RRN) Kind() string { return "rrn" }

// Config returns the network's shape.
func (m *RRN) Config() any { return m.cfg }

// Params returns the weights in checkpoint order.
func (m *RRN) Params() nn.Params { return m.ps }

// Replica returns a network sharing the weights, with its own gradients.
func (m *RRN) Replica() Model { return rrnFrom(m.cfg, m.ps.Replica()) }

// WithSteps returns the network run for another number of steps, sharing
// the weights: a recurrent network may read a board longer than it was
// trained to. It is for inference only (its gradients are m's).
func (m *RRN) WithSteps(steps int) *RRN {
	cfg := m.cfg
	cfg.Steps = steps
	return rrnFrom(cfg, m.ps)
}

// unitIndex maps a batch's cells to its units: the groups to sum (rows of
// every board, then columns, then boxes) and, for each kind, the unit of
// each cell within that kind's block.
type unitIndex struct {
	boards int
	groups nn.Groups
	ofCell [3][]int
}

func (m *RRN) indexFor(boards int) *unitIndex {
	if ix := m.index.Load(); ix != nil && ix.boards == boards {
		return ix
	}
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	ix := &unitIndex{boards: boards}
	for kind := range 3 {
		for b := range boards {
			for u := range Side {
				cells := make([]int, Side)
				for i, c := range geo.Units[kind*Side+u].Cells {
					cells[i] = b*Cells + c
				}
				ix.groups.Members = append(ix.groups.Members, cells)
			}
		}
		ix.ofCell[kind] = make([]int, boards*Cells)
		for b := range boards {
			for c := range Cells {
				ix.ofCell[kind][b*Cells+c] = b*Side + geo.CellUnits[c][kind]%Side
			}
		}
	}
	m.index.Store(ix)
	return ix
}

// rrnStep is what one step computed and its backward pass needs.
type rrnStep struct {
	h, a, sums, u Mat // the step's input state, φ, unit sums, update
	out           Mat // the state it produced
	normed        nn.Normalized
	dlogits       Mat
}

// Mat is nn.Mat, named here for brevity.
type Mat = nn.Mat

// forward runs every step from the boards, keeping each step's activations
// when keep is set, and returns the final step's logits.
func (m *RRN) forward(ar *nn.Arena, b Batch, keep func(step int, s rrnStep, logits Mat)) Mat {
	ix := m.indexFor(b.Len())
	ex := m.embed.Forward(ar, b.Boards)
	h := ex
	var logits Mat
	for t := range m.cfg.Steps {
		s := rrnStep{h: h}
		s.a = nn.ReLUInPlace(m.phi.Forward(ar, h))
		s.sums = ix.groups.Sum(ar, s.a)
		z := m.self.Forward(ar, h)
		nn.Add(z.Data, ex.Data)
		per := b.Len() * Side
		for kind := range 3 {
			msg := m.unit[kind].Forward(ar, s.sums.Rowset(kind*per, (kind+1)*per))
			nn.Gather(msg, ix.ofCell[kind], z)
		}
		s.u = nn.ReLUInPlace(z)
		pre := m.upd.Forward(ar, s.u)
		nn.Add(pre.Data, h.Data)
		h, s.normed = m.norm.Forward(ar, pre)
		s.out = h
		if keep != nil || t == m.cfg.Steps-1 { // inference reads the last step only
			logits = m.read.Forward(ar, h)
		}
		if keep != nil {
			keep(t, s, logits)
		}
	}
	return logits
}

// Train runs the batch forward, takes the loss at every step (each step's
// mean weighted equally), and back-propagates through time.
func (m *RRN) Train(ar *nn.Arena, b Batch, scale float32) (float64, int) {
	steps := make([]rrnStep, m.cfg.Steps)
	var loss float64
	var blanks int
	stepScale := scale / float32(m.cfg.Steps)
	m.forward(ar, b, func(t int, s rrnStep, logits Mat) {
		s.dlogits = ar.Mat(logits.Rows, logits.Cols)
		l, n := nn.SoftmaxCrossEntropy(ar, logits, b.Targets, stepScale, s.dlogits)
		if t == m.cfg.Steps-1 {
			loss, blanks = l, n
		}
		steps[t] = s
	})
	m.backward(ar, b, steps)
	return loss, blanks
}

// backward back-propagates the losses of every step to the weights.
func (m *RRN) backward(ar *nn.Arena, b Batch, steps []rrnStep) {
	ix := m.indexFor(b.Len())
	rows, h := len(b.Boards), m.cfg.Hidden
	dex := ar.Mat(rows, h)
	dnext := ar.Mat(rows, h) // gradient of the state the step produced
	per := b.Len() * Side
	for t := len(steps) - 1; t >= 0; t-- {
		s := steps[t]
		m.read.Backward(s.out, s.dlogits, dnext)
		dpre := ar.Mat(rows, h)
		m.norm.Backward(s.normed, dnext, dpre)
		dh := ar.Mat(rows, h)
		nn.Add(dh.Data, dpre.Data)
		du := ar.Mat(rows, h)
		m.upd.Backward(s.u, dpre, du)
		dz := ar.Mat(rows, h)
		nn.ReLUBackward(s.u, du, dz)
		nn.Add(dex.Data, dz.Data)
		m.self.Backward(s.h, dz, dh)
		dsums := ar.Mat(s.sums.Rows, h)
		for kind := range 3 {
			dmsg := ar.Mat(per, h)
			nn.GatherBackward(dz, ix.ofCell[kind], dmsg)
			m.unit[kind].Backward(s.sums.Rowset(kind*per, (kind+1)*per), dmsg, dsums.Rowset(kind*per, (kind+1)*per))
		}
		da := ar.Mat(rows, h)
		ix.groups.SumBackward(dsums, da)
		dphi := ar.Mat(rows, h)
		nn.ReLUBackward(s.a, da, dphi)
		m.phi.Backward(s.h, dphi, dh)
		dnext = dh
	}
	nn.Add(dex.Data, dnext.Data) // the first state is the embedding itself
	m.embed.Backward(b.Boards, dex)
}

// Predict returns the final step's digit probabilities for every cell.
func (m *RRN) Predict(ar *nn.Arena, b Batch) Mat {
	logits := m.forward(ar, b, nil)
	p := ar.Mat(logits.Rows, logits.Cols)
	nn.Softmax(logits, p)
	return p
}
