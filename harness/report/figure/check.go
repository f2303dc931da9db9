package figure

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// Size is the figure's size at its print width.
func (f Figure) Size() (width, height vg.Length) {
	l := f.layout()
	return l.width, l.height
}

// Draw draws the figure on a canvas of its Size, as WriteFigure does, and
// returns where each panel's data area went: for a canvas that records
// what was drawn (Recorder) to be read back in the panels' units.
func (f Figure) Draw(c vg.Canvas) (data []vg.Rectangle) {
	l := f.layout()
	drawFigure(c, l)
	for _, p := range l.panels {
		data = append(data, p.data)
	}
	return data
}

// Check draws the figure on a Recorder and returns what a reader would
// not print: text outside the canvas, two texts on top of each other,
// text on a panel's data, a path off the canvas. The figures' rules ask
// for none.
func Check(f Figure) []string {
	l := f.layout()
	r := NewRecorder(l.width, l.height)
	drawFigure(r, l)
	return problems(r, l)
}

// problems are what a recording of the layout l shows a reader would not
// print.
func problems(r *Recorder, l figureLayout) []string {
	out := r.Strays
	for i, a := range r.Texts {
		for _, c := range a.Corners {
			if c[0] < -slack || c[1] < -slack || c[0] > float64(l.width)+slack || c[1] > float64(l.height)+slack {
				out = append(out, fmt.Sprintf("%q leaves the canvas", a.Text))
				break
			}
		}
		for _, b := range r.Texts[i+1:] {
			if overlap(a.Corners, b.Corners) {
				out = append(out, fmt.Sprintf("%q and %q overlap", a.Text, b.Text))
			}
		}
		for _, p := range l.panels {
			if overlap(a.Corners, rectQuad(p.data)) {
				out = append(out, fmt.Sprintf("%q covers the data of panel %q", a.Text, p.title))
			}
		}
	}
	return out
}

// Recorder is a vg.Canvas that draws nothing and records where text
// went, the smallest type drawn, and the paths that left the canvas, in
// the canvas's coordinates. Check reads it; a test's canvas that records
// more embeds it and places points with Apply.
type Recorder struct {
	Width, Height vg.Length
	Texts         []TextBox
	Strays        []string  // paths that left the canvas
	Smallest      vg.Length // the smallest font size drawn; 0 before any text
	m             affine
	stack         []affine
}

// TextBox is a string as drawn: the four corners of its box (advance
// width by ascent and descent) on the canvas.
type TextBox struct {
	Text    string
	Corners [4][2]float64
}

// NewRecorder is a Recorder of a canvas of the given size.
func NewRecorder(width, height vg.Length) *Recorder {
	return &Recorder{Width: width, Height: height, m: identity}
}

// Apply is where a point drawn now lands on the canvas.
func (r *Recorder) Apply(p vg.Point) vg.Point {
	q := r.m.apply(p)
	return vg.Point{X: vg.Length(q[0]), Y: vg.Length(q[1])}
}

// SetLineWidth implements vg.Canvas; it records nothing.
func (r *Recorder) SetLineWidth(vg.Length) {}

// SetLineDash implements vg.Canvas; it records nothing.
func (r *Recorder) SetLineDash([]vg.Length, vg.Length) {}

// SetColor implements vg.Canvas; it records nothing.
func (r *Recorder) SetColor(color.Color) {}

// DrawImage implements vg.Canvas; it records nothing.
func (r *Recorder) DrawImage(vg.Rectangle, image.Image) {}

// Push implements vg.Canvas.
func (r *Recorder) Push() { r.stack = append(r.stack, r.m) }

// Pop implements vg.Canvas.
func (r *Recorder) Pop() { r.m, r.stack = r.stack[len(r.stack)-1], r.stack[:len(r.stack)-1] }

// Translate implements vg.Canvas.
func (r *Recorder) Translate(p vg.Point) {
	r.m = r.m.then(affine{a: 1, d: 1, e: float64(p.X), f: float64(p.Y)})
}

// Scale implements vg.Canvas.
func (r *Recorder) Scale(x, y float64) { r.m = r.m.then(affine{a: x, d: y}) }

// Rotate implements vg.Canvas.
func (r *Recorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	r.m = r.m.then(affine{a: c, b: s, c: -s, d: c})
}

// Stroke implements vg.Canvas: it records a path that leaves the canvas.
func (r *Recorder) Stroke(p vg.Path) { r.path(p) }

// Fill implements vg.Canvas: it records a path that leaves the canvas.
func (r *Recorder) Fill(p vg.Path) { r.path(p) }

// slack is what a drawn thing may overstep the canvas or another's box,
// in points: anti-aliasing, line caps and rounding.
const slack = 0.75

func (r *Recorder) path(p vg.Path) {
	var pts []vg.Point
	for _, c := range p {
		switch c.Type {
		case vg.ArcComp:
			pts = append(pts, c.Pos.Add(vg.Point{X: c.Radius}), c.Pos.Sub(vg.Point{X: c.Radius}),
				c.Pos.Add(vg.Point{Y: c.Radius}), c.Pos.Sub(vg.Point{Y: c.Radius}))
		case vg.CloseComp:
		default:
			pts = append(pts, c.Pos)
			pts = append(pts, c.Control...)
		}
	}
	for _, pt := range pts {
		q := r.m.apply(pt)
		if q[0] < -slack || q[1] < -slack || q[0] > float64(r.Width)+slack || q[1] > float64(r.Height)+slack {
			r.Strays = append(r.Strays, fmt.Sprintf("a path through (%.1f, %.1f) on a %.1f × %.1f canvas", q[0], q[1], r.Width, r.Height))
			return
		}
	}
}

// FillString implements vg.Canvas: it records the text's box and size.
func (r *Recorder) FillString(f font.Face, pt vg.Point, s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	if r.Smallest == 0 || f.Font.Size < r.Smallest {
		r.Smallest = f.Font.Size
	}
	e := f.Extents()
	w := f.Width(strings.TrimRight(s, " "))
	lo, hi := pt.Y-e.Descent, pt.Y+e.Ascent
	corners := [4]vg.Point{{X: pt.X, Y: lo}, {X: pt.X + w, Y: lo}, {X: pt.X + w, Y: hi}, {X: pt.X, Y: hi}}
	b := TextBox{Text: s}
	for i, c := range corners {
		b.Corners[i] = r.m.apply(c)
	}
	r.Texts = append(r.Texts, b)
}

// affine is a 2-D affine map: (x, y) → (a·x + c·y + e, b·x + d·y + f).
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

func (m affine) then(n affine) affine { // m applied after n: m ∘ n
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

func (m affine) apply(p vg.Point) [2]float64 {
	x, y := float64(p.X), float64(p.Y)
	return [2]float64{m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f}
}

// overlap reports whether two convex quadrilaterals overlap by more than
// slack, by the separating axis theorem.
func overlap(p, q [4][2]float64) bool {
	for _, quad := range [][4][2]float64{p, q} {
		for i := range 4 {
			a, b := quad[i], quad[(i+1)%4]
			nx, ny := -(b[1] - a[1]), b[0]-a[0]
			n := math.Hypot(nx, ny)
			if n == 0 {
				continue
			}
			nx, ny = nx/n, ny/n
			pMin, pMax := project(p, nx, ny)
			qMin, qMax := project(q, nx, ny)
			if pMax <= qMin+slack || qMax <= pMin+slack {
				return false
			}
		}
	}
	return true
}

func project(quad [4][2]float64, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, c := range quad {
		v := c[0]*nx + c[1]*ny
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

func rectQuad(r vg.Rectangle) [4][2]float64 {
	return [4][2]float64{
		{float64(r.Min.X), float64(r.Min.Y)}, {float64(r.Max.X), float64(r.Min.Y)},
		{float64(r.Max.X), float64(r.Max.Y)}, {float64(r.Min.X), float64(r.Max.Y)},
	}
}
