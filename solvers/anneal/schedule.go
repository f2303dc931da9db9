package anneal

import (
	"math"
	"strconv"

	"github.com/sudokubench/sudokubench/encodings/qubo"
)

// nealBetaRange returns dwave-samplers' default β range for a model,
// computed on its Ising form as _default_ising_beta_range does: hot =
// ln 2 / (2·max_i(|h_i| + Σ_j |J_ij|)), so that the hardest flip is
// accepted half the time; cold = ln(k/0.01) / (2·m), m the smallest
// non-zero |h_i| or |J_ij| of any variable and k how many variables have
// it, so that an excitation on the last sweep is unlikely (1%).
func nealBetaRange(m *qubo.Model) (hot, cold float64) {
	h, j, _ := m.Ising()
	sum := make([]float64, len(h))
	least := make([]float64, len(h)) // 0: no non-zero bias yet
	for i, v := range h {
		sum[i], least[i] = math.Abs(v), math.Abs(v)
	}
	for k, c := range m.Couplers {
		w := math.Abs(j[k])
		for _, i := range []int32{c.I, c.J} {
			sum[i] += w
			if w != 0 && (least[i] == 0 || w < least[i]) {
				least[i] = w
			}
		}
	}
	maxField, minBias, atMin := 0.0, math.Inf(1), 0
	for i := range h {
		maxField = max(maxField, sum[i])
		switch l := least[i]; {
		case l == 0:
		case l < minBias:
			minBias, atMin = l, 1
		case l == minBias:
			atMin++
		}
	}
	if atMin == 0 { // every bias zero: dwave-samplers' arbitrary range
		return 0.1, 1
	}
	hot = 1
	if maxField > 0 {
		hot = math.Ln2 / (2 * maxField)
	}
	return hot, math.Log(float64(atMin)/0.01) / (2 * minBias)
}

// BetaRange chooses the ends of an inverse-temperature schedule or
// ladder: dwave-samplers' default range for the model with its ends
// multiplied by Hot and Cold, or, when Fixed, the β values Hot and Cold
// themselves (in the model's energy units, where the smallest penalty is
// 1 with the default weights).
type BetaRange struct {
	Hot, Cold float64
	Fixed     bool
}

// NealRange is dwave-samplers' default range.
var NealRange = BetaRange{Hot: 1, Cold: 1}

// of returns the range's ends for a model.
func (b BetaRange) of(m *qubo.Model) (hot, cold float64) {
	if b.Fixed {
		return b.Hot, b.Cold
	}
	hot, cold = nealBetaRange(m)
	return hot * b.Hot, cold * b.Cold
}

func (b BetaRange) String() string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	if b.Fixed {
		return "beta " + f(b.Hot) + " to " + f(b.Cold)
	}
	return "neal default × " + f(b.Hot) + " (hot), × " + f(b.Cold) + " (cold)"
}

// geometric returns k values from a to b in geometric progression, both
// ends included (numpy's geomspace); a single value is b, as
// dwave-samplers anneals a one-sweep schedule at the target β.
func geometric(a, b float64, k int) []float64 {
	if k == 1 {
		return []float64{b}
	}
	out := make([]float64, k)
	ratio := math.Log(b / a)
	for i := range out {
		out[i] = a * math.Exp(ratio*float64(i)/float64(k-1))
	}
	out[k-1] = b
	return out
}

// acceptance holds Metropolis tables for a list of β values: row k gives,
// for an energy rise d ≥ 1, exp(−β_k·d)·2³² as a threshold for a uniform
// 32-bit draw. A row ends where the probability falls below 2⁻³² (or at
// the largest rise the problem has), so that rises past its end are
// rejected without a draw: dwave-samplers skips them the same way. Rows
// are filled when first used, so that a read that stops early pays only
// for the rows it swept.
type acceptance struct {
	betas  []float64
	probs  []uint32
	start  []int32 // row k is probs[start[k]:start[k+1]]; index 0 unused
	filled []bool
}

// newAcceptance lays out the tables of betas for rises up to maxRise.
func newAcceptance(betas []float64, maxRise int32) *acceptance {
	a := &acceptance{betas: betas, start: make([]int32, len(betas)+1), filled: make([]bool, len(betas))}
	for k, b := range betas {
		cut := maxRise + 1
		if b > 0 {
			// exp(−β·d)·2³² < 1 from d > 32·ln 2 / β on.
			cut = int32(min(float64(cut), math.Ceil(32*math.Ln2/b)))
		}
		a.start[k+1] = a.start[k] + cut
	}
	a.probs = make([]uint32, a.start[len(betas)])
	return a
}

// rows returns how many β values the tables hold.
func (a *acceptance) rows() int { return len(a.betas) }

// row returns the thresholds of β number k.
func (a *acceptance) row(k int) []uint32 {
	r := a.probs[a.start[k]:a.start[k+1]]
	if !a.filled[k] {
		a.filled[k] = true
		step, p := math.Exp(-a.betas[k]), 1.0
		r[0] = math.MaxUint32
		for d := 1; d < len(r); d++ {
			p *= step
			r[d] = uint32(min(p*(1<<32), math.MaxUint32))
		}
	}
	return r
}
