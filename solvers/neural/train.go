package neural

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// TrainConfig is everything a training run's result depends on. The same
// config gives the same weights, bit for bit, whatever the machine's load
// and however many workers share the work.
type TrainConfig struct {
	Model string `json:"model"` // "rrn" or "cnn"
	Seed  uint64 `json:"seed"`
	// Steps is the step budget: updates of Batch examples each.
	Steps int     `json:"steps"`
	Batch int     `json:"batch"`
	LR    float64 `json:"lr"` // peak learning rate of Adam
	// Warmup is how many steps the learning rate rises linearly over;
	// after it, it falls on a cosine to a twentieth of LR at Steps.
	Warmup   int     `json:"warmup"`
	ClipNorm float64 `json:"clip_norm"` // gradients are scaled down to this norm
	// Pool generated puzzles with PoolHints givens each are the data;
	// every example is one of them under a random symmetry, with solution
	// cells added up to a hint count drawn from MinHints..MaxHints.
	Pool      int `json:"pool"`
	PoolHints int `json:"pool_hints"`
	MinHints  int `json:"min_hints"`
	MaxHints  int `json:"max_hints"`
	// RRN or CNN is the network's shape, the one of Model.
	RRN *RRNConfig `json:"rrn,omitempty"`
	CNN *CNNConfig `json:"cnn,omitempty"`
}

// DefaultTraining returns the configuration of the shipped weights of a
// model kind for a seed and step budget.
func DefaultTraining(model string, seed uint64, steps int) TrainConfig {
	c := TrainConfig{Model: model, Seed: seed, Steps: steps, Batch: 32, LR: 3e-3, Warmup: 50,
		ClipNorm: 5, Pool: 4000, PoolHints: 23, MinHints: 23, MaxHints: 50}
	switch model {
	case "rrn":
		shape := DefaultRRN
		c.RRN = &shape
	case "cnn":
		shape := DefaultCNN
		c.CNN = &shape
	}
	return c
}

// NewModel returns the configured network with fresh weights drawn from
// the seed.
func (c TrainConfig) NewModel() (Model, error) {
	rng := rand.New(rand.NewPCG(c.Seed, initStream))
	switch {
	case c.Model == "rrn" && c.RRN != nil:
		return NewRRN(*c.RRN, rng), nil
	case c.Model == "cnn" && c.CNN != nil:
		return NewCNN(*c.CNN, rng), nil
	}
	return nil, fmt.Errorf("train: model %q without its shape: use rrn or cnn", c.Model)
}

// Check reports a configuration that cannot train.
func (c TrainConfig) Check() error {
	switch {
	case c.Steps < 1 || c.Batch < 2:
		return fmt.Errorf("train: %d steps of %d examples: need at least 1 step of 2", c.Steps, c.Batch)
	case c.LR <= 0 || c.ClipNorm <= 0 || c.Warmup < 0:
		return fmt.Errorf("train: learning rate %g, clip norm %g and warm-up %d must be positive", c.LR, c.ClipNorm, c.Warmup)
	case c.Pool < 1 || c.PoolHints < 17 || c.PoolHints > c.MinHints || c.MinHints > c.MaxHints || c.MaxHints > Cells:
		return fmt.Errorf("train: pool of %d puzzles at %d hints for hints %d..%d: need 17 ≤ pool hints ≤ min ≤ max ≤ 81",
			c.Pool, c.PoolHints, c.MinHints, c.MaxHints)
	}
	return nil
}

// LearningRate returns the learning rate of a step (0-based).
func (c TrainConfig) LearningRate(step int) float64 {
	warm := 1.0
	if c.Warmup > 0 {
		warm = math.Min(1, float64(step+1)/float64(c.Warmup))
	}
	cosine := 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(c.Steps)))
	return c.LR * warm * (0.05 + 0.95*cosine)
}

// Progress is reported during training.
type Progress struct {
	Phase       string // "data" while generating the pool, "train" after
	Done, Total int
	Loss        float64 // mean loss per blank cell over the last logged steps
}

// CurvePoint is the mean training loss per blank cell (of the network's
// final output) over the steps since the previous point.
type CurvePoint struct {
	Step int     `json:"step"`
	Loss float64 `json:"loss"`
}

// Trained is the outcome of a training run.
type Trained struct {
	Model  Model
	Config TrainConfig
	// Steps is how many steps ran: Config.Steps unless the run was
	// stopped (CutShort) by its context, the wall-clock cap.
	Steps    int
	CutShort bool
	Curve    []CurvePoint
	Elapsed  time.Duration
}

// curveEvery is how many steps a curve point averages.
const curveEvery = 25

// shards is how many parts each batch is split into for back-propagation.
// It is fixed, whatever the number of workers, so that the gradient is
// summed in the same order on any machine.
const shards = 2

// Train generates the pool and trains a model, using workers goroutines.
// When ctx ends (the wall-clock cap), it stops after the step in flight
// and returns the model so far, marked CutShort; an error is returned
// only when nothing was trained.
func Train(ctx context.Context, cfg TrainConfig, workers int, progress func(Progress)) (*Trained, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	model, err := cfg.NewModel()
	if err != nil {
		return nil, err
	}
	progress(Progress{Phase: "data", Total: cfg.Pool})
	pool, err := Generate(ctx, cfg.Seed, trainPurpose, cfg.PoolHints, cfg.Pool, max(workers, 1))
	if err != nil {
		return nil, fmt.Errorf("train: generating the pool: %w", err)
	}
	start := time.Now()
	t := newTrainer(model, cfg)
	sampler := NewSampler(pool, cfg.MinHints, cfg.MaxHints, cfg.Seed)
	out := &Trained{Model: model, Config: cfg}
	var sum float64
	var count int
	for step := range cfg.Steps {
		if ctx.Err() != nil {
			out.CutShort = true
			break
		}
		loss, blanks := t.step(sampler.Next(cfg.Batch), cfg.LearningRate(step), workers)
		sum, count = sum+loss, count+blanks
		out.Steps = step + 1
		if out.Steps%curveEvery == 0 || out.Steps == cfg.Steps {
			out.Curve = append(out.Curve, CurvePoint{Step: out.Steps, Loss: sum / float64(count)})
			progress(Progress{Phase: "train", Done: out.Steps, Total: cfg.Steps, Loss: sum / float64(count)})
			sum, count = 0, 0
		}
	}
	out.Elapsed = time.Since(start)
	if out.Steps == 0 {
		return nil, fmt.Errorf("train: stopped before the first step: %w", ctx.Err())
	}
	return out, nil
}

// trainer holds a model, one replica per shard, their arenas, and Adam.
type trainer struct {
	model    Model
	replicas []Model
	arenas   []nn.Arena
	adam     *nn.Adam
	clip     float64
}

func newTrainer(m Model, cfg TrainConfig) *trainer {
	t := &trainer{model: m, adam: nn.NewAdam(m.Params()), clip: cfg.ClipNorm, arenas: make([]nn.Arena, shards)}
	for range shards {
		t.replicas = append(t.replicas, m.Replica())
	}
	return t
}

// step back-propagates the batch's shards on up to workers goroutines, sums
// their gradients in shard order, clips and updates. It returns the
// batch's summed final-output loss and its blank-cell count.
func (t *trainer) step(b Batch, lr float64, workers int) (float64, int) {
	blanks := 0
	for _, target := range b.Targets {
		if target != nn.Ignore {
			blanks++
		}
	}
	scale := 1 / float32(max(blanks, 1))
	losses := make([]float64, shards)
	per := (b.Len() + shards - 1) / shards
	run := func(s int) {
		lo, hi := min(s*per, b.Len()), min((s+1)*per, b.Len())
		part := Batch{Boards: b.Boards[lo*Cells : hi*Cells], Targets: b.Targets[lo*Cells : hi*Cells]}
		t.replicas[s].Params().ZeroGrad()
		t.arenas[s].Reset()
		if hi > lo {
			losses[s], _ = t.replicas[s].Train(&t.arenas[s], part, scale)
		}
	}
	parallel(shards, workers, run)
	ps := t.model.Params()
	ps.ZeroGrad()
	var loss float64
	for s, r := range t.replicas {
		ps.AddGrads(r.Params())
		loss += losses[s]
	}
	ps.ClipGrads(t.clip)
	t.adam.Step(lr)
	return loss, blanks
}

// parallel runs f(0..n-1) on up to workers goroutines.
func parallel(n, workers int, f func(i int)) {
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	for range min(workers, n) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	wg.Wait()
}

// Save writes the model's weights as a checkpoint.
func Save(w io.Writer, m Model) error {
	return nn.WriteCheckpoint(w, m.Kind(), m.Config(), m.Params())
}
