package rl

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TrainConfig is everything a training run's weights depend on: the same
// config gives the same weights, bit for bit, however many pieces the run
// is split into (Run.Save, Resume).
type TrainConfig struct {
	// Agent is the learned agent's name: "gcn" starts from the supervised
	// GCN's shipped weights (StartSHA256), "gcn-scratch" from fresh
	// weights drawn from the seed.
	Agent       string `json:"agent"`
	StartSHA256 string `json:"start_sha256,omitempty"`
	Seed        uint64 `json:"seed"`
	// Updates is the budget: policy-gradient updates, each from Puzzles
	// puzzles played Rollouts times.
	Updates  int `json:"updates"`
	Puzzles  int `json:"puzzles"`
	Rollouts int `json:"rollouts"`
	// States is how many states of an episode are back-propagated: a
	// uniform sample, weighted up to stand for all of them.
	States   int     `json:"states"`
	LR       float64 `json:"lr"`
	Warmup   int     `json:"warmup"` // updates over which the learning rate rises
	ClipNorm float64 `json:"clip_norm"`
	// Entropy is the weight β of the entropy bonus, Temperature the
	// policy's τ.
	Entropy     float64 `json:"entropy"`
	Temperature float64 `json:"temperature"`
	// Reward is the environment's reward scheme.
	Reward string `json:"reward"`
	// Pool generated puzzles with PoolHints givens, under random
	// symmetries and with solution cells added to a hint count drawn from
	// Levels (neural.Sampler), are the training puzzles.
	Pool      int                `json:"pool"`
	PoolHints int                `json:"pool_hints"`
	Levels    []neural.HintRange `json:"levels"`
	GCN       neural.GCNConfig   `json:"gcn"`
}

// The learned agents.
const (
	AgentGCN     = "gcn"
	AgentScratch = "gcn-scratch"
)

// Agents lists the learned agents.
var Agents = []string{AgentGCN, AgentScratch}

// DefaultUpdates is each agent's update budget: what `sudokubench train
// --model rl-AGENT` runs unless told otherwise.
var DefaultUpdates = map[string]int{AgentGCN: 600, AgentScratch: 600}

// rlPurpose keeps the training pool's generator seeds apart from the
// supervised networks' and from every test set.
const rlPurpose = 0x726c // "rl"

// DefaultTraining returns the configuration of an agent's shipped weights
// for a seed and update budget (DefaultUpdates when 0).
func DefaultTraining(agent string, seed uint64, updates int) (TrainConfig, error) {
	if _, ok := DefaultUpdates[agent]; !ok {
		return TrainConfig{}, fmt.Errorf("no learned agent %q: use %s or %s", agent, AgentGCN, AgentScratch)
	}
	if updates == 0 {
		updates = DefaultUpdates[agent]
	}
	c := TrainConfig{Agent: agent, Seed: seed, Updates: updates, Puzzles: 8, Rollouts: 4, States: 8,
		LR: 1e-5, Warmup: 20, ClipNorm: 1, Entropy: 0.01, Temperature: 10, Reward: env.Article.Name,
		Pool: 2000, PoolHints: 24, Levels: []neural.HintRange{{Min: 24, Max: 30}, {Min: 31, Max: 38}, {Min: 39, Max: 46}},
		GCN: neural.DefaultGCN}
	c.GCN.Legal = true
	if agent == AgentScratch {
		// From scratch the policy starts uniform over the mask (its
		// readout is zero): the random agent, which solves almost nothing
		// below 50 givens. It learns on boards of 36 to 60 givens, at a
		// learning rate for fresh weights.
		c.LR = 3e-4
		c.Levels = []neural.HintRange{{Min: 36, Max: 45}, {Min: 46, Max: 60}}
		return c, nil
	}
	// Fine-tuning: at 1e-4 the training episodes' mean return fell from
	// 116 to 76 within 25 updates, and at update 50 greedy play solved 2
	// of the 25 25-hint test puzzles (21 at the start) and 11 of the 25
	// 30-hint ones (24); at 1e-5 both held. τ = 10 keeps the sampled episodes near the
	// greedy policy (on 25-hint puzzles of 17-clue+8, sampling at τ = 1
	// solved 1 of 40, at τ = 10 16 of 40; greedy play 40 of 50).
	_, prov, err := neural.Shipped("gcn")
	if err != nil {
		return TrainConfig{}, err
	}
	c.StartSHA256 = prov.SHA256
	return c, nil
}

// Check reports a configuration that cannot train.
func (c TrainConfig) Check() error {
	switch {
	case c.Agent != AgentGCN && c.Agent != AgentScratch:
		return fmt.Errorf("train: agent %q: use %s or %s", c.Agent, AgentGCN, AgentScratch)
	case c.Updates < 1 || c.Puzzles < 1 || c.Rollouts < 2 || c.States < 1:
		return fmt.Errorf("train: %d updates of %d puzzles × %d rollouts, %d states each: need at least 1, 1, 2 and 1",
			c.Updates, c.Puzzles, c.Rollouts, c.States)
	case c.LR <= 0 || c.ClipNorm <= 0 || c.Warmup < 0 || c.Entropy < 0 || c.Temperature <= 0:
		return fmt.Errorf("train: learning rate %g, clip norm %g, warm-up %d, entropy %g, temperature %g: need positive values (entropy and warm-up may be 0)",
			c.LR, c.ClipNorm, c.Warmup, c.Entropy, c.Temperature)
	case c.Pool < 1 || c.PoolHints < 17 || c.PoolHints >= cells || len(c.Levels) == 0:
		return fmt.Errorf("train: pool of %d puzzles at %d hints with %d levels: need a puzzle, 17 ≤ hints < 81 and a level", c.Pool, c.PoolHints, len(c.Levels))
	case !c.GCN.Legal:
		return fmt.Errorf("train: the policy's GCN must read the legal digits")
	}
	for _, l := range c.Levels {
		if l.Min < 17 || l.Min > l.Max || l.Max >= cells {
			return fmt.Errorf("train: hint level %d..%d: need 17 ≤ min ≤ max < 81", l.Min, l.Max)
		}
	}
	_, err := env.Scheme(c.Reward)
	return err
}

// LearningRate returns the learning rate of an update (0-based): a linear
// warm-up, then constant.
func (c TrainConfig) LearningRate(update int) float64 {
	if c.Warmup > 0 && update < c.Warmup {
		return c.LR * float64(update+1) / float64(c.Warmup)
	}
	return c.LR
}

// rules are the environment's rules in training.
func (c TrainConfig) rules() env.Config {
	scheme, _ := env.Scheme(c.Reward)
	return env.Config{Reward: scheme}
}

// CurvePoint is the training episodes' mean return and share solved
// over the updates since the previous point (the policy sampling, not
// greedy).
type CurvePoint struct {
	Update int     `json:"update"`
	Return float64 `json:"return"`
	Solved float64 `json:"solved"`
}

// curveEvery is how many updates a curve point averages.
const curveEvery = 5

// Piece is one invocation of a run split into pieces.
type Piece = neural.Piece

// Run is a training run in progress. Save writes it and Resume reads it
// back, so that a run stopped after any update and resumed gives the same
// bits as one that never stopped.
type Run struct {
	cfg     TrainConfig
	policy  *Policy
	adam    *nn.Adam
	pool    []neural.Example
	sampler *neural.Sampler
	src     *rand.PCG // the rollouts' and the state sample's draws
	rng     *rand.Rand
	update  int
	curve   []CurvePoint
	tests   []neural.CurveTest
	// returns, solved and episodes are the sums since the last curve point.
	returns, solved float64
	episodes        int
	elapsed         time.Duration
	pieces          []Piece
	// EvalEvery is how often (in updates) the fixed test set is played
	// for the learning curve; 0 only at the end. It does not change the
	// weights.
	EvalEvery int
	ar        nn.Arena
	skipped   int // updates whose gradients were not finite (apply)
}

// Streams of the run's random numbers.
const (
	initStream  = 0x1217
	drawStream  = 0x9a3e
	statsStream = 0x57a7
)

// NewRun checks the configuration, makes the starting policy and
// generates the pool on up to workers goroutines, reporting the puzzles
// made to meter.
func NewRun(ctx context.Context, cfg TrainConfig, workers int, meter progress.Meter) (*Run, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	pool, err := neural.Generate(ctx, cfg.Seed, rlPurpose, cfg.PoolHints, cfg.Pool, max(workers, 1), meter)
	if err != nil {
		return nil, fmt.Errorf("train: generating the pool: %w", err)
	}
	return newRun(cfg, pool)
}

func newRun(cfg TrainConfig, pool []neural.Example) (*Run, error) {
	net, err := startingNet(cfg)
	if err != nil {
		return nil, err
	}
	src := rand.NewPCG(cfg.Seed, drawStream)
	r := &Run{cfg: cfg, policy: &Policy{Net: net, Temperature: cfg.Temperature}, adam: nn.NewAdam(net.Params()),
		pool: pool, sampler: neural.NewSampler(pool, cfg.Levels, cfg.Seed), src: src, rng: rand.New(src)}
	if cfg.Agent == AgentScratch {
		r.initStatistics()
	}
	return r, nil
}

// startingNet returns the network an agent starts from: the supervised
// GCN widened to read the legal digits, or fresh weights.
func startingNet(cfg TrainConfig) (neural.Differentiable, error) {
	if cfg.Agent == AgentScratch {
		net := neural.NewGCN(cfg.GCN, rand.New(rand.NewPCG(cfg.Seed, initStream))).(neural.Differentiable)
		// A zero readout gives every digit of every cell one logit: the
		// policy starts uniform over the legal actions, at any τ.
		for _, name := range []string{"readout.w", "readout.b"} {
			clear(net.Params().Lookup(name).Value.Data)
		}
		return net, nil
	}
	m, prov, err := neural.Shipped("gcn")
	if err != nil {
		return nil, err
	}
	if prov.SHA256 != cfg.StartSHA256 {
		return nil, fmt.Errorf("train: this run starts from the GCN weights with SHA-256 %s; this build ships %s", cfg.StartSHA256, prov.SHA256)
	}
	return neural.WithLegalInputs(m)
}

// initStatistics sets a fresh network's batch-normalisation statistics to
// those of one batch of training boards, layer by layer (each layer sees
// the ones before it normalised), so that the policy, which runs on the
// statistics as constants, starts with normalised activations. The boards
// come from a stream of their own.
func (r *Run) initStatistics() {
	sampler := neural.NewSampler(r.pool, r.cfg.Levels, r.cfg.Seed^statsStream)
	boards := sampler.Next(64).Boards
	states := make([]*step, len(boards)/cells)
	for i := range states {
		states[i] = stepOf(boards[i*cells : (i+1)*cells])
	}
	ps := r.policy.Net.Params()
	ps.ZeroGrad()
	var ar nn.Arena
	r.policy.Net.Forward(&ar, batchOf(states), true)
	for _, p := range ps {
		if p.Stat {
			copy(p.Value.Data, p.Grad.Data)
		}
	}
	ps.ZeroGrad()
}

// stepOf returns a board and its action mask.
func stepOf(board []uint8) *step {
	s := &step{}
	copy(s.board[:], board)
	for c, d := range s.board {
		if d != 0 {
			continue
		}
		row := s.mask[c*digits : (c+1)*digits]
		for i := range row {
			row[i] = 1
		}
		for _, p := range classic.Peers[c] {
			if q := s.board[p]; q != 0 {
				row[q-1] = 0
			}
		}
	}
	return s
}

// Config returns the run's configuration.
func (r *Run) Config() TrainConfig { return r.cfg }

// Step returns how many updates have run.
func (r *Run) Step() int { return r.update }

// Policy returns the policy as trained so far.
func (r *Run) Policy() *Policy { return r.policy }

// Train runs updates until the run has made until of them (at most the
// budget), ctx ends, or the budget is spent, recording the piece with the
// command and commit given. It returns ctx's error if ctx stopped it.
func (r *Run) Train(ctx context.Context, until int, command, commit string, meter progress.Meter) error {
	until = min(until, r.cfg.Updates)
	meter.Start("updates", r.cfg.Updates, r.update)
	defer meter.Stop()
	start, from := time.Now(), r.update
	defer func() {
		d := time.Since(start)
		r.elapsed += d
		if r.update > from {
			r.pieces = append(r.pieces, Piece{From: from, To: r.update, Seconds: d.Seconds(), Command: command, Commit: commit})
		}
	}()
	if r.update == 0 && len(r.tests) == 0 && until > 0 {
		if err := r.scoreTests(); err != nil { // the start, at update 0
			return err
		}
	}
	for r.update < until {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := r.step(); err != nil {
			return err
		}
		r.update++
		if r.update%curveEvery == 0 || r.update == r.cfg.Updates {
			n := float64(r.episodes)
			pt := CurvePoint{Update: r.update, Return: r.returns / n, Solved: r.solved / n}
			r.curve = append(r.curve, pt)
			meter.Update(r.update, fmt.Sprintf("return %.1f, %.0f%% solved", pt.Return, 100*pt.Solved))
			r.returns, r.solved, r.episodes = 0, 0, 0
		}
		if (r.EvalEvery > 0 && r.update%r.EvalEvery == 0) || r.update == r.cfg.Updates {
			if err := r.scoreTests(); err != nil {
				return err
			}
		}
	}
	return nil
}

// scoreTests plays the fixed test set for the learning curve.
func (r *Run) scoreTests() error {
	figs, err := ScoreTestSet(r.policy)
	if err != nil {
		return err
	}
	r.tests = append(r.tests, neural.CurveTest{Step: r.update, Figures: figs})
	return nil
}

// classicGrid returns a 9×9 classic grid of a board.
func classicGrid(board []uint8) *sudoku.Grid {
	g := sudoku.NewGrid(classic)
	copy(g.Cells(), board)
	return g
}

// Trained is a run's outcome so far.
type Trained struct {
	Policy   *Policy
	Config   TrainConfig
	Updates  int
	CutShort bool
	Curve    []CurvePoint
	Tests    []neural.CurveTest
	Elapsed  time.Duration
	Pieces   []Piece
	// Skipped counts the updates left out because their gradients were
	// not finite numbers.
	Skipped int
}

// Trained returns the run's outcome so far.
func (r *Run) Trained() *Trained {
	return &Trained{Policy: r.policy, Config: r.cfg, Updates: r.update, CutShort: r.update < r.cfg.Updates,
		Curve: r.curve, Tests: r.tests, Elapsed: r.elapsed, Pieces: r.pieces, Skipped: r.skipped}
}

// poolSHA256 is the SHA-256 of a pool's puzzles and solutions.
func poolSHA256(pool []neural.Example) string {
	h := sha256.New()
	for i := range pool {
		h.Write(pool[i].Puzzle[:])
		h.Write(pool[i].Solution[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}
