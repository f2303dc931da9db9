package learning

import (
	"io"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/rl"
)

func tickLabels(ticks []plot.Tick) []string {
	var labels []string
	for _, t := range ticks {
		if t.Label != "" {
			labels = append(labels, t.Label)
		}
	}
	return labels
}

func TestStepTicksReadAsWholeSteps(t *testing.T) {
	got := strings.Join(tickLabels(stepTicks{}.Ticks(0, 30000)), " ")
	if got != "0 10k 20k 30k" {
		t.Errorf("step labels 0–30,000: %q, want whole steps in thousands", got)
	}
	if got := strings.Join(tickLabels(stepTicks{}.Ticks(0, 800)), " "); strings.Contains(got, ".") {
		t.Errorf("step labels 0–800: %q, want no decimals", got)
	}
}

func TestPlotCurveNamesHintsAndMethods(t *testing.T) {
	curve := []neural.CurvePoint{{Step: 1, Loss: 2.1}, {Step: 500, Loss: 0.7}, {Step: 1000, Loss: 0.4}}
	var tests []neural.CurveTest
	for _, step := range []int{500, 1000} {
		var figs []neural.TestFigure
		for _, h := range neural.TestSetHints {
			for _, m := range []neural.Method{neural.OneShot, neural.Iterative} {
				figs = append(figs, neural.TestFigure{Hints: h, Method: m, Score: neural.Score{Puzzles: 25, Solved: step / 100}})
			}
		}
		tests = append(tests, neural.CurveTest{Step: step, Figures: figs})
	}
	var svg strings.Builder
	if err := PlotNetwork(&svg, curve, tests, "cnn, seed 1", "c.svg"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"36 hints", "17 hints", "iterative", "one shot", "1k"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("the learning curve lacks %q", want)
		}
	}
}

// The learning curve is a figure like the report's: legible (no text on
// text or data, nothing off the canvas), in every figure format, and a
// path of another extension is refused before anything is drawn.
func TestLearningCurveIsLegible(t *testing.T) {
	curve := Curve{Title: "rrn, seed 1", TestTitle: "fixed test set (17-clue+k): whole puzzles solved",
		Series: []Series{{Label: "loss per blank cell", Log: true, Steps: []int{1, 500, 1000}, Values: []float64{2.1, 0.7, 0.04}}}}
	for _, step := range []int{500, 1000} {
		var figs []neural.TestFigure
		for _, h := range neural.TestSetHints {
			for _, m := range []neural.Method{neural.OneShot, neural.Iterative} {
				figs = append(figs, neural.TestFigure{Hints: h, Method: m, Score: neural.Score{Puzzles: 25, Solved: step / 100}})
			}
		}
		curve.Tests = append(curve.Tests, neural.CurveTest{Step: step, Figures: figs})
	}
	f, err := learningFigure(curve)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range figure.Check(f) {
		t.Error(p)
	}
	if title := f.Panels[len(f.Panels)-1].Title; !strings.HasSuffix(title, ", 25 puzzles a point") {
		t.Errorf("the solved panel's title %q does not say how many puzzles stand behind a point", title)
	}
	for _, name := range figure.PlotFormatNames() {
		if err := Plot(io.Discard, curve, "curve."+name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := Plot(io.Discard, curve, "curve.jpg"); err == nil || !strings.Contains(err.Error(), ".svg") {
		t.Errorf("curve.jpg: %v, want a refusal naming the formats", err)
	}
}

// An agent's curve has two training panels, the mean return and the
// share of episodes solved, on an update axis, above the test panel.
func TestAgentCurveNamesItsPanels(t *testing.T) {
	tr := &rl.Trained{Config: rl.TrainConfig{Agent: "gcn", Reward: "article", Seed: 1, Puzzles: 8, Rollouts: 4}, Updates: 20}
	for u := 1; u <= 20; u++ {
		tr.Curve = append(tr.Curve, rl.CurvePoint{Update: u, Return: float64(u) / 4, Solved: float64(u) / 20})
	}
	var svg strings.Builder
	if err := PlotAgent(&svg, tr, "agent.svg"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"rl/gcn, seed 1, 20 updates of 8 puzzles × 4 rollouts", "mean return (article reward)", "% of training episodes solved", "update"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("the agent's learning curve lacks %q", want)
		}
	}
}
