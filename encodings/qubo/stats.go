package qubo

// Stats is the size of a model.
type Stats struct {
	Variables int
	Couplers  int // quadratic terms with a non-zero weight
	Offset    int64
	// MaxBias is the largest absolute coefficient, linear or quadratic:
	// the precision an annealer must resolve.
	MaxBias int64
	// Settled counts the cells decided before sampling (givens included).
	Settled int
}

// Stats measures the model.
func (m *Model) Stats() Stats {
	s := Stats{Variables: len(m.Vars), Couplers: len(m.Couplers), Offset: m.Offset, Settled: m.Settled.Hints()}
	for _, a := range m.Linear {
		s.MaxBias = max(s.MaxBias, abs(a))
	}
	for _, c := range m.Couplers {
		s.MaxBias = max(s.MaxBias, abs(c.W))
	}
	return s
}

// Sizes returns the statistics keyed as solvers.Result.Model expects.
func (s Stats) Sizes() map[string]int {
	return map[string]int{
		"variables":     s.Variables,
		"couplers":      s.Couplers,
		"offset":        int(s.Offset),
		"max_bias":      int(s.MaxBias),
		"settled_cells": s.Settled,
	}
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// Ising returns the model over spins s = 2x − 1: the energy is Σ h[i]·s[i]
// + Σ j[k]·s[I]·s[J] over the couplers k (in Couplers order) + offset, the
// same function as the QUBO's. Annealers that follow dwave-samplers derive
// their temperatures from these biases.
func (m *Model) Ising() (h, j []float64, offset float64) {
	h = make([]float64, len(m.Vars))
	j = make([]float64, len(m.Couplers))
	offset = float64(m.Offset)
	for i, a := range m.Linear {
		h[i] = float64(a) / 2
		offset += float64(a) / 2
	}
	for k, c := range m.Couplers {
		q := float64(c.W) / 4
		j[k] = q
		h[c.I] += q
		h[c.J] += q
		offset += q
	}
	return h, j, offset
}
