package report

import (
	"bytes"
	"io"
	"regexp"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Default plot size, without the legend column.
const (
	PlotWidth  = 6 * vg.Inch
	PlotHeight = 4 * vg.Inch
)

// legendGap is the space on either side of the legend column.
const legendGap = vg.Length(8)

// size is the figure's plot size, defaults filled in.
func (f Figure) size() (w, h vg.Length) {
	w, h = f.Width, f.Height
	if w == 0 {
		w = PlotWidth
	}
	if h == 0 {
		h = PlotHeight
	}
	return w, h
}

// pdfDate matches the creation and modification dates fpdf stamps with the
// current time.
var pdfDate = regexp.MustCompile(`/(CreationDate|ModDate) \(D:\d{14}\)`)

// WriteFigure writes f in a format: svg, png or pdf (or any other format
// gonum/plot knows). The legend, if any, gets a column of its own right of
// the plot, so that it never covers data whatever the number of solvers;
// the canvas widens by that column and grows taller when the legend needs
// it. PDF dates are fixed to the epoch so that the same input gives the
// same bytes.
func WriteFigure(w io.Writer, f Figure, format string) error {
	width, height := f.size()
	leg := f.Plot.Legend.Rectangle(draw.Canvas{}).Size()
	var column vg.Length
	if leg.X > 0 {
		column = leg.X + 2*legendGap
		height = max(height, leg.Y+chrome(f.Plot, width, height))
	}
	c, err := draw.NewFormattedCanvas(width+column, height, strings.ToLower(format))
	if err != nil {
		return err
	}
	drawWithLegend(draw.New(c), f.Plot, column)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	out := buf.Bytes()
	if strings.EqualFold(format, "pdf") {
		out = pdfDate.ReplaceAll(out, []byte("/$1 (D:19700101000000)"))
	}
	_, err = w.Write(out)
	return err
}

// chrome is the height a plot of this size spends outside its data area
// (title, x axis).
func chrome(p *plot.Plot, w, h vg.Length) vg.Length {
	c := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
	return h - p.DataCanvas(c).Size().Y
}

// drawWithLegend draws p without its legend in c less a right column of
// the given width, and the legend in that column, its top level with the
// top of the data area.
func drawWithLegend(c draw.Canvas, p *plot.Plot, column vg.Length) {
	pc := draw.Crop(c, 0, -column, 0, 0)
	bare := *p
	bare.Legend = plot.NewLegend()
	bare.Draw(pc)
	if column == 0 {
		return
	}
	top := p.DataCanvas(pc).Max.Y
	l := p.Legend
	l.Top, l.Left = true, true
	l.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: pc.Max.X + legendGap, Y: c.Min.Y},
		Max: vg.Point{X: c.Max.X - legendGap, Y: top},
	}})
}
