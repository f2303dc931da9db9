package neural

import (
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
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// plotFormats are the extensions PlotCurve writes.
var plotFormats = []string{".svg", ".png", ".pdf"}

// CheckPlotPath reports whether PlotCurve can write to path by its
// extension, so that a caller can refuse a name before training, not
// after.
func CheckPlotPath(path string) error {
	if ext := strings.ToLower(filepath.Ext(path)); !slices.Contains(plotFormats, ext) {
		return fmt.Errorf("%s: a learning curve is written as %s, not %q", path, strings.Join(plotFormats, ", "), ext)
	}
	return nil
}

// okabeIto is the colour-blind-safe palette of Okabe and Ito, one colour
// per hint count of the test set.
var okabeIto = []color.Color{
	color.RGBA{0xe6, 0x9f, 0x00, 0xff}, color.RGBA{0x56, 0xb4, 0xe9, 0xff}, color.RGBA{0x00, 0x9e, 0x73, 0xff},
	color.RGBA{0xd5, 0x5e, 0x00, 0xff}, color.RGBA{0xcc, 0x79, 0xa7, 0xff}, color.RGBA{0x00, 0x72, 0xb2, 0xff},
}

// PlotCurve draws a network's learning curve and writes it to w in the
// format of path's extension (svg, png or pdf; path names the file in
// messages): the training loss by step above (on a
// log scale: it falls by orders of magnitude), and below it the fixed
// test set's whole puzzles solved by hint count, iterative filling in
// solid lines and one shot dashed.
func PlotCurve(w io.Writer, curve []CurvePoint, tests []CurveTest, title, path string) error {
	loss := Series{Label: "loss per blank cell", Log: true}
	for _, c := range curve {
		loss.Steps, loss.Values = append(loss.Steps, c.Step), append(loss.Values, c.Loss)
	}
	return PlotLearningCurve(w, LearningCurve{Title: title, Series: []Series{loss}, Tests: tests,
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

// LearningCurve is a figure of a training run: panels of series by step
// (the first under the title), above a panel of the fixed test set's
// whole puzzles solved by step, one colour per hint count and one dash
// per method.
type LearningCurve struct {
	Title     string
	Series    []Series
	Tests     []CurveTest
	TestTitle string
	StepLabel string // the step axis; "step" when empty
}

// PlotLearningCurve draws the curve and writes it to w in the format of
// path's extension (svg, png or pdf; path names the file in messages). The panels share their step axis; the test
// panel's legend stands to its right, clear of the lines.
func PlotLearningCurve(w io.Writer, c LearningCurve, path string) error {
	if err := CheckPlotPath(path); err != nil {
		return fmt.Errorf("plot %w", err)
	}
	if len(c.Series) == 0 || len(c.Series[0].Steps) == 0 {
		return fmt.Errorf("plot %s: no training values recorded", path)
	}
	stepLabel := c.StepLabel
	if stepLabel == "" {
		stepLabel = "step"
	}
	var plots []*plot.Plot
	var legends []*plot.Legend
	for i, s := range c.Series {
		title := ""
		if i == 0 {
			title = c.Title
		}
		p, err := seriesPlot(s, title, stepLabel)
		if err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
		plots, legends = append(plots, p), append(legends, nil)
	}
	solved, legend, err := solvedPlot(c.Tests, c.TestTitle, stepLabel)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	plots, legends = append(plots, solved), append(legends, legend)
	last := c.Series[0].Steps[len(c.Series[0].Steps)-1]
	for _, p := range plots {
		p.X.Min, p.X.Max = 0, float64(last)
		p.X.Tick.Marker = stepTicks{}
	}
	return savePlots(w, path, 7*vg.Inch, 3.5*vg.Inch*vg.Length(len(plots)), plots, legends)
}

// seriesPlot draws one series by step.
func seriesPlot(s Series, title, stepLabel string) (*plot.Plot, error) {
	pts := make(plotter.XYs, len(s.Steps))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, step := range s.Steps {
		pts[i].X, pts[i].Y = float64(step), s.Values[i]
		lo, hi = math.Min(lo, s.Values[i]), math.Max(hi, s.Values[i])
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = stepLabel
	p.Y.Label.Text = s.Label
	switch {
	case s.Log:
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, decadeTicks{}
		if lo > 0 { // whole decades, so that the log axis has its labels
			p.Y.Min, p.Y.Max = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
		}
	case s.Min != s.Max:
		p.Y.Min, p.Y.Max = s.Min, s.Max
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	p.Add(line, plotter.NewGrid())
	return p, nil
}

// solvedPlot draws the test set's whole puzzles solved by step, and
// returns its legend apart, for savePlots to place beside the panel.
func solvedPlot(tests []CurveTest, title, stepLabel string) (*plot.Plot, *plot.Legend, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = stepLabel
	p.Y.Label.Text = "% solved"
	p.Y.Min, p.Y.Max = 0, 100
	p.Add(plotter.NewGrid())
	legend := plot.NewLegend()
	legend.Top, legend.Left, legend.Padding = true, true, vg.Points(2)
	hints, methods := testKeys(tests)
	for i := len(hints) - 1; i >= 0; i-- { // most hints first: highest line first
		h, colour := hints[i], okabeIto[i%len(okabeIto)]
		for j, method := range methods {
			line, marks, err := solvedLine(tests, h, method, j, colour)
			if err != nil {
				return nil, nil, err
			}
			if line == nil {
				continue
			}
			if j == 0 {
				legend.Add(strconv.Itoa(h)+" hints", line, marks)
			}
			p.Add(line, marks)
		}
	}
	if len(methods) > 1 {
		legend.Add("")
		for j, method := range methods {
			sample, err := plotter.NewLine(plotter.XYs{{}})
			if err != nil {
				return nil, nil, err
			}
			sample.Dashes = methodDashes(j)
			legend.Add(label(method), sample)
		}
	}
	return p, &legend, nil
}

// testKeys returns the hint counts of the tests, in order, and their
// methods: iterative filling first, then one shot, then any other in the
// order met.
func testKeys(tests []CurveTest) ([]int, []Method) {
	var hints []int
	methods := []Method{}
	seen := map[Method]bool{}
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
	rank := func(m Method) int {
		switch m {
		case Iterative:
			return 0
		case OneShot:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(methods, func(a, b Method) int { return rank(a) - rank(b) })
	return hints, methods
}

// methodLabel names a method in the learning curve's legend.
var methodLabel = map[Method]string{Iterative: "iterative", OneShot: "one shot"}

// label is a method's name in the legend.
func label(m Method) string {
	if l, ok := methodLabel[m]; ok {
		return l
	}
	return string(m)
}

// solvedLine is one hint count's and method's line of puzzles solved by
// step, nil where the tests have no figure for it; the method's rank
// among the curve's methods sets its dashes and glyph.
func solvedLine(tests []CurveTest, hints int, method Method, rank int, colour color.Color) (*plotter.Line, *plotter.Scatter, error) {
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
	line.Color, marks.Color = colour, colour
	line.Dashes = methodDashes(rank)
	marks.Shape = draw.CircleGlyph{}
	if rank > 0 {
		marks.Shape = draw.BoxGlyph{}
	}
	return line, marks, nil
}

// methodDashes is the line style of a method by its rank: the first
// solid, the others dashed.
func methodDashes(rank int) []vg.Length {
	if rank > 0 {
		return []vg.Length{vg.Points(4), vg.Points(3)}
	}
	return nil
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

// decadeTicks marks a log axis at 1, 2 and 5 of every decade, labelled,
// and at the other digits unlabelled: a loss that falls by less than a
// decade still reads off its axis.
type decadeTicks struct{}

// Ticks returns the marks between lo and hi; none unless both are
// positive and finite.
func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	if !(lo > 0 && hi >= lo && !math.IsInf(hi, 1)) {
		return nil
	}
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for d := 1.0; d < 10; d++ {
			v := d * math.Pow(10, e)
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if d == 1 || d == 2 || d == 5 {
				t.Label = strconv.FormatFloat(v, 'g', 3, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// legendWidth is the strip right of the panels where their legends go.
const legendWidth = 1.1 * vg.Inch

// savePlots stacks the plots in one figure of the given size, their data
// areas aligned, each plot's legend (nil for none) in a strip to its
// right, and writes it to out in the format of path's extension.
func savePlots(out io.Writer, path string, width, height vg.Length, plots []*plot.Plot, legends []*plot.Legend) error {
	var canvas vg.CanvasWriterTo
	switch ext := extension(path); ext {
	case "svg":
		canvas = vgsvg.New(width, height)
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.New(width, height)}
	case "pdf":
		canvas = vgpdf.New(width, height)
	default:
		return fmt.Errorf("plot %s: unknown format %q: use .svg, .png or .pdf", path, ext)
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadX: vg.Millimeter, PadY: 3 * vg.Millimeter,
		PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter, PadLeft: 2 * vg.Millimeter, PadRight: 2 * vg.Millimeter}
	dc := draw.New(canvas)
	column := make([][]*plot.Plot, len(plots))
	for i, p := range plots {
		column[i] = []*plot.Plot{p}
	}
	panels := plot.Align(column, tiles, draw.Crop(dc, 0, -legendWidth, 0, 0))
	for i, p := range plots {
		p.Draw(panels[i][0])
		if legends[i] != nil {
			data := p.DataCanvas(panels[i][0])
			strip := data
			strip.Min.X, strip.Max.X = dc.Max.X-legendWidth+vg.Millimeter, dc.Max.X
			legends[i].Draw(strip)
		}
	}
	_, err := canvas.WriteTo(out)
	return err
}
