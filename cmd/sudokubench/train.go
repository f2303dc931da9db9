package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/provenance"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/learning"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/rl"
)

// trainFlags are the flags of the train command.
type trainFlags struct {
	model, out, plot, resume string
	poolFrom                 string
	seed                     uint64
	steps, workers, stopAt   int
	evalEvery                int
	hours                    float64
	force                    bool
	modelSet, seedSet        bool // given on the command line, not defaults
	evalEverySet             bool
}

func newTrainCmd() *cobra.Command {
	var f trainFlags
	cmd := &cobra.Command{
		Use:   "train --model cnn|gcn|rrn|rl-gcn|rl-gcn-scratch --out weights.bin",
		Short: "Train a Sudoku network on generated puzzles; the weights are a function of --seed and --steps",
		Long: "Train a network (gcn: a graph convolutional network; cnn: the same network without\n" +
			"the graph; rrn: a recurrent relational network) on puzzles from the suite's generator, augmented by the Sudoku\n" +
			"symmetries. The weights depend only on --model, --seed and --steps (not on --workers, the\n" +
			"machine's load, or how many pieces the run is split into): the shipped weights are rebuilt by\n" +
			"the command recorded in solvers/neural/weights/KIND.json.\n" +
			"rl-gcn and rl-gcn-scratch train a learned agent of the RL environment by policy gradient, from the\n" +
			"supervised GCN's weights or from scratch (solvers/rl; --steps counts updates; weights in\n" +
			"solvers/rl/weights/AGENT.json's command).\n" +
			"A run stopped before its budget (--stop-at, the --hours cap, Ctrl-C) writes a training\n" +
			"checkpoint (OUT without .bin, + .ckpt: weights, optimiser state, data stream, curve) that\n" +
			"--resume continues, to the same bits as one run. A finished run writes beside --out the\n" +
			"provenance (.json: SHA-256, command, commit, score on the fixed test set), the learning curve\n" +
			"(--plot, default .curve.svg: loss and test-set puzzles solved by step) and its data (.curve.json).\n" +
			"A stopped run writes them too, for the weights it reached, marked cut short (the provenance's\n" +
			"continue: the command that resumes it to the budget). Every output is\n" +
			"checked before the first step: --out must end in .bin, --plot in .svg, .png, .pdf or .tex, and each\n" +
			"file must be writable. Each is written whole beside its place and renamed over it; a file\n" +
			"there that sudokubench did not write (the directory's .sudokubench-files.json lists those it\n" +
			"did) is replaced only with --force, and a run's results.jsonl, manifest.json or lock never.",
		Example: "  sudokubench train --model rrn --seed 1 --out rrn.bin\n" +
			"  sudokubench train --model gcn --stop-at 10000 --out gcn.bin   # then:\n" +
			"  sudokubench train --resume gcn.ckpt --out gcn.bin\n" +
			"  sudokubench train --model cnn --steps 200 --out cnn.bin --plot cnn.png",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.modelSet, f.seedSet = cmd.Flags().Changed("model"), cmd.Flags().Changed("seed")
			f.evalEverySet = cmd.Flags().Changed("eval-every")
			return runTrain(cmd.Context(), cmd.ErrOrStderr(), f, commandLine())
		},
	}
	cmd.Flags().StringVar(&f.model, "model", "rrn", "network: cnn, gcn or rrn; or a learned agent: rl-gcn, rl-gcn-scratch")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "seed of the data and the initial weights")
	cmd.Flags().IntVar(&f.steps, "steps", 0, "step budget (default: the shipped weights' budget for the model)")
	cmd.Flags().Var((*finiteFloat)(&f.hours), "hours", fmt.Sprintf("wall-clock cap in hours, at most %d (0: none); a capped run writes a checkpoint to resume", maxTrainHours))
	cmd.Flags().StringVar(&f.resume, "resume", "", "training checkpoint (.ckpt) to continue; model, seed and steps come from it")
	cmd.Flags().StringVar(&f.poolFrom, "pool-from", "", "take the pool of puzzles from another run's .ckpt with the same seed and pool settings instead of generating it (the same puzzles)")
	cmd.Flags().IntVar(&f.stopAt, "stop-at", 0, "stop after this many steps of the budget and write a checkpoint (0: run to the end)")
	cmd.Flags().IntVar(&f.evalEvery, "eval-every", defaultEvalEvery, "score the fixed test set for the learning curve every N steps (0: at the end only)")
	cmd.Flags().IntVar(&f.workers, "workers", runtime.NumCPU(), "goroutines (does not change the result)")
	cmd.Flags().StringVar(&f.out, "out", "", "weights file to write, NAME.bin (required)")
	cmd.Flags().StringVar(&f.plot, "plot", "", "learning curve, .svg, .png, .pdf or .tex (default: OUT without .bin, + .curve.svg)")
	cmd.Flags().BoolVar(&f.force, "force", false, "replace output files that sudokubench did not write")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

// maxTrainHours bounds --hours: a cap of a century, well inside what a
// time.Duration holds.
const maxTrainHours = 1_000_000

// commandLine is the command as typed, for the provenance record.
func commandLine() string { return "sudokubench " + strings.Join(os.Args[1:], " ") }

func runTrain(ctx context.Context, stderr io.Writer, f trainFlags, command string) error {
	if f.resume != "" && !f.modelSet {
		f.model = resumedModel(f.resume, f.model)
	}
	if _, ok := neural.DefaultSteps[f.model]; !ok && !isRLModel(f.model) {
		return usageError(fmt.Errorf("train: --model %q: use cnn, gcn, rrn, rl-gcn or rl-gcn-scratch", f.model))
	}
	if !(f.hours >= 0 && f.hours <= maxTrainHours) || f.workers < 1 || f.steps < 0 || f.stopAt < 0 || f.evalEvery < 0 {
		return usageError(fmt.Errorf("train: --hours %g, --workers %d, --steps %d, --stop-at %d, --eval-every %d: want hours from 0 to %d, "+
			"at least one worker, and no negative step count", f.hours, f.workers, f.steps, f.stopAt, f.evalEvery, maxTrainHours))
	}
	if f.plot == "" {
		f.plot = strings.TrimSuffix(f.out, ".bin") + ".curve.svg"
	}
	if err := checkTrainOutputs(f); err != nil {
		return usageError(err)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	if f.hours > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(f.hours*float64(time.Hour)))
		defer cancel()
	}
	// The commit is read now: the tree may move on while a long run trains.
	commit := provenance.Build()
	show := progress.New(stderr, "train")
	if isRLModel(f.model) {
		return runTrainRL(ctx, stderr, f, command, commit, show)
	}
	run, err := startRun(ctx, f, show)
	if err != nil {
		return err
	}
	until := run.Config().Steps
	if f.stopAt > 0 {
		until = min(f.stopAt, until)
	}
	err = run.Train(ctx, until, f.workers, command, commit, show)
	if err != nil && run.Step() == 0 {
		return fmt.Errorf("train: stopped before the first step: %w", err)
	}
	if run.Step() < run.Config().Steps {
		if err := writeCheckpoint(stderr, run, f, err); err != nil {
			return err
		}
		if len(run.Trained().Curve) == 0 {
			return nil // no loss recorded yet: no weights worth writing
		}
	}
	return writeTrained(stderr, run.Trained(), f, canonicalCommand(run, f.out), commit)
}

// startRun resumes the checkpoint of --resume or starts the run the
// flags describe. A resumed run takes its model, seed and budget from the
// checkpoint; flags that say otherwise are refused.
func startRun(ctx context.Context, f trainFlags, meter progress.Meter) (*neural.Run, error) {
	if f.resume == "" {
		run, err := newRun(ctx, f, meter)
		if err != nil {
			return nil, err
		}
		run.EvalEvery = f.evalEvery
		return run, nil
	}
	if f.poolFrom != "" {
		return nil, usageError(fmt.Errorf("train: --pool-from and --resume: a resumed run has its pool"))
	}
	file, err := openInput("--resume", f.resume, "a training checkpoint (NAME.ckpt) written by a stopped train")
	if err != nil {
		return nil, err
	}
	defer file.Close()
	run, err := neural.Resume(file)
	if err != nil {
		return nil, usageError(fmt.Errorf("train: --resume %s: %w", f.resume, err))
	}
	cfg := run.Config()
	if (f.modelSet && f.model != cfg.Model) || (f.seedSet && f.seed != cfg.Seed) || (f.steps != 0 && f.steps != cfg.Steps) {
		return nil, usageError(fmt.Errorf("train: --resume %s continues a %s run with seed %d and %d steps; --model, --seed and --steps may only repeat that",
			f.resume, cfg.Model, cfg.Seed, cfg.Steps))
	}
	return run, nil
}

// newRun starts the run the flags describe, generating its pool (shown
// on meter) or taking it from --pool-from.
func newRun(ctx context.Context, f trainFlags, meter progress.Meter) (*neural.Run, error) {
	cfg := neural.DefaultTraining(f.model, f.seed, f.steps)
	if f.poolFrom == "" {
		return neural.NewRun(ctx, cfg, f.workers, meter)
	}
	file, err := openInput("--pool-from", f.poolFrom, "the checkpoint (NAME.ckpt) of another run with the same seed")
	if err != nil {
		return nil, err
	}
	defer file.Close()
	run, err := neural.NewRunWithPool(cfg, file)
	if err != nil {
		return nil, usageError(fmt.Errorf("train: --pool-from %s: %w", f.poolFrom, err))
	}
	return run, nil
}

// resumedModel is the model that the checkpoint at path continues when
// --model is not given: an agent's checkpoint names its agent; anything
// else is left to the networks' reader, which says what is wrong.
func resumedModel(path, model string) string {
	file, err := os.Open(path)
	if err != nil {
		return model
	}
	defer file.Close()
	if agent, err := rl.CheckpointAgent(file); err == nil {
		return rlPrefix + agent
	}
	return model
}

// openInput opens the file a flag names, or says, as a usage error, what
// is wrong with it and what the flag wants.
func openInput(flag, path, want string) (*os.File, error) {
	file, err := os.Open(path)
	if err == nil {
		return file, nil
	}
	why := "cannot be read: " + err.Error()
	if pathErr := (*fs.PathError)(nil); errors.As(err, &pathErr) {
		why = "cannot be read: " + pathErr.Err.Error()
	}
	if errors.Is(err, fs.ErrNotExist) {
		why = "no such file"
	}
	return nil, usageError(fmt.Errorf("train: %s %s: %s; give %s", flag, path, why, want))
}

// canonicalCommand is the one command that trains the run's weights in one
// go, whatever pieces it ran in: for a run stopped before its budget, with
// --stop-at where it stopped.
func canonicalCommand(run *neural.Run, out string) string {
	cfg := run.Config()
	c := fmt.Sprintf("sudokubench train --model %s --seed %d --steps %d", cfg.Model, cfg.Seed, cfg.Steps)
	if run.Step() < cfg.Steps {
		c += fmt.Sprintf(" --stop-at %d", run.Step())
	}
	c += " --out " + filepath.Base(out)
	if run.EvalEvery != defaultEvalEvery {
		c += fmt.Sprintf(" --eval-every %d", run.EvalEvery)
	}
	return c
}

// defaultEvalEvery is --eval-every's default.
const defaultEvalEvery = 1000

// writeCheckpoint saves a run stopped before its budget, for --resume.
func writeCheckpoint(stderr io.Writer, run *neural.Run, f trainFlags, stopped error) error {
	return putCheckpoint(stderr, f, run.Save, stopped, fmt.Sprintf("%d of %d steps", run.Step(), run.Config().Steps), "")
}

// putCheckpoint writes a run stopped before its budget (save writes it)
// beside --out, for --resume, and says how far it came (progress) and
// how to go on (resumeFlags go before --resume).
func putCheckpoint(stderr io.Writer, f trainFlags, save func(io.Writer) error, stopped error, progress, resumeFlags string) error {
	path := checkpointPath(f.out)
	var buf bytes.Buffer
	if err := save(&buf); err != nil {
		return err
	}
	if _, err := report.PutFiles(map[string][]byte{path: buf.Bytes()}, false, f.force); err != nil {
		return err
	}
	why := fmt.Sprintf("--stop-at %d", f.stopAt)
	if stopped != nil {
		why = stopped.Error()
	}
	fmt.Fprintf(stderr, "train: stopped (%s) after %s; wrote %s: continue with %s--resume %s --out %s\n",
		why, progress, path, resumeFlags, path, f.out)
	return nil
}

// writeTrained saves the weights, their provenance and the learning curve
// with its data, each whole or not at all.
func writeTrained(stderr io.Writer, tr *neural.Trained, f trainFlags, command, commit string) error {
	var weights bytes.Buffer
	if err := neural.Save(&weights, tr.Model); err != nil {
		return err
	}
	prov, err := neural.NewProvenance(tr, f.out, weights.Bytes(), command, commit, trainingMachine())
	if err != nil {
		return err
	}
	if tr.CutShort {
		prov.Continue = continueCommand(f, "")
	}
	curve := neural.Curve{Model: tr.Config.Model, Loss: tr.Curve, Tests: tr.Tests}
	title := fmt.Sprintf("%s, seed %d, %d steps of %d puzzles", tr.Config.Model, tr.Config.Seed, tr.Steps, tr.Config.Batch)
	plot := func(w io.Writer) error { return learning.PlotNetwork(w, tr.Curve, tr.Tests, title, f.plot) }
	if err := putTrained(f, weights.Bytes(), prov, curve, plot); err != nil {
		return err
	}
	wroteTrained(stderr, f, prov.SHA256, fmt.Sprintf("%d steps in %s", tr.Steps, tr.Elapsed.Round(time.Second)))
	if tr.CutShort {
		fmt.Fprintf(stderr, "train: the weights of step %d of %d, cut short: not the budget's\n", tr.Steps, tr.Config.Steps)
	}
	for _, t := range prov.Test {
		fmt.Fprintf(stderr, "  test set, %d hints, %s%s: %d/%d puzzles solved, %.1f%% of blank cells and %.1f%% of all cells right\n",
			t.Hints, t.Method, stepsNote(t.Steps), t.Solved, t.Puzzles, 100*t.CellAccuracy(), 100*t.AllCellAccuracy())
	}
	return nil
}

// trainingMachine names the machine a training runs on, for provenance.
func trainingMachine() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s, %d CPUs (%s/%s, %s)", host, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// continueCommand is the command that resumes a run cut short to its
// budget (resumeFlags go before --resume).
func continueCommand(f trainFlags, resumeFlags string) string {
	return fmt.Sprintf("sudokubench train %s--resume %s --out %s", resumeFlags, filepath.Base(checkpointPath(f.out)), filepath.Base(f.out))
}

// putTrained writes a finished training's files, each whole or not at
// all: the weights at --out, their provenance and the curve's data beside
// them, and the learning curve that plot draws at --plot.
func putTrained(f trainFlags, weights []byte, prov, curve any, plot func(io.Writer) error) error {
	files := map[string][]byte{f.out: weights}
	var err error
	if files[provenancePath(f.out)], err = jsonFile(prov); err != nil {
		return err
	}
	if files[curveDataPath(f.out)], err = jsonFile(curve); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := plot(&buf); err != nil {
		return err
	}
	files[f.plot] = buf.Bytes()
	_, err = report.PutFiles(files, false, f.force)
	return err
}

// wroteTrained says what a finished training wrote.
func wroteTrained(stderr io.Writer, f trainFlags, sha256, what string) {
	fmt.Fprintf(stderr, "train: %s; wrote %s (sha256 %s), %s, %s, %s\n",
		what, f.out, sha256[:12], provenancePath(f.out), f.plot, curveDataPath(f.out))
}

func stepsNote(steps int) string {
	if steps == 0 {
		return ""
	}
	return fmt.Sprintf(" at %d steps", steps)
}

// jsonFile is v as an indented JSON file.
func jsonFile(v any) ([]byte, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	return append(data, '\n'), err
}

// provenancePath is where the provenance of the weights in out goes.
func provenancePath(out string) string { return strings.TrimSuffix(out, ".bin") + ".json" }

// curveDataPath is where the learning curve's data goes.
func curveDataPath(out string) string { return strings.TrimSuffix(out, ".bin") + ".curve.json" }

// checkpointPath is where a run stopped before its budget is saved.
func checkpointPath(out string) string { return strings.TrimSuffix(out, ".bin") + ".ckpt" }

// checkTrainOutputs refuses, before any training, outputs that could not be
// written after it: a weights file not named .bin, a plot in a format
// learning.PlotNetwork does not write, a file that may not be replaced (a run's
// records or manifest, or without --force a file sudokubench did not
// write: report.CheckFiles), and a directory that cannot be written.
func checkTrainOutputs(f trainFlags) error {
	if filepath.Ext(f.out) != ".bin" {
		return fmt.Errorf("train: --out %s: the weights file must end in .bin (its provenance goes beside it as NAME.json, its learning curve as NAME.curve.svg and NAME.curve.json, a checkpoint as NAME.ckpt)", f.out)
	}
	if err := learning.CheckPath(f.plot); err != nil {
		return fmt.Errorf("train: --plot %w", err)
	}
	for _, o := range []struct{ what, path string }{
		{"--out", f.out},
		{"the provenance beside --out,", provenancePath(f.out)},
		{"the curve's data beside --out,", curveDataPath(f.out)},
		{"the checkpoint beside --out,", checkpointPath(f.out)},
		{"--plot", f.plot},
	} {
		if err := report.CheckFiles([]string{o.path}, f.force); err != nil {
			return fmt.Errorf("train: %s: %w", strings.TrimSuffix(o.what, ","), err)
		}
		if err := checkWritable(o.path); err != nil {
			return fmt.Errorf("train: %s %s: %w; training takes long, so this is checked first", o.what, o.path, err)
		}
	}
	return nil
}

// checkWritable reports whether a file can be written at path: its
// directory exists and takes a new file (created and removed at once), as
// the temporary file that becomes path will be.
func checkWritable(path string) error {
	dir := filepath.Dir(path)
	switch info, err := os.Stat(dir); {
	case err != nil:
		return fmt.Errorf("its directory %s does not exist; create it first", dir)
	case !info.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	probe, err := os.CreateTemp(dir, ".sudokubench-train-*")
	if pathErr := (*fs.PathError)(nil); errors.As(err, &pathErr) {
		err = pathErr.Err // the probe's own name says nothing
	}
	if err != nil {
		return fmt.Errorf("its directory %s cannot be written: %w", dir, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}
