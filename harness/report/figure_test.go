package report

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"github.com/sudokubench/sudokubench/harness/record"
)

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

// textBox is a string as drawn: the four corners of its box (advance
// width by ascent and descent) on the canvas.
type textBox struct {
	text    string
	corners [4][2]float64
}

// geometry is a vg.Canvas that draws nothing and records where text and
// paths went, so that a test can check a figure's layout.
type geometry struct {
	width, height vg.Length
	m             affine
	stack         []affine
	texts         []textBox
	strays        []string // paths that left the canvas
}

func (g *geometry) SetLineWidth(vg.Length)              {}
func (g *geometry) SetLineDash([]vg.Length, vg.Length)  {}
func (g *geometry) SetColor(color.Color)                {}
func (g *geometry) DrawImage(vg.Rectangle, image.Image) {}
func (g *geometry) Push()                               { g.stack = append(g.stack, g.m) }
func (g *geometry) Pop()                                { g.m, g.stack = g.stack[len(g.stack)-1], g.stack[:len(g.stack)-1] }
func (g *geometry) Translate(p vg.Point) {
	g.m = g.m.then(affine{a: 1, d: 1, e: float64(p.X), f: float64(p.Y)})
}
func (g *geometry) Scale(x, y float64) { g.m = g.m.then(affine{a: x, d: y}) }
func (g *geometry) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	g.m = g.m.then(affine{a: c, b: s, c: -s, d: c})
}

// slack is what a drawn thing may overstep the canvas or another's box,
// in points: anti-aliasing, line caps and rounding.
const slack = 0.75

func (g *geometry) Stroke(p vg.Path) { g.path(p) }
func (g *geometry) Fill(p vg.Path)   { g.path(p) }

func (g *geometry) path(p vg.Path) {
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
		q := g.m.apply(pt)
		if q[0] < -slack || q[1] < -slack || q[0] > float64(g.width)+slack || q[1] > float64(g.height)+slack {
			g.strays = append(g.strays, fmt.Sprintf("a path through (%.1f, %.1f) on a %.1f × %.1f canvas", q[0], q[1], g.width, g.height))
			return
		}
	}
}

func (g *geometry) FillString(f font.Face, pt vg.Point, s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	e := f.Extents()
	w := f.Width(strings.TrimRight(s, " "))
	lo, hi := pt.Y-e.Descent, pt.Y+e.Ascent
	corners := [4]vg.Point{{X: pt.X, Y: lo}, {X: pt.X + w, Y: lo}, {X: pt.X + w, Y: hi}, {X: pt.X, Y: hi}}
	b := textBox{text: s}
	for i, c := range corners {
		b.corners[i] = g.m.apply(c)
	}
	g.texts = append(g.texts, b)
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

// figureProblems draws a figure on a recording canvas and returns what a
// reader would not print: text outside the canvas, two texts on top of
// each other, text on a panel's data, a path off the canvas.
func figureProblems(f Figure) []string {
	l := f.layout()
	g := &geometry{width: l.width, height: l.height, m: identity}
	drawFigure(g, l)
	problems := g.strays
	for i, a := range g.texts {
		for _, c := range a.corners {
			if c[0] < -slack || c[1] < -slack || c[0] > float64(l.width)+slack || c[1] > float64(l.height)+slack {
				problems = append(problems, fmt.Sprintf("%q leaves the canvas", a.text))
				break
			}
		}
		for _, b := range g.texts[i+1:] {
			if overlap(a.corners, b.corners) {
				problems = append(problems, fmt.Sprintf("%q and %q overlap", a.text, b.text))
			}
		}
		for _, p := range l.panels {
			if overlap(a.corners, rectQuad(p.data)) {
				problems = append(problems, fmt.Sprintf("%q covers the data of panel %q", a.text, p.title))
			}
		}
	}
	return problems
}

// longCorpora are names of shipped corpora, long enough to collide as
// category labels.
var longCorpora = []string{"hardest-1106", "hardest-1905-11plus", "norvig-hardest", "norvig-top95", "top1465", "17-clue", "17-clue+28", "kaggle-1m"}

// figureRecords is a run of many pipelines of several families on
// corpora of several hint counts and long names: small multiples,
// stochastic pipelines in first mode beside unique-mode ones, pipelines
// that collapse below some hint count.
func figureRecords(pipelines map[string][]string, corpora []string, perCorpus int) []record.Record {
	var recs []record.Record
	n := 0
	for _, family := range []string{"exactcover", "sat", "milp", "qubo", "direct", "neural"} {
		for pi, solver := range pipelines[family] {
			n++
			incomplete := family == "qubo" || family == "neural" || strings.HasPrefix(solver, "genetic/")
			for ci, corpus := range corpora {
				hints := 17 + 4*ci
				for i := range perCorpus {
					r := record.Record{Solver: solver, Family: family, Corpus: corpus, PuzzleID: fmt.Sprintf("%s:%d", corpus, i),
						Hints: hints, Size: 9, Mode: "unique", Seed: 1, Status: "solved",
						CPUNS: int64(1000 * n * (i + 1) * (ci + 1)), PeakRSS: uint64(20+n) << 20, BaseRSS: 17 << 20, TimeoutNS: 1e9}
					r.WallNS = r.CPUNS
					if incomplete {
						r.Mode = "first"
						// Pipeline pi collapses below 17+4·pi hints.
						if hints < 17+4*pi && (i+pi)%3 != 0 {
							r.Status = "gave-up"
						}
					}
					if family == "qubo" || strings.HasPrefix(solver, "genetic/") {
						r.Stochastic = true
						solved := 0.0
						if r.Solved() {
							solved = 1
						}
						r.Counters = map[string]float64{CounterReads: 2, CounterReadsSolved: solved, CounterUpdates: float64(r.CPUNS * 10)}
					}
					recs = append(recs, r)
				}
			}
		}
	}
	return recs
}

// manyFamilies has 25 pipelines, as the committed families run.
var manyFamilies = map[string][]string{
	"exactcover": {"exactcover/dlx"},
	"sat":        {"sat/cadical/extended", "sat/gophersat/extended-propagated", "sat/minisat/extended"},
	"milp":       {"milp/cbc", "milp/gophersat-pb"},
	"qubo": {"qubo/descent/propagated", "qubo/kerberos/propagated", "qubo/neal/fixed", "qubo/neal/pruned", "qubo/pt/propagated",
		"qubo/sa/propagated", "qubo/sa/pruned", "qubo/swap/propagated", "qubo/swap/pruned", "qubo/tabu/propagated"},
	"direct": {"backtrack/tracked", "genetic/strong", "propagate/bitboard", "propagate/norvig"},
	"neural": {"neural/cnn/iterative", "neural/cnn/oneshot", "neural/rrn/iterative", "neural/rrn/oneshot", "neural/rrn/search"},
}

// fewFamilies is a small run: one panel, few series.
var fewFamilies = map[string][]string{
	"exactcover": {"exactcover/dlx"},
	"qubo":       {"qubo/neal/fixed"},
	"direct":     {"genetic/strong"},
}

func figuresOf(t *testing.T, recs []record.Record, width PrintWidth) []Figure {
	t.Helper()
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{PlotWidth: width})
	if err != nil {
		t.Fatal(err)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	return figs
}

// TestFiguresLegible draws every figure of a many-pipeline run and of a
// small one at both print widths on a recording canvas: no text may
// collide with other text or with data, and nothing may leave the
// canvas.
func TestFiguresLegible(t *testing.T) {
	for _, tt := range []struct {
		name string
		recs []record.Record
	}{
		{"many-pipelines", figureRecords(manyFamilies, longCorpora, 4)},
		{"few-pipelines", figureRecords(fewFamilies, longCorpora[:4], 6)},
	} {
		for _, width := range []PrintWidth{ColumnWidth, PageWidth} {
			for _, f := range figuresOf(t, tt.recs, width) {
				t.Run(fmt.Sprintf("run=%s/width=%s/figure=%s", tt.name, width, f.Name), func(t *testing.T) {
					for _, p := range figureProblems(f) {
						t.Error(p)
					}
				})
			}
		}
	}
}

// TestCommittedFiguresLegible checks every figure of the committed runs
// at both print widths, as TestFiguresLegible does.
func TestCommittedFiguresLegible(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every committed figure twice")
	}
	for _, run := range []string{"reference", "families"} {
		d, _, err := Load(filepath.Join("..", "..", "results", run))
		if err != nil {
			t.Fatal(err)
		}
		for _, width := range []PrintWidth{ColumnWidth, PageWidth} {
			rep, err := New(d, Config{PlotWidth: width})
			if err != nil {
				t.Fatal(err)
			}
			figs, err := rep.Figures()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range figs {
				t.Run(fmt.Sprintf("run=%s/width=%s/figure=%s", run, width, f.Name), func(t *testing.T) {
					for _, p := range figureProblems(f) {
						t.Error(p)
					}
				})
			}
		}
	}
}

// TestFigureGeometryCatchesCollisions makes sure the legibility check
// can fail: level labels on a narrow category axis collide, a legend
// drawn on the data covers it, and text past the edge leaves the canvas.
func TestFigureGeometryCatchesCollisions(t *testing.T) {
	figs := figuresOf(t, figureRecords(manyFamilies, longCorpora, 2), ColumnWidth)
	var corpus Figure
	for _, f := range figs {
		if f.Name == "success-by-corpus" {
			corpus = f
		}
	}
	l := corpus.layout()
	// Undo the fitting of the category labels: level, unwrapped.
	for _, p := range l.panels {
		c := p.plot.X.Tick.Marker.(categories)
		c.shown = nil
		p.plot.X.Tick.Marker = c
		p.plot.X.Tick.Label.Rotation = 0
	}
	// Move the first legend onto its panel's data, and a title off the
	// canvas.
	shift := l.panels[0].data.Max.Y - l.panels[0].legend[0].thumb.Max.Y
	for i := range l.panels[0].legend {
		l.panels[0].legend[i].at.Y += shift
		l.panels[0].legend[i].thumb = l.panels[0].legend[i].thumb.Add(vg.Point{Y: shift})
	}
	l.titleAt.X += l.width
	g := &geometry{width: l.width, height: l.height, m: identity}
	drawFigure(g, l)
	var collide, covers, leaves bool
	for i, a := range g.texts {
		for _, b := range g.texts[i+1:] {
			collide = collide || overlap(a.corners, b.corners) && strings.Contains(a.text, "hardest")
		}
		covers = covers || overlap(a.corners, rectQuad(l.panels[0].data)) && a.text == l.panels[0].legend[0].label
		for _, c := range a.corners {
			leaves = leaves || c[0] > float64(l.width)+slack
		}
	}
	if !collide || !covers || !leaves {
		t.Errorf("collisions seen: labels %v, legend on data %v, text off the canvas %v; want all three", collide, covers, leaves)
	}
}

// goldenFigures are one figure of each kind, at column width, from a
// small run with long corpus names.
func goldenFigures(t *testing.T) map[string]Figure {
	t.Helper()
	many := map[string][]string{
		"exactcover": {"exactcover/dlx"},
		"sat":        {"sat/minisat/extended", "sat/gophersat/extended"},
		"qubo":       {"qubo/neal/fixed", "qubo/neal/pruned", "qubo/sa/pruned", "qubo/swap/pruned", "qubo/tabu/propagated"},
		"direct":     {"genetic/strong", "propagate/norvig"},
	}
	out := make(map[string]Figure)
	for _, f := range figuresOf(t, figureRecords(many, longCorpora[:5], 3), ColumnWidth) {
		switch f.Name {
		case "cactus", "success-by-hints", "success-by-corpus", "time-by-hints", "time-by-corpus", "memory",
			"success-by-updates", "tts99-by-hints", "scatter-exactcover-dlx-vs-qubo-neal-fixed":
			out[f.Name] = f
		}
	}
	for _, f := range figuresOf(t, figureRecords(fewFamilies, longCorpora[:3], 6), ColumnWidth) {
		if f.Name == "time-by-corpus" {
			out["time-by-corpus-boxes"] = f
		}
	}
	return out
}

// TestFigureGoldens compares one figure of each kind with its SVG in
// testdata/golden/figures (go test -update rewrites them): a change to
// how any figure looks shows up here, to be looked at before it is
// accepted.
func TestFigureGoldens(t *testing.T) {
	figs := goldenFigures(t)
	if len(figs) != 10 {
		t.Fatalf("%d figures of the golden run, want 10", len(figs))
	}
	for name, f := range figs {
		t.Run("figure="+name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteFigure(&b, f, "svg"); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", "figures", name+".svg")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				dir, err := os.MkdirTemp("", "figure-")
				if err != nil {
					t.Fatal(err)
				}
				got := filepath.Join(dir, name+".svg")
				if err := os.WriteFile(got, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Errorf("%s differs from %s: look at both, then go test -update if the change is meant", got, path)
			}
		})
	}
}
