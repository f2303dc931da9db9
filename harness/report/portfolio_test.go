package report

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

// portfolioRecs are three pipelines on five puzzles (limit 100 ns, so
// PAR-2 charges 200 for an unsolved one), by puzzle: p, q, r.
//
//	1 (17 hints): 10, 20, 10       (p and r tie for fastest)
//	2 (17 hints): 30, 5, timeout
//	3 (20 hints): timeout, 40, wrong (q alone)
//	4 (20 hints): timeout, timeout, 50 (r alone)
//	5 (20 hints): timeout, timeout, 60 (r alone)
func portfolioRecs() []record.Record {
	type run struct {
		puzzle string
		hints  int
		status string
		cpu    int64
	}
	runs := map[string][]run{
		"p": {{"1", 17, "solved", 10}, {"2", 17, "solved", 30}, {"3", 20, "timeout", 100}, {"4", 20, "timeout", 100}, {"5", 20, "timeout", 100}},
		"q": {{"1", 17, "solved", 20}, {"2", 17, "solved", 5}, {"3", 20, "solved", 40}, {"4", 20, "timeout", 100}, {"5", 20, "timeout", 100}},
		"r": {{"1", 17, "solved", 10}, {"2", 17, "timeout", 100}, {"3", 20, "wrong", 7}, {"4", 20, "solved", 50}, {"5", 20, "solved", 60}},
	}
	var recs []record.Record
	for _, solver := range []string{"p", "q", "r"} {
		for _, x := range runs[solver] {
			recs = append(recs, rec(solver, x.puzzle, x.hints, x.status, x.cpu, 0))
		}
	}
	return recs
}

// By hand: PAR-2 p (10+30+3·200)/5 = 128, q (20+5+40+2·200)/5 = 93, r
// (10+200+200+50+60)/5 = 104, so q is the SBS; the VBS takes 10, 5, 40,
// 50, 60: 33. Without q the VBS pays 30 on puzzle 2 (+25) and 200 on 3
// (+160): 37 more; without r, 200 on 4 and 5 (+150, +140): 58; without p
// nothing (r ties it on 1).
func TestPortfolioByHand(t *testing.T) {
	ps := NewPortfolios(NewRuns(portfolioRecs()...), Kinds{}, CPU, []Grouper{HintBuckets{{17, 17}, {20, 20}}}, 0)
	if len(ps) != 1 {
		t.Fatalf("%d portfolios, want 1", len(ps))
	}
	p := ps[0]
	if got := strings.Join(p.Pipelines, " "); got != "q r p" || p.SBS() != "q" {
		t.Errorf("ranking %q, SBS %q; want q r p, SBS q", got, p.SBS())
	}
	if v := p.All.VBS; v.N != 5 || v.Solved != 5 || v.PAR2 != 33 {
		t.Errorf("VBS %+v, want 5 of 5 solved, PAR-2 33", v)
	}
	tests := []struct {
		pipeline                string
		solved, unique, fastest int
		par2, marginal          float64
	}{
		{"p", 2, 0, 1, 128, 0},
		{"q", 3, 1, 2, 93, 37},
		{"r", 3, 2, 3, 104, 58},
	}
	for _, tt := range tests {
		st := p.All.Standing(tt.pipeline)
		lo, hi := stats.Wilson(tt.solved, 5, stats.Z95)
		if st.Solved != tt.solved || st.Unique != tt.unique || st.Fastest != tt.fastest || !sudokutest.Near(st.PAR2, tt.par2, 1e-9) ||
			!sudokutest.Near(st.MarginalPAR2, tt.marginal, 1e-9) || st.RateLo != lo || st.RateHi != hi {
			t.Errorf("%s: %+v, want solved %d unique %d fastest %d PAR-2 %g marginal %g", tt.pipeline, st, tt.solved, tt.unique, tt.fastest, tt.par2, tt.marginal)
		}
	}
	// By hint count: 17 holds puzzles 1 and 2 (VBS 10 and 5), 20 holds 3,
	// 4 and 5 (VBS 40, 50, 60), where r, not the SBS, is best.
	sets := p.Groupings[0].Sets
	if len(sets) != 2 || sets[0].VBS.PAR2 != 7.5 || sets[1].VBS.PAR2 != 50 {
		t.Fatalf("sets by hints %+v", sets)
	}
	if best := rankPipelines(sets[1].Pipelines)[0]; best != "r" {
		t.Errorf("best at 20 hints %q, want r", best)
	}
	if m := sets[1].Standing("r").MarginalPAR2; !sudokutest.Near(m, 290.0/3, 1e-9) {
		t.Errorf("r's marginal PAR-2 at 20 hints %g, want 290/3", m)
	}
	tab := PortfolioGroupTable(p, p.Groupings[0], false)
	row20 := strings.Join(tab.Rows[1].Texts(), " | ")
	for _, want := range []string{"r 66.7%", "r 2, q 1", "r +97 ns", "q"} {
		if !strings.Contains(row20, want) {
			t.Errorf("the row of 20 hints lacks %q: %s", want, row20)
		}
	}
}

// A pipeline that ties for the least time leaves the VBS nothing to lose,
// and one that did not run every puzzle leaves that puzzle out.
func TestPortfolioLeavesOutPuzzlesNotEveryPipelineRan(t *testing.T) {
	recs := append(portfolioRecs(), rec("p", "6", 17, "solved", 1, 0))
	p := NewPortfolios(NewRuns(recs...), Kinds{}, CPU, nil, 0)[0]
	if p.LeftOut != 1 || p.All.VBS.N != 5 {
		t.Errorf("left out %d, puzzles %d; want 1 and 5", p.LeftOut, p.All.VBS.N)
	}
	if !strings.Contains(strings.Join(PortfolioTable(p, false).Notes, " "), "1 puzzles that not every pipeline ran are left out") {
		t.Error("the table does not say that a puzzle was left out")
	}
}

// First-mode and unique-mode pipelines get a portfolio each, unique
// first; a mode with one pipeline gets none.
func TestPortfolioPerMode(t *testing.T) {
	first := func(solver, puzzle string, cpu int64) record.Record {
		r := rec(solver, puzzle, 17, "solved", cpu, 0)
		r.Mode = "first"
		return r
	}
	recs := append(portfolioRecs(), first("f", "1", 3), first("g", "1", 4), first("g", "2", 4), first("f", "2", 1))
	ps := NewPortfolios(NewRuns(recs...), Kinds{}, CPU, nil, 0)
	if len(ps) != 2 || ps[0].Mode != "unique" || ps[1].Mode != "first" || strings.Join(ps[1].Pipelines, " ") != "f g" {
		t.Fatalf("portfolios %+v, want unique (p, q, r), then first (f, g)", ps)
	}
	if title := PortfolioTable(ps[1], true).Title; title != "Portfolio of 2 pipelines on 2 puzzles, first mode" {
		t.Errorf("title %q", title)
	}
	if ps := NewPortfolios(NewRuns(append(portfolioRecs(), first("f", "1", 3))...), Kinds{}, CPU, nil, 0); len(ps) != 1 {
		t.Errorf("%d portfolios, want none for a mode of one pipeline", len(ps))
	}
}

// outsideRecs are one puzzle run by the outside pipeline x (5 µs, 4 µs of
// it start-up), the in-process y (2 µs) and the outside z, whose start-up
// (4 µs) exceeds its whole solve (3 µs).
func outsideRecs() []record.Record {
	outside := func(solver string, cpu int64, startup float64) record.Record {
		r := rec(solver, "1", 17, "solved", cpu, 0)
		r.External, r.Counters = true, map[string]float64{"solves": 1, "startup_ns": startup, "startup_cpu_ns": startup}
		return r
	}
	return []record.Record{outside("x", 5000, 4000), rec("y", "1", 17, "solved", 2000, 0), outside("z", 3000, 4000)}
}

// Given own time, where outside programs take part, the portfolio reads
// it: x (1 µs of its own) beats y. z's own time would be 0, which is no
// measurement, so its whole time counts and it is not fastest. Given the
// whole time, x's start-up decides: y is the best. A mode of in-process
// pipelines reads the clock.
func TestPortfolioReadsOwnTimeWithOutsidePrograms(t *testing.T) {
	recs := outsideRecs()
	p := NewPortfolios(NewRuns(recs...), DetectKinds(NewRuns(recs...)), OwnCPU, nil, 0)[0]
	if p.Measure != OwnCPU || p.All.VBS.PAR2 != 1000 || p.SBS() != "x" {
		t.Errorf("own: reads %v, VBS %g, SBS %s; want own CPU, VBS 1000 by x", p.Measure, p.All.VBS.PAR2, p.SBS())
	}
	if z := p.All.Standing("z"); z.PAR2 != 3000 || z.Fastest != 0 || p.ZeroOwn["z"] != 1 {
		t.Errorf("z: %+v, zero own %v; want its whole time 3000, never fastest", z, p.ZeroOwn)
	}
	table := PortfolioTable(p, false)
	notes := strings.Join(table.Notes, " ")
	for _, want := range []string{"the whole time counts instead", ownTimeNote, ownHolds} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q: %s", want, notes)
		}
	}
	whole := NewPortfolios(NewRuns(recs...), DetectKinds(NewRuns(recs...)), CPU, nil, 0)[0]
	if whole.Measure != CPU || whole.SBS() != "y" || whole.All.VBS.PAR2 != 2000 || len(whole.ZeroOwn) != 0 {
		t.Errorf("whole: reads %v, SBS %s, VBS %g, zero own %v; want CPU, y, 2000, none", whole.Measure, whole.SBS(), whole.All.VBS.PAR2, whole.ZeroOwn)
	}
	if notes := strings.Join(PortfolioTable(whole, false).Notes, " "); !strings.Contains(notes, wholeTimeNote) {
		t.Errorf("whole-time notes lack %q: %s", wholeTimeNote, notes)
	}
	if inProcess := NewPortfolios(NewRuns(portfolioRecs()...), Kinds{}, OwnCPU, nil, 0)[0]; inProcess.Measure != CPU {
		t.Errorf("in-process pipelines read %v, want CPU", inProcess.Measure)
	}
}

// The report's portfolio reads the figures' time, as TimePart decides:
// by default own time while the tables read the whole, saying so; the
// whole time with --own=false; own time with --own, the tables too. Where
// an outside pipeline's records hold no CPU start-up, the default reads
// the whole time and says why, and own time is refused.
func TestReportPortfolioFollowsTimePart(t *testing.T) {
	const why = "reads own time, as the figures do"
	for _, tt := range []struct {
		part    TimePart
		measure Measure
		sbs     string
		saysWhy bool
	}{
		{PartDefault, OwnCPU, "x", true},
		{PartTotal, CPU, "y", false},
		{PartOwn, OwnCPU, "x", false},
	} {
		rep, err := New(&Data{Runs: NewRuns(outsideRecs()...)}, Config{Part: tt.part, By: []string{"portfolio"}})
		if err != nil {
			t.Fatal(err)
		}
		p := rep.Portfolios[0]
		if p.Measure != tt.measure || p.Measure != rep.FigureMeasure || p.SBS() != tt.sbs {
			t.Errorf("part %d: reads %v (figures %v), SBS %s; want %v, %s", tt.part, p.Measure, rep.FigureMeasure, p.SBS(), tt.measure, tt.sbs)
		}
		if notes := strings.Join(rep.PortfolioTables(p)[0].Notes, " "); strings.Contains(notes, why) != tt.saysWhy {
			t.Errorf("part %d: the notes say %q: %v, want %v\n%s", tt.part, why, !tt.saysWhy, tt.saysWhy, notes)
		}
	}
	old := append(outsideRecs()[1:2], rec("w", "1", 17, "solved", 9000, 0))
	old[1].External, old[1].Counters = true, map[string]float64{"solves": 1, "startup_ns": 8000} // written before the CPU start-up was measured
	rep, err := New(&Data{Runs: NewRuns(old...)}, Config{By: []string{"portfolio"}})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Portfolios[0]
	notes := strings.Join(rep.PortfolioTables(p)[0].Notes, " ")
	if p.Measure != CPU || !strings.Contains(notes, "Own time is not shown: the records of w were written before") {
		t.Errorf("records without the CPU start-up: reads %v, notes %s", p.Measure, notes)
	}
	if _, err := New(&Data{Runs: NewRuns(old...)}, Config{Part: PartOwn, By: []string{"portfolio"}}); err == nil || !strings.Contains(err.Error(), "records of w") {
		t.Errorf("own time on records without the CPU start-up: %v, want a refusal naming w", err)
	}
}

func TestReportPortfolioSection(t *testing.T) {
	d := &Data{Runs: NewRuns(portfolioRecs()...)}
	rep, err := New(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Portfolios) != 1 || len(rep.Portfolios[0].Groupings) != 1 {
		t.Fatalf("portfolios %+v, want one, by hints (the records carry no puzzle to rate)", rep.Portfolios)
	}
	var md bytes.Buffer
	if err := rep.WriteMarkdown(&md, nil, "", ""); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Portfolio\n", "### Portfolio of 3 pipelines on 5 puzzles", "| q (SBS) |", "### Portfolio by hints"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the document lacks %q", want)
		}
	}
	only, err := New(d, Config{By: []string{"portfolio"}})
	if err != nil {
		t.Fatal(err)
	}
	var csv bytes.Buffer
	if err := only.WriteTables(&csv, table.CSV{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	// A header, then the VBS and three pipelines over all the puzzles and
	// in each of the two hint groups.
	if len(lines) != 1+3*4 || !strings.HasPrefix(lines[0], "mode,group_kind,group,pipeline,sbs,") || lines[1] != "unique,all,all,VBS,false,5,5,1,0.565518,1,33,,,,CPU" {
		t.Errorf("portfolio CSV:\n%s", csv.String())
	}
	single, err := New(&Data{Runs: NewRuns(portfolioRecs()[:5]...)}, Config{By: []string{"portfolio"}})
	if err != nil || len(single.Portfolios) != 0 || !strings.Contains(strings.Join(single.Warnings, " "), "no portfolio") {
		t.Errorf("one pipeline: %v, %d portfolios, warnings %q", err, len(single.Portfolios), single.Warnings)
	}
	if _, err := New(d, Config{By: []string{"portfolios"}}); err == nil || !strings.Contains(err.Error(), "all or portfolio") {
		t.Errorf("an unknown grouping: %v", err)
	}
}

func TestPortfolioWithoutLimits(t *testing.T) {
	recs := portfolioRecs()
	for i := range recs {
		recs[i].TimeoutNS = 0
	}
	// The VBS solved every puzzle, so its PAR-2 needs no limit; q's
	// marginal contribution and every pipeline's PAR-2 do.
	p := NewPortfolios(NewRuns(recs...), Kinds{}, CPU, nil, 0)[0]
	if q := p.All.Standing("q"); p.All.VBS.PAR2 != 33 || !math.IsNaN(q.PAR2) || !math.IsNaN(q.MarginalPAR2) {
		t.Errorf("without a limit: VBS %g, q's PAR-2 %g and marginal %g; want 33, none, none", p.All.VBS.PAR2, q.PAR2, q.MarginalPAR2)
	}
	if p := NewPortfolios(NewRuns(recs...), Kinds{}, CPU, nil, 100)[0]; p.All.Standing("q").MarginalPAR2 != 37 || p.SBS() != "q" {
		t.Errorf("with the plan's limit as the fallback: q's marginal %g, SBS %s; want 37, q", p.All.Standing("q").MarginalPAR2, p.SBS())
	}
}

// TestPortfolioInEveryDocument: the portfolio's section and tables, with
// their notes on own time, are in the Markdown, HTML and whole LaTeX
// documents, with figures' titles or without.
func TestPortfolioInEveryDocument(t *testing.T) {
	for _, noTitles := range []bool{false, true} {
		rep, err := New(&Data{Runs: NewRuns(ownRecords(true)...)}, Config{NoTitles: noTitles})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if _, err := rep.WriteFiles(Files{PlotDir: dir}, []string{"md", "html", "latex"}, []string{"svg"}); err != nil {
			t.Fatal(err)
		}
		title := "Portfolio of 3 pipelines on 12 puzzles"
		for doc, wants := range map[string][]string{
			"report.md":   {"\n## Portfolio\n", "### " + title, "### Portfolio by hints"},
			"report.html": {"<h2>Portfolio</h2>", title},
			"report.tex":  {"\\subsection*{Portfolio}", "\\caption{" + title + "}", "\\caption{Portfolio by hints}"},
		} {
			b, err := os.ReadFile(filepath.Join(dir, doc))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range append(wants, "reads own time, as the figures do") {
				if !strings.Contains(string(b), want) {
					t.Errorf("no titles %v: %s lacks %q", noTitles, doc, want)
				}
			}
		}
	}
}
