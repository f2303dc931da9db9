package neural

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// TestResumeGivesTheSameBits trains a small network of each kind for N
// steps in one go, and again for N/2 steps, saved, loaded and resumed for
// the other N/2 (on another number of workers): the weights, the batch
// statistics, Adam's moments and update count, the sampler's random state
// and the curve must come out identical.
func TestResumeGivesTheSameBits(t *testing.T) {
	for _, kind := range Models {
		t.Run("model="+kind, func(t *testing.T) {
			cfg := DefaultTraining(kind, 5, 30)
			cfg.Batch, cfg.Pool, cfg.PoolHints, cfg.Levels, cfg.Warmup = 6, 12, 30, []HintRange{{30, 40}, {50, 60}}, 5
			cfg.RRN, cfg.CNN, cfg.GCN = nil, nil, nil
			switch kind {
			case "rrn":
				cfg.RRN = &RRNConfig{Hidden: 8, Steps: 3}
			case "cnn":
				cfg.CNN = &CNNConfig{Width: 6, Blocks: 1}
			case "gcn":
				cfg.GCN = &GCNConfig{Width: 6, Blocks: 1}
			}
			ctx, quiet := context.Background(), progress.Discard
			whole, err := NewRun(ctx, cfg, 2, quiet)
			if err != nil {
				t.Fatal(err)
			}
			whole.EvalEvery, whole.score = 10, quickScore
			if err := whole.Train(ctx, cfg.Steps, 2, "", "", quiet); err != nil {
				t.Fatal(err)
			}
			first, err := NewRun(ctx, cfg, 1, quiet)
			if err != nil {
				t.Fatal(err)
			}
			first.EvalEvery, first.score = 10, quickScore
			if err := first.Train(ctx, 13, 1, "first", "", quiet); err != nil { // not on a curve point
				t.Fatal(err)
			}
			var saved bytes.Buffer
			if err := first.Save(&saved); err != nil {
				t.Fatal(err)
			}
			second, err := Resume(bytes.NewReader(saved.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			second.score = quickScore
			if err := second.Train(ctx, cfg.Steps, 2, "second", "", quiet); err != nil {
				t.Fatal(err)
			}
			sameRun(t, whole, second)
			if len(second.pieces) != 2 || second.pieces[0].To != 13 || second.pieces[1].From != 13 || second.pieces[1].Command != "second" {
				t.Errorf("pieces %+v, want 0–13 and 13–30", second.pieces)
			}
		})
	}
}

// quickScore scores a model on four puzzles, for a curve in tests.
func quickScore(m Model) ([]TestFigure, error) {
	set := []Example{patternExample(30, 1), patternExample(40, 2), patternExample(50, 3), patternExample(20, 4)}
	return []TestFigure{{Hints: 0, Method: OneShot, Score: Evaluate(m, set, OneShot)}}, nil
}

// sameRun fails unless two runs hold the same state, bit for bit, timing
// aside.
func sameRun(t *testing.T, want, got *Run) {
	t.Helper()
	var a, b bytes.Buffer
	if err := nn.WriteCheckpoint(&a, "x", nil, want.stateParams()); err != nil {
		t.Fatal(err)
	}
	if err := nn.WriteCheckpoint(&b, "x", nil, got.stateParams()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("weights, statistics or Adam's moments differ")
	}
	sa, _ := want.sampler.MarshalBinary()
	sb, _ := got.sampler.MarshalBinary()
	if !bytes.Equal(sa, sb) || want.trainer.adam.Steps() != got.trainer.adam.Steps() || want.step != got.step {
		t.Errorf("sampler state equal %v, Adam steps %d and %d, steps %d and %d",
			bytes.Equal(sa, sb), want.trainer.adam.Steps(), got.trainer.adam.Steps(), want.step, got.step)
	}
	if !reflect.DeepEqual(want.curve, got.curve) || !reflect.DeepEqual(want.tests, got.tests) {
		t.Errorf("curves differ:\n%+v\n%+v", want.curve, got.curve)
	}
	var wa, wb bytes.Buffer
	Save(&wa, want.model)
	Save(&wb, got.model)
	if !bytes.Equal(wa.Bytes(), wb.Bytes()) {
		t.Error("the weights files differ")
	}
}

// TestPoolFromACheckpoint starts a run on the pool of another run's
// checkpoint: the same bits as generating it, and a refusal when the pool
// settings differ.
func TestPoolFromACheckpoint(t *testing.T) {
	cfg := DefaultTraining("gcn", 5, 4)
	cfg.Batch, cfg.Pool, cfg.PoolHints, cfg.Levels = 4, 6, 30, []HintRange{{40, 50}}
	cfg.GCN = &GCNConfig{Width: 4, Blocks: 1}
	ctx, quiet := context.Background(), progress.Discard
	donor, err := NewRun(ctx, cfg, 1, quiet)
	if err != nil {
		t.Fatal(err)
	}
	var saved bytes.Buffer
	if err := donor.Save(&saved); err != nil {
		t.Fatal(err)
	}
	other := cfg
	other.Model, other.GCN, other.CNN = "cnn", nil, &CNNConfig{Width: 4, Blocks: 1}
	fromPool, err := NewRunWithPool(other, bytes.NewReader(saved.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	generated, err := NewRun(ctx, other, 2, quiet)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*Run{fromPool, generated} {
		r.score = quickScore
		if err := r.Train(ctx, other.Steps, 1, "", "", quiet); err != nil {
			t.Fatal(err)
		}
	}
	sameRun(t, generated, fromPool)
	other.PoolHints = 31
	if _, err := NewRunWithPool(other, bytes.NewReader(saved.Bytes())); err == nil || !strings.Contains(err.Error(), "30 hints") {
		t.Errorf("a pool of other hints was taken: %v", err)
	}
}

func TestResumeRefusesWhatIsNotACheckpoint(t *testing.T) {
	var weights bytes.Buffer
	m, err := DefaultTraining("gcn", 1, 1).NewModel()
	if err != nil {
		t.Fatal(err)
	}
	Save(&weights, m)
	for name, data := range map[string][]byte{
		"a weights file": weights.Bytes(),
		"nothing":        nil,
		"a cut header":   []byte(stateMagic + "\x10\x00\x00\x00{}"),
	} {
		t.Run("input="+name, func(t *testing.T) {
			if _, err := Resume(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), "checkpoint") {
				t.Errorf("resumed without an error naming the checkpoint: %v", err)
			}
		})
	}
}
