package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// legalOf returns the legal digits of every cell of the boards: nine bytes
// per cell, 1 where no peer holds the digit on a blank.
func legalOf(boards []uint8) []uint8 {
	geo := geometry()
	legal := make([]uint8, len(boards)*Digits)
	for b := 0; b < len(boards)/Cells; b++ {
		board := boards[b*Cells : (b+1)*Cells]
		for c, d := range board {
			if d != 0 {
				continue
			}
			row := legal[(b*Cells+c)*Digits : (b*Cells+c+1)*Digits]
			for i := range row {
				row[i] = 1
			}
			for _, p := range geo.Peers[c] {
				if q := board[p]; q != 0 {
					row[q-1] = 0
				}
			}
		}
	}
	return legal
}

// TestDifferentiableGradients checks Backward against central differences
// of Σ r·logits, with batch normalisation on its running statistics (the
// way a policy trains) and on the batch's, for a GCN that reads the
// legal digits.
func TestDifferentiableGradients(t *testing.T) {
	b := batchOf(patternExample(45, 1), patternExample(30, 2))
	b.Legal = legalOf(b.Boards)
	for _, training := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(1, 1))
		m := NewGCN(GCNConfig{Width: 3, Blocks: 2, Legal: true}, rng).(Differentiable)
		for _, p := range m.Params() { // statistics away from 0 and 1, so that frozen ones matter
			if p.Stat {
				for i := range p.Value.Data {
					p.Value.Data[i] = float32(0.5 + rng.Float64())
				}
			}
		}
		r := nn.NewMat(len(b.Boards), Digits)
		for i := range r.Data {
			r.Data[i] = float32(rng.NormFloat64())
		}
		loss := func() float64 {
			var ar nn.Arena
			var s float64
			for i, v := range m.Forward(&ar, b, training).Logits.Data {
				s += float64(v) * float64(r.Data[i])
			}
			return s
		}
		var ar nn.Arena
		m.Params().ZeroGrad()
		m.Backward(&ar, m.Forward(&ar, b, training), r)
		values, bad := 0, 0
		for _, p := range m.Params() {
			if p.Stat {
				continue
			}
			for j := 0; j < len(p.Value.Data); j += gradStride(p) {
				values++
				if !agrees(p, j, loss) {
					bad++
				}
			}
		}
		if bad > values/100 {
			t.Errorf("training %v: %d of %d gradient values disagree with central differences", training, bad, values)
		}
	}
}

// agrees reports whether a value's gradient matches a central difference
// of loss within 2% at one of three step sizes.
func agrees(p *nn.Param, j int, loss func() float64) bool {
	orig := p.Value.Data[j]
	defer func() { p.Value.Data[j] = orig }()
	for _, eps := range []float32{1e-2, 1e-3, 1e-4} {
		p.Value.Data[j] = orig + eps
		up := loss()
		p.Value.Data[j] = orig - eps
		down := loss()
		if num := (up - down) / float64(2*eps); math.Abs(num-float64(p.Grad.Data[j])) <= 2e-2*math.Max(math.Abs(num), 1) {
			return true
		}
	}
	return false
}

// TestWithLegalInputsKeepsTheNetwork: the widened GCN predicts what the
// original does until it learns to read the legal digits, and its weights
// are its own.
func TestWithLegalInputsKeepsTheNetwork(t *testing.T) {
	orig := NewGCN(GCNConfig{Width: 8, Blocks: 2}, rand.New(rand.NewPCG(3, 3)))
	wide, err := WithLegalInputs(orig)
	if err != nil {
		t.Fatal(err)
	}
	b := batchOf(patternExample(40, 5), patternExample(20, 6))
	var ar nn.Arena
	want := orig.Predict(&ar, b).Data
	b.Legal = legalOf(b.Boards)
	got := wide.Predict(&ar, b).Data
	for i := range want {
		if math.Abs(float64(want[i]-got[i])) > 1e-5 {
			t.Fatalf("probability %d: %g with legal inputs, %g without", i, got[i], want[i])
		}
	}
	wide.Params()[0].Value.Data[0] += 1
	if orig.Params()[0].Value.Data[0] == wide.Params()[0].Value.Data[0] {
		t.Fatal("the widened network shares its weights with the original")
	}
	if _, err := WithLegalInputs(wide); err == nil {
		t.Fatal("widening a network that reads legal digits: no error")
	}
}
