package figure

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// FewN is the fewest puzzles a point of a figure by group is drawn from
// without being marked: a point from fewer is hollow (its box plot, its
// puzzles' points), so that a reader does not take two puzzles for a
// trend.
const FewN = 5

// mark is a point's shape: one of MaxSeries outlines (circle, square,
// triangle, diamond, inverted triangle, plus, cross, star), filled with
// the colour, or hollow (white inside, the outline in the colour) for a
// point drawn from fewer than FewN puzzles.
type mark struct {
	shape  int
	hollow bool
}

// outlineWidth is a hollow mark's outline at print size.
const outlineWidth = vg.Length(0.7)

// DrawGlyph implements draw.GlyphDrawer.
func (m mark) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	path := markPath(m.shape, sty.Radius, pt)
	if !m.hollow {
		c.Fill(path)
		return
	}
	c.SetColor(color.White)
	c.Fill(path)
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: outlineWidth})
	c.Stroke(path)
}

// markPath is the outline of a shape of radius r centred on pt, each
// shape sized to look as large as the circle.
func markPath(shape int, r vg.Length, pt vg.Point) vg.Path {
	var p vg.Path
	if shape == 0 {
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
		p.Close()
		return p
	}
	for i, v := range markVertices[shape] {
		q := vg.Point{X: pt.X + r*vg.Length(v[0]), Y: pt.Y + r*vg.Length(v[1])}
		if i == 0 {
			p.Move(q)
		} else {
			p.Line(q)
		}
	}
	p.Close()
	return p
}

// markVertices are the shapes other than the circle, in units of the
// radius.
var markVertices = [MaxSeries][][2]float64{
	1: {{-0.85, -0.85}, {0.85, -0.85}, {0.85, 0.85}, {-0.85, 0.85}},
	2: regular(3, 1.25, math.Pi/2, 0),
	3: regular(4, 1.2, math.Pi/2, 0),
	4: regular(3, 1.25, -math.Pi/2, 0),
	5: cross(1.15, 0.4, 0),
	6: cross(1.2, 0.4, math.Pi/4),
	7: regular(5, 1.35, math.Pi/2, 0.55),
}

// regular is a regular polygon of n corners at radius r, the first at
// angle a; with inner above 0, a star, its notches at inner·r.
func regular(n int, r, a, inner float64) [][2]float64 {
	var vs [][2]float64
	for i := range n {
		t := a + 2*math.Pi*float64(i)/float64(n)
		vs = append(vs, [2]float64{r * math.Cos(t), r * math.Sin(t)})
		if inner > 0 {
			t += math.Pi / float64(n)
			vs = append(vs, [2]float64{inner * r * math.Cos(t), inner * r * math.Sin(t)})
		}
	}
	return vs
}

// cross is a plus of arms reaching r, w either side of their middle,
// turned by a; its corners go round counter-clockwise.
func cross(r, w, a float64) [][2]float64 {
	arm := [][2]float64{{r, -w}, {r, w}, {w, w}}
	var vs [][2]float64
	for k := range 4 {
		t := a + float64(k)*math.Pi/2
		sin, cos := math.Sincos(t)
		for _, v := range arm {
			vs = append(vs, [2]float64{v[0]*cos - v[1]*sin, v[0]*sin + v[1]*cos})
		}
	}
	return vs
}
