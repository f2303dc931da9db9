package neural

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// CurvePoint is the mean training loss per blank cell (of the network's
// final output) over the steps since the previous point.
type CurvePoint struct {
	Step int     `json:"step"`
	Loss float64 `json:"loss"`
}

// Piece is one invocation of a run split into pieces: the steps it ran,
// how long it took, and what ran it.
type Piece struct {
	From    int     `json:"from"`
	To      int     `json:"to"`
	Seconds float64 `json:"seconds"`
	Command string  `json:"command,omitempty"`
	Commit  string  `json:"commit,omitempty"`
}

// Trained is the outcome of a training run.
type Trained struct {
	Model  Model
	Config TrainConfig
	// Steps is how many steps ran: Config.Steps unless the run was
	// stopped (CutShort) before its budget.
	Steps    int
	CutShort bool
	Curve    []CurvePoint
	// Tests are the fixed test set's figures along the way (every
	// EvalEvery steps and at the end).
	Tests   []CurveTest
	Elapsed time.Duration
	Pieces  []Piece
}

// curveEvery is how many steps a curve point averages.
const curveEvery = 25

// shards is how many parts each batch is split into for back-propagation.
// It is fixed, whatever the number of workers, so that the gradient is
// summed in the same order on any machine.
const shards = 2

// statsMomentum is how much of its running value a statistic (batch
// normalisation's) keeps at each step.
const statsMomentum = 0.99

// Run is a training run in progress: the model, the optimiser, the stream
// of examples and what has been recorded. Save writes all of it, and
// Resume reads it back, so that a run stopped after any step and resumed
// gives the same bits as one that never stopped.
type Run struct {
	cfg     TrainConfig
	model   Model
	trainer *trainer
	pool    []Example
	sampler *Sampler
	step    int
	curve   []CurvePoint
	tests   []CurveTest
	// sum and count are the loss and blank cells since the last curve
	// point.
	sum     float64
	count   int
	elapsed time.Duration
	pieces  []Piece
	// EvalEvery is how often (in steps) the fixed test set is scored for
	// the learning curve; 0 scores it only at the end. It does not change
	// the weights.
	EvalEvery int
	// score scores the model for the curve: ScoreTestSet, or a smaller
	// set in tests.
	score func(Model) ([]TestFigure, error)
}

// NewRun checks the configuration, draws the initial weights and
// generates the pool of puzzles on up to workers goroutines, reporting
// the puzzles made to meter.
func NewRun(ctx context.Context, cfg TrainConfig, workers int, meter progress.Meter) (*Run, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	model, err := cfg.NewModel()
	if err != nil {
		return nil, err
	}
	pool, err := Generate(ctx, cfg.Seed, trainPurpose, cfg.PoolHints, cfg.Pool, max(workers, 1), meter)
	if err != nil {
		return nil, fmt.Errorf("train: generating the pool: %w", err)
	}
	return newRun(cfg, model, pool), nil
}

func newRun(cfg TrainConfig, model Model, pool []Example) *Run {
	return &Run{cfg: cfg, model: model, trainer: newTrainer(model, cfg), pool: pool,
		sampler: NewSampler(pool, cfg.Levels, cfg.Seed), score: func(m Model) ([]TestFigure, error) { return ScoreTestSet(m) }}
}

// Config returns the run's configuration.
func (r *Run) Config() TrainConfig { return r.cfg }

// Step returns how many steps have run.
func (r *Run) Step() int { return r.step }

// Train runs steps until the run has made until of them (at most the
// budget), ctx ends, or the budget is spent, reporting the steps and the
// loss to meter. It records the piece with the command and commit given,
// for the provenance. It returns ctx's error if ctx stopped it.
func (r *Run) Train(ctx context.Context, until, workers int, command, commit string, meter progress.Meter) error {
	until = min(until, r.cfg.Steps)
	start, from := time.Now(), r.step
	meter.Start("steps", r.cfg.Steps, r.step)
	defer meter.Stop()
	defer func() {
		d := time.Since(start)
		r.elapsed += d
		if r.step > from {
			r.pieces = append(r.pieces, Piece{From: from, To: r.step, Seconds: d.Seconds(), Command: command, Commit: commit})
		}
	}()
	for r.step < until {
		if err := ctx.Err(); err != nil {
			return err
		}
		loss, blanks := r.trainer.step(r.sampler.Next(r.cfg.Batch), r.cfg.LearningRate(r.step), workers)
		r.sum, r.count = r.sum+loss, r.count+blanks
		r.step++
		if r.step%curveEvery == 0 || r.step == r.cfg.Steps {
			r.curve = append(r.curve, CurvePoint{Step: r.step, Loss: r.sum / float64(r.count)})
			meter.Update(r.step, fmt.Sprintf("loss %.4f", r.sum/float64(r.count)))
			r.sum, r.count = 0, 0
		}
		if (r.EvalEvery > 0 && r.step%r.EvalEvery == 0) || r.step == r.cfg.Steps {
			if err := r.scoreCurve(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Trained returns the run's outcome so far.
func (r *Run) Trained() *Trained {
	return &Trained{Model: r.model, Config: r.cfg, Steps: r.step, CutShort: r.step < r.cfg.Steps,
		Curve: r.curve, Tests: r.tests, Elapsed: r.elapsed, Pieces: r.pieces}
}

// Train generates the pool and trains a model for its whole budget, using
// workers goroutines. When ctx ends, it stops after the step in flight and
// returns the model so far, marked CutShort; an error is returned only
// when nothing was trained.
func Train(ctx context.Context, cfg TrainConfig, workers int, meter progress.Meter) (*Trained, error) {
	r, err := NewRun(ctx, cfg, workers, meter)
	if err != nil {
		return nil, err
	}
	if err := r.Train(ctx, cfg.Steps, workers, "", "", meter); err != nil && r.step == 0 {
		return nil, fmt.Errorf("train: stopped before the first step: %w", err)
	}
	return r.Trained(), nil
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
// their gradients (and the batch statistics they measured) in shard order,
// clips and updates. It returns the batch's summed final-output loss and
// its blank-cell count.
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
	ps.FoldStats(statsMomentum, min(shards, b.Len()))
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
