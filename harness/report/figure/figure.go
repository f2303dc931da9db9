package figure

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PrintWidth is the width a figure is made for, at print size: its text
// is set in points at that size, none under 7 pt, so that a figure
// included at its own width is legible.
type PrintWidth int

const (
	// PageWidth is a page's text width, about 7 in: the default.
	PageWidth PrintWidth = iota
	// ColumnWidth is one column of a two-column page, about 3.5 in.
	ColumnWidth
)

// ParsePrintWidth reads "page" or "column".
func ParsePrintWidth(s string) (PrintWidth, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "page", "":
		return PageWidth, nil
	case "column":
		return ColumnWidth, nil
	}
	return 0, fmt.Errorf("unknown plot width %q: use column (3.5 in) or page (7 in)", s)
}

// Length is the width in points.
func (w PrintWidth) Length() vg.Length {
	if w == ColumnWidth {
		return 3.5 * vg.Inch
	}
	return 7 * vg.Inch
}

func (w PrintWidth) String() string {
	if w == ColumnWidth {
		return "column"
	}
	return "page"
}

// Type sizes at print size.
const (
	titleSize  = 9
	panelSize  = 8
	labelSize  = 8
	tickSize   = 7
	legendSize = 7
)

// style is the text style of a figure's text at a size.
func style(size vg.Length) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, size), Handler: lines{}}
}

// lines is gonum's plain text handler, but for text of several lines,
// which it sets a font size apart while it measures them a line height
// (ascent, descent and gap) apart: lines draws them as it measures them,
// so that no line's box runs into the next.
type lines struct{}

var fonts = text.Plain{Fonts: font.DefaultCache}

// Cache implements text.Handler.
func (lines) Cache() *font.Cache { return fonts.Fonts }

// Extents implements text.Handler.
func (lines) Extents(f font.Font) font.Extents { return fonts.Extents(f) }

// Lines implements text.Handler.
func (lines) Lines(s string) []string { return fonts.Lines(s) }

// Box implements text.Handler.
func (lines) Box(s string, f font.Font) (w, h, d vg.Length) { return fonts.Box(s, f) }

// Draw implements text.Handler: the text's box is where Style.Rectangle
// says, its first line's baseline an ascent below the box's top.
func (lines) Draw(c vg.Canvas, s string, sty text.Style, pt vg.Point) {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return
	}
	face := fonts.Fonts.Lookup(sty.Font, sty.Font.Size)
	e := face.Extents()
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
		sin, cos := math.Sincos(sty.Rotation)
		pt.X, pt.Y = pt.Y*vg.Length(sin)+pt.X*vg.Length(cos), pt.Y*vg.Length(cos)-pt.X*vg.Length(sin)
		defer c.Pop()
	}
	af, aligns := alignedOf(c)
	h := sty.Height(s)
	top := pt.Y + h*vg.Length(sty.YAlign) - (e.Height - e.Ascent) + h
	for i, line := range fonts.Lines(s) {
		at := vg.Point{X: pt.X + vg.Length(sty.XAlign)*face.Width(line), Y: top - e.Ascent - vg.Length(i)*e.Height}
		if aligns {
			af.fillAligned(face, at, line, sty.XAlign)
			continue
		}
		c.FillString(face, at, line)
	}
}

// Figure is one figure of a report: one question, its title, answered in
// one panel or in small multiples (a panel per family) that share their
// axes.
type Figure struct {
	Name    string // file stem: "cactus", "time-by-hints", "scatter-a-vs-b"
	Caption string
	Title   string
	Panels  []Panel
	// Width is the print width (PageWidth when zero).
	Width PrintWidth
	// Aspect is each panel's data area, height over width (0:
	// defaultAspect); DataHeight, when set, fixes that height instead.
	Aspect     float64
	DataHeight vg.Length
	// MaxWidth, when set, caps the figure's width below its print width
	// (a square scatter plot need not fill a page).
	MaxWidth vg.Length
	// Columns, when set, is the most columns the panels take: 1 stacks
	// them, one x axis under another.
	Columns int
}

// Untitled is the figure without its title, its question heading its
// caption instead: for a paper, whose document captions its figures.
func (f Figure) Untitled() Figure {
	if f.Title != "" {
		f.Caption = strings.TrimSpace(f.Title + " " + f.Caption)
		f.Title = ""
	}
	return f
}

// Panel is one plot of a figure: its axes and data, and its own legend
// below it. The plot's title and legend are not drawn.
type Panel struct {
	Title  string
	Plot   *plot.Plot
	Legend []LegendEntry
}

// LegendEntry is a legend's line: a thumbnail and a label.
type LegendEntry struct {
	Label string
	Thumb plot.Thumbnailer
}

// Figure geometry, in points at print size.
const (
	defaultAspect  = 0.62
	margin         = vg.Length(4)
	titleGap       = vg.Length(5)
	columnGap      = vg.Length(10)
	rowGap         = vg.Length(8)
	panelTitleGap  = vg.Length(2)
	legendGap      = vg.Length(2)
	thumbWidth     = vg.Length(16)
	thumbGap       = vg.Length(3)
	legendColumGap = vg.Length(8)
	minTileWidth   = 1.5 * vg.Inch
	labelGap       = vg.Length(3) // the least space between two tick labels
)

// figureLayout is where everything of a figure goes on its canvas.
type figureLayout struct {
	width, height vg.Length
	title         string   // wrapped
	titleAt       vg.Point // top centre
	panels        []panelLayout
}

// panelLayout is a panel's place: the canvas its plot draws in, the data
// area that results, its title's anchor (bottom left) and its legend.
type panelLayout struct {
	plot     *plot.Plot // prepared: axis labels kept or not, ticks fitted
	canvas   vg.Rectangle
	data     vg.Rectangle
	title    string
	titleAt  vg.Point
	legend   []legendSlot
	position [2]int // row, column
}

// legendSlot is a legend entry's place.
type legendSlot struct {
	entry LegendEntry
	thumb vg.Rectangle
	label string   // wrapped
	at    vg.Point // the label's left, vertical centre of its first line
}

// gridOf is the arrangement of n panels at a width: as many columns as
// tiles of minTileWidth fit, at most most (0: no limit), rows filled
// evenly.
func gridOf(n int, width vg.Length, most int) (rows, cols int) {
	if n == 0 {
		return 0, 0
	}
	cols = max(1, min(n, int((width-2*margin+columnGap)/(minTileWidth+columnGap))))
	if most > 0 {
		cols = min(cols, most)
	}
	rows = (n + cols - 1) / cols
	return rows, (n + rows - 1) / rows
}

// insets are the margins of a plot's canvas around its data area.
type insets struct{ left, right, bottom, top vg.Length }

func insetsOf(p *plot.Plot, w, h vg.Length) insets {
	dc := p.DataCanvas(draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}})
	return insets{left: dc.Min.X, right: w - dc.Max.X, bottom: dc.Min.Y, top: h - dc.Max.Y}
}

// grid is the measure of a figure's panels: one data size for all, the
// room each column needs left and right of its data areas, and each row
// above (panel titles, axes) and below (axes, legends).
type grid struct {
	rows, cols            int
	dataWidth, dataHeight vg.Length
	in                    []insets // each panel's own
	colL, colR            []vg.Length
	rowT, rowB            []vg.Length // axes' room above and below the data
	titleBand, legendBand []vg.Length
	legends               [][]legendSlot // relative to each legend's top left
}

// layout places a figure's title, panels and legends.
func (f Figure) layout() figureLayout {
	width := f.Width.Length()
	if f.MaxWidth > 0 {
		width = min(width, f.MaxWidth)
	}
	l := figureLayout{width: width, title: wrapWords(f.Title, style(titleSize), width-2*margin)}
	var g grid
	g.rows, g.cols = gridOf(len(f.Panels), width, f.Columns)
	for i, p := range f.Panels {
		r, c := i/g.cols, i%g.cols
		q := preparePlot(p.Plot, c == 0, i+g.cols >= len(f.Panels))
		l.panels = append(l.panels, panelLayout{plot: q, title: p.Title, position: [2]int{r, c}})
	}
	g.fit(f, l.panels, width-2*margin)
	g.bands(f, l.panels)
	titleHeight := vg.Length(0)
	if l.title != "" {
		titleHeight = style(titleSize).Height(l.title) + titleGap
	}
	l.height = 2*margin + titleHeight + g.height()
	l.titleAt = vg.Point{X: width / 2, Y: l.height - margin}
	g.place(l.panels, l.height-margin-titleHeight)
	return l
}

// fit sizes the data areas to fill the inner width: it fits the axes'
// text to the data area, measures, and fits again, since the insets
// depend on the tick labels and the labels on the width left.
func (g *grid) fit(f Figure, panels []panelLayout, inner vg.Length) {
	height := func(w vg.Length) vg.Length {
		if f.DataHeight > 0 {
			return f.DataHeight
		}
		return w * vg.Length(cmpOr(f.Aspect, defaultAspect))
	}
	g.dataWidth = (inner - vg.Length(g.cols-1)*columnGap) / vg.Length(max(g.cols, 1))
	for range 3 {
		g.dataHeight = height(g.dataWidth)
		for i := range panels {
			fitAxes(panels[i].plot, g.dataWidth, g.dataHeight)
		}
		g.in, g.colL, g.colR, g.rowB, g.rowT = measure(panels, g.rows, g.cols, g.dataWidth, g.dataHeight)
		used := vg.Length(0)
		for c := range g.cols {
			used += g.colL[c] + g.colR[c]
		}
		g.dataWidth = (inner - used - vg.Length(g.cols-1)*columnGap) / vg.Length(max(g.cols, 1))
	}
	g.dataHeight = height(g.dataWidth)
}

// bands wraps the panels' titles and lays out their legends across their
// columns, and gives each row the room its tallest title and legend need.
func (g *grid) bands(f Figure, panels []panelLayout) {
	g.titleBand, g.legendBand = make([]vg.Length, g.rows), make([]vg.Length, g.rows)
	g.legends = make([][]legendSlot, len(panels))
	for i := range panels {
		p := &panels[i]
		r, c := p.position[0], p.position[1]
		tileWidth := g.colL[c] + g.dataWidth + g.colR[c]
		if p.title = wrapWords(p.title, style(panelSize), tileWidth); p.title != "" {
			g.titleBand[r] = max(g.titleBand[r], style(panelSize).Height(p.title)+panelTitleGap)
		}
		var h vg.Length
		g.legends[i], h = layoutLegend(f.Panels[i].Legend, tileWidth)
		g.legendBand[r] = max(g.legendBand[r], h)
	}
}

// rowHeight is a row's height, without the gap to the next.
func (g *grid) rowHeight(r int) vg.Length {
	h := g.titleBand[r] + g.rowT[r] + g.dataHeight + g.rowB[r] + g.legendBand[r]
	if g.legendBand[r] > 0 {
		h += legendGap
	}
	return h
}

// height is the grid's height.
func (g *grid) height() vg.Length {
	h := vg.Length(max(g.rows-1, 0)) * rowGap
	for r := range g.rows {
		h += g.rowHeight(r)
	}
	return h
}

// place puts each panel's data area, canvas, title and legend on the
// figure, rows down from top.
func (g *grid) place(panels []panelLayout, top vg.Length) {
	rowTop := make([]vg.Length, g.rows)
	for r := range g.rows {
		rowTop[r] = top
		top -= g.rowHeight(r) + rowGap
	}
	for i := range panels {
		p := &panels[i]
		r, c := p.position[0], p.position[1]
		left := margin
		for cc := range c {
			left += g.colL[cc] + g.dataWidth + g.colR[cc] + columnGap
		}
		dataTop := rowTop[r] - g.titleBand[r] - g.rowT[r]
		p.data = vg.Rectangle{Min: vg.Point{X: left + g.colL[c], Y: dataTop - g.dataHeight}, Max: vg.Point{X: left + g.colL[c] + g.dataWidth, Y: dataTop}}
		p.canvas = alignCanvas(p.plot, p.data, g.in[i])
		p.titleAt = vg.Point{X: left, Y: dataTop + g.rowT[r] + panelTitleGap}
		legendTop := p.data.Min.Y - g.rowB[r] - legendGap
		for _, s := range g.legends[i] {
			s.thumb = s.thumb.Add(vg.Point{X: left, Y: legendTop})
			s.at = s.at.Add(vg.Point{X: left, Y: legendTop})
			p.legend = append(p.legend, s)
		}
	}
}

func cmpOr(v, fallback float64) float64 {
	if v == 0 {
		return fallback
	}
	return v
}

// measure returns each panel's insets at a data size, and the largest
// left and right insets of each column and bottom and top of each row,
// which the panels of a column or row share so that their data areas line
// up.
func measure(panels []panelLayout, rows, cols int, dw, dh vg.Length) (in []insets, colL, colR, rowB, rowT []vg.Length) {
	colL, colR = make([]vg.Length, cols), make([]vg.Length, cols)
	rowB, rowT = make([]vg.Length, rows), make([]vg.Length, rows)
	// A first guess of the canvas, corrected by what the guess gives.
	const guess = 60
	for _, p := range panels {
		r, c := p.position[0], p.position[1]
		g := insetsOf(p.plot, dw+guess, dh+guess)
		i := insetsOf(p.plot, dw+g.left+g.right, dh+g.bottom+g.top)
		i.left = max(i.left, overhang(p.plot, dw))
		in = append(in, i)
		colL[c], colR[c] = max(colL[c], i.left), max(colR[c], i.right)
		rowB[r], rowT[r] = max(rowB[r], i.bottom), max(rowT[r], i.top)
	}
	return in, colL, colR, rowB, rowT
}

// alignCanvas is the canvas on which p's data area falls on data: data
// widened by p's insets, then corrected once for what the plot's padding
// makes of that canvas.
func alignCanvas(p *plot.Plot, data vg.Rectangle, in insets) vg.Rectangle {
	c := vg.Rectangle{
		Min: vg.Point{X: data.Min.X - in.left, Y: data.Min.Y - in.bottom},
		Max: vg.Point{X: data.Max.X + in.right, Y: data.Max.Y + in.top},
	}
	got := p.DataCanvas(draw.Canvas{Rectangle: c}).Rectangle
	c.Min.X -= got.Min.X - data.Min.X
	c.Min.Y -= got.Min.Y - data.Min.Y
	c.Max.X -= got.Max.X - data.Max.X
	c.Max.Y -= got.Max.Y - data.Max.Y
	return c
}

// preparePlot copies a panel's plot for drawing: no title or legend of
// its own, the y label only in the first column and the x label only on
// the lowest panel of a column, since the panels share their axes.
func preparePlot(p *plot.Plot, yLabel, xLabel bool) *plot.Plot {
	q := *p
	q.Title.Text = ""
	q.Legend = plot.NewLegend()
	if !yLabel {
		q.Y.Label.Text = ""
	}
	if !xLabel {
		q.X.Label.Text = ""
	}
	return &q
}

// layoutLegend places legend entries in as many columns as fit a width,
// filled top to bottom, relative to the legend's top left corner; a label
// wider than the width breaks after a slash or a hyphen. It returns the
// legend's height.
func layoutLegend(entries []LegendEntry, width vg.Length) ([]legendSlot, vg.Length) {
	if len(entries) == 0 {
		return nil, 0
	}
	sty := style(legendSize)
	line := sty.FontExtents().Height
	room := width - thumbWidth - thumbGap
	labels := make([]string, len(entries))
	widest := vg.Length(0)
	for i, e := range entries {
		labels[i] = wrapAt(e.Label, sty, room, "/-")
		widest = max(widest, sty.Width(labels[i]))
	}
	entryWidth := thumbWidth + thumbGap + widest
	cols := max(1, min(len(entries), int((width+legendColumGap)/(entryWidth+legendColumGap))))
	perCol := (len(entries) + cols - 1) / cols
	var slots []legendSlot
	height := vg.Length(0)
	for c := range cols {
		y := vg.Length(0)
		for i := c * perCol; i < min((c+1)*perCol, len(entries)); i++ {
			x := vg.Length(c) * (entryWidth + legendColumGap)
			slots = append(slots, legendSlot{
				entry: entries[i],
				thumb: vg.Rectangle{Min: vg.Point{X: x, Y: y - line + 1}, Max: vg.Point{X: x + thumbWidth, Y: y - 1}},
				label: labels[i],
				at:    vg.Point{X: x + thumbWidth + thumbGap, Y: y - line/2},
			})
			y -= sty.Height(labels[i])
		}
		height = max(height, -y)
	}
	return slots, height
}

// wrapWords breaks text into lines no wider than width at spaces; a word
// wider than width keeps a line of its own.
func wrapWords(s string, sty text.Style, width vg.Length) string {
	return wrapAt(s, sty, width, " ")
}

// wrapAt breaks text into lines no wider than width after any of the
// separators (a space is dropped at the break); a piece wider than width
// keeps a line of its own.
func wrapAt(s string, sty text.Style, width vg.Length, separators string) string {
	if s == "" || sty.Width(s) <= width {
		return s
	}
	var pieces []string
	start := 0
	for i, r := range s {
		if strings.ContainsRune(separators, r) {
			pieces = append(pieces, s[start:i+len(string(r))])
			start = i + len(string(r))
		}
	}
	pieces = append(pieces, s[start:])
	var lines []string
	cur := ""
	for _, p := range pieces {
		if cur != "" && sty.Width(strings.TrimRight(cur+p, " ")) > width {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = ""
		}
		cur += p
	}
	return strings.Join(append(lines, strings.TrimRight(cur, " ")), "\n")
}

// alignedOf finds the alignedFiller under a canvas, if any: gonum wraps
// canvases in draw.Canvas values and pointers, some within others.
func alignedOf(c vg.Canvas) (alignedFiller, bool) {
	for {
		switch dc := c.(type) {
		case alignedFiller:
			return dc, true
		case *draw.Canvas:
			c = dc.Canvas
		case draw.Canvas:
			c = dc.Canvas
		default:
			return nil, false
		}
	}
}

// WriteFigure writes f in a plot format (PlotFormats). The same figure
// gives the same bytes: formats that stamp a date are given a fixed one.
func WriteFigure(w io.Writer, f Figure, format string) error {
	pf, err := LookupPlotFormat(format)
	if err != nil {
		return err
	}
	l := f.layout()
	c := pf.canvas(l.width, l.height)
	drawFigure(c, l)
	return pf.write(w, c)
}

// drawFigure draws a laid-out figure on a canvas of its size.
func drawFigure(c vg.Canvas, l figureLayout) {
	dc := draw.NewCanvas(c, l.width, l.height)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	if l.title != "" {
		t := style(titleSize)
		t.XAlign, t.YAlign = draw.XCenter, draw.YTop
		dc.FillText(t, l.titleAt, l.title)
	}
	for _, p := range l.panels {
		p.plot.Draw(draw.Canvas{Canvas: c, Rectangle: p.canvas})
		if p.title != "" {
			t := style(panelSize)
			t.YAlign = draw.YBottom
			dc.FillText(t, p.titleAt, p.title)
		}
		legend := style(legendSize)
		legend.YAlign = draw.YCenter
		for _, s := range p.legend {
			s.entry.Thumb.Thumbnail(&draw.Canvas{Canvas: c, Rectangle: s.thumb})
			lines := strings.Split(s.label, "\n")
			for i, line := range lines {
				dc.FillText(legend, s.at.Add(vg.Point{Y: -vg.Length(i) * legend.FontExtents().Height}), line)
			}
		}
	}
}
