package anneal

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/sudoku"
)

// randomModel is a QUBO of n variables with random integer weights of
// both signs: the samplers' arithmetic must not rely on Sudoku's signs.
func randomModel(n int, density float64, rng *rand.Rand) *qubo.Model {
	m := &qubo.Model{Vars: make([]qubo.Var, n), Linear: make([]int64, n), Offset: int64(rng.IntN(7) - 3)}
	for i := range m.Linear {
		m.Linear[i] = int64(rng.IntN(11) - 5)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if rng.Float64() < density {
				m.Couplers = append(m.Couplers, qubo.Coupler{I: int32(i), J: int32(j), W: int64(rng.IntN(9) - 4)})
			}
		}
	}
	return m
}

func mustProblem(t *testing.T, m *qubo.Model) *problem {
	t.Helper()
	p, err := newProblem(m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkState compares s with a state loaded afresh from its assignment:
// the incremental ΔE and energy must equal the recomputed ones, and the
// energy the model's.
func checkState(t *testing.T, m *qubo.Model, p *problem, s *state) {
	t.Helper()
	x := s.assignment()
	fresh := newState(p.n)
	fresh.load(p, x)
	if s.energy != fresh.energy || s.energy != m.Energy(x) {
		t.Fatalf("energy %d, recomputed %d, model %d", s.energy, fresh.energy, m.Energy(x))
	}
	for i := range s.v {
		if s.v[i] != fresh.v[i] {
			t.Fatalf("variable %d: ΔE %d x %d, recomputed ΔE %d x %d", i, s.gain(int32(i)), s.bit(int32(i)), fresh.gain(int32(i)), fresh.bit(int32(i)))
		}
	}
}

func TestFlipsKeepEnergiesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 20; trial++ {
		m := randomModel(20, 0.3, rng)
		p := mustProblem(t, m)
		s, g := newState(p.n), newRNG(int64(trial))
		s.randomize(p, g)
		checkState(t, m, p, s)
		for k := 0; k < 200; k++ {
			before := s.energy
			i := int32(rng.IntN(p.n))
			d := s.gain(i)
			s.flip(p, i)
			if s.energy != before+int64(d) {
				t.Fatalf("flip %d: energy %d, want %d + %d", i, s.energy, before, d)
			}
		}
		checkState(t, m, p, s)
	}
}

// TestSubproblemIsMinimisedExactly compares the branch and bound with
// brute force over every assignment of the subproblem's variables.
func TestSubproblemIsMinimisedExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := 0; trial < 30; trial++ {
		m := randomModel(16, 0.4, rng)
		p := mustProblem(t, m)
		s := newState(p.n)
		s.randomize(p, newRNG(int64(trial)))
		vars := make([]int32, 0, 10)
		for _, v := range rng.Perm(p.n)[:10] {
			vars = append(vars, int32(v))
		}
		want := bruteMinimum(m, s.assignment(), vars)
		before := s.energy
		sub := newSubproblem(p)
		sub.minimize(s, vars, 1<<30)
		if s.energy != want {
			t.Fatalf("trial %d: energy %d after the subproblem, brute force finds %d (was %d)", trial, s.energy, want, before)
		}
		checkState(t, m, p, s)
		for _, v := range sub.pos {
			if v != -1 {
				t.Fatal("subproblem left a variable marked")
			}
		}
	}
}

func bruteMinimum(m *qubo.Model, x []uint8, vars []int32) int64 {
	best := int64(math.MaxInt64)
	y := append([]uint8(nil), x...)
	for mask := 0; mask < 1<<len(vars); mask++ {
		for k, v := range vars {
			y[v] = uint8(mask >> k & 1)
		}
		best = min(best, m.Energy(y))
	}
	return best
}

func TestNealBetaRange(t *testing.T) {
	// Ising form: h = (−0.5, 1.5, 3), J01 = 0.5, J12 = 1. Field sums
	// 1, 3, 4: hot = ln 2 / 8. Smallest biases 0.5, 0.5, 1: two variables
	// at 0.5, cold = ln(2/0.01) / (2·0.5).
	m := &qubo.Model{Vars: make([]qubo.Var, 3), Linear: []int64{-2, 0, 4},
		Couplers: []qubo.Coupler{{I: 0, J: 1, W: 2}, {I: 1, J: 2, W: 4}}}
	hot, cold := nealBetaRange(m)
	if math.Abs(hot-math.Ln2/8) > 1e-12 || math.Abs(cold-math.Log(200)) > 1e-12 {
		t.Errorf("range %g..%g, want %g..%g", hot, cold, math.Ln2/8, math.Log(200))
	}
	if hot, cold := nealBetaRange(&qubo.Model{Vars: make([]qubo.Var, 2), Linear: make([]int64, 2)}); hot != 0.1 || cold != 1 {
		t.Errorf("all-zero model: %g..%g, want dwave-samplers' 0.1..1", hot, cold)
	}
	if hot, cold := (BetaRange{Hot: 2, Cold: 3}).of(m); math.Abs(hot-math.Ln2/4) > 1e-12 || math.Abs(cold-3*math.Log(200)) > 1e-12 {
		t.Errorf("scaled range %g..%g", hot, cold)
	}
	if hot, cold := (BetaRange{Hot: 0.5, Cold: 2, Fixed: true}).of(m); hot != 0.5 || cold != 2 {
		t.Errorf("fixed range %g..%g", hot, cold)
	}
}

func TestGeometricScheduleAndTables(t *testing.T) {
	b := geometric(0.1, 10, 5)
	want := []float64{0.1, math.Sqrt(0.1), 1, math.Sqrt(10), 10}
	for i := range b {
		if math.Abs(b[i]-want[i]) > 1e-12 {
			t.Fatalf("schedule %v, want %v", b, want)
		}
	}
	if b := geometric(0.1, 10, 1); len(b) != 1 || b[0] != 10 {
		t.Errorf("one sweep: %v, want the target β", b)
	}
	acc := newAcceptance([]float64{0.5, 20}, 100)
	hot, cold := acc.row(0), acc.row(1)
	// β 0.5: probabilities above 2⁻³² up to d = 44; β 20: only d = 1.
	if len(hot) != 45 || len(cold) != 2 {
		t.Fatalf("rows of %d and %d entries", len(hot), len(cold))
	}
	if got, want := float64(hot[3])/(1<<32), math.Exp(-1.5); math.Abs(got-want) > 1e-9 {
		t.Errorf("P(accept ΔE 3 at β 0.5) = %g, want %g", got, want)
	}
	if got := newAcceptance([]float64{0.01}, 10).row(0); len(got) != 11 {
		t.Errorf("a hot row ends at the largest rise: %d entries", len(got))
	}
}

func TestRNGIsUniformEnough(t *testing.T) {
	g := newRNG(3)
	var counts [10]int
	for i := 0; i < 100000; i++ {
		counts[g.intn(10)]++
		if f := g.float(); f < 0 || f >= 1 {
			t.Fatalf("float %g outside [0, 1)", f)
		}
	}
	for d, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("digit %d drawn %d times of 100000", d, c)
		}
	}
	if newRNG(3).next() == newRNG(4).next() {
		t.Error("seeds 3 and 4 start alike")
	}
}

// TestSwapsKeepCellsAndBoxesOneHot makes every swap it is offered on the
// pruned model of a 25-given puzzle: the energy change worked out before
// each swap must be the change the flips make, the state's incremental
// energies must stay exact, and no cell or box constraint may ever break,
// only rows and columns.
func TestSwapsKeepCellsAndBoxesOneHot(t *testing.T) {
	g, err := sudoku.ParseLine(".531.8...........1.....2.3......3.25..164......5....6..3......4.74.8...962..17...", sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	m, err := qubo.Pose(g, qubo.Options{Formulation: qubo.Pruned})
	if err != nil {
		t.Fatal(err)
	}
	p := mustProblem(t, m)
	r := newRun(context.Background(), m, p, 1, 1e9)
	b, s := newSwapBoard(r), newState(p.n)
	b.randomize(newMatcher(b), r.rng, p, s, make([]uint8, p.n))
	swaps := 0
	for range 3000 {
		mv, ok := b.propose(r.rng, s)
		if !ok {
			continue
		}
		before := s.energy
		b.apply(p, s, mv)
		swaps++
		if s.energy-before != mv.rise {
			t.Fatalf("swap %d: energy %+d, proposed as %+d", swaps, s.energy-before, mv.rise)
		}
		checkState(t, m, p, s)
		violations, err := m.Violations(s.assignment())
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range violations {
			if !strings.HasPrefix(v.Constraint, "row ") && !strings.HasPrefix(v.Constraint, "column ") {
				t.Fatalf("swap %d broke %s", swaps, v)
			}
		}
	}
	if swaps < 1000 {
		t.Fatalf("%d of 3000 proposals made a swap", swaps)
	}
}
