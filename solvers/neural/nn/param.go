package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Param is one learnable matrix and the gradient accumulated for it.
type Param struct {
	Name  string
	Value Mat
	Grad  Mat
	// Stat marks a statistic a layer keeps rather than a weight it learns
	// (batch normalisation's running mean and variance): saved with the
	// weights, left alone by the optimiser and by gradient clipping. In
	// training its Grad holds what the batch measured, summed over the
	// replicas, and FoldStats moves Value toward it.
	Stat bool
}

// Params is a model's parameters in a fixed order: the order of
// checkpoints, of the optimiser's updates and of every sum over them.
type Params []*Param

// Init says how a new parameter is filled.
type Init int

// Initialisations.
const (
	Zeros Init = iota
	Ones
	// He draws from a normal distribution with variance 2/rows, for a
	// weight matrix of rows inputs followed by a ReLU.
	He
	// Normal draws from the standard normal distribution.
	Normal
)

// New adds a rows×cols parameter, filled as init says with draws from rng,
// and returns it. A name used twice is a programming error and panics.
func (ps *Params) New(name string, rows, cols int, init Init, rng *rand.Rand) *Param {
	if ps.Lookup(name) != nil {
		panic(fmt.Sprintf("nn: parameter %q defined twice", name))
	}
	p := &Param{Name: name, Value: NewMat(rows, cols), Grad: NewMat(rows, cols)}
	var std float64
	switch init {
	case Ones:
		for i := range p.Value.Data {
			p.Value.Data[i] = 1
		}
	case He:
		std = math.Sqrt(2 / float64(rows))
	case Normal:
		std = 1
	}
	if std > 0 {
		for i := range p.Value.Data {
			p.Value.Data[i] = float32(rng.NormFloat64() * std)
		}
	}
	*ps = append(*ps, p)
	return p
}

// Lookup returns the parameter with that name, or nil.
func (ps Params) Lookup(name string) *Param {
	for _, p := range ps {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Count returns the number of learnable values: the parameter count.
func (ps Params) Count() int {
	n := 0
	for _, p := range ps {
		if !p.Stat {
			n += len(p.Value.Data)
		}
	}
	return n
}

// Size returns the number of values saved, statistics included.
func (ps Params) Size() int {
	n := 0
	for _, p := range ps {
		n += len(p.Value.Data)
	}
	return n
}

// FoldStats moves every statistic toward the mean of what the replicas
// measured (its Grad, summed over them): value = momentum·value +
// (1−momentum)·grad/replicas.
func (ps Params) FoldStats(momentum float32, replicas int) {
	keep, take := momentum, (1-momentum)/float32(replicas)
	for _, p := range ps {
		if !p.Stat {
			continue
		}
		for i, g := range p.Grad.Data {
			p.Value.Data[i] = float32(keep*p.Value.Data[i]) + float32(take*g)
		}
	}
}

// ZeroGrad clears every gradient.
func (ps Params) ZeroGrad() {
	for _, p := range ps {
		clear(p.Grad.Data)
	}
}

// Replica returns parameters that share ps's values but have gradients of
// their own, so that workers can back-propagate parts of a batch at once
// and their gradients be summed in a fixed order afterwards.
func (ps Params) Replica() Params {
	out := make(Params, len(ps))
	for i, p := range ps {
		out[i] = &Param{Name: p.Name, Value: p.Value, Grad: NewMat(p.Value.Rows, p.Value.Cols), Stat: p.Stat}
	}
	return out
}

// AddGrads adds the gradients of a replica of ps to ps's.
func (ps Params) AddGrads(replica Params) {
	for i, p := range ps {
		Add(p.Grad.Data, replica[i].Grad.Data)
	}
}

// ScaleGrads multiplies every gradient by s (statistics' aside).
func (ps Params) ScaleGrads(s float32) {
	for _, p := range ps {
		if p.Stat {
			continue
		}
		for i := range p.Grad.Data {
			p.Grad.Data[i] *= s
		}
	}
}

// GradNorm returns the Euclidean norm of all gradients together
// (statistics' aside).
func (ps Params) GradNorm() float64 {
	var sum float64
	for _, p := range ps {
		if p.Stat {
			continue
		}
		for _, g := range p.Grad.Data {
			sum += float64(g) * float64(g)
		}
	}
	return math.Sqrt(sum)
}

// ClipGrads scales the gradients down so that their norm is at most max,
// and returns the norm before clipping.
func (ps Params) ClipGrads(max float64) float64 {
	norm := ps.GradNorm()
	if norm > max {
		ps.ScaleGrads(float32(max / norm))
	}
	return norm
}
