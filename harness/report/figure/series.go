package figure

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series styles, in points at print size.
const (
	LineWidth   = vg.Length(1)
	GlyphRadius = vg.Length(1.8)
	bandAlpha   = 46 // of 255: 18%, for up to bandsFull bands in a panel
	bandsFull   = 3
)

// NewPlot makes a panel's plot: the figure's type sizes, a grid, and
// the axis labels (which the layout keeps only at the figure's edges).
func NewPlot(x, y string, grid *plotter.Grid) *plot.Plot {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = x, y
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle = style(labelSize)
		ax.Label.Padding = vg.Points(2)
		ax.Tick.Label = style(tickSize)
		ax.Tick.Length = vg.Points(3)
		ax.Padding = vg.Points(2)
		ax.LineStyle.Width = vg.Points(0.5)
		ax.Tick.LineStyle.Width = vg.Points(0.5)
	}
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XCenter, draw.YTop
	p.Y.Tick.Label.XAlign, p.Y.Tick.Label.YAlign = draw.XRight, draw.YCenter
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.XAlign, ax.Label.TextStyle.YAlign = draw.XCenter, draw.YBottom
	}
	grid.Vertical.Width, grid.Horizontal.Width = vg.Points(0.3), vg.Points(0.3)
	p.Add(grid)
	return p
}

// ValueGrid draws grid lines across the value axis only: on a category
// axis they would run through the middle of a group.
func ValueGrid(horizontal bool) *plotter.Grid {
	g := plotter.NewGrid()
	if horizontal {
		g.Horizontal.Color = nil
	} else {
		g.Vertical.Color = nil
	}
	return g
}

// Panels makes a panel for each facet of the report that holds some of
// the solvers, titled with the facet; build adds a facet's series to its
// plot and returns their legend.
func (st Styles) Panels(solvers []string, newPlot func() *plot.Plot, build func(p *plot.Plot, f Facet) ([]LegendEntry, error)) ([]Panel, error) {
	facets := st.Facets(solvers)
	if len(facets) == 0 {
		return []Panel{{Plot: newPlot()}}, nil
	}
	var panels []Panel
	for _, f := range facets {
		p := newPlot()
		legend, err := build(p, f)
		if err != nil {
			return nil, err
		}
		panels = append(panels, Panel{Title: f.Title, Plot: p, Legend: legend})
	}
	return panels, nil
}

// Thumb is a legend's thumbnail of a series: its line, band,
// error bar and glyph, as drawn.
type Thumb struct {
	Color           color.Color
	Dashes          []vg.Length
	Glyph           draw.GlyphDrawer // nil: none
	Line, Band, Bar bool
	Fill            bool // a filled square (boxes)
}

// Thumb is the thumbnail of a solver's series.
func (st Styles) Thumb(solver string, line, band, bar, glyph bool) Thumb {
	t := Thumb{Color: st.Color(solver), Dashes: st.Dashes(solver), Line: line, Band: band, Bar: bar}
	if glyph {
		t.Glyph = st.Glyph(solver)
	}
	return t
}

// Thumbnail implements plot.Thumbnailer.
func (t Thumb) Thumbnail(c *draw.Canvas) {
	mid := vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: (c.Min.Y + c.Max.Y) / 2}
	if t.Fill {
		side := min(c.Max.Y-c.Min.Y, c.Max.X-c.Min.X)
		c.SetColor(t.Color)
		c.Fill(vg.Rectangle{Min: vg.Point{X: c.Min.X, Y: mid.Y - side/2}, Max: vg.Point{X: c.Min.X + side, Y: mid.Y + side/2}}.Path())
		return
	}
	if t.Band {
		c.SetColor(Translucent(t.Color, 1))
		c.Fill(c.Rectangle.Path())
	}
	if t.Line {
		c.StrokeLine2(draw.LineStyle{Color: t.Color, Width: LineWidth, Dashes: t.Dashes}, c.Min.X, mid.Y, c.Max.X, mid.Y)
	}
	if t.Bar {
		c.StrokeLine2(draw.LineStyle{Color: t.Color, Width: vg.Points(0.6)}, mid.X, c.Min.Y, mid.X, c.Max.Y)
	}
	if t.Glyph != nil {
		c.DrawGlyph(draw.GlyphStyle{Color: t.Color, Radius: GlyphRadius, Shape: t.Glyph}, mid)
	}
}

// Translucent is a band's colour in a panel of n bands: fainter where
// more bands may overlap, so that eight bands at 100% do not darken into
// a block.
func Translucent(c color.Color, n int) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: uint8(bandAlpha * bandsFull / max(n, bandsFull))}
}
