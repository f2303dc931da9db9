package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/rating"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// reportGCPercent is the collector's GOGC while a command holds a
// study's runs (report, compare): the runs and their observations are
// most of the heap and live to the end, so the default, 100, lets the
// heap grow to twice what is live before it collects; 50 keeps the peak
// near one and a half times for no CPU time measured (BENCHMARKS.md).
const reportGCPercent = 50

// Above gcScaleRuns runs loaded the collector's share falls in
// proportion to the runs, to no less than minReportGCPercent: the
// headroom a share leaves grows with the study (half of some 300 bytes
// a run at GOGC=50), and at ten million runs it would be 1.5 GB more
// than the 3 GB the runs and observations hold; at 10 it is 0.3 GB, for
// some tenth more CPU time (BENCHMARKS.md).
const (
	gcScaleRuns        = 1_000_000
	minReportGCPercent = 10
)

// collectSooner sets the collector's GOGC to percent, unless the user
// set GOGC.
func collectSooner(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}

// collectForRuns sets the collector's share for the number of runs
// loaded (reportGCPercentFor), unless the user set GOGC.
func collectForRuns(runs int) { collectSooner(reportGCPercentFor(runs)) }

// plannedRuns is the number of runs the manifests of dirs plan (0 for
// a directory without one): known before any record is read, so that
// loading them collects as collectForRuns says.
func plannedRuns(dirs []string) int {
	n := 0
	for _, dir := range dirs {
		if m, err := record.ReadManifest(filepath.Join(dir, record.ManifestFile)); err == nil {
			n += m.Plan.Runs
		}
	}
	return n
}

// reportGCPercentFor is the collector's share while a command holds
// this many runs.
func reportGCPercentFor(runs int) int {
	if runs <= gcScaleRuns {
		return reportGCPercent
	}
	return max(minReportGCPercent, reportGCPercent*gcScaleRuns/runs)
}

// reportFlags are the flags of `report`.
type reportFlags struct {
	format, plots, out, doc, by, measure, plotWidth string
	scatter                                         []string
	check, wide, scaling, force, own, noTitles      bool
	ownGiven                                        bool // --own given, true or false
}

func newReportCmd() *cobra.Command {
	var fl reportFlags
	cmd := &cobra.Command{
		Use:   "report DIR...",
		Short: "Statistics, tables and plots from result directories",
		Long: `Report reads results.jsonl and manifest.json from each directory (the
directories of one plan, such as its shards, merged on load; directories of
different plans are refused) and writes statistics per solver and hint-count
bucket and per solver and corpus: success rate with a Wilson 95% interval,
unsolved runs by status, PAR-2 (each run charged its own limit), median, IQR,
p90 and max time over solved puzzles, and peak memory; success per read and
TTS99 for stochastic solvers. Statistics count puzzles: repetitions (and
equivalent forms) fold into one observation per puzzle. Every format says how
much of the plan is recorded and which shards are missing. --by rating groups
by each puzzle's rating (the weakest rung of the inference ladder that solves
it, then propagate/bitboard's mean guesses over random equivalent forms),
computed from the puzzles the records carry. Then the portfolio of each
mode: the virtual best solver (per puzzle the best pipeline), the single
best, each pipeline's unique solves and marginal contribution, by hint
count and by rating, in the figures' time (--by portfolio alone: the
portfolio alone). A run with --forms K ends with a robustness table: per
solver, how much time and guesses change across the forms of a puzzle.

Time is CPU time of the solve (--time wall: wall-clock). An outside
program's time holds its process start-up, measured per worker (the setup
gives it per call). By default, where the report holds outside programs,
tables show the whole time with an own median column beside it (the
median less the start-up, never below zero), and figures and the
portfolio own time; --own puts the tables on own time too, --own=false
the figures and the portfolio on the whole time too. Each table's title
or notes and each figure's caption say which. Memory is each pipeline's
own peak: above the idle worker for an in-process solver, its programs'
process tree for an outside one.

Tables are compact (success, unsolved, PAR-2, median, memory) and fit the
terminal, or 100 columns when the output is not one; --wide gives every
column. CSV is always one tidy table with every column (for one row per
run instead, see export-records). Without --out the
document goes to stdout. With --out DIR, report.<ext> for each format of
--format (a list: md,latex,html) and the plots (--plots svg,png,pdf,tex;
tex is a PGF picture for LaTeX), each drawn once, are written there, made
for a page's width (7 in) or with --plot-width column for a column's
(3.5 in); Markdown shows the plots relatively, LaTeX includes them (pdf,
tex or png) and HTML inlines them, so

  sudokubench report results/ref --format md --plots svg --out DIR

makes a report.md that can be committed with its figures. --no-titles
leaves each figure's question out of the figure and puts it at the head
of its caption in the documents, as a paper's figures want. Scatter plots
draw every solver against exactcover/dlx (or the first solver), every pair
with --scatter all, or the pairs given with --scatter A:B (repeatable;
--scatter none for none). --doc FILE puts the document
elsewhere, linking the plots in --out relative to it, and --check writes
nothing but fails if the files on disk differ from what the results give.
Each file is written whole beside its place and renamed over it, so a
failed write leaves the old one as it was. A file there that sudokubench
did not write (the directory's .sudokubench-files.json lists those it
did) is replaced only with --force, and no output may replace a run's
results.jsonl (or a compressed copy), manifest.json or .writer.lock, by
any path or other name (a link), even with --force: such a path is
refused before anything is written.
The committed runs' documents, which BENCHMARKS.md links, are made and
checked this way:

  sudokubench report results/reference --format md --plots svg \
      --out results/reference/plots --doc results/reference/report.md [--check]

The LaTeX document typesets as it is; a LaTeX table taken from it needs
` + table.LaTeXPackages + ` in the preamble.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			fl.ownGiven = cmd.Flags().Changed("own")
			return runReport(cmd, dirs, &fl)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.format, "format", "text", "document formats, comma-separated (several need --out): "+strings.Join(table.FormatNames(), ", "))
	f.StringVar(&fl.plots, "plots", "", "plot formats to write with --out, comma-separated: "+strings.Join(figure.PlotFormatNames(), ", "))
	f.StringVar(&fl.plotWidth, "plot-width", "page", "print width the figures are made for: page (7 in) or column (3.5 in)")
	f.StringVar(&fl.out, "out", "", "directory to write report.<ext> and plots into (default: document to stdout)")
	f.StringVar(&fl.doc, "doc", "", "with --out: write the document to this file instead of DIR/report.<ext>")
	f.BoolVar(&fl.check, "check", false, "write nothing; fail if the document or plots on disk differ from what the results give")
	f.BoolVar(&fl.force, "force", false, "with --out: replace files there that sudokubench did not write")
	f.StringVar(&fl.by, "by", "hints,corpus,portfolio", "groupings, comma-separated: hints, corpus, rating (the puzzles' ladder rung and guesses; rates each puzzle, 0.3-7 ms apiece), all; and portfolio, the portfolio section (virtual best, single best, unique solves, marginal contributions) by hint count and rating")
	f.StringVar(&fl.measure, "time", "cpu", "time measure: cpu or wall")
	f.BoolVar(&fl.own, "own", false, "outside programs' own time (start-up taken out) in tables too; --own=false: the whole time in figures too (default: tables whole with an own median column, figures own)")
	f.BoolVar(&fl.noTitles, "no-titles", false, "no question above each figure: it heads the figure's caption in the document instead")
	f.BoolVar(&fl.wide, "wide", false, "every column, not the compact tables")
	f.BoolVar(&fl.scaling, "scaling", false, "a scaling study: one directory per side of runs on holes-SIDE@SHARE corpora; with --out DIR, writes DIR/report.md (or --doc) and the figure scaling.<ext> (--plots, default svg,png)")
	f.StringArrayVar(&fl.scatter, "scatter", nil, `a pair of solvers to plot against each other, A:B (repeatable; "all": every pair; "none": no scatter plots; default: every solver against exactcover/dlx, or the first solver)`)
	return cmd
}

func runReport(cmd *cobra.Command, dirs []string, fl *reportFlags) error {
	width := terminalWidth(cmd.OutOrStdout())
	if fl.out != "" {
		width = defaultWidth // a file's reader has no terminal
	}
	cfg, err := reportConfig(fl, width)
	if err != nil {
		return usageError(err)
	}
	formats, err := docFormats(fl.format)
	if err != nil {
		return usageError(err)
	}
	plotFormats, err := figure.ParsePlotFormats(fl.plots)
	if err != nil {
		return usageError(err)
	}
	if (len(plotFormats) > 0 || fl.doc != "" || fl.check) && fl.out == "" {
		return usageError(errors.New("--plots, --doc and --check need --out DIR for the plot files"))
	}
	if len(formats) > 1 && (fl.out == "" || fl.doc != "") {
		return usageError(fmt.Errorf("%d formats (%s) make %d documents: give --out DIR, and no --doc, which names one", len(formats), fl.format, len(formats)))
	}
	if fl.scaling {
		return runScalingReport(cmd, dirs, fl, cfg.Measure, plotFormats)
	}
	collectForRuns(plannedRuns(dirs))
	data, warnings, err := report.Load(dirs...)
	if err != nil {
		return usageError(err)
	}
	collectForRuns(data.Runs.Len())
	rep, err := report.New(data, cfg)
	if err != nil {
		return usageError(err)
	}
	rep.Warnings = append(warnings, rep.Warnings...)
	for _, w := range rep.Warnings {
		warn(cmd.ErrOrStderr(), w)
	}
	if fl.out == "" {
		return reportStdout(cmd, rep, formats[0])
	}
	files, err := rep.WriteFiles(report.Files{Doc: fl.doc, PlotDir: fl.out, Check: fl.check, Force: fl.force}, formats, plotFormats)
	if err != nil {
		return inputErrors(err)
	}
	verb := map[bool]string{false: "wrote", true: "checked"}[fl.check]
	for _, f := range files {
		fmt.Fprintln(cmd.OutOrStdout(), verb, f)
	}
	return nil
}

// reportConfig reads the flags that shape the report.
func reportConfig(fl *reportFlags, width int) (report.Config, error) {
	m, err := report.ParseMeasure(fl.measure, "")
	if err != nil {
		return report.Config{}, err
	}
	pw, err := figure.ParsePrintWidth(fl.plotWidth)
	if err != nil {
		return report.Config{}, err
	}
	cfg := report.Config{Measure: m, Part: timePart(fl.own, fl.ownGiven), By: reportList(fl.by), Rate: rating.Grades, Wide: fl.wide, Width: width,
		Outside: runsOutside(), PlotWidth: pw, NoTitles: fl.noTitles}
	for _, s := range fl.scatter {
		switch s {
		case "none":
			cfg.Scatter = [][2]string{}
			continue
		case "all":
			cfg.ScatterAll = true
			continue
		}
		pair, err := report.ParseScatter(s)
		if err != nil {
			return cfg, err
		}
		cfg.Scatter = append(cfg.Scatter, pair)
	}
	return cfg, nil
}

// timePart reads --own: not given, the report's default; given, own time
// everywhere or the whole time everywhere.
func timePart(own, given bool) report.TimePart {
	switch {
	case !given:
		return report.PartDefault
	case own:
		return report.PartOwn
	}
	return report.PartTotal
}

// docFormats reads --format: one document format or several,
// comma-separated, each named once.
func docFormats(list string) ([]string, error) {
	var out []string
	seen := make(map[string]bool)
	for _, name := range reportList(list) {
		f, err := table.LookupFormat(name)
		if err != nil {
			return nil, err
		}
		if seen[f.Name] {
			return nil, fmt.Errorf("format %s given twice", f.Name)
		}
		seen[f.Name] = true
		out = append(out, f.Name)
	}
	if len(out) == 0 {
		return nil, errors.New("--format: name a document format: " + strings.Join(table.FormatNames(), ", "))
	}
	return out, nil
}

// runsOutside says which solvers the registry runs as outside programs:
// the report's word for records written before records said so.
func runsOutside() func(solver string) bool {
	reg := registry.Default()
	return func(solver string) bool {
		in, err := reg.Lookup(solver)
		return err == nil && !in.PureGo
	}
}

func reportStdout(cmd *cobra.Command, rep *report.Report, format string) error {
	var figs []figure.Figure
	if report.Extension(format) == "html" {
		var err error
		if figs, err = rep.Figures(); err != nil {
			return err
		}
	}
	return rep.WriteDocument(cmd.OutOrStdout(), format, figs, "", "")
}

// reportList splits a comma-separated flag value, dropping empty items; it
// returns nil for an empty value.
func reportList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// runScalingReport writes a scaling study's document and figure, or with
// --check compares them with the files on disk, through the guard that
// keeps every report output off a run's own files.
func runScalingReport(cmd *cobra.Command, dirs []string, fl *reportFlags, m report.Measure, formats []string) error {
	if fl.out == "" {
		return usageError(errors.New("--scaling needs --out DIR for the document and the figure"))
	}
	if len(formats) == 0 {
		formats = []string{"svg", "png"}
	}
	study, warnings, err := report.LoadScaling(dirs, m)
	if err != nil {
		return usageError(err)
	}
	for _, w := range warnings {
		warn(cmd.ErrOrStderr(), w)
	}
	fig, err := study.Figure(m)
	if err != nil {
		return err
	}
	if fl.noTitles {
		fig = fig.Untitled()
	}
	files := make(map[string][]byte)
	for _, format := range formats {
		var b bytes.Buffer
		if err := figure.WriteFigure(&b, fig, format); err != nil {
			return err
		}
		files[filepath.Join(fl.out, fig.Name+"."+format)] = b.Bytes()
	}
	doc := cmp.Or(fl.doc, filepath.Join(fl.out, "report.md"))
	link, err := report.LinkFrom(doc, fl.out)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := study.WriteMarkdown(&b, path.Join(filepath.ToSlash(link), fig.Name+"."+formats[0]), fig.Caption); err != nil {
		return err
	}
	files[doc] = b.Bytes()
	written, err := report.PutFiles(files, fl.check, fl.force)
	verb := map[bool]string{false: "wrote", true: "checked"}[fl.check]
	for _, path := range written {
		fmt.Fprintln(cmd.OutOrStdout(), verb, path)
	}
	return inputErrors(err)
}
