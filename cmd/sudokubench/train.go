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
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/solvers/neural"
)

// trainFlags are the flags of the train command.
type trainFlags struct {
	model, out, plot string
	seed             uint64
	steps, workers   int
	hours            float64
}

func newTrainCmd() *cobra.Command {
	var f trainFlags
	cmd := &cobra.Command{
		Use:   "train --model rrn|cnn --out weights.bin",
		Short: "Train a Sudoku network on generated puzzles; the weights are a function of --seed and --steps",
		Long: "Train a network (rrn: recurrent relational network; cnn: the article's CNN) on puzzles\n" +
			"from the suite's generator, augmented by the Sudoku symmetries. The weights depend only on\n" +
			"--model, --seed and --steps (not on --workers or the machine's load): the shipped weights\n" +
			"are rebuilt by the command recorded in solvers/neural/weights/KIND.json. --hours caps the\n" +
			"wall-clock time; a run it cuts short says so, and its weights are not the budget's.\n" +
			"Beside --out it writes the provenance (.json: SHA-256, command, commit, score on the\n" +
			"fixed test set) and the loss curve (--plot, default .loss.svg). All three are checked\n" +
			"before the first step: --out must end in .bin, --plot in .svg, .png or .pdf, and each\n" +
			"file must be writable.",
		Example: "  sudokubench train --model rrn --hours 2 --seed 1 --out weights.bin\n" +
			"  sudokubench train --model cnn --steps 200 --out /tmp/cnn.bin --plot /tmp/cnn.png",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runTrain(cmd.Context(), cmd.ErrOrStderr(), f, commandLine())
		},
	}
	cmd.Flags().StringVar(&f.model, "model", "rrn", "network: rrn or cnn")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "seed of the data and the initial weights")
	cmd.Flags().IntVar(&f.steps, "steps", 0, "step budget (default: the shipped weights' budget for the model)")
	cmd.Flags().Float64Var(&f.hours, "hours", 2, "wall-clock cap in hours; 0 for none")
	cmd.Flags().IntVar(&f.workers, "workers", runtime.NumCPU(), "goroutines (does not change the result)")
	cmd.Flags().StringVar(&f.out, "out", "", "weights file to write, NAME.bin (required)")
	cmd.Flags().StringVar(&f.plot, "plot", "", "loss curve, .svg, .png or .pdf (default: OUT without .bin, + .loss.svg)")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

// commandLine is the command as typed, for the provenance record.
func commandLine() string { return "sudokubench " + strings.Join(os.Args[1:], " ") }

func runTrain(ctx context.Context, stderr io.Writer, f trainFlags, command string) error {
	steps, ok := neural.DefaultSteps[f.model]
	if !ok {
		return usageError(fmt.Errorf("train: --model %q: use rrn or cnn", f.model))
	}
	if f.steps != 0 {
		steps = f.steps
	}
	if f.hours < 0 || f.workers < 1 {
		return usageError(fmt.Errorf("train: --hours %g and --workers %d: want hours ≥ 0 and at least one worker", f.hours, f.workers))
	}
	if f.plot == "" {
		f.plot = strings.TrimSuffix(f.out, ".bin") + ".loss.svg"
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
	commit := harness.Build()
	show := newTrainProgress(stderr)
	tr, err := neural.Train(ctx, neural.DefaultTraining(f.model, f.seed, steps), f.workers, show.update)
	show.end()
	if err != nil {
		return err
	}
	if tr.CutShort {
		fmt.Fprintf(stderr, "train: the %g-hour cap stopped training after %d of %d steps; these weights are NOT what the budget gives\n",
			f.hours, tr.Steps, steps)
	}
	return writeTrained(stderr, tr, f, command, commit)
}

// writeTrained saves the weights, their provenance and the loss curve.
func writeTrained(stderr io.Writer, tr *neural.Trained, f trainFlags, command, commit string) error {
	var buf bytes.Buffer
	if err := neural.Save(&buf, tr.Model); err != nil {
		return err
	}
	if err := os.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	host, _ := os.Hostname()
	machine := fmt.Sprintf("%s, %d CPUs (%s/%s, %s)", host, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	prov, err := neural.NewProvenance(tr, f.out, buf.Bytes(), command, commit, machine)
	if err != nil {
		return err
	}
	meta, err := json.MarshalIndent(prov, "", "  ")
	if err != nil {
		return err
	}
	metaPath := provenancePath(f.out)
	if err := os.WriteFile(metaPath, append(meta, '\n'), 0o644); err != nil {
		return err
	}
	title := fmt.Sprintf("%s, seed %d, %d steps of %d puzzles", tr.Config.Model, tr.Config.Seed, tr.Steps, tr.Config.Batch)
	if err := neural.PlotCurve(tr.Curve, title, f.plot); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "train: %d steps in %s; wrote %s (sha256 %s), %s, %s\n",
		tr.Steps, tr.Elapsed.Round(time.Second), f.out, prov.SHA256[:12], metaPath, f.plot)
	for _, t := range prov.Test {
		fmt.Fprintf(stderr, "  test set, %d hints, %s: %d/%d puzzles solved, %.1f%% of blank cells right\n",
			t.Hints, t.Method, t.Solved, t.Puzzles, 100*t.CellAccuracy())
	}
	return nil
}

// provenancePath is where the provenance of the weights in out goes.
func provenancePath(out string) string { return strings.TrimSuffix(out, ".bin") + ".json" }

// checkTrainOutputs refuses, before any training, outputs that could not be
// written after it: a weights file not named .bin, a plot in a format
// PlotCurve does not write, and a file or directory that cannot be written.
func checkTrainOutputs(f trainFlags) error {
	if filepath.Ext(f.out) != ".bin" {
		return fmt.Errorf("train: --out %s: the weights file must end in .bin (its provenance goes beside it as NAME.json, its loss curve as NAME.loss.svg)", f.out)
	}
	if err := neural.CheckPlotPath(f.plot); err != nil {
		return fmt.Errorf("train: --plot %w", err)
	}
	for _, o := range []struct{ what, path string }{
		{"--out", f.out},
		{"the provenance beside --out,", provenancePath(f.out)},
		{"--plot", f.plot},
	} {
		if err := checkWritable(o.path); err != nil {
			return fmt.Errorf("train: %s %s: %w; training takes long, so this is checked first", o.what, o.path, err)
		}
	}
	return nil
}

// checkWritable reports whether a file can be written at path: an existing
// regular file opened for writing (not truncated), or else a file created
// in its directory and removed at once.
func checkWritable(path string) error {
	dir := filepath.Dir(path)
	switch info, err := os.Stat(dir); {
	case err != nil:
		return fmt.Errorf("its directory %s does not exist; create it first", dir)
	case !info.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	if info, err := os.Stat(path); err == nil {
		if !info.Mode().IsRegular() {
			return errors.New("it exists and is not a regular file")
		}
		file, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("it cannot be written: %w", err)
		}
		return file.Close()
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

// trainProgress shows training on a terminal as a bar, elsewhere as a line
// every minute.
type trainProgress struct {
	w        io.Writer
	p        *mpb.Progress
	bar      *mpb.Bar
	loss     atomic.Value // float64, read by the bar's goroutine
	lastLine time.Time
}

func newTrainProgress(w io.Writer) *trainProgress {
	t := &trainProgress{w: w}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		t.p = mpb.New(mpb.WithOutput(w), mpb.WithRefreshRate(500*time.Millisecond))
	}
	return t
}

func (t *trainProgress) update(p neural.Progress) {
	if p.Phase == "data" {
		fmt.Fprintf(t.w, "train: generating %d puzzles\n", p.Total)
		return
	}
	t.loss.Store(p.Loss)
	if t.p == nil {
		if time.Since(t.lastLine) >= time.Minute || p.Done == p.Total {
			fmt.Fprintf(t.w, "train: step %d/%d, loss %.4f\n", p.Done, p.Total, p.Loss)
			t.lastLine = time.Now()
		}
		return
	}
	if t.bar == nil {
		t.bar = t.p.AddBar(int64(p.Total),
			mpb.PrependDecorators(decor.Name("steps "), decor.CountersNoUnit("%d/%d")),
			mpb.AppendDecorators(
				decor.Any(func(decor.Statistics) string { return fmt.Sprintf(" loss %.4f ", t.loss.Load()) }),
				decor.Percentage(), decor.Name(" left "), decor.AverageETA(decor.ET_STYLE_GO)))
	}
	t.bar.SetCurrent(int64(p.Done))
}

func (t *trainProgress) end() {
	if t.p == nil {
		return
	}
	if t.bar != nil && !t.bar.Completed() {
		t.bar.Abort(false)
	}
	t.p.Wait()
}
