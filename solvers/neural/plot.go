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

// PlotCurve draws the learning curve and writes it to w in the format of
// path's extension (svg, png or pdf; path names the file in messages): the training loss by step above (on a log
// scale: it falls by orders of magnitude), and below it the fixed test
// set's whole puzzles solved by hint count, iterative filling in solid
// lines and one shot dashed. The two panels share their step axis; the
// legend stands to the right of the panels, clear of the lines.
func PlotCurve(w io.Writer, curve []CurvePoint, tests []CurveTest, title, path string) error {
	if err := CheckPlotPath(path); err != nil {
		return fmt.Errorf("plot %w", err)
	}
	if len(curve) == 0 {
		return fmt.Errorf("plot %s: no loss recorded", path)
	}
	loss, err := lossPlot(curve, title)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	solved, legend, err := solvedPlot(tests)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	for _, p := range []*plot.Plot{loss, solved} {
		p.X.Min, p.X.Max = 0, float64(curve[len(curve)-1].Step)
		p.X.Tick.Marker = stepTicks{}
	}
	return savePlots(w, path, 7*vg.Inch, 7*vg.Inch, []*plot.Plot{loss, solved}, []*plot.Legend{nil, legend})
}

func lossPlot(curve []CurvePoint, title string) (*plot.Plot, error) {
	pts := make(plotter.XYs, len(curve))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, c := range curve {
		pts[i].X, pts[i].Y = float64(c.Step), c.Loss
		lo, hi = math.Min(lo, c.Loss), math.Max(hi, c.Loss)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "step"
	p.Y.Label.Text = "loss per blank cell"
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, decadeTicks{}
	if lo > 0 { // whole decades, so that the log axis has its labels
		p.Y.Min, p.Y.Max = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
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
func solvedPlot(tests []CurveTest) (*plot.Plot, *plot.Legend, error) {
	p := plot.New()
	p.Title.Text = "fixed test set (17-clue+k): whole puzzles solved"
	p.X.Label.Text = "step"
	p.Y.Label.Text = "% solved"
	p.Y.Min, p.Y.Max = 0, 100
	p.Add(plotter.NewGrid())
	legend := plot.NewLegend()
	legend.Top, legend.Left, legend.Padding = true, true, vg.Points(2)
	for i := len(TestSetHints) - 1; i >= 0; i-- { // most hints first: highest line first
		h, colour := TestSetHints[i], okabeIto[i%len(okabeIto)]
		for _, method := range []Method{Iterative, OneShot} {
			line, marks, err := solvedLine(tests, h, method, colour)
			if err != nil {
				return nil, nil, err
			}
			if line == nil {
				continue
			}
			if method == Iterative {
				legend.Add(strconv.Itoa(h)+" hints", line, marks)
			}
			p.Add(line, marks)
		}
	}
	legend.Add("")
	for _, method := range []Method{Iterative, OneShot} {
		sample, err := plotter.NewLine(plotter.XYs{{}})
		if err != nil {
			return nil, nil, err
		}
		sample.Dashes = methodDashes(method)
		legend.Add(methodLabel[method], sample)
	}
	return p, &legend, nil
}

// methodLabel names a method in the learning curve's legend.
var methodLabel = map[Method]string{Iterative: "iterative", OneShot: "one shot"}

// solvedLine is one hint count's and method's line of puzzles solved by
// step, nil where the tests have no figure for it.
func solvedLine(tests []CurveTest, hints int, method Method, colour color.Color) (*plotter.Line, *plotter.Scatter, error) {
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
	line.Dashes = methodDashes(method)
	marks.Shape = draw.CircleGlyph{}
	if method == OneShot {
		marks.Shape = draw.BoxGlyph{}
	}
	return line, marks, nil
}

// methodDashes is the line style of a method: one shot dashed, iterative
// filling solid.
func methodDashes(method Method) []vg.Length {
	if method == OneShot {
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
