package neural

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// plotFormats are the extensions PlotCurve writes.
var plotFormats = []string{".svg", ".png", ".pdf"}

// CheckPlotPath reports whether PlotCurve can write to path by its
// extension, so that a caller can refuse a name before training, not
// after.
func CheckPlotPath(path string) error {
	if ext := strings.ToLower(filepath.Ext(path)); !slices.Contains(plotFormats, ext) {
		return fmt.Errorf("%s: a loss curve is written as %s, not %q", path, strings.Join(plotFormats, ", "), ext)
	}
	return nil
}

// PlotCurve draws the training loss by step and saves it to path; the
// format follows the extension (svg, png, pdf).
func PlotCurve(curve []CurvePoint, title, path string) error {
	if err := CheckPlotPath(path); err != nil {
		return fmt.Errorf("plot %w", err)
	}
	if len(curve) == 0 {
		return fmt.Errorf("plot %s: no loss recorded", path)
	}
	pts := make(plotter.XYs, len(curve))
	for i, c := range curve {
		pts[i].X, pts[i].Y = float64(c.Step), c.Loss
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "step"
	p.Y.Label.Text = "cross-entropy per blank cell (final output)"
	p.Y.Min = 0
	line, err := plotter.NewLine(pts)
	if err != nil {
		return fmt.Errorf("plot %s: %w", path, err)
	}
	p.Add(line, plotter.NewGrid())
	return p.Save(6*vg.Inch, 4*vg.Inch, path)
}
