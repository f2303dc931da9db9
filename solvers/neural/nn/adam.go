package nn

import "math"

// Adam is the optimiser of Kingma and Ba with bias correction. The
// learning rate is given at every step, so that a schedule lives with the
// trainer.
type Adam struct {
	Beta1, Beta2, Eps float64
	params            Params
	m, v              [][]float32
	t                 int
}

// NewAdam returns Adam with the usual constants (0.9, 0.999, 1e-8) for ps.
func NewAdam(ps Params) *Adam {
	a := &Adam{Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, params: ps}
	for _, p := range ps {
		a.m = append(a.m, make([]float32, len(p.Value.Data)))
		a.v = append(a.v, make([]float32, len(p.Value.Data)))
	}
	return a
}

// Steps returns how many updates Adam has made: its bias correction
// depends on it.
func (a *Adam) Steps() int { return a.t }

// SetSteps sets the update count, for a run resumed from a checkpoint.
func (a *Adam) SetSteps(t int) { a.t = t }

// Moments returns Adam's first and second moments of every learnt
// parameter as parameters named "adam.m/NAME" and "adam.v/NAME", sharing
// Adam's storage: saved in a checkpoint and loaded back, they let a run
// resume exactly where it stopped.
func (a *Adam) Moments() Params {
	var out Params
	for i, p := range a.params {
		if p.Stat {
			continue
		}
		rows, cols := p.Value.Rows, p.Value.Cols
		out = append(out,
			&Param{Name: "adam.m/" + p.Name, Value: Mat{Rows: rows, Cols: cols, Data: a.m[i]}},
			&Param{Name: "adam.v/" + p.Name, Value: Mat{Rows: rows, Cols: cols, Data: a.v[i]}})
	}
	return out
}

// Step updates every parameter from its gradient with learning rate lr.
func (a *Adam) Step(lr float64) {
	a.t++
	b1, b2 := float32(a.Beta1), float32(a.Beta2)
	c1 := 1 - math.Pow(a.Beta1, float64(a.t))
	c2 := 1 - math.Pow(a.Beta2, float64(a.t))
	step := float32(lr * math.Sqrt(c2) / c1)
	eps := float32(a.Eps * math.Sqrt(c2))
	for i, p := range a.params {
		if p.Stat {
			continue
		}
		m, v, w := a.m[i], a.v[i], p.Value.Data
		for j, g := range p.Grad.Data {
			m[j] = float32(b1*m[j]) + float32((1-b1)*g)
			v[j] = float32(b2*v[j]) + float32((1-b2)*g*g)
			w[j] -= step * m[j] / (float32(math.Sqrt(float64(v[j]))) + eps)
		}
	}
}
