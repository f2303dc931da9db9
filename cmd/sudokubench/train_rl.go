package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/harness/report/learning"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/rl"
)

// rlPrefix marks the learned agents among train's models: rl-gcn and
// rl-gcn-scratch.
const rlPrefix = "rl-"

// defaultRLEvalEvery is --eval-every for an agent: its budget is counted
// in updates, hundreds of them, not tens of thousands of steps.
const defaultRLEvalEvery = 50

// isRLModel reports whether --model names a learned agent.
func isRLModel(model string) bool {
	_, ok := rl.DefaultUpdates[strings.TrimPrefix(model, rlPrefix)]
	return strings.HasPrefix(model, rlPrefix) && ok
}

// runTrainRL trains a learned agent as runTrain trains a network: the
// same flags, outputs, checkpoints and provenance, with updates for
// steps.
func runTrainRL(ctx context.Context, stderr io.Writer, f trainFlags, command, commit string, show progress.Meter) error {
	if !f.evalEverySet {
		f.evalEvery = defaultRLEvalEvery
	}
	run, err := startRLRun(ctx, f, show)
	if err != nil {
		return err
	}
	until := run.Config().Updates
	if f.stopAt > 0 {
		until = min(f.stopAt, until)
	}
	err = run.Train(ctx, until, command, commit, show)
	if err != nil && run.Step() == 0 {
		return fmt.Errorf("train: stopped before the first update: %w", err)
	}
	if run.Step() < run.Config().Updates {
		if err := saveRLCheckpoint(stderr, run, f, err); err != nil {
			return err
		}
		if len(run.Trained().Curve) == 0 {
			return nil // no point of the curve yet: no weights worth writing
		}
	}
	return writeTrainedRL(stderr, run.Trained(), f, canonicalRLCommand(run, f.out), commit)
}

// startRLRun resumes --resume or starts the run the flags describe.
func startRLRun(ctx context.Context, f trainFlags, meter progress.Meter) (*rl.Run, error) {
	agent := strings.TrimPrefix(f.model, rlPrefix)
	if f.poolFrom != "" {
		return nil, usageError(fmt.Errorf("train: --pool-from: an agent's pool is regenerated from its seed, not taken from a checkpoint"))
	}
	if f.resume == "" {
		cfg, err := rl.DefaultTraining(agent, f.seed, f.steps)
		if err != nil {
			return nil, err
		}
		run, err := rl.NewRun(ctx, cfg, f.workers, meter)
		if err != nil {
			return nil, err
		}
		run.EvalEvery = f.evalEvery
		return run, nil
	}
	file, err := openInput("--resume", f.resume, "an agent's training checkpoint (NAME.ckpt) written by a stopped train")
	if err != nil {
		return nil, err
	}
	defer file.Close()
	run, err := rl.Resume(ctx, file, f.workers, meter)
	if err != nil {
		return nil, usageError(fmt.Errorf("train: --resume %s: %w", f.resume, err))
	}
	cfg := run.Config()
	if f.model != rlPrefix+cfg.Agent || (f.seedSet && f.seed != cfg.Seed) || (f.steps != 0 && f.steps != cfg.Updates) {
		return nil, usageError(fmt.Errorf("train: --resume %s continues an rl-%s run with seed %d and %d updates; --model, --seed and --steps may only repeat that",
			f.resume, cfg.Agent, cfg.Seed, cfg.Updates))
	}
	return run, nil
}

// canonicalRLCommand is the one command that trains the run's weights in
// one go.
func canonicalRLCommand(run *rl.Run, out string) string {
	cfg := run.Config()
	c := fmt.Sprintf("sudokubench train --model %s%s --seed %d --steps %d", rlPrefix, cfg.Agent, cfg.Seed, cfg.Updates)
	if run.Step() < cfg.Updates {
		c += fmt.Sprintf(" --stop-at %d", run.Step())
	}
	c += " --out " + filepath.Base(out)
	if run.EvalEvery != defaultRLEvalEvery {
		c += fmt.Sprintf(" --eval-every %d", run.EvalEvery)
	}
	return c
}

// saveRLCheckpoint saves a run stopped before its budget, for --resume.
func saveRLCheckpoint(stderr io.Writer, run *rl.Run, f trainFlags, stopped error) error {
	progress := fmt.Sprintf("%d of %d updates", run.Step(), run.Config().Updates)
	return putCheckpoint(stderr, f, run.Save, stopped, progress, "--model "+f.model+" ")
}

// writeTrainedRL saves the weights, their provenance and the learning
// curve with its data, each whole or not at all.
func writeTrainedRL(stderr io.Writer, tr *rl.Trained, f trainFlags, command, commit string) error {
	var weights bytes.Buffer
	if err := rl.Save(&weights, tr.Policy); err != nil {
		return err
	}
	prov, err := rl.NewProvenance(tr, f.out, weights.Bytes(), command, commit, trainingMachine())
	if err != nil {
		return err
	}
	if tr.CutShort {
		prov.Continue = continueCommand(f, "--model "+f.model+" ")
	}
	plot := func(w io.Writer) error { return learning.PlotAgent(w, tr, f.plot) }
	if err := putTrained(f, weights.Bytes(), prov, tr.CurveData(), plot); err != nil {
		return err
	}
	wroteTrained(stderr, f, prov.SHA256, fmt.Sprintf("%d updates in %s", tr.Updates, tr.Elapsed.Round(time.Second)))
	if tr.CutShort {
		fmt.Fprintf(stderr, "train: the weights of update %d of %d, cut short: not the budget's\n", tr.Updates, tr.Config.Updates)
	}
	for _, t := range prov.Test {
		fmt.Fprintf(stderr, "  test set, %d hints, greedy: %d/%d puzzles solved\n", t.Hints, t.Solved, t.Puzzles)
	}
	return nil
}
