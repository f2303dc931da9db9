package neural

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// stateMagic opens every training checkpoint, with the format's version.
const stateMagic = "sudokubench-train 1\n"

// maxStateHeader bounds a training checkpoint's header.
const maxStateHeader = 64 << 20

// runState is the header of a training checkpoint: everything of a Run
// but its pool, weights and optimiser moments, which follow it.
type runState struct {
	Config     TrainConfig  `json:"config"`
	Step       int          `json:"step"`
	Curve      []CurvePoint `json:"curve"`
	Tests      []CurveTest  `json:"tests"`
	Sum        float64      `json:"loss_sum"`
	Count      int          `json:"loss_count"`
	Elapsed    int64        `json:"elapsed_ns"`
	Pieces     []Piece      `json:"pieces"`
	Sampler    []byte       `json:"sampler"`
	AdamSteps  int          `json:"adam_steps"`
	EvalEvery  int          `json:"eval_every"`
	PoolSHA256 string       `json:"pool_sha256"`
}

// Save writes the run as a training checkpoint, which Resume continues:
// a header (configuration, step, curve, the sampler's random state, Adam's
// update count), the pool of puzzles, then the weights, the batch
// statistics and Adam's moments as an nn checkpoint.
func (r *Run) Save(w io.Writer) error {
	sampler, err := r.sampler.MarshalBinary()
	if err != nil {
		return err
	}
	pool := poolBytes(r.pool)
	sum := sha256.Sum256(pool)
	bw := bufio.NewWriter(w)
	if err := nn.WriteHeader(bw, stateMagic, runState{Config: r.cfg, Step: r.step, Curve: r.curve, Tests: r.tests,
		Sum: r.sum, Count: r.count, Elapsed: int64(r.elapsed), Pieces: r.pieces, Sampler: sampler,
		AdamSteps: r.trainer.adam.Steps(), EvalEvery: r.EvalEvery, PoolSHA256: hex.EncodeToString(sum[:])}); err != nil {
		return err
	}
	binary.Write(bw, binary.LittleEndian, uint32(len(r.pool)))
	bw.Write(pool)
	if err := nn.WriteCheckpoint(bw, r.model.Kind(), r.model.Config(), r.stateParams()); err != nil {
		return err
	}
	return bw.Flush()
}

// stateParams are the values a checkpoint holds: the model's weights and
// statistics, then Adam's moments.
func (r *Run) stateParams() nn.Params {
	return append(append(nn.Params(nil), r.model.Params()...), r.trainer.adam.Moments()...)
}

// Resume reads a training checkpoint written by Run.Save and returns the
// run, ready to go on where it stopped.
func Resume(rd io.Reader) (*Run, error) {
	br := bufio.NewReader(rd)
	st, pool, err := readStateHead(br)
	if err != nil {
		return nil, err
	}
	model, err := st.Config.NewModel()
	if err != nil {
		return nil, fmt.Errorf("training checkpoint: %w", err)
	}
	r := newRun(st.Config, model, pool)
	c, err := nn.ReadCheckpoint(br)
	if err != nil {
		return nil, fmt.Errorf("training checkpoint: %w", err)
	}
	if err := c.Load(r.stateParams()); err != nil {
		return nil, fmt.Errorf("training checkpoint: %w", err)
	}
	if err := r.sampler.UnmarshalBinary(st.Sampler); err != nil {
		return nil, fmt.Errorf("training checkpoint: sampler state: %w", err)
	}
	r.trainer.adam.SetSteps(st.AdamSteps)
	r.step, r.curve, r.tests, r.sum, r.count = st.Step, st.Curve, st.Tests, st.Sum, st.Count
	r.elapsed, r.pieces, r.EvalEvery = time.Duration(st.Elapsed), st.Pieces, st.EvalEvery
	return r, nil
}

// NewRunWithPool starts the configured run on the pool of another run's
// training checkpoint instead of generating it: the pool is a function of
// the seed, the pool size and its hint count, so a checkpoint that agrees
// on those three holds the very puzzles generation would give, and the
// run gives the same bits.
func NewRunWithPool(cfg TrainConfig, checkpoint io.Reader) (*Run, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	st, pool, err := readStateHead(bufio.NewReader(checkpoint))
	if err != nil {
		return nil, err
	}
	if o := st.Config; o.Seed != cfg.Seed || o.Pool != cfg.Pool || o.PoolHints != cfg.PoolHints {
		return nil, fmt.Errorf("that checkpoint's pool is %d puzzles at %d hints from seed %d; this run wants %d at %d from seed %d",
			o.Pool, o.PoolHints, o.Seed, cfg.Pool, cfg.PoolHints, cfg.Seed)
	}
	model, err := cfg.NewModel()
	if err != nil {
		return nil, err
	}
	return newRun(cfg, model, pool), nil
}

// readStateHead reads a training checkpoint's header and pool.
func readStateHead(br *bufio.Reader) (runState, []Example, error) {
	var st runState
	notOne := errors.New("not a training checkpoint (bad magic line; a weights file is not one: resume takes the .ckpt that train writes)")
	if err := nn.ReadHeader(br, stateMagic, maxStateHeader, "training checkpoint", notOne, &st); err != nil {
		return st, nil, err
	}
	if err := st.Config.Check(); err != nil {
		return st, nil, fmt.Errorf("training checkpoint: %w", err)
	}
	if st.Step < 0 || st.Step > st.Config.Steps {
		return st, nil, fmt.Errorf("training checkpoint: at step %d of a %d-step budget", st.Step, st.Config.Steps)
	}
	pool, err := readPool(br, st.PoolSHA256)
	if err != nil {
		return st, nil, err
	}
	if len(pool) != st.Config.Pool {
		return st, nil, fmt.Errorf("training checkpoint: %d puzzles in the pool, its configuration says %d", len(pool), st.Config.Pool)
	}
	return st, pool, nil
}

// poolBytes lays the pool out as puzzle then solution, 81 bytes each, per
// example.
func poolBytes(pool []Example) []byte {
	out := make([]byte, 0, len(pool)*2*Cells)
	for i := range pool {
		out = append(out, pool[i].Puzzle[:]...)
		out = append(out, pool[i].Solution[:]...)
	}
	return out
}

// readPool reads the pool that Save wrote and checks its SHA-256.
func readPool(br *bufio.Reader, want string) ([]Example, error) {
	var count uint32
	if err := binary.Read(br, binary.LittleEndian, &count); err != nil || count > 1<<24 {
		return nil, errors.New("training checkpoint: pool size unreadable or over 16M puzzles")
	}
	data := make([]byte, int(count)*2*Cells)
	if _, err := io.ReadFull(br, data); err != nil {
		return nil, fmt.Errorf("training checkpoint: pool cut short: %w", err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != want {
		return nil, errors.New("training checkpoint: the pool does not match its SHA-256")
	}
	pool := make([]Example, count)
	for i := range pool {
		copy(pool[i].Puzzle[:], data[i*2*Cells:])
		copy(pool[i].Solution[:], data[i*2*Cells+Cells:])
	}
	return pool, nil
}
