package report

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette is Tableau 20 with the ten strong colours first: up to 20
// solvers get a colour of their own, which box plots need since a box has
// nothing else to tell it apart (gonum's own palette repeats after 7).
var palette = []color.Color{
	rgb(0x1f77b4), rgb(0xff7f0e), rgb(0x2ca02c), rgb(0xd62728), rgb(0x9467bd),
	rgb(0x8c564b), rgb(0xe377c2), rgb(0x7f7f7f), rgb(0xbcbd22), rgb(0x17becf),
	rgb(0xaec7e8), rgb(0xffbb78), rgb(0x98df8a), rgb(0xff9896), rgb(0xc5b0d5),
	rgb(0xc49c94), rgb(0xf7b6d2), rgb(0xc7c7c7), rgb(0xdbdb8d), rgb(0x9edae5),
}

// dashes and glyphs change every ten solvers, so the pale second ten are
// also dashed and drawn as triangles, and from the 21st solver on lines
// and points stay distinct when colours repeat.
var (
	dashes = [][]vg.Length{{}, {vg.Points(6), vg.Points(2)}, {vg.Points(1.5), vg.Points(1.5)}}
	glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.PyramidGlyph{}}
)

func rgb(v uint32) color.Color {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// Styles gives each solver the same colour, dash and glyph in every plot,
// by its index among the sorted solver names, and the same label.
type Styles struct {
	solvers   []string
	firstMode map[string]bool // labelled "(first mode)"
}

// NewStyles indexes the solvers of obs. With mixed set, solvers that ran
// in first mode are labelled so.
func NewStyles(obs []Obs, mixed bool) Styles {
	st := Styles{solvers: solverNames(obs), firstMode: make(map[string]bool)}
	for _, o := range obs {
		if mixed && o.Mode == "first" {
			st.firstMode[o.Solver] = true
		}
	}
	return st
}

// Label is the solver's name in legends and on axes: marked when it ran
// in first mode beside unique-mode runs.
func (s Styles) Label(solver string) string {
	if s.firstMode[solver] {
		return solver + " (first mode)"
	}
	return solver
}

func (s Styles) index(solver string) int {
	i, _ := slices.BinarySearch(s.solvers, solver)
	return i
}

// Color is the solver's colour.
func (s Styles) Color(solver string) color.Color {
	return palette[s.index(solver)%len(palette)]
}

// Dashes is the solver's dash pattern for lines.
func (s Styles) Dashes(solver string) []vg.Length {
	return dashes[s.index(solver)/10%len(dashes)]
}

// Glyph is the solver's point shape.
func (s Styles) Glyph(solver string) draw.GlyphDrawer {
	return glyphs[s.index(solver)/10%len(glyphs)]
}

func solverNames(obs []Obs) []string {
	var names []string
	for _, o := range obs {
		names = append(names, o.Solver)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
