package report

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// sparseRecords are n pipelines on hint counts 17 (10 puzzles), 18 (2)
// and 21 (6): nothing at 19 and 20, and 18 a point of two puzzles.
func sparseRecords(n int) []record.Record {
	var recs []record.Record
	for _, h := range []struct{ hints, n int }{{17, 10}, {18, 2}, {21, 6}} {
		for i := range h.n {
			for k := range n {
				id := fmt.Sprintf("%d:%d", h.hints, i)
				recs = append(recs, rec(fmt.Sprintf("s%d", k), id, h.hints, "solved", int64(1000*(k+1)*(i+1)), 0))
			}
		}
	}
	return recs
}

// drawLog is a vg.Canvas that records where lines were stroked and
// marks and bars drawn, and in which colours.
type drawLog struct {
	*figure.Recorder
	col    color.Color
	events []drawn
}

// drawn is one stroke or fill: its colour and its points on the canvas.
type drawn struct {
	stroke bool
	col    color.Color
	pts    []vg.Point
}

func (d *drawLog) SetColor(c color.Color) { d.col = c }
func (d *drawLog) Stroke(p vg.Path)       { d.add(true, p) }
func (d *drawLog) Fill(p vg.Path)         { d.add(false, p) }

func (d *drawLog) add(stroke bool, p vg.Path) {
	e := drawn{stroke: stroke, col: d.col}
	for _, c := range p {
		if c.Type == vg.MoveComp || c.Type == vg.LineComp || c.Type == vg.ArcComp {
			e.pts = append(e.pts, d.Apply(c.Pos))
		}
	}
	d.events = append(d.events, e)
}

func (e drawn) box() vg.Rectangle {
	r := vg.Rectangle{Min: e.pts[0], Max: e.pts[0]}
	for _, p := range e.pts {
		r.Min.X, r.Min.Y = min(r.Min.X, p.X), min(r.Min.Y, p.Y)
		r.Max.X, r.Max.Y = max(r.Max.X, p.X), max(r.Max.Y, p.Y)
	}
	return r
}

func isWhite(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff
}

// drawnSeries are what a figure's first panel draws over its data: the
// x values each line joins, and the x values of filled marks, of hollow
// marks and of interval bars.
type drawnSeries struct {
	lines                [][]float64
	filled, hollow, bars []float64
}

// seriesOf draws a figure on a drawLog and reads its first panel's
// series back in the panel's x units (a linear axis).
func seriesOf(f figure.Figure) drawnSeries {
	d := &drawLog{Recorder: figure.NewRecorder(f.Size())}
	data := f.Draw(d)[0]
	axis := f.Panels[0].Plot.X
	inside := func(r vg.Rectangle) bool {
		return r.Min.X >= data.Min.X-3 && r.Max.X <= data.Max.X+3 && r.Min.Y >= data.Min.Y-3 && r.Max.Y <= data.Max.Y+3
	}
	x := func(px vg.Length) float64 {
		v := axis.Min + float64((px-data.Min.X)/(data.Max.X-data.Min.X))*(axis.Max-axis.Min)
		return math.Round(2*v) / 2
	}
	var s drawnSeries
	for i, e := range d.events {
		if len(e.pts) == 0 || !inside(e.box()) {
			continue
		}
		b := e.box()
		w, h := b.Max.X-b.Min.X, b.Max.Y-b.Min.Y
		mid := (b.Min.X + b.Max.X) / 2
		switch {
		case !e.stroke && isWhite(e.col) && i+1 < len(d.events) && d.events[i+1].stroke && w < 8:
			s.hollow = append(s.hollow, x(mid))
		case !e.stroke && !isWhite(e.col) && w < 8 && h < 8 && w > 0:
			s.filled = append(s.filled, x(mid))
		case e.stroke && w < 0.01 && h > 0:
			s.bars = append(s.bars, x(mid))
		case e.stroke && w > 4 && w < data.Max.X-data.Min.X-1 && len(e.pts) >= 2:
			var xs []float64
			for _, pt := range e.pts {
				xs = append(xs, x(pt.X))
			}
			s.lines = append(s.lines, xs)
		}
	}
	return s
}

// TestFewPuzzlesMarkedAndGapsNotJoined: over hint counts, no line runs
// from 18 to 21 across hints that hold no puzzle, a point drawn from two
// puzzles is hollow, and a point alone between gaps shows its interval as
// a bar; per corpus too, a point from few puzzles is hollow.
func TestFewPuzzlesMarkedAndGapsNotJoined(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(sparseRecords(4)...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	g := rep.Sections[0].Grouper
	for _, name := range []string{"success-by-hints", "time-by-hints"} {
		f := figureNamed(t, rep, name)
		d := seriesOf(f)
		if len(d.lines) == 0 {
			t.Errorf("%s: no line drawn", name)
		}
		for _, l := range d.lines {
			if slices.Contains(l, 21) {
				t.Errorf("%s: a line joins %v across hints 19-20, where there is no puzzle", name, l)
			}
		}
		if !slices.Contains(d.hollow, 18) || slices.Contains(d.filled, 18) || !slices.Contains(d.filled, 17) || !slices.Contains(d.filled, 21) {
			t.Errorf("%s: filled marks at %v, hollow at %v; want 18 (2 puzzles) hollow, 17 and 21 filled", name, d.filled, d.hollow)
		}
		if !slices.Contains(d.bars, 21) {
			t.Errorf("%s: the point alone at 21 has no interval bar (bars at %v)", name, d.bars)
		}
		if !strings.Contains(f.Caption, "Hollow marks") {
			t.Errorf("%s: the caption does not say what a hollow mark is: %q", name, f.Caption)
		}
	}
	if j := g.(Joiner); !j.Joins(Group{Order: 17}, Group{Order: 18}) || j.Joins(Group{Order: 18}, Group{Order: 21}) {
		t.Errorf("hint buckets %v: 17 and 18 are neighbours, 18 and 21 are not", g)
	}
	wide := HintBuckets{{17, 20}, {21, 24}, {29, 32}}
	if !wide.Joins(Group{Order: 17}, Group{Order: 21}) || wide.Joins(Group{Order: 21}, Group{Order: 29}) {
		t.Error("buckets 17-20 and 21-24 are neighbours; 21-24 and 29-32 are not (25-28 holds no puzzle)")
	}
}

// TestFewTimesDrawnAsPoints: with box plots (three pipelines or fewer), a
// group of fewer than FewN solved puzzles shows their times as hollow
// points, not a box.
func TestFewTimesDrawnAsPoints(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(sparseRecords(2)...)}, Config{By: []string{"hints"}})
	if err != nil {
		t.Fatal(err)
	}
	f := figureNamed(t, rep, "time-by-hints")
	d := seriesOf(f)
	hollowAt18 := 0
	for _, x := range d.hollow {
		if math.Abs(x-18) < 1 {
			hollowAt18++
		}
	}
	if hollowAt18 != 4 || len(d.hollow) != 4 {
		t.Errorf("hollow points at %v; want the 2 puzzles of each of 2 pipelines at 18 hints, and no other", d.hollow)
	}
	if !strings.Contains(f.Caption, "hollow points, not a box") {
		t.Errorf("caption %q", f.Caption)
	}
}

// TestPDFBandsKeepTheirColour: a translucent band in a PDF is its
// pipeline's colour at an opacity, not that colour premultiplied by the
// opacity and then made translucent again, which prints it grey; where
// pdftoppm is installed, the rendered band is tinted.
func TestPDFBandsKeepTheirColour(t *testing.T) {
	f := goldenFigures(t)["success-by-hints"]
	var b bytes.Buffer
	if err := figure.WriteFigure(&b, f, "pdf"); err != nil {
		t.Fatal(err)
	}
	streams := string(pdfStreams(b.Bytes()))
	fills := regexp.MustCompile(`([\d.]+) ([\d.]+) ([\d.]+) rg`).FindAllString(streams, -1)
	for slot := range figure.MaxSeries {
		c := figure.SlotColor(slot)
		r, g, bl, _ := c.RGBA()
		straight := fmt.Sprintf("%.3f %.3f %.3f rg", float64(r>>8)/255, float64(g>>8)/255, float64(bl>>8)/255)
		shade := figure.Translucent(c, 1).(color.NRGBA)
		pre := color.NRGBAModel.Convert(shade)
		pr, pg, pb, _ := pre.RGBA()
		premultiplied := fmt.Sprintf("%.3f %.3f %.3f rg", float64(pr>>8)/255, float64(pg>>8)/255, float64(pb>>8)/255)
		if premultiplied != straight && slices.Contains(fills, premultiplied) {
			t.Errorf("a fill %q: palette colour %s premultiplied by its opacity", premultiplied, straight)
		}
	}
	if !regexp.MustCompile(`/ca 0\.\d+`).Match(b.Bytes()) {
		t.Fatal("no translucent fill in the figure: nothing checked")
	}
	pdftoppm, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Log("pdftoppm not installed: checked the content stream only")
		return
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.pdf"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pdftoppm, "-r", "100", "-png", "-singlefile", filepath.Join(dir, "f.pdf"), filepath.Join(dir, "f")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	if n := tintedPaleArea(t, filepath.Join(dir, "f.png")); n < 500 {
		t.Errorf("%d pale tinted pixels in the rendered PDF: its bands print grey", n)
	}
}

// tintedPaleArea counts the pixels of a PNG that are pale (a band over
// white) and tinted (not grey).
func tintedPaleArea(t *testing.T, path string) int {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	img, _, err := image.Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			lo, hi := min(r, g, b)>>8, max(r, g, b)>>8
			if lo > 170 && hi < 250 && hi-lo > 12 {
				n++
			}
		}
	}
	return n
}

// TestPipelineKeepsItsStyle: a pipeline has the same colour, glyph and
// dash in reports of different pipelines, an unknown one too (from its
// name), and two pipelines of a panel never share a slot.
func TestPipelineKeepsItsStyle(t *testing.T) {
	styles := func(solvers ...string) figure.Styles {
		var obs []Obs
		for _, s := range solvers {
			obs = append(obs, Obs{ObsPipeline: &ObsPipeline{Solver: s, Mode: "unique"}})
		}
		return newStyles(obs, false)
	}
	one := styles("exactcover/dlx", "milp/cbc", "sat/cadical/extended", "sat/kissat/extended")
	two := styles("propagate/bitboard", "propagate/norvig", "sat/cadical/extended", "sat/gophersat/extended-propagated", "sat/kissat/extended", "sat/minisat/extended")
	for _, s := range []string{"sat/cadical/extended", "sat/kissat/extended"} {
		if one.Color(s) != two.Color(s) || one.Glyph(s) != two.Glyph(s) || !slices.Equal(one.Dashes(s), two.Dashes(s)) {
			t.Errorf("%s: slot %d in one report, %d in the other", s, one.Slot(s), two.Slot(s))
		}
	}
	// Two unknown pipelines whose names hash to one slot: the first by
	// name keeps it, the second takes the next free one.
	a, b := collidingNames(t)
	st := styles(a, b, "exactcover/dlx")
	if home, _ := figure.HomeSlot(a); st.Slot(a) != home || st.Slot(b) == st.Slot(a) || st.Slot(b) == st.Slot("exactcover/dlx") {
		t.Errorf("%s and %s (both home %d) and exactcover/dlx: slots %d, %d, %d", a, b, home, st.Slot(a), st.Slot(b), st.Slot("exactcover/dlx"))
	}
}

// collidingNames finds two pipeline names outside the suite whose hashes
// give one slot, not exactcover/dlx's.
func collidingNames(t *testing.T) (string, string) {
	t.Helper()
	home := func(name string) int {
		slot, _ := figure.HomeSlot(name)
		return slot
	}
	for i := range 100 {
		first := fmt.Sprintf("sat/kissat/v%d", i)
		if home(first) == home("exactcover/dlx") {
			continue
		}
		for j := i + 1; j < 100; j++ {
			if name := fmt.Sprintf("sat/kissat/v%d", j); home(name) == home(first) {
				return first, name
			}
		}
	}
	t.Fatal("no two names share a slot")
	return "", ""
}

// TestSuitePipelinesHaveTheirOwnSlots: every pipeline the suite builds has
// a slot chosen for it, and the panels of its families (each family's
// pipelines, and the committed runs') need no pipeline moved off its
// slot, so that each looks the same in all of them.
func TestSuitePipelinesHaveTheirOwnSlots(t *testing.T) {
	byFamily := make(map[string][]string)
	for _, in := range registry.Default().All() {
		if _, chosen := figure.HomeSlot(in.Name); !chosen {
			t.Errorf("%s has no slot in figure.knownSlots (harness/report/figure/styles.go)", in.Name)
		}
		byFamily[in.Family] = append(byFamily[in.Family], in.Name)
	}
	check := func(what string, obs []Obs) {
		st := newStyles(obs, false)
		for _, f := range st.Facets(st.Pipelines()) {
			for _, s := range f.Solvers {
				if home, _ := figure.HomeSlot(s); st.Slot(s) != home {
					t.Errorf("%s, panel %q: %s moved from slot %d to %d", what, f.Title, s, home, st.Slot(s))
				}
			}
		}
	}
	for family, names := range byFamily {
		var obs []Obs
		for _, n := range names {
			obs = append(obs, Obs{ObsPipeline: &ObsPipeline{Solver: n, Family: family, Mode: "unique"}})
		}
		check("family "+family, obs)
	}
	for _, run := range []string{"reference", "families"} {
		d, _, err := Load(filepath.Join("..", "..", "results", run))
		if err != nil {
			t.Fatal(err)
		}
		check("results/"+run, Observations(d.Runs, CPU, DetectKinds(d.Runs)))
	}
}

// TestNoTitles: without titles, each figure's question heads its caption,
// in every document.
func TestNoTitles(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(synthetic()...)}, Config{NoTitles: true})
	if err != nil {
		t.Fatal(err)
	}
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		if f.Title != "" || !strings.HasSuffix(strings.SplitN(f.Caption, "? ", 2)[0], "") || !strings.Contains(f.Caption, "?") {
			t.Errorf("%s: title %q, caption %q; want no title, the question in the caption", f.Name, f.Title, f.Caption)
		}
	}
	question := "How many puzzles does each pipeline solve within a time? Puzzles solved within a time"
	dir := t.TempDir()
	if _, err := rep.WriteFiles(Files{PlotDir: dir}, []string{"md", "html", "latex"}, []string{"svg", "pdf"}); err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]string{
		"report.md": question, "report.html": "<figcaption>" + question, "report.tex": `\caption{` + question,
	} {
		b, err := os.ReadFile(filepath.Join(dir, doc))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %q", doc, want)
		}
	}
}

// TestFormatsShareTheirFigures: documents in several formats in one call
// each show the figures, and each figure is drawn once per plot format,
// the HTML's inline SVG included.
func TestFormatsShareTheirFigures(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(synthetic()...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	drawn := make(map[string]int)
	count := func(w io.Writer, f figure.Figure, format string) error {
		drawn[f.Name+"."+format]++
		return figure.WriteFigure(w, f, format)
	}
	dir := t.TempDir()
	files, err := rep.WriteFiles(Files{PlotDir: dir, draw: count}, []string{"md", "latex", "html"}, []string{"svg", "pdf"})
	if err != nil {
		t.Fatal(err)
	}
	figs, _ := rep.Figures()
	if len(drawn) != 2*len(figs) {
		t.Errorf("%d figure files drawn, want %d figures × 2 formats", len(drawn), len(figs))
	}
	for name, n := range drawn {
		if n != 1 {
			t.Errorf("%s drawn %d times", name, n)
		}
	}
	for _, want := range []string{"report.md", "report.tex", "report.html", "cactus.svg", "cactus.pdf"} {
		if !slices.Contains(files, filepath.Join(dir, want)) {
			t.Errorf("%s not written: %q", want, files)
		}
	}
	tex, _ := os.ReadFile(filepath.Join(dir, "report.tex"))
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if !strings.Contains(string(tex), `\includegraphics{cactus.pdf}`) || !strings.Contains(string(md), "](cactus.svg)") {
		t.Errorf("the LaTeX document does not include cactus.pdf, or Markdown does not show cactus.svg")
	}
	if _, err := rep.WriteFiles(Files{PlotDir: dir, Doc: filepath.Join(dir, "x.md")}, []string{"md", "html"}, nil); err == nil {
		t.Error("one document file for two formats taken")
	}
}

// TestMemoryFigureNamesItsMemory: the memory figure's axis names one
// memory, each pipeline's own, and its legend which kind each box is.
func TestMemoryFigureNamesItsMemory(t *testing.T) {
	peak := func(b uint64) *uint64 { return &b }
	recs := ownRecords(true)
	for i := range recs {
		recs[i].OwnPeak = peak(uint64(i+1) << 20)
	}
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	f := figureNamed(t, rep, "memory")
	if got := f.Panels[0].Plot.X.Label.Text; got != "own peak memory (MiB)" {
		t.Errorf("memory axis %q", got)
	}
	var labels []string
	for _, e := range f.Panels[0].Legend {
		labels = append(labels, e.Label)
	}
	if !slices.Equal(labels, []string{"in process: peak above the idle worker", "outside: the programs' process tree at its peak"}) {
		t.Errorf("memory legend %q", labels)
	}
	if !strings.Contains(f.Caption, "above the idle worker's") || !strings.Contains(f.Caption, "process tree") {
		t.Errorf("memory caption %q", f.Caption)
	}
}
