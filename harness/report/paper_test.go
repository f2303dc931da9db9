package report

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// microFigure is a cactus plot whose time axis is labelled in µs.
func microFigure(t *testing.T) figure.Figure {
	t.Helper()
	rep, err := New(&Data{Runs: NewRuns(manySolvers(2)...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Cactus(rep.Obs, CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	f.Name = "cactus"
	return f
}

// pdfStream matches a PDF stream's content.
var pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)

// pdfStreams inflates the compressed streams of a PDF.
func pdfStreams(pdf []byte) []byte {
	var all []byte
	for _, m := range pdfStream.FindAllSubmatch(pdf, -1) {
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a deflated stream
		}
		b, _ := io.ReadAll(zr)
		all = append(all, b...)
	}
	return all
}

func TestPDFPrintsMicro(t *testing.T) {
	var b bytes.Buffer
	if err := figure.WriteFigure(&b, microFigure(t), "pdf"); err != nil {
		t.Fatal(err)
	}
	// The text is drawn in code page 1252, where µ is the byte B5; the
	// UTF-8 bytes C2 B5 would print "Âµ".
	streams := pdfStreams(b.Bytes())
	if !bytes.Contains(streams, []byte("\xb5s")) || bytes.Contains(streams, []byte("\xc2\xb5")) {
		t.Errorf("the PDF's text does not draw µs as one character")
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext not installed: checked the text streams only")
		return
	}
	cmd := exec.Command(pdftotext, "-", "-")
	cmd.Stdin = &b
	text, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "µs") || strings.Contains(string(text), "Âµ") {
		t.Errorf("pdftotext reads:\n%s", text)
	}
}

func TestSVGNamesFallbackFonts(t *testing.T) {
	var b bytes.Buffer
	if err := figure.WriteFigure(&b, microFigure(t), "svg"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if strings.Contains(svg, "font-family:Liberation Serif;") || !strings.Contains(svg, "font-family:'Liberation Serif','Times New Roman',Times,serif;") {
		t.Errorf("the SVG's fonts have no generic fallback: %v", regexp.MustCompile(`font-family:[^;]*;`).FindAllString(svg, 2))
	}
}

func TestPNGAtPrintResolution(t *testing.T) {
	f := microFigure(t)
	var b bytes.Buffer
	if err := figure.WriteFigure(&b, f, "png"); err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if want := int(math.Round(float64(figure.PageWidth.Length()/vg.Inch) * 300)); cfg.Width != want {
		t.Errorf("PNG %d px wide, want %d (300 dpi over %g in)", cfg.Width, want, float64(figure.PageWidth.Length()/vg.Inch))
	}
	i := bytes.Index(b.Bytes(), []byte("pHYs"))
	if i < 0 {
		t.Fatal("no pHYs chunk: the PNG does not state its resolution")
	}
	ppm := binary.BigEndian.Uint32(b.Bytes()[i+4:])
	if dpi := float64(ppm) * 0.0254; math.Abs(dpi-300) > 0.5 {
		t.Errorf("pHYs states %.1f dpi, want 300", dpi)
	}
}

func TestScatterFitsTheData(t *testing.T) {
	var recs []record.Record
	for i := range 10 {
		a := rec("a", fmt.Sprint(i), 17, "solved", int64(1000*(i+1)), 0)
		b := rec("b", fmt.Sprint(i), 17, "solved", int64(2000*(i+1)), 0)
		if i == 9 {
			b.Status = "timeout"
		}
		a.TimeoutNS, b.TimeoutNS = 10e9, 10e9
		recs = append(recs, a, b)
	}
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Scatter(rep.Obs, "a", "b", CPU, rep.Styles)
	if err != nil {
		t.Fatal(err)
	}
	p := f.Panels[0].Plot
	// The slowest solved time is 18 µs: the axes end a little beyond, not
	// at twice the 10 s limit.
	for _, ax := range []struct {
		name string
		max  float64
	}{{"x", p.X.Max}, {"y", p.Y.Max}} {
		if hi := math.Pow(10, ax.max); hi > 18e-6*borderGap*1.2*1.001 || hi < 18e-6 {
			t.Errorf("%s axis ends at %g s, want just beyond the slowest solved time, 18 µs", ax.name, hi)
		}
	}
}

func TestScatterEveryPairOrThoseAsked(t *testing.T) {
	count := func(c Config) (int, error) {
		rep, err := New(&Data{Runs: NewRuns(manySolvers(8)...)}, c)
		if err != nil {
			return 0, err
		}
		figs, err := rep.Figures()
		n := 0
		for _, f := range figs {
			if strings.HasPrefix(f.Name, "scatter-") {
				n++
			}
		}
		return n, err
	}
	if n, err := count(Config{}); err != nil || n != 7 {
		t.Errorf("%d scatter plots (%v), want the 7 other solvers against the first of 8", n, err)
	}
	if n, err := count(Config{ScatterAll: true}); err != nil || n != 28 {
		t.Errorf("%d scatter plots (%v), want every one of the 28 pairs of 8 solvers", n, err)
	}
	if n, err := count(Config{Scatter: [][2]string{{"solver-01", "solver-07"}}}); err != nil || n != 1 {
		t.Errorf("%d scatter plots (%v), want the one asked for", n, err)
	}
	if _, err := count(Config{Scatter: [][2]string{{"solver-01", "nobody"}}}); err == nil || !strings.Contains(err.Error(), `"nobody"`) {
		t.Errorf("a pair naming an unknown solver: %v", err)
	}
}

// referenceReport reports the committed reference run.
func referenceReport(t *testing.T, c Config) *Report {
	t.Helper()
	d, _, err := Load(filepath.Join("..", "..", "results", "reference"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := New(d, c)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestLaTeXCompiles typesets the reference run's LaTeX tables with
// pdflatex: the compact tables must fit the page's width and break across
// pages, the wide ones must at least compile.
func TestLaTeXCompiles(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	for _, wide := range []bool{false, true} {
		t.Run(fmt.Sprintf("wide=%v", wide), func(t *testing.T) {
			var tables bytes.Buffer
			if err := referenceReport(t, Config{Wide: wide}).WriteTables(&tables, table.LaTeX{}); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(tables.String(), "% Generated by sudokubench. Needs in the preamble: "+table.LaTeXPackages) {
				t.Errorf("the tables do not start by naming the packages they need:\n%.200s", tables.String())
			}
			dir := t.TempDir()
			doc := "\\documentclass{article}\n" + table.LaTeXPackages + "\n\\begin{document}\n" + tables.String() + "\\end{document}\n"
			if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			log := typeset(t, pdflatex, dir, "doc.tex")
			pages := regexp.MustCompile(`Output written on doc.pdf \((\d+) pages?`).FindSubmatch(log)
			if pages == nil || string(pages[1]) == "1" {
				t.Errorf("the tables did not break across pages: %s", pages)
			}
			if overfull := regexp.MustCompile(`Overfull \\hbox \(([\d.]+)pt too wide\)`).FindAllSubmatch(log, -1); !wide && len(overfull) > 0 {
				t.Errorf("%d lines run past the page, the first by %spt", len(overfull), overfull[0][1])
			}
		})
	}
}

// TestLaTeXDocumentHoldsItsFigures typesets the LaTeX document as report
// writes it, with its figures as PDF and as PGF pictures: it compiles as
// it is, nothing runs past the page, and every figure is in it with its
// caption.
func TestLaTeXDocumentHoldsItsFigures(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	for _, plots := range []string{"pdf", "tex"} {
		t.Run("plots="+plots, func(t *testing.T) {
			if plots == "tex" {
				needPGF(t)
			}
			rep, err := New(&Data{Runs: NewRuns(ownRecords(true)...)}, Config{})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			plotDir := filepath.Join(dir, "plots")
			if _, err := rep.WriteFiles(Files{PlotDir: plotDir, Doc: filepath.Join(dir, "report.tex")}, []string{"latex"}, []string{plots}); err != nil {
				t.Fatal(err)
			}
			log := typeset(t, pdflatex, dir, "report.tex")
			if overfull := regexp.MustCompile(`Overfull \\hbox \(([\d.]+)pt too wide\)`).FindAllSubmatch(log, -1); len(overfull) > 0 {
				t.Errorf("%d lines run past the page, the first by %spt", len(overfull), overfull[0][1])
			}
			figs, err := rep.Figures()
			if err != nil {
				t.Fatal(err)
			}
			if got := regexp.MustCompile(`(?m)^\\begin\{figure\}`).FindAll(readFile(t, filepath.Join(dir, "report.tex")), -1); len(got) != len(figs) {
				t.Errorf("%d figures in the document, want %d", len(got), len(figs))
			}
			if text := pdfText(t, filepath.Join(dir, "report.pdf")); text != "" && !strings.Contains(text, "Figure 1: Puzzles solved within a time") {
				t.Errorf("the typeset document lacks the cactus's caption")
			}
		})
	}
}

// needPDFLaTeX returns pdflatex's path, or skips the test.
func needPDFLaTeX(t *testing.T) string {
	t.Helper()
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Skip("pdflatex not installed (apt-get install texlive-latex-base texlive-latex-recommended)")
	}
	return pdflatex
}

// needPGF skips the test where pgf.sty is not installed.
func needPGF(t *testing.T) {
	t.Helper()
	if out, err := exec.Command("kpsewhich", "pgf.sty").Output(); err != nil || len(bytes.TrimSpace(out)) == 0 {
		t.Skip("pgf.sty not installed (apt-get install texlive-pictures)")
	}
}

// typeset runs pdflatex twice on a document in dir (longtable settles its
// column widths over two passes) and returns the log.
func typeset(t *testing.T, pdflatex, dir, doc string) []byte {
	t.Helper()
	for range 2 {
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", doc)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pdflatex: %v\n%s", err, out)
		}
	}
	return readFile(t, filepath.Join(dir, strings.TrimSuffix(doc, ".tex")+".log"))
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pdfText is a PDF's text by pdftotext, "" where it is not installed.
func pdfText(t *testing.T, path string) string {
	t.Helper()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		return ""
	}
	text, err := exec.Command(pdftotext, path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestCSVIsOneTidyTable(t *testing.T) {
	rep := referenceReport(t, Config{})
	var b bytes.Buffer
	if err := rep.WriteTables(&b, table.CSV{}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll() // every row as wide as the header
	if err != nil {
		t.Fatal(err)
	}
	head := rows[0]
	if head[0] != "group_kind" || head[1] != "group" || head[2] != "solver" {
		t.Fatalf("header %q, want group_kind, group, solver first", head)
	}
	kinds := make(map[string]int)
	long := regexp.MustCompile(`^-?\d*\.\d{7,}`)
	for _, r := range rows[1:] {
		kinds[r[0]]++
		if r[2] == "solver" {
			t.Errorf("a header repeated inside the table: %q", r)
		}
		for i, v := range r {
			if long.MatchString(v) {
				t.Errorf("column %s holds %s: not rounded", head[i], v)
			}
		}
	}
	for _, sec := range rep.Sections {
		if n := len(sec.Summaries); kinds[sec.Grouper.Name()] != n {
			t.Errorf("%d rows by %s, want one per solver and group: %d", kinds[sec.Grouper.Name()], sec.Grouper.Name(), n)
		}
	}
}

// TestPDFEmbedsItsFonts: a PDF figure prints the same anywhere.
func TestPDFEmbedsItsFonts(t *testing.T) {
	var b bytes.Buffer
	if err := figure.WriteFigure(&b, microFigure(t), "pdf"); err != nil {
		t.Fatal(err)
	}
	fonts := regexp.MustCompile(`/Type /FontDescriptor`).FindAll(b.Bytes(), -1)
	files := regexp.MustCompile(`/FontFile2 \d+ 0 R`).FindAll(b.Bytes(), -1)
	if len(fonts) == 0 || len(files) != len(fonts) {
		t.Errorf("%d font descriptors, %d with an embedded font file; want every font embedded", len(fonts), len(files))
	}
}

// TestPGFCompiles typesets figures written as PGF pictures, each kind
// once, with µ, † and underscores in their text: LaTeX must take them
// as they are, and set their text where the layout put it.
func TestPGFCompiles(t *testing.T) {
	pdflatex := needPDFLaTeX(t)
	needPGF(t)
	dir := t.TempDir()
	doc := "\\documentclass{article}\n\\usepackage{pgf}\n\\begin{document}\n"
	for name, f := range goldenFigures(t) {
		var b bytes.Buffer
		if err := figure.WriteFigure(&b, f, "tex"); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".tex"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		doc += "\\input{" + name + ".tex}\\clearpage\n"
	}
	doc += "\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex: %v\n%s", err, out)
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		return
	}
	text, err := exec.Command(pdftotext, filepath.Join(dir, "doc.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"µs", "neal/fixed", "hardest-1905-11plus"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the typeset figures lack %q", want)
		}
	}
}

// TestPGFKeepsAnchorsAndColours: LaTeX sets a PGF figure's text in the
// document's font, so each string sits in a box of the width the layout
// measured, aligned in it as laid out (legend labels left, y tick labels
// right, titles centred); a translucent band keeps its colour, not the
// colour premultiplied by its opacity.
func TestPGFKeepsAnchorsAndColours(t *testing.T) {
	var b bytes.Buffer
	if err := figure.WriteFigure(&b, goldenFigures(t)["success-by-hints"], "tex"); err != nil {
		t.Fatal(err)
	}
	tex := b.String()
	for _, want := range []string{
		`][l]{neal/fixed \dag{}}`, `][r]{100}`, `][c]{Where does each pipeline stop solving puzzles, by hint count?}`,
		`\color[rgb]{0,0.4470588235294118,0.6980392156862745}` + "\n" + `    \pgfsetstrokeopacity{0.1803921568627451}`,
	} {
		if !strings.Contains(tex, want) {
			t.Errorf("the PGF picture lacks %q", want)
		}
	}
}
