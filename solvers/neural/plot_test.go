package neural

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
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

func TestDecadeTicksLabelALossUnderOneDecade(t *testing.T) {
	got := strings.Join(tickLabels(decadeTicks{}.Ticks(0.1, 10)), " ")
	if got != "0.1 0.2 0.5 1 2 5 10" {
		t.Errorf("loss labels 0.1–10: %q", got)
	}
	for _, r := range [][2]float64{{0, 1}, {-1, 1}, {0.1, math.Inf(1)}, {math.NaN(), 1}} {
		if ticks := (decadeTicks{}).Ticks(r[0], r[1]); len(ticks) != 0 {
			t.Errorf("loss range %g–%g: %d ticks, want none", r[0], r[1], len(ticks))
		}
	}
}

func TestPlotCurveNamesHintsAndMethods(t *testing.T) {
	curve := []CurvePoint{{Step: 1, Loss: 2.1}, {Step: 500, Loss: 0.7}, {Step: 1000, Loss: 0.4}}
	var tests []CurveTest
	for _, step := range []int{500, 1000} {
		var figs []TestFigure
		for _, h := range TestSetHints {
			for _, m := range []Method{OneShot, Iterative} {
				figs = append(figs, TestFigure{Hints: h, Method: m, Score: Score{Puzzles: 25, Solved: step / 100}})
			}
		}
		tests = append(tests, CurveTest{Step: step, Figures: figs})
	}
	var svg strings.Builder
	if err := PlotCurve(&svg, curve, tests, "cnn, seed 1", "c.svg"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"36 hints", "17 hints", "iterative", "one shot", "1k"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("the learning curve lacks %q", want)
		}
	}
}
