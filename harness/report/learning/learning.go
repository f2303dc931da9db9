// Package learning draws the learning curves of the suite's trained
// solvers — a network's loss and an agent's return by step, above the
// fixed test set's puzzles solved — in the report's figure style
// (harness/report/figure), from the curves the training packages record.
package learning

import (
	"cmp"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/rl"
)

// CheckPath reports whether PlotNetwork can write to path by its
// extension, one of the figure formats, so that a caller can refuse a
// name before training, not after.
func CheckPath(path string) error {
	if _, err := figure.LookupPlotFormat(extension(path)); err != nil {
		return fmt.Errorf("%s: a learning curve is written as .%s, not %q", path, strings.Join(figure.PlotFormatNames(), ", ."), filepath.Ext(path))
	}
	return nil
}

// PlotNetwork draws a network's learning curve and writes it to w in the
// format of path's extension (svg, png or pdf; path names the file in
// messages): the training loss by step above (on a
// log scale: it falls by orders of magnitude), and below it the fixed
// test set's whole puzzles solved by hint count, iterative filling in
// solid lines and one shot dashed.
func PlotNetwork(w io.Writer, curve []neural.CurvePoint, tests []neural.CurveTest, title, path string) error {
	loss := Series{Label: "loss per blank cell", Log: true}
	for _, c := range curve {
		loss.Steps, loss.Values = append(loss.Steps, c.Step), append(loss.Values, c.Loss)
	}
	return Plot(w, Curve{Title: title, Series: []Series{loss}, Tests: tests,
		TestTitle: "fixed test set (17-clue+k): whole puzzles solved"}, path)
}

// Series is one panel of a learning curve: a value by training step.
type Series struct {
	Label  string // the panel's vertical axis
	Steps  []int
	Values []float64
	// Log draws the values on a log scale (whole decades); Min and Max,
	// when they differ, fix a linear axis's range.
	Log      bool
	Min, Max float64
}

// Curve is a figure of a training run: panels of series by step
// (the first under the title), above a panel of the fixed test set's
// whole puzzles solved by step, one colour per hint count and one dash
// per method.
type Curve struct {
	Title     string
	Series    []Series
	Tests     []neural.CurveTest
	TestTitle string
	StepLabel string // the step axis; "step" when empty
}

// Plot draws the curve and writes it to w in the format of
// path's extension (a figure format; path names the file in messages),
// at a page's width. The panels are stacked on one step axis, the test
// panel's legend under it.
func Plot(w io.Writer, c Curve, path string) error {
	if err := CheckPath(path); err != nil {
		return fmt.Errorf("plot %w", err)
	}
	f, err := learningFigure(c)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return figure.WriteFigure(w, f, extension(path))
}

// puzzlesPerPoint says how many test puzzles stand behind each point of
// the solved panel: ", 25 puzzles a point", or the range when they differ.
func puzzlesPerPoint(tests []neural.CurveTest) string {
	lo, hi := 0, 0
	for _, t := range tests {
		for _, f := range t.Figures {
			if lo == 0 || f.Score.Puzzles < lo {
				lo = f.Score.Puzzles
			}
			hi = max(hi, f.Score.Puzzles)
		}
	}
	switch {
	case hi == 0:
		return ""
	case lo == hi:
		return fmt.Sprintf(", %d puzzles a point", hi)
	}
	return fmt.Sprintf(", %d–%d puzzles a point", lo, hi)
}

// learningFigure lays out the learning curve's figure.
func learningFigure(c Curve) (figure.Figure, error) {
	if len(c.Series) == 0 || len(c.Series[0].Steps) == 0 {
		return figure.Figure{}, errors.New("no training values recorded")
	}
	stepLabel := cmp.Or(c.StepLabel, "step")
	var panels []figure.Panel
	for _, s := range c.Series {
		p, err := seriesPlot(s, stepLabel)
		if err != nil {
			return figure.Figure{}, err
		}
		panels = append(panels, figure.Panel{Plot: p})
	}
	solved, legend, err := solvedPlot(c.Tests, stepLabel)
	if err != nil {
		return figure.Figure{}, err
	}
	panels = append(panels, figure.Panel{Title: c.TestTitle + puzzlesPerPoint(c.Tests), Plot: solved, Legend: legend})
	last := c.Series[0].Steps[len(c.Series[0].Steps)-1]
	for _, p := range panels {
		p.Plot.X.Min, p.Plot.X.Max = 0, float64(last)
		p.Plot.X.Tick.Marker = stepTicks{}
	}
	return figure.Figure{Name: "learning-curve", Title: c.Title, Panels: panels, Columns: 1, Aspect: learningAspect}, nil
}

// learningAspect is each panel's data area, height over width: low, so
// that the panels stack on one page.
const learningAspect = 0.4

// seriesPlot draws one series by step: on a log axis of log10 values
// (figure.LogValueAxis) where the series asks for one.
func seriesPlot(s Series, stepLabel string) (*plot.Plot, error) {
	pts := make(plotter.XYs, len(s.Steps))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, step := range s.Steps {
		pts[i].X, pts[i].Y = float64(step), s.Values[i]
		lo, hi = math.Min(lo, s.Values[i]), math.Max(hi, s.Values[i])
	}
	p := figure.NewPlot(stepLabel, s.Label, plotter.NewGrid())
	switch {
	case s.Log && lo > 0:
		for i := range pts {
			pts[i].Y = math.Log10(pts[i].Y)
		}
		figure.LogValueAxis(&p.Y, lo, hi, figure.NumberTicks{})
	case s.Min != s.Max:
		p.Y.Min, p.Y.Max = s.Min, s.Max
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	line.Width = figure.LineWidth
	p.Add(line)
	return p, nil
}

// solvedPlot draws the test set's whole puzzles solved by step, one
// colour per hint count, one dash and glyph per method, and returns its
// legend.
func solvedPlot(tests []neural.CurveTest, stepLabel string) (*plot.Plot, []figure.LegendEntry, error) {
	p := figure.NewPlot(stepLabel, "% solved", plotter.NewGrid())
	p.Y.Min, p.Y.Max = 0, 100
	var legend []figure.LegendEntry
	hints, methods := testKeys(tests)
	for i := len(hints) - 1; i >= 0; i-- { // most hints first: highest line first
		h := hints[i]
		for j, method := range methods {
			line, marks, err := solvedLine(tests, h, method, j, i)
			if err != nil {
				return nil, nil, err
			}
			if line == nil {
				continue
			}
			if j == 0 {
				legend = append(legend, figure.LegendEntry{Label: strconv.Itoa(h) + " hints",
					Thumb: figure.Thumb{Color: figure.SlotColor(i), Glyph: figure.SlotGlyph(0), Line: true}})
			}
			p.Add(line, marks)
		}
	}
	if len(methods) > 1 {
		for j, method := range methods {
			legend = append(legend, figure.LegendEntry{Label: label(method),
				Thumb: figure.Thumb{Color: color.Black, Dashes: figure.SlotDashes(j), Glyph: figure.SlotGlyph(j), Line: true}})
		}
	}
	return p, legend, nil
}

// testKeys returns the hint counts of the tests, in order, and their
// methods: iterative filling first, then one shot, then any other in the
// order met.
func testKeys(tests []neural.CurveTest) ([]int, []neural.Method) {
	var hints []int
	methods := []neural.Method{}
	seen := map[neural.Method]bool{}
	for _, t := range tests {
		for _, f := range t.Figures {
			if !slices.Contains(hints, f.Hints) {
				hints = append(hints, f.Hints)
			}
			if f.Steps == 0 && !seen[f.Method] {
				seen[f.Method] = true
				methods = append(methods, f.Method)
			}
		}
	}
	slices.Sort(hints)
	rank := func(m neural.Method) int {
		switch m {
		case neural.Iterative:
			return 0
		case neural.OneShot:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(methods, func(a, b neural.Method) int { return rank(a) - rank(b) })
	return hints, methods
}

// methodLabel names a method in the learning curve's legend.
var methodLabel = map[neural.Method]string{neural.Iterative: "iterative", neural.OneShot: "one shot"}

// label is a method's name in the legend.
func label(m neural.Method) string {
	if l, ok := methodLabel[m]; ok {
		return l
	}
	return string(m)
}

// solvedLine is one hint count's and method's line of puzzles solved by
// step, nil where the tests have no figure for it; the hint count's
// rank sets its colour, the method's rank among the curve's methods its
// dashes and glyph.
func solvedLine(tests []neural.CurveTest, hints int, method neural.Method, rank, hintRank int) (*plotter.Line, *plotter.Scatter, error) {
	var pts plotter.XYs
	for _, t := range tests {
		for _, f := range t.Figures {
			if f.Hints == hints && f.Method == method && f.Steps == 0 {
				pts = append(pts, plotter.XY{X: float64(t.Step), Y: 100 * f.SolvedRate()})
			}
		}
	}
	if len(pts) == 0 {
		return nil, nil, nil
	}
	line, marks, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, nil, err
	}
	colour := figure.SlotColor(hintRank)
	line.Color, line.Width, line.Dashes = colour, figure.LineWidth, figure.SlotDashes(rank)
	marks.Color, marks.Shape, marks.Radius = colour, figure.SlotGlyph(rank), figure.GlyphRadius
	return line, marks, nil
}

// stepTicks labels a step axis in whole steps, thousands as k: 0, 2.5k,
// 10k.
type stepTicks struct{}

// Ticks returns plot.DefaultTicks' marks relabelled.
func (stepTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label == "" {
			continue
		}
		ticks[i].Label = strconv.FormatFloat(t.Value, 'f', -1, 64)
		if math.Abs(t.Value) >= 1000 {
			ticks[i].Label = strconv.FormatFloat(t.Value/1000, 'f', -1, 64) + "k"
		}
	}
	return ticks
}

// PlotAgent draws an RL agent's learning curve and writes it to w in the
// format of path's extension (path names the file in messages): the
// training episodes' mean return and share solved by update (the policy
// sampling), and the fixed test set's puzzles solved, greedily, by update
// and hint count.
func PlotAgent(w io.Writer, tr *rl.Trained, path string) error {
	ret := Series{Label: "mean return (" + tr.Config.Reward + " reward)"}
	solved := Series{Label: "% of training episodes solved", Min: 0, Max: 100}
	for _, c := range tr.Curve {
		ret.Steps, ret.Values = append(ret.Steps, c.Update), append(ret.Values, c.Return)
		solved.Steps, solved.Values = append(solved.Steps, c.Update), append(solved.Values, 100*c.Solved)
	}
	cfg := tr.Config
	title := fmt.Sprintf("rl/%s, seed %d, %d updates of %d puzzles × %d rollouts", cfg.Agent, cfg.Seed, tr.Updates, cfg.Puzzles, cfg.Rollouts)
	return Plot(w, Curve{Title: title, Series: []Series{ret, solved}, Tests: tr.Tests,
		TestTitle: "fixed test set (17-clue+k), greedy: whole puzzles solved", StepLabel: "update"}, path)
}

// extension is path's extension without the dot, in lower case: the name
// of a figure format.
func extension(path string) string {
	return strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
}
