package figure

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image/color"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/text/encoding/charmap"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
	"gonum.org/v1/plot/vg/vgtex"

	"github.com/sudokubench/sudokubench/harness/report/table"
)

// PlotFormat is a file format for figures. Every format the suite writes
// is declared once, in plotFormats: the command line, documents and tests
// take their list from there.
type PlotFormat struct {
	Name  string // the --plots value and the file extension
	About string // one line for help texts
	// Image says that a Markdown document can show the file as an image;
	// other formats are linked.
	Image  bool
	canvas func(w, h vg.Length) vg.CanvasWriterTo
	// finish rewrites what the canvas wrote, so that the same figure
	// gives the same bytes and reads everywhere.
	finish func([]byte) []byte
}

// PNGDPI is the resolution of PNG figures: print quality at the figure's
// size.
const PNGDPI = 300

var plotFormats = []PlotFormat{
	{Name: "svg", About: "SVG, the fonts named with fallbacks", Image: true,
		canvas: func(w, h vg.Length) vg.CanvasWriterTo { return vgsvg.New(w, h) },
		finish: func(b []byte) []byte { return []byte(svgFonts.Replace(string(b))) }},
	{Name: "png", About: fmt.Sprintf("PNG at %d dpi, which it states", PNGDPI), Image: true,
		canvas: func(w, h vg.Length) vg.CanvasWriterTo {
			return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))}
		},
		finish: func(b []byte) []byte { return withPHYs(b, PNGDPI) }},
	{Name: "pdf", About: "PDF with its fonts embedded",
		canvas: func(w, h vg.Length) vg.CanvasWriterTo {
			c := vgpdf.New(w, h)
			c.EmbedFonts(true)
			return pdfCanvas{c}
		},
		finish: func(b []byte) []byte { return pdfDate.ReplaceAll(b, []byte("/$1 (D:19700101000000)")) }},
	{Name: "tex", About: `TikZ/PGF picture for \input in LaTeX (needs \usepackage{pgf}); LaTeX sets the text`,
		canvas: func(w, h vg.Length) vg.CanvasWriterTo { return texCanvas{vgtex.New(w, h)} }},
}

// PlotFormatNames lists the plot formats' names.
func PlotFormatNames() []string {
	var names []string
	for _, f := range plotFormats {
		names = append(names, f.Name)
	}
	return names
}

// LookupPlotFormat returns the plot format of a name.
func LookupPlotFormat(name string) (PlotFormat, error) {
	i := slices.IndexFunc(plotFormats, func(f PlotFormat) bool { return f.Name == strings.ToLower(name) })
	if i < 0 {
		return PlotFormat{}, fmt.Errorf("unknown plot format %q: use %s", name, strings.Join(PlotFormatNames(), ", "))
	}
	return plotFormats[i], nil
}

// ParsePlotFormats reads a comma-separated list of plot formats; empty
// is none.
func ParsePlotFormats(list string) ([]string, error) {
	var out []string
	for _, name := range strings.Split(list, ",") {
		if name = strings.ToLower(strings.TrimSpace(name)); name == "" {
			continue
		}
		if _, err := LookupPlotFormat(name); err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, nil
}

// write writes what was drawn on a canvas of the format.
func (f PlotFormat) write(w io.Writer, c vg.CanvasWriterTo) error {
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	out := buf.Bytes()
	if f.finish != nil {
		out = f.finish(out)
	}
	_, err := w.Write(out)
	return err
}

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

// pdfCanvas hands gonum's PDF canvas text in code page 1252, the
// encoding it embeds its fonts with (given UTF-8, it prints "µs" as
// "Âµs"; a character the code page lacks becomes "?"), and colours as
// PDF reads them.
type pdfCanvas struct{ vg.CanvasWriterTo }

// FillString implements vg.Canvas.
func (c pdfCanvas) FillString(f font.Face, pt vg.Point, s string) {
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

// SetColor implements vg.Canvas. The PDF canvas writes a colour's
// components as RGBA returns them, premultiplied by alpha, and then sets
// the alpha as the opacity (/ca), which darkens a translucent band
// twice, to grey: it is given the components as they are.
func (c pdfCanvas) SetColor(col color.Color) { c.CanvasWriterTo.SetColor(unpremultiplied(col)) }

// texCanvas hands gonum's PGF canvas text as LaTeX and colours as PGF
// reads them. LaTeX sets the text in the document's font, whose widths
// differ from those the layout measured: each string goes in a box of the
// measured width, aligned in it as the layout aligned it (fillAligned),
// so that its anchor holds whatever the font.
type texCanvas struct{ vg.CanvasWriterTo }

// FillString implements vg.Canvas: text centred on its measured box.
func (c texCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.fillAligned(f, pt, s, draw.XCenter)
}

// fillAligned implements alignedFiller: special characters escaped, µ, †
// and the like as commands, in a box of the measured width. The PGF
// canvas centres a string on the width it measures, so the point moves
// by what the markup added to that width.
func (c texCanvas) fillAligned(f font.Face, pt vg.Point, s string, align draw.XAlignment) {
	side := map[draw.XAlignment]string{draw.XLeft: "l", draw.XCenter: "c", draw.XRight: "r"}[align]
	if side == "" {
		side = "c"
	}
	w := f.Width(s)
	tex := fmt.Sprintf(`\makebox[%.2fpt][%s]{%s}`, w.Points(), side, table.EscapeLaTeX(s))
	pt.X += (w - f.Width(tex)) / 2
	c.CanvasWriterTo.FillString(f, pt, tex)
}

// SetColor implements vg.Canvas. The PGF canvas writes a colour's
// components as RGBA returns them, premultiplied by alpha, and then the
// alpha again as the opacity, which darkens a translucent band twice: it
// is given the components as they are.
func (c texCanvas) SetColor(col color.Color) { c.CanvasWriterTo.SetColor(unpremultiplied(col)) }

// unpremultiplied is col as a straightAlpha, nil staying nil.
func unpremultiplied(col color.Color) color.Color {
	if col == nil {
		return nil
	}
	return straightAlpha(color.NRGBAModel.Convert(col).(color.NRGBA))
}

// straightAlpha is a colour whose RGBA gives its components without alpha
// premultiplied, for the PDF and PGF canvases alone.
type straightAlpha color.NRGBA

// RGBA implements color.Color, unlike the contract, unpremultiplied.
func (c straightAlpha) RGBA() (r, g, b, a uint32) {
	return uint32(c.R) * 0x101, uint32(c.G) * 0x101, uint32(c.B) * 0x101, uint32(c.A) * 0x101
}

// alignedFiller is a canvas that sets text in a font of its own (LaTeX's):
// it is told the box the text was measured in and how the text aligns in
// it, not only where the measured text starts.
type alignedFiller interface {
	fillAligned(f font.Face, pt vg.Point, s string, align draw.XAlignment)
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
