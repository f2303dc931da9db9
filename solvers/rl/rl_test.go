package rl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// tinyPolicy is a small GCN that reads the legal digits, with fresh
// weights: for tests of the agents' machinery, not of their skill.
func tinyPolicy(seed uint64) *Policy {
	net := neural.NewGCN(neural.GCNConfig{Width: 4, Blocks: 1, Legal: true}, rand.New(rand.NewPCG(seed, 1)))
	return &Policy{Net: net.(neural.Differentiable), Temperature: 1}
}

func solve(t *testing.T, s solvers.Solver, g *sudoku.Grid, seed int64) solvers.Result {
	t.Helper()
	res, err := s.Solve(context.Background(), solvers.Request{Puzzle: g, Mode: solvers.First, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRandomAgent: one blank is always solved; an episode is a read with
// its steps and return; the same seed plays the same episode; every size
// and variant plays.
func TestRandomAgent(t *testing.T) {
	p := solvertest.Corpus(t, "17-clue+63", 1)[0] // one blank
	res := solve(t, &Solver{}, p.Grid, 1)
	if res.Status != solvers.Solved || !res.Solution.Equal(p.Solution) || res.Counters["steps"] != 1 || res.Counters["return"] != 100 {
		t.Fatalf("one blank: %s %v", res.Status, res.Counters)
	}
	if r, _ := res.Counters.Get(solvers.ReadsSolved); r != 1 {
		t.Fatalf("reads solved %v", res.Counters)
	}
	g := solvertest.Corpus(t, "17-clue+28", 1)[0].Grid
	a, b, c := solve(t, &Solver{}, g, 7), solve(t, &Solver{}, g, 7), solve(t, &Solver{}, g, 8)
	if a.Status != solvers.GaveUp || !strings.Contains(a.Detail, "dead end") || fmt.Sprint(a.Counters) != fmt.Sprint(b.Counters) {
		t.Fatalf("seed 7 twice: %s %q %v and %v", a.Status, a.Detail, a.Counters, b.Counters)
	}
	if fmt.Sprint(a.Counters) == fmt.Sprint(c.Counters) {
		t.Logf("seeds 7 and 8 played alike: %v", a.Counters) // possible, not likely
	}
	for _, box := range []int{2, 4} {
		for _, v := range []sudoku.Variant{sudoku.Classic, sudoku.Diagonal} {
			for _, g := range solvertest.HolesPuzzles(t, box, v, 0.7, 3, 1) {
				res := solve(t, &Solver{}, g, 1)
				if res.Status != solvers.Solved && res.Status != solvers.GaveUp {
					t.Fatalf("%s: %s %s", g.Geometry(), res.Status, res.Detail)
				}
				if res.Status == solvers.Solved {
					if err := sudoku.CheckSolution(g, res.Solution); err != nil {
						t.Fatalf("%s: %v", g.Geometry(), err)
					}
				}
			}
		}
	}
}

// TestAgentsRefuse: a puzzle with no solution at sight is gave-up, a bad
// request an error status, a learned agent's other sizes too.
func TestAgentsRefuse(t *testing.T) {
	illPosed := solvertest.IllPosedPuzzles(3, sudoku.Classic)[0].Grid
	small := solvertest.HolesPuzzles(t, 2, sudoku.Classic, 0.5, 1, 1)[0]
	learned := &Solver{agent: "test", policy: tinyPolicy(1)}
	for _, tc := range []struct {
		name string
		s    *Solver
		req  solvers.Request
		want solvers.Status
	}{
		{"random ill-posed", &Solver{}, solvers.Request{Puzzle: illPosed, Mode: solvers.First}, solvers.GaveUp},
		{"learned ill-posed", learned, solvers.Request{Puzzle: illPosed, Mode: solvers.First}, solvers.GaveUp},
		{"learned 4×4", learned, solvers.Request{Puzzle: small, Mode: solvers.First}, solvers.Error},
		{"no puzzle", &Solver{}, solvers.Request{Mode: solvers.First}, solvers.Error},
		{"bad mode", &Solver{}, solvers.Request{Puzzle: small, Mode: "best"}, solvers.Error},
	} {
		res, err := tc.s.Solve(context.Background(), tc.req)
		if err != nil || res.Status != tc.want || res.Solution != nil || res.Detail == "" {
			t.Errorf("%s: %s %q, solution %v, error %v; want %s", tc.name, res.Status, res.Detail, res.Solution, err, tc.want)
		}
	}
}

// TestLearnedAgentPlaysGreedily: the pipeline's episode is the policy's
// greedy one, every move legal, and a full board is solved.
func TestLearnedAgentPlaysGreedily(t *testing.T) {
	p := tinyPolicy(2)
	for _, pz := range solvertest.Corpus(t, "17-clue+60", 3) {
		res := solve(t, &Solver{agent: "test", policy: p}, pz.Grid, 1)
		if res.Counters["invalid_moves"] != 0 || res.Counters["passes"] != res.Counters["steps"] {
			t.Fatalf("%s: %v", pz.ID, res.Counters)
		}
		score, err := p.Evaluate([]neural.Example{exampleOf(pz)})
		if err != nil {
			t.Fatal(err)
		}
		if (res.Status == solvers.Solved) != (score.Solved == 1) {
			t.Fatalf("%s: the pipeline %s, the evaluation solved %d", pz.ID, res.Status, score.Solved)
		}
	}
}

// TestPlayRefusesOutputThatIsNotANumber: a network whose output for a
// board overflows is an error saying so, not an action out of range.
func TestPlayRefusesOutputThatIsNotANumber(t *testing.T) {
	p := tinyPolicy(2)
	for _, w := range p.Net.Params() {
		for i := range w.Value.Data {
			w.Value.Data[i] = float32(math.Inf(1))
		}
	}
	pz := solvertest.Corpus(t, "17-clue+60", 1)[0]
	_, err := (&Solver{agent: "test", policy: p}).Solve(context.Background(), solvers.Request{Puzzle: pz.Grid, Mode: solvers.First, Seed: 1})
	if !errors.Is(err, errNotFinite) {
		t.Fatalf("Solve with a network of infinite weights: %v, want %v", err, errNotFinite)
	}
}

// exampleOf is a corpus puzzle and its solution as the networks' data.
func exampleOf(p corpora.Puzzle) neural.Example {
	var ex neural.Example
	copy(ex.Puzzle[:], p.Grid.Cells())
	copy(ex.Solution[:], p.Solution.Cells())
	return ex
}

// TestSampleFollowsTheDistribution: sampling picks legal actions at
// their probabilities; greedy the legal one of highest l.
func TestSampleFollowsTheDistribution(t *testing.T) {
	s := stepOf(patternBoard(50, 4))
	rng := rand.New(rand.NewPCG(3, 3))
	l := make([]float32, actions)
	for i := range l {
		l[i] = float32(rng.NormFloat64())
	}
	p := &Policy{Temperature: 2}
	pi := make([]float64, actions)
	p.distribution(l, s.mask[:], pi)
	counts := make([]int, actions)
	const n = 200_000
	for range n {
		counts[sample(pi, rng)]++
	}
	for a, c := range counts {
		if s.mask[a] == 0 && c > 0 {
			t.Fatalf("sampled illegal action %d", a)
		}
		if want := pi[a] * n; math.Abs(float64(c)-want) > 5*math.Sqrt(want)+1 { // five standard deviations
			t.Errorf("action %d: %d samples, want about %.0f", a, c, want)
		}
	}
	g := greedy(l, s.mask[:])
	for a, m := range s.mask {
		if m == 1 && l[a] > l[g] {
			t.Fatalf("greedy chose %d (l %g), %d has %g", g, l[g], a, l[a])
		}
	}
	if s.mask[g] != 1 {
		t.Fatalf("greedy chose illegal %d", g)
	}
}

// tinyTraining is a small training run: a scratch agent of a tiny
// network on a small pool.
func tinyTraining() TrainConfig {
	cfg, _ := DefaultTraining(AgentScratch, 3, 4)
	cfg.Puzzles, cfg.Rollouts, cfg.States, cfg.Pool, cfg.PoolHints = 2, 2, 3, 8, 30
	cfg.GCN = neural.GCNConfig{Width: 4, Blocks: 1, Legal: true}
	return cfg
}

// TestTrainingResumesToTheSameBits: a run stopped after two updates,
// saved and resumed, ends with the bits of one that never stopped, and
// an update changes the weights.
func TestTrainingResumesToTheSameBits(t *testing.T) {
	ctx := context.Background()
	cfg := tinyTraining()
	weights := func(r *Run) []byte {
		var buf bytes.Buffer
		if err := Save(&buf, r.Policy()); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	whole, err := NewRun(ctx, cfg, 1, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	start := weights(whole)
	if err := whole.Train(ctx, cfg.Updates, "", "", progress.Discard); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(start, weights(whole)) {
		t.Fatal("four updates left the weights as they were")
	}
	first, err := NewRun(ctx, cfg, 2, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Train(ctx, 2, "", "", progress.Discard); err != nil {
		t.Fatal(err)
	}
	var ckpt bytes.Buffer
	if err := first.Save(&ckpt); err != nil {
		t.Fatal(err)
	}
	second, err := Resume(ctx, &ckpt, 1, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := second.Train(ctx, cfg.Updates, "", "", progress.Discard); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(weights(whole), weights(second)) {
		t.Fatal("the resumed run's weights differ from the whole run's")
	}
	a, b := whole.Trained(), second.Trained()
	if fmt.Sprint(a.Curve, a.Tests) != fmt.Sprint(b.Curve, b.Tests) || len(b.Pieces) != 2 {
		t.Fatalf("curves %v and %v; pieces %v", a.Curve, b.Curve, b.Pieces)
	}
}

func TestLoadRefusesOtherNetworks(t *testing.T) {
	var buf bytes.Buffer
	if err := neural.Save(&buf, neural.NewGCN(neural.GCNConfig{Width: 4, Blocks: 1}, rand.New(rand.NewPCG(1, 1)))); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(&buf, 1); err == nil || !strings.Contains(err.Error(), "legal digits") {
		t.Fatalf("a GCN without legal inputs: %v", err)
	}
	p := tinyPolicy(5)
	buf.Reset()
	if err := Save(&buf, p); err != nil {
		t.Fatal(err)
	}
	back, err := Load(bytes.NewReader(buf.Bytes()), 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, param := range back.Net.Params() {
		if !slices.Equal(param.Value.Data, p.Net.Params()[i].Value.Data) {
			t.Fatalf("%s differs after a save and a load", param.Name)
		}
	}
}

// TestShippedAgentsReproduceTheirScores: each shipped agent's weights
// match their SHA-256 and score on the fixed test set what their
// provenance records.
func TestShippedAgentsReproduceTheirScores(t *testing.T) {
	for _, agent := range Agents {
		t.Run("agent="+agent, func(t *testing.T) {
			p, prov, err := Shipped(agent)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ScoreTestSet(p)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(prov.Test) {
				t.Fatalf("test set scores %v, provenance records %v", got, prov.Test)
			}
		})
	}
}

// TestScratchStartsAsTheRandomAgent: from scratch, the policy is uniform
// over the legal actions of any board.
func TestScratchStartsAsTheRandomAgent(t *testing.T) {
	cfg := tinyTraining()
	net, err := startingNet(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := &Policy{Net: net, Temperature: cfg.Temperature}
	s := stepOf(patternBoard(45, 9))
	var ar nn.Arena
	logits := p.Net.Forward(&ar, batchOf([]*step{s}), false).Logits.Data
	l := make([]float32, actions)
	logProbs(logits, l)
	pi := make([]float64, actions)
	p.distribution(l, s.mask[:], pi)
	legal := 0
	for _, m := range s.mask {
		legal += int(m)
	}
	for a, m := range s.mask {
		if want := float64(m) / float64(legal); math.Abs(pi[a]-want) > 1e-9 {
			t.Fatalf("π(%d) = %g, want %g", a, pi[a], want)
		}
	}
}

// TestAdvantages: each episode's return less its puzzle's other
// rollouts' mean, scaled to a root mean square of 1; zero when all
// rollouts of each puzzle ended alike.
func TestAdvantages(t *testing.T) {
	pz := solvertest.Corpus(t, "17-clue+28", 1)[0]
	given := slices.IndexFunc(pz.Grid.Cells(), func(d uint8) bool { return d != 0 })
	episodes := func(invalid ...int) []*episode {
		var eps []*episode
		for _, k := range invalid {
			e, err := newEpisode(env.Config{Horizon: 100}, env.Puzzle{ID: "p", Grid: pz.Grid})
			if err != nil {
				t.Fatal(err)
			}
			for range k {
				e.env.Step(given * digits) // −5 each
			}
			eps = append(eps, e)
		}
		return eps
	}
	// Returns −5, −15 | −10, −10: raw advantages 10, −10, 0, 0.
	got := advantages(episodes(1, 3, 2, 2), 2)
	want := []float64{10 / math.Sqrt(50), -10 / math.Sqrt(50), 0, 0}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("advantages %v, want %v", got, want)
		}
	}
	if got := advantages(episodes(2, 2, 4, 4), 2); slices.ContainsFunc(got, func(a float64) bool { return a != 0 }) {
		t.Fatalf("rollouts that ended alike: advantages %v", got)
	}
}

// TestUpdateWithNonFiniteGradientsIsSkipped: a gradient that is not a
// finite number leaves every weight as it was (one Adam step of it would
// make them all NaN) and is counted; a finite one moves the weights.
func TestUpdateWithNonFiniteGradientsIsSkipped(t *testing.T) {
	run, err := NewRun(context.Background(), tinyTraining(), 1, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	weights := func() []byte {
		var buf bytes.Buffer
		if err := Save(&buf, run.Policy()); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	ps := run.Policy().Net.Params()
	before := weights()
	for _, bad := range []float32{float32(math.NaN()), float32(math.Inf(1))} {
		ps.ZeroGrad()
		ps[0].Grad.Data[0] = bad
		run.apply()
		if !bytes.Equal(before, weights()) {
			t.Fatalf("a gradient of %v changed the weights", bad)
		}
	}
	if got := run.Trained().Skipped; got != 2 {
		t.Errorf("skipped %d updates, want 2", got)
	}
	ps.ZeroGrad()
	ps[0].Grad.Data[0] = 1
	run.apply()
	if bytes.Equal(before, weights()) {
		t.Error("a finite gradient left the weights as they were")
	}
}
