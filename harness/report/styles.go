package report

import (
	"cmp"
	"image/color"
	"maps"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MaxSeries is the most pipelines a panel draws: each gets a colour, a
// glyph and a dash pattern of its own. A report with more pipelines draws
// small multiples, a panel per family.
const MaxSeries = 8

// palette is Okabe and Ito's, distinct for readers with any common colour
// vision deficiency, its yellow (too faint on white for a line) replaced
// by grey, which any reader tells from the rest.
var palette = [MaxSeries]color.Color{
	rgb(0x0072B2), rgb(0xD55E00), rgb(0x009E73), rgb(0xCC79A7),
	rgb(0xE69F00), rgb(0x56B4E9), rgb(0x000000), rgb(0x999999),
}

// glyphs and dashes are the second channel: within a panel no two
// pipelines share a glyph or a dash pattern either, so that a figure
// printed in grey still tells them apart.
var (
	glyphs = [MaxSeries]draw.GlyphDrawer{
		draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{},
		draw.RingGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{},
	}
	dashes = [MaxSeries][]vg.Length{
		{}, {vg.Points(4), vg.Points(1.5)}, {vg.Points(1), vg.Points(1.2)},
		{vg.Points(4), vg.Points(1.2), vg.Points(1), vg.Points(1.2)},
		{vg.Points(7), vg.Points(2)}, {vg.Points(2), vg.Points(2)},
		{vg.Points(7), vg.Points(1.5), vg.Points(1), vg.Points(1.5), vg.Points(1), vg.Points(1.5)},
		{vg.Points(1), vg.Points(3)},
	}
)

func rgb(v uint32) color.Color {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// familyOrder is the order of the families' panels: the ways of posing
// Sudoku for an engine first, as the design lists them, then the rest by
// name.
var familyOrder = []string{"exactcover", "sat", "milp", "qubo", "direct", "neural"}

// Facet is a panel's share of a report's pipelines: a family, part of a
// large family, or the families of one pipeline each, pooled.
type Facet struct {
	Title   string   // "" when the report has one facet
	Solvers []string // sorted
	prefix  string   // left out of names in the facet's legend
}

// Styles gives each pipeline the same panel, colour, glyph, dash and
// label in every figure of a report. It is computed once from all the
// report's pipelines: up to MaxSeries share one facet; beyond that each
// family gets its own (a family of more than MaxSeries is cut along its
// engines, families of one pipeline are pooled), and a pipeline's style is
// its place in its facet.
type Styles struct {
	solvers   []string
	facets    []Facet
	where     map[string][2]int // solver → facet, place in it
	firstMode map[string]bool   // marked FirstModeMark
}

// NewStyles lays out the solvers of obs. With mixed set, solvers that ran
// in first mode are marked so.
func NewStyles(obs []Obs, mixed bool) Styles {
	family := make(map[string]string)
	st := Styles{firstMode: make(map[string]bool)}
	for _, o := range obs {
		family[o.Solver] = familyOf(o)
		if mixed && o.Mode == "first" {
			st.firstMode[o.Solver] = true
		}
	}
	st.solvers = solverNames(obs)
	st.facets = facets(st.solvers, family)
	st.where = make(map[string][2]int)
	for fi, f := range st.facets {
		for si, s := range f.Solvers {
			st.where[s] = [2]int{fi, si}
		}
	}
	return st
}

// familyOf is an observation's family, or for records that do not name
// it, the first part of the pipeline's name.
func familyOf(o Obs) string {
	if o.Family != "" {
		return o.Family
	}
	f, _, _ := strings.Cut(o.Solver, "/")
	return f
}

// facets splits sorted solvers into panels of at most MaxSeries.
func facets(solvers []string, family map[string]string) []Facet {
	if len(solvers) <= MaxSeries {
		return []Facet{{Solvers: solvers}}
	}
	byFamily := make(map[string][]string)
	for _, s := range solvers {
		byFamily[family[s]] = append(byFamily[family[s]], s)
	}
	names := slices.SortedFunc(maps.Keys(byFamily), compareFamilies)
	var out, lone []Facet
	for _, f := range names {
		members := byFamily[f]
		switch {
		case len(members) == 1:
			lone = append(lone, Facet{Title: f, Solvers: members})
		case len(members) <= MaxSeries:
			out = append(out, Facet{Title: f, Solvers: members, prefix: f + "/"})
		default:
			out = append(out, splitFamily(f, members)...)
		}
	}
	if len(lone) == 1 {
		return append(lone, out...)
	}
	return append(out, pool(lone)...)
}

// compareFamilies orders families as familyOrder does, others after them
// by name.
func compareFamilies(a, b string) int {
	rank := func(f string) int {
		if i := slices.Index(familyOrder, f); i >= 0 {
			return i
		}
		return len(familyOrder)
	}
	return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b))
}

// pool puts the families of one pipeline each into shared panels, titled
// with their families' names.
func pool(lone []Facet) []Facet {
	var out []Facet
	for chunk := range slices.Chunk(lone, MaxSeries) {
		var titles, solvers []string
		for _, f := range chunk {
			titles = append(titles, f.Title)
			solvers = append(solvers, f.Solvers...)
		}
		out = append(out, Facet{Title: strings.Join(titles, ", "), Solvers: solvers})
	}
	return out
}

// splitFamily cuts a family of more than MaxSeries pipelines into panels
// of about equal size along its engines (the part of a name after the
// family), keeping an engine's pipelines together where they fit: the
// largest engines first, each into the first panel with room, panels in
// the order of their pipelines' names.
func splitFamily(family string, members []string) []Facet {
	prefix := family + "/"
	byEngine := make(map[string][]string)
	for _, s := range members {
		e, _, _ := strings.Cut(strings.TrimPrefix(s, prefix), "/")
		byEngine[e] = append(byEngine[e], s)
	}
	engines := slices.SortedFunc(maps.Keys(byEngine), func(a, b string) int {
		return cmp.Or(cmp.Compare(len(byEngine[b]), len(byEngine[a])), cmp.Compare(a, b))
	})
	panels := (len(members) + MaxSeries - 1) / MaxSeries
	target := (len(members) + panels - 1) / panels
	type bin struct {
		engines, solvers []string
	}
	var bins []*bin
	for _, e := range engines {
		for part := range slices.Chunk(byEngine[e], MaxSeries) {
			i := slices.IndexFunc(bins, func(b *bin) bool { return len(b.solvers)+len(part) <= target })
			if i < 0 {
				bins = append(bins, &bin{})
				i = len(bins) - 1
			}
			bins[i].engines = append(bins[i].engines, e)
			bins[i].solvers = append(bins[i].solvers, part...)
		}
	}
	var out []Facet
	for _, b := range bins {
		slices.Sort(b.engines)
		slices.Sort(b.solvers)
		f := Facet{Title: family + ": " + strings.Join(slices.Compact(b.engines), ", "), Solvers: b.solvers, prefix: prefix}
		if len(slices.Compact(b.engines)) == 1 {
			f.prefix = prefix + b.engines[0] + "/"
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Facet) int { return cmp.Compare(a.Solvers[0], b.Solvers[0]) })
	return out
}

// Facets returns the report's facets that hold some of the given solvers,
// with those solvers only, in the report's order.
func (s Styles) Facets(solvers []string) []Facet {
	var out []Facet
	for _, f := range s.facets {
		kept := Facet{Title: f.Title, prefix: f.prefix}
		for _, solver := range f.Solvers {
			if slices.Contains(solvers, solver) {
				kept.Solvers = append(kept.Solvers, solver)
			}
		}
		if len(kept.Solvers) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

// Name is the solver's full name, marked when it ran in first mode
// beside unique-mode runs: for axes and figures of one series per row.
func (s Styles) Name(solver string) string {
	if s.firstMode[solver] {
		return solver + " " + FirstModeMark
	}
	return solver
}

// Label is the solver's name in its panel's legend: without the family
// (and engine) the panel's title already names, marked when it ran in
// first mode beside unique-mode runs.
func (s Styles) Label(solver string) string {
	name := solver
	if w, ok := s.where[solver]; ok {
		if short := strings.TrimPrefix(solver, s.facets[w[0]].prefix); short != "" {
			name = short
		}
	}
	if s.firstMode[solver] {
		return name + " " + FirstModeMark
	}
	return name
}

// MarksFirstMode reports whether some solver is marked as run in first
// mode.
func (s Styles) MarksFirstMode() bool { return len(s.firstMode) > 0 }

// place is the solver's place in its facet.
func (s Styles) place(solver string) int { return s.where[solver][1] }

// Color is the solver's colour.
func (s Styles) Color(solver string) color.Color { return palette[s.place(solver)%MaxSeries] }

// Dashes is the solver's dash pattern for lines.
func (s Styles) Dashes(solver string) []vg.Length { return dashes[s.place(solver)%MaxSeries] }

// Glyph is the solver's point shape.
func (s Styles) Glyph(solver string) draw.GlyphDrawer { return glyphs[s.place(solver)%MaxSeries] }

func solverNames(obs []Obs) []string {
	var names []string
	for _, o := range obs {
		names = append(names, o.Solver)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
