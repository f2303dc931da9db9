package rl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// stateMagic opens every training checkpoint of an agent.
const stateMagic = "sudokubench-rl-train 1\n"

// maxStateHeader bounds a checkpoint's header.
const maxStateHeader = 64 << 20

// runState is a checkpoint's header: everything of a Run but its
// weights and Adam's moments, which follow it, and its pool, which the
// seed regenerates (its SHA-256 checks that it did).
type runState struct {
	Config     TrainConfig        `json:"config"`
	Update     int                `json:"update"`
	Curve      []CurvePoint       `json:"curve"`
	Tests      []neural.CurveTest `json:"tests"`
	Returns    float64            `json:"returns"`
	Solved     float64            `json:"solved"`
	Episodes   int                `json:"episodes"`
	Elapsed    int64              `json:"elapsed_ns"`
	Pieces     []Piece            `json:"pieces"`
	Sampler    []byte             `json:"sampler"`
	Draws      []byte             `json:"draws"`
	AdamSteps  int                `json:"adam_steps"`
	EvalEvery  int                `json:"eval_every"`
	PoolSHA256 string             `json:"pool_sha256"`
	Skipped    int                `json:"skipped_updates,omitempty"`
}

// Save writes the run as a training checkpoint that Resume continues.
func (r *Run) Save(w io.Writer) error {
	sampler, err := r.sampler.MarshalBinary()
	if err != nil {
		return err
	}
	draws, err := r.src.MarshalBinary()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := nn.WriteHeader(bw, stateMagic, runState{Config: r.cfg, Update: r.update, Curve: r.curve, Tests: r.tests,
		Returns: r.returns, Solved: r.solved, Episodes: r.episodes, Elapsed: int64(r.elapsed), Pieces: r.pieces, Skipped: r.skipped,
		Sampler: sampler, Draws: draws, AdamSteps: r.adam.Steps(), EvalEvery: r.EvalEvery, PoolSHA256: poolSHA256(r.pool)}); err != nil {
		return err
	}
	if err := nn.WriteCheckpoint(bw, r.policy.Net.Kind(), r.policy.Net.Config(), r.stateParams()); err != nil {
		return err
	}
	return bw.Flush()
}

// stateParams are the values a checkpoint holds: the network's weights
// and statistics, then Adam's moments.
func (r *Run) stateParams() nn.Params {
	return append(append(nn.Params(nil), r.policy.Net.Params()...), r.adam.Moments()...)
}

// Resume reads a checkpoint written by Run.Save, regenerating its pool
// on up to workers goroutines (reported to meter), and returns the run,
// ready to go on.
func Resume(ctx context.Context, rd io.Reader, workers int, meter progress.Meter) (*Run, error) {
	br := bufio.NewReader(rd)
	st, err := readStateHead(br)
	if err != nil {
		return nil, err
	}
	pool, err := neural.Generate(ctx, st.Config.Seed, rlPurpose, st.Config.PoolHints, st.Config.Pool, max(workers, 1), meter)
	if err != nil {
		return nil, fmt.Errorf("training checkpoint: regenerating the pool: %w", err)
	}
	if got := poolSHA256(pool); got != st.PoolSHA256 {
		return nil, fmt.Errorf("training checkpoint: the pool regenerated has SHA-256 %s, the checkpoint's had %s: the generator changed since", got, st.PoolSHA256)
	}
	r, err := newRun(st.Config, pool)
	if err != nil {
		return nil, fmt.Errorf("training checkpoint: %w", err)
	}
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
	if err := r.src.UnmarshalBinary(st.Draws); err != nil {
		return nil, fmt.Errorf("training checkpoint: random state: %w", err)
	}
	r.adam.SetSteps(st.AdamSteps)
	r.update, r.curve, r.tests = st.Update, st.Curve, st.Tests
	r.returns, r.solved, r.episodes = st.Returns, st.Solved, st.Episodes
	r.skipped = st.Skipped
	r.elapsed, r.pieces, r.EvalEvery = time.Duration(st.Elapsed), st.Pieces, st.EvalEvery
	return r, nil
}

// CheckpointAgent returns the agent whose training the checkpoint rd
// holds, or an error if rd is no agent's checkpoint.
func CheckpointAgent(rd io.Reader) (string, error) {
	st, err := readStateHead(bufio.NewReader(rd))
	return st.Config.Agent, err
}

// readStateHead reads and checks a checkpoint's header.
func readStateHead(br *bufio.Reader) (runState, error) {
	var st runState
	notOne := errors.New("not an agent's training checkpoint (bad magic line; a weights file is not one: resume takes the .ckpt that train writes)")
	if err := nn.ReadHeader(br, stateMagic, maxStateHeader, "training checkpoint", notOne, &st); err != nil {
		return st, err
	}
	if err := st.Config.Check(); err != nil {
		return st, fmt.Errorf("training checkpoint: %w", err)
	}
	if st.Update < 0 || st.Update > st.Config.Updates {
		return st, fmt.Errorf("training checkpoint: at update %d of a %d-update budget", st.Update, st.Config.Updates)
	}
	return st, nil
}

// Save writes a policy's network as a weights file (an nn checkpoint).
func Save(w io.Writer, p *Policy) error {
	return nn.WriteCheckpoint(w, p.Net.Kind(), p.Net.Config(), p.Net.Params())
}

// Load reads a weights file written by Save and returns the policy of
// temperature τ it holds.
func Load(r io.Reader, temperature float64) (*Policy, error) {
	m, err := neural.Load(r)
	if err != nil {
		return nil, err
	}
	net, ok := m.(neural.Differentiable)
	if cfg, isGCN := m.Config().(neural.GCNConfig); !ok || !isGCN || !cfg.Legal {
		return nil, fmt.Errorf("a %s network that does not read the legal digits is no agent's policy", m.Kind())
	}
	if temperature <= 0 {
		return nil, fmt.Errorf("temperature %g: want a positive one", temperature)
	}
	return &Policy{Net: net, Temperature: temperature}, nil
}
