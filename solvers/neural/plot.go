package neural

import (
	"fmt"
	"image/color"
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

// PlotCurve draws the learning curve and saves it to path (svg, png or
// pdf, by the extension): the training loss by step above (on a log
// scale: it falls by orders of magnitude), and below it
// the fixed test set's whole puzzles solved by hint count, iterative
// filling in solid lines and one shot dashed.
func PlotCurve(curve []CurvePoint, tests []CurveTest, title, path string) error {
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
	solved, err := solvedPlot(tests)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return savePlots(path, 6*vg.Inch, 7*vg.Inch, loss, solved)
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
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
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

func solvedPlot(tests []CurveTest) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "fixed test set (17-clue+k): puzzles solved, iterative (solid) and one shot (dashed)"
	p.X.Label.Text = "step"
	p.Y.Label.Text = "% solved"
	p.Y.Min, p.Y.Max = 0, 100
	p.Legend.Top, p.Legend.Left = false, false
	p.Add(plotter.NewGrid())
	for i, h := range TestSetHints {
		for _, method := range []Method{Iterative, OneShot} {
			var pts plotter.XYs
			for _, t := range tests {
				for _, f := range t.Figures {
					if f.Hints == h && f.Method == method && f.Steps == 0 {
						pts = append(pts, plotter.XY{X: float64(t.Step), Y: 100 * f.SolvedRate()})
					}
				}
			}
			if len(pts) == 0 {
				continue
			}
			line, marks, err := plotter.NewLinePoints(pts)
			if err != nil {
				return nil, err
			}
			line.Color, marks.Color = okabeIto[i%len(okabeIto)], okabeIto[i%len(okabeIto)]
			marks.Shape = draw.CircleGlyph{}
			if method == OneShot {
				line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
				marks.Shape = draw.BoxGlyph{}
			} else {
				p.Legend.Add(strconv.Itoa(h)+" hints", line, marks)
			}
			p.Add(line, marks)
		}
	}
	return p, nil
}

// savePlots stacks the plots in one figure of the given size and writes
// it in the format of path's extension.
func savePlots(path string, w, h vg.Length, plots ...*plot.Plot) error {
	var canvas vg.CanvasWriterTo
	switch ext := extension(path); ext {
	case "svg":
		canvas = vgsvg.New(w, h)
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.New(w, h)}
	case "pdf":
		canvas = vgpdf.New(w, h)
	default:
		return fmt.Errorf("plot %s: unknown format %q: use .svg, .png or .pdf", path, ext)
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadX: vg.Millimeter, PadY: 3 * vg.Millimeter,
		PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter, PadLeft: 2 * vg.Millimeter, PadRight: 2 * vg.Millimeter}
	dc := draw.New(canvas)
	for i, p := range plots {
		p.Draw(tiles.At(dc, 0, i))
	}
	return writeFile(path, canvas)
}
