package neural

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// Differentiable is a network whose per-cell logits any loss can train,
// not only the cross-entropy of Train: the policy of a reinforcement
// learner (solvers/rl), say. The GCN is one.
type Differentiable interface {
	Model
	// Forward returns the logits of every cell of the batch (one row of
	// nine per cell) and what Backward needs. With training false, batch
	// normalisation uses its running statistics, and Backward takes them
	// as constants.
	Forward(ar *nn.Arena, b Batch, training bool) Pass
	// Backward adds the gradient of a loss to the parameters' gradients,
	// given the loss's gradient with respect to the pass's logits.
	Backward(ar *nn.Arena, p Pass, dlogits Mat)
}

// Pass is a forward pass of a Differentiable network.
type Pass struct {
	Logits Mat
	conv   convPass
}

// Forward runs the batch through the network.
func (m *convNet) Forward(ar *nn.Arena, b Batch, training bool) Pass {
	p := m.forward(ar, b, training)
	return Pass{Logits: p.logits, conv: p}
}

// Backward back-propagates a pass of this network.
func (m *convNet) Backward(ar *nn.Arena, p Pass, dlogits Mat) { m.backward(ar, p.conv, dlogits) }

// WithLegalInputs returns a copy of a GCN, with weights of its own, whose
// stem also reads each cell's legal digits (GCNConfig.Legal). The stem's
// weights from the new channels start at zero, so the copy computes what
// the network did until training teaches it to use them.
func WithLegalInputs(m Model) (Differentiable, error) {
	src, ok := m.(*convNet)
	if !ok || src.kind != "gcn" {
		return nil, fmt.Errorf("legal inputs: want a gcn, not a %s", m.Kind())
	}
	cfg := src.cfg.(GCNConfig)
	if cfg.Legal {
		return nil, errors.New("legal inputs: the gcn reads them already")
	}
	cfg.Legal = true
	rng := rand.New(rand.NewPCG(0, 0)) // every value is overwritten below
	ps := convLayers(cfg.Width, cfg.Blocks, gcnInputs(cfg), rng)
	nn.NewLinear(&ps, "readout", cfg.Width, Digits, rng)
	for i, p := range ps {
		from := src.ps[i]
		if p.Name != convName(0)+".w" {
			copy(p.Value.Data, from.Value.Data)
			continue
		}
		// The stem's rows are nine neighbours × the input channels: the
		// board's channels keep their weights, the legal ones get zeros.
		in := gcnInputs(cfg)
		for k := range 9 {
			for j := range boardInputs {
				copy(p.Value.Row(k*in+j), from.Value.Row(k*boardInputs+j))
			}
			for j := boardInputs; j < in; j++ {
				clear(p.Value.Row(k*in + j))
			}
		}
	}
	return gcnFrom(cfg, ps), nil
}
