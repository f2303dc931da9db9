package report

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/text/encoding/charmap"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Default plot size, without the legend column.
const (
	PlotWidth  = 6 * vg.Inch
	PlotHeight = 4 * vg.Inch
)

// legendGap is the space on either side of the legend column.
const legendGap = vg.Length(8)

// canvas is the size of the figure's canvas: the plot, widened by a
// column for the legend (column wide) and taller where the legend needs it.
func (f Figure) canvas() (width, height, column vg.Length) {
	width, height = f.size()
	leg := f.Plot.Legend.Rectangle(draw.Canvas{}).Size()
	if leg.X > 0 {
		column = leg.X + 2*legendGap
		height = max(height, leg.Y+chrome(f.Plot, width, height))
	}
	return width + column, height, column
}

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

// PNGDPI is the resolution of PNG figures: print quality at the figure's
// size.
const PNGDPI = 300

// pdfDate matches the creation and modification dates fpdf stamps with the
// current time.
var pdfDate = regexp.MustCompile(`/(CreationDate|ModDate) \(D:\d{14}\)`)

// svgFonts gives each font gonum names in an SVG a stack of fallbacks, led
// by the fonts with the same metrics, so that text laid out for the first
// is not clipped where it is missing.
var svgFonts = strings.NewReplacer(
	"font-family:Liberation Serif;", "font-family:'Liberation Serif','Times New Roman',Times,serif;",
	"font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;",
	"font-family:Liberation Mono;", "font-family:'Liberation Mono','Courier New',Courier,monospace;",
)

// WriteFigure writes f in a format: svg, png or pdf (or any other format
// gonum/plot knows). The legend, if any, gets a column of its own right of
// the plot, so that it never covers data whatever the number of solvers;
// the canvas widens by that column and grows taller when the legend needs
// it. PNGs are drawn at PNGDPI and say so; PDF dates are fixed to the epoch
// so that the same input gives the same bytes; SVGs name fallback fonts.
func WriteFigure(w io.Writer, f Figure, format string) error {
	format = strings.ToLower(format)
	width, height, column := f.canvas()
	c, err := newCanvas(width, height, format)
	if err != nil {
		return err
	}
	drawWithLegend(draw.New(c), f.Plot, column)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	out := buf.Bytes()
	switch format {
	case "pdf":
		out = pdfDate.ReplaceAll(out, []byte("/$1 (D:19700101000000)"))
	case "svg":
		out = []byte(svgFonts.Replace(string(out)))
	case "png":
		out = withPHYs(out, PNGDPI)
	}
	_, err = w.Write(out)
	return err
}

// newCanvas makes a canvas of a format: PNG at PNGDPI, PDF taking its text
// in code page 1252.
func newCanvas(w, h vg.Length, format string) (vg.CanvasWriterTo, error) {
	switch format {
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))}, nil
	case "pdf":
		c, err := draw.NewFormattedCanvas(w, h, format)
		if err != nil {
			return nil, err
		}
		return cp1252Canvas{c}, nil
	}
	return draw.NewFormattedCanvas(w, h, format)
}

// cp1252Canvas hands text to gonum's PDF canvas in code page 1252, the
// encoding it embeds its fonts with; given UTF-8, it prints "µs" as "Âµs".
// A character the code page lacks becomes "?".
type cp1252Canvas struct{ vg.CanvasWriterTo }

// FillString implements vg.Canvas.
func (c cp1252Canvas) FillString(f font.Face, pt vg.Point, s string) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		e, ok := charmap.Windows1252.EncodeRune(r)
		if !ok {
			e = '?'
		}
		b = append(b, e)
	}
	c.CanvasWriterTo.FillString(f, pt, string(b))
}

// withPHYs inserts a pHYs chunk after a PNG's header, stating its
// resolution, so that a document includes it at the figure's size.
func withPHYs(png []byte, dpi int) []byte {
	const afterIHDR = 8 + 4 + 4 + 13 + 4 // signature, IHDR length, type, data, CRC
	if len(png) < afterIHDR {
		return png
	}
	perMetre := uint32(math.Round(float64(dpi) / 0.0254))
	chunk := binary.BigEndian.AppendUint32(nil, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, perMetre)
	chunk = binary.BigEndian.AppendUint32(chunk, perMetre)
	chunk = append(chunk, 1) // unit: the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return slices.Concat(png[:afterIHDR], chunk, png[afterIHDR:])
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
