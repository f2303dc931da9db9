package figure

import (
	"cmp"
	"hash/fnv"
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

// A pipeline's style is a slot: the slot-th colour, mark and dash
// pattern. Every family draws on the same eight colours, so that a
// family's panel tells its pipelines apart by colour too; the glyph and
// the dash, which a figure printed in grey keeps, go with the colour.
//
// palette is Okabe and Ito's, distinct for readers with any common colour
// vision deficiency, its yellow (too faint on white for a line) replaced
// by grey, which any reader tells from the rest.
var palette = [MaxSeries]color.Color{
	rgb(0x0072B2), rgb(0xD55E00), rgb(0x009E73), rgb(0xCC79A7),
	rgb(0xE69F00), rgb(0x56B4E9), rgb(0x000000), rgb(0x999999),
}

// dashes are the slots' line patterns.
var dashes = [MaxSeries][]vg.Length{
	{}, {vg.Points(4), vg.Points(1.5)}, {vg.Points(1), vg.Points(1.2)},
	{vg.Points(4), vg.Points(1.2), vg.Points(1), vg.Points(1.2)},
	{vg.Points(7), vg.Points(2)}, {vg.Points(2), vg.Points(2)},
	{vg.Points(7), vg.Points(1.5), vg.Points(1), vg.Points(1.5), vg.Points(1), vg.Points(1.5)},
	{vg.Points(1), vg.Points(3)},
}

func rgb(v uint32) color.Color {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// knownSlots is the slot each pipeline of the suite keeps in every
// report, chosen so that the panels the suite's runs make (a family, a
// large family cut along its engines, families of one pipeline pooled)
// need no two pipelines on one slot, and so that the pipelines most
// often set side by side across families (exact cover, the bitboard,
// gophersat's best, CaDiCaL, minisat, CBC, Norvig's propagation and
// tracked backtracking) have slots of their own. A pipeline not listed
// (a definition file's) takes a slot from a hash of its name.
var knownSlots = map[string]int{
	"exactcover/dlx": 2,

	"propagate/bitboard": 6, "propagate/norvig": 7, "backtrack/tracked": 4, "backtrack/naive": 5,
	"genetic/strong": 3, "genetic/seed": 1,

	"sat/gophersat/extended-propagated": 0, "sat/gophersat/extended": 1, "sat/gophersat/extended-incremental": 2,
	"sat/gophersat/extended-reduced": 3, "sat/gophersat/extended-sequential": 4, "sat/gophersat/minimal": 5,
	"sat/gophersat/minimal-reduced": 7, "sat/gophersat/pb": 6, "sat/gophersat/extended-native-propagated": 6,
	"sat/cadical/extended": 3, "sat/cadical/minimal": 7, "sat/cryptominisat/extended": 4, "sat/cryptominisat/minimal": 2,
	"sat/minisat/extended": 5, "sat/minisat/minimal": 1, "sat/picosat/extended": 6, "sat/picosat/minimal": 0,

	"milp/cbc": 1, "milp/glpk": 4, "milp/gophersat-pb": 0, "milp/gophersat-pb/cutting-planes": 2, "milp/minisat-plus": 5,

	"cp/minizinc/gecode": 7, "asp/clasp": 4,
	"smt/z3/int": 0, "smt/z3/onehot": 1, "smt/cvc5/int": 3, "smt/cvc5/onehot": 5,

	"qubo/neal/fixed": 0, "qubo/neal/pruned": 1, "qubo/neal/propagated": 2, "qubo/neal/wildqat": 3,
	"qubo/sa/pruned": 4, "qubo/sa/propagated": 5, "qubo/swap/pruned": 6, "qubo/swap/propagated": 7,
	"qubo/pt/propagated": 3, "qubo/pt/pruned": 2, "qubo/tabu/propagated": 0, "qubo/descent/propagated": 6,
	"qubo/kerberos/propagated": 4, "qubo/kerberos/fixed": 5,

	"neural/cnn/oneshot": 0, "neural/cnn/iterative": 1, "neural/gcn/oneshot": 5, "neural/gcn/iterative": 6,
	"neural/gcn/search": 7, "neural/rrn/oneshot": 2, "neural/rrn/iterative": 3, "neural/rrn/search": 4,
	"neural/rrn/iterative-16steps": 5, "neural/rrn/iterative-64steps": 6,

	"rl/random": 0, "rl/gcn": 6, "rl/gcn-scratch": 5,
}

// homeSlot is a pipeline's own slot: the suite's choice, or a hash of
// its name (FNV-1a), the same in every report.
func homeSlot(solver string) int {
	if s, ok := knownSlots[solver]; ok {
		return s
	}
	h := fnv.New32a()
	h.Write([]byte(solver))
	return int(h.Sum32() % MaxSeries)
}

// assignSlots gives each pipeline of a panel (at most MaxSeries, sorted)
// its home slot; where several share one, the first by name keeps it and
// the others, in name order, take the next slots that no pipeline of the
// panel has.
func assignSlots(solvers []string) map[string]int {
	out := make(map[string]int, len(solvers))
	var taken [MaxSeries]bool
	var moved []string
	for _, s := range solvers {
		if h := homeSlot(s); !taken[h] {
			taken[h], out[s] = true, h
		} else {
			moved = append(moved, s)
		}
	}
	for _, s := range moved {
		for i := range MaxSeries {
			if h := (homeSlot(s) + i) % MaxSeries; !taken[h] {
				taken[h], out[s] = true, h
				break
			}
		}
	}
	return out
}

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
// its slot: its own (homeSlot) unless another pipeline of its panel holds
// that one, so that a pipeline looks the same in every report.
type Styles struct {
	solvers []string
	facets  []Facet
	where   map[string][2]int // solver → facet, slot
	marks   map[string]string // solver → the mark its names carry
}

// Pipeline is what Styles needs to know of a pipeline: its name, its
// family (empty: the first part of its name), and a mark its names carry
// in legends and axes ("": none), such as the report's first-mode mark.
type Pipeline struct {
	Name, Family, Mark string
}

// NewStyles lays out the pipelines (a name may come more than once: its
// first mark and its last family count). families orders the
// families' panels; others come after them, by name.
func NewStyles(pipelines []Pipeline, families []string) Styles {
	family := make(map[string]string)
	st := Styles{marks: make(map[string]string)}
	for _, p := range pipelines {
		family[p.Name] = familyOf(p)
		if _, seen := st.marks[p.Name]; !seen && p.Mark != "" {
			st.marks[p.Name] = p.Mark
		}
		st.solvers = append(st.solvers, p.Name)
	}
	slices.Sort(st.solvers)
	st.solvers = slices.Compact(st.solvers)
	st.facets = facets(st.solvers, family, families)
	st.where = make(map[string][2]int)
	for fi, f := range st.facets {
		for s, slot := range assignSlots(f.Solvers) {
			st.where[s] = [2]int{fi, slot}
		}
	}
	return st
}

// familyOf is a pipeline's family, or where it names none, the first
// part of its name.
func familyOf(p Pipeline) string {
	if p.Family != "" {
		return p.Family
	}
	f, _, _ := strings.Cut(p.Name, "/")
	return f
}

// facets splits sorted solvers into panels of at most MaxSeries, the
// families' panels in the order of order.
func facets(solvers []string, family map[string]string, order []string) []Facet {
	if len(solvers) <= MaxSeries {
		return []Facet{{Solvers: solvers}}
	}
	byFamily := make(map[string][]string)
	for _, s := range solvers {
		byFamily[family[s]] = append(byFamily[family[s]], s)
	}
	names := slices.SortedFunc(maps.Keys(byFamily), func(a, b string) int { return compareFamilies(a, b, order) })
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

// compareFamilies orders families as order does, others after them by
// name.
func compareFamilies(a, b string, order []string) int {
	rank := func(f string) int {
		if i := slices.Index(order, f); i >= 0 {
			return i
		}
		return len(order)
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
		slices.Sort(solvers)
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

// Name is the solver's full name with its mark: for axes and figures of one series per row.
func (s Styles) Name(solver string) string {
	if m := s.marks[solver]; m != "" {
		return solver + " " + m
	}
	return solver
}

// Label is the solver's name in its panel's legend: without the family
// (and engine) the panel's title already names, carrying its mark.
func (s Styles) Label(solver string) string {
	name := solver
	if w, ok := s.where[solver]; ok {
		if short := strings.TrimPrefix(solver, s.facets[w[0]].prefix); short != "" {
			name = short
		}
	}
	if m := s.marks[solver]; m != "" {
		return name + " " + m
	}
	return name
}

// Marked reports whether some pipeline's names carry a mark.
func (s Styles) Marked() bool { return len(s.marks) > 0 }

// Slot is the style slot the solver draws with.
func (s Styles) Slot(solver string) int {
	if w, ok := s.where[solver]; ok {
		return w[1]
	}
	return homeSlot(solver)
}

// Color is the solver's colour.
func (s Styles) Color(solver string) color.Color { return SlotColor(s.Slot(solver)) }

// Dashes is the solver's dash pattern for lines.
func (s Styles) Dashes(solver string) []vg.Length { return SlotDashes(s.Slot(solver)) }

// Glyph is the solver's point shape, filled.
func (s Styles) Glyph(solver string) draw.GlyphDrawer { return SlotGlyph(s.Slot(solver)) }

// Hollow is the solver's point shape drawn hollow: a point drawn from
// fewer than FewN puzzles.
func (s Styles) Hollow(solver string) draw.GlyphDrawer {
	return mark{shape: s.Slot(solver), hollow: true}
}

// SlotColor is the colour of a style slot (taken modulo MaxSeries): for a
// figure whose series are not pipelines.
func SlotColor(slot int) color.Color { return palette[slot%MaxSeries] }

// SlotDashes is the dash pattern of a style slot (modulo MaxSeries).
func SlotDashes(slot int) []vg.Length { return dashes[slot%MaxSeries] }

// SlotGlyph is the point shape of a style slot (modulo MaxSeries), filled.
func SlotGlyph(slot int) draw.GlyphDrawer { return mark{shape: slot % MaxSeries} }

// Pipelines are the names the styles were laid out for, sorted.
func (s Styles) Pipelines() []string { return s.solvers }

// HomeSlot is the slot a pipeline keeps wherever no other pipeline of its
// panel holds it, and whether that slot was chosen for it (a pipeline of
// the suite) rather than drawn from a hash of its name.
func HomeSlot(pipeline string) (slot int, chosen bool) {
	_, chosen = knownSlots[pipeline]
	return homeSlot(pipeline), chosen
}
