package figure

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// categoryFigure is a figure at column width of one panel whose x axis
// names eight long categories, with a legend: laid out, legible.
func categoryFigure(t *testing.T) Figure {
	t.Helper()
	labels := []string{"hardest-1106", "hardest-1905-11plus", "norvig-hardest", "norvig-top95", "top1465", "17-clue", "17-clue+28", "kaggle-1m"}
	p := NewPlot("corpus", "solved (%)", ValueGrid(false))
	Nominal(&p.X, labels)
	p.Y.Min, p.Y.Max = 0, 100
	pts := make(plotter.XYs, len(labels))
	for i := range pts {
		pts[i] = plotter.XY{X: float64(i), Y: float64(10 * i)}
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		t.Fatal(err)
	}
	p.Add(sc)
	legend := []LegendEntry{{Label: "exactcover/dlx", Thumb: Thumb{Color: SlotColor(2), Glyph: SlotGlyph(2)}}}
	return Figure{Name: "categories", Title: "How many puzzles of each corpus are solved?", Width: ColumnWidth,
		Panels: []Panel{{Title: "all", Plot: p, Legend: legend}}}
}

// TestCheckPassesALaidOutFigure: the layout keeps a figure of long
// category labels and a legend legible.
func TestCheckPassesALaidOutFigure(t *testing.T) {
	for _, p := range Check(categoryFigure(t)) {
		t.Error(p)
	}
}

// TestCheckCatchesCollisions makes sure the legibility check can fail:
// level labels on a narrow category axis collide, a legend drawn on the
// data covers it, and text past the edge leaves the canvas.
func TestCheckCatchesCollisions(t *testing.T) {
	l := categoryFigure(t).layout()
	// Undo the fitting of the category labels: level, unwrapped.
	for _, p := range l.panels {
		c := p.plot.X.Tick.Marker.(categories)
		c.shown = nil
		p.plot.X.Tick.Marker = c
		p.plot.X.Tick.Label.Rotation = 0
	}
	// Move the legend onto its panel's data, and the title off the canvas.
	shift := l.panels[0].data.Max.Y - l.panels[0].legend[0].thumb.Max.Y
	for i := range l.panels[0].legend {
		l.panels[0].legend[i].at.Y += shift
		l.panels[0].legend[i].thumb = l.panels[0].legend[i].thumb.Add(vg.Point{Y: shift})
	}
	l.titleAt.X += l.width
	r := NewRecorder(l.width, l.height)
	drawFigure(r, l)
	var collide, covers, leaves bool
	for _, p := range problems(r, l) {
		collide = collide || strings.Contains(p, "hardest") && strings.Contains(p, "overlap")
		covers = covers || strings.HasPrefix(p, `"exactcover/dlx" covers the data`)
		leaves = leaves || strings.HasPrefix(p, `"How many`) && strings.HasSuffix(p, "leaves the canvas")
	}
	if !collide || !covers || !leaves {
		t.Errorf("collisions seen: labels %v, legend on data %v, text off the canvas %v; want all three", collide, covers, leaves)
	}
}

// paintLog is a vg.Canvas that records, in order, the colours that
// shapes were filled and stroked with.
type paintLog struct {
	*Recorder
	col    color.Color
	events []string
}

func (p *paintLog) SetColor(c color.Color) { p.col = c }
func (p *paintLog) Fill(vg.Path)           { p.events = append(p.events, "fill "+colourName(p.col)) }
func (p *paintLog) Stroke(vg.Path)         { p.events = append(p.events, "stroke "+colourName(p.col)) }

func colourName(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("%02x%02x%02x", r>>8, g>>8, b>>8)
}

// TestHollowMarks: a filled mark is one fill in its colour; a hollow one
// a white fill outlined in its colour, for every shape.
func TestHollowMarks(t *testing.T) {
	for shape := range MaxSeries {
		for _, hollow := range []bool{false, true} {
			log := &paintLog{Recorder: NewRecorder(20, 20)}
			c := draw.NewCanvas(log, 20, 20)
			c.DrawGlyph(draw.GlyphStyle{Color: SlotColor(1), Radius: 2, Shape: mark{shape: shape, hollow: hollow}}, vg.Point{X: 10, Y: 10})
			want := []string{"fill d55e00"}
			if hollow {
				want = []string{"fill ffffff", "stroke d55e00"}
			}
			if !slices.Equal(log.events, want) {
				t.Errorf("shape %d, hollow %v: drawn %q, want %q", shape, hollow, log.events, want)
			}
		}
	}
}

// Columns caps the panels' columns: three panels that fit side by side
// on a page stack when the figure asks for one column.
func TestColumnsStackPanels(t *testing.T) {
	panels := func() []Panel {
		var ps []Panel
		for range 3 {
			p := NewPlot("step", "loss", ValueGrid(false))
			p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1000, 0, 1
			ps = append(ps, Panel{Plot: p})
		}
		return ps
	}
	side := Figure{Panels: panels()}.Draw(NewRecorder(Figure{Panels: panels()}.Size()))
	stacked := Figure{Panels: panels(), Columns: 1}
	data := stacked.Draw(NewRecorder(stacked.Size()))
	if side[0].Min.Y != side[2].Min.Y || side[0].Min.X == side[2].Min.X {
		t.Errorf("without Columns, data areas %v: want three side by side", side)
	}
	if data[0].Min.X != data[2].Min.X || !(data[0].Min.Y > data[1].Min.Y && data[1].Min.Y > data[2].Min.Y) {
		t.Errorf("with Columns 1, data areas %v: want three stacked, first on top", data)
	}
}
