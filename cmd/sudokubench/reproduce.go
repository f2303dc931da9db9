package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/harness/reproduce"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/internal/units"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

func newReproduceCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "reproduce",
		Short: "Rebuild a source article's benchmark under the harness, its published figures beside ours",
		Args:  cobra.NoArgs,
		// A command with subcommands and no action of its own would print
		// its help and exit 0 on a mistyped subcommand.
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageError(errors.New("name a benchmark to reproduce: sudokubench reproduce comparison"))
		},
	}
	cmd.AddCommand(newComparisonCmd())
	return cmd
}

// comparisonFlags are the flags of `reproduce comparison`.
type comparisonFlags struct {
	out, solvers, mode, mem, measure, plots, doc, plotWidth          string
	limit                                                            int
	seed                                                             int64
	timeout                                                          time.Duration
	resume, reportOnly, check, allowOtherBuild, force, own, noTitles bool
	skipInvalid                                                      bool
	defs                                                             []string
}

func newComparisonCmd() *cobra.Command {
	var fl comparisonFlags
	cmd := &cobra.Command{
		Use:   "comparison",
		Short: "The article's comparison table: 1,000 puzzles in four levels, every row run, ours beside the article's",
		Long: `Comparison rebuilds the first article's table — basic backtracking, constraint
propagation, dancing links, a genetic algorithm and CNN inference on 1,000
unique puzzles, 250 per level (easy 36-45 givens, medium 30-35, hard 25-29,
expert 17-24) — with each level drawn, seeded, from a corpus of 17-clue
puzzles with solution cells added (17-clue+19..28 and so on). Every row's
pipeline runs under the harness (isolated worker, limits, every answer
verified; results in --out, resumable), then the table is written with the
article's figures beside ours and their ratio: average and hardest time,
memory and accuracy, with gave-up and wrong counts, per level too, on the
terminal and as OUT/comparison.md, comparison.tex, comparison.csv and plots.

  sudokubench reproduce comparison --out results/comparison
  sudokubench reproduce comparison --limit 40 --timeout 5s      # a quick version
  sudokubench reproduce comparison --solvers all                # every family
  sudokubench reproduce comparison --out DIR --resume           # finish a run
  sudokubench reproduce comparison --out DIR --report-only --doc COMPARISON.md [--check]

--solvers takes "article" (the article's rows, the default), "extra" (the
best pipeline of each other family: SAT, MILP, QUBO, neural, bit-parallel
propagation, tracked backtracking, the memetic GA), "all", or pipeline
names. A row whose pipeline is not built here says so. The default run took
6 minutes on two loaded cores: naive backtracking gives up after its node
budget (2·10⁸ digit trials, seconds) and the genetic algorithm after 1,000
generations (a quarter of a second).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runComparison(cmd, &fl) },
	}
	f := cmd.Flags()
	f.StringVar(&fl.out, "out", "", "result directory (default: a new results/comparison-<timestamp>[-N])")
	f.StringVar(&fl.solvers, "solvers", "article", `rows: "article", "extra", "all", or pipeline names, comma-separated`)
	f.IntVar(&fl.limit, "limit", reproduce.DefaultPerLevel, "puzzles per level, a seeded sample")
	f.DurationVar(&fl.timeout, "timeout", reproduce.DefaultTimeout, "wall-clock limit per run")
	f.StringVar(&fl.mem, "mem", harness.DefaultMem, "resident memory limit per run (0: none)")
	f.Int64Var(&fl.seed, "seed", harness.DefaultSeed, "seed of the samples, the run order and the stochastic solvers")
	f.StringVar(&fl.mode, "mode", string(reproduce.DefaultMode), "first (any solution, as the article) or unique")
	f.BoolVar(&fl.resume, "resume", false, "finish the comparison in --out, skipping runs already recorded")
	f.BoolVar(&fl.allowOtherBuild, "allow-other-build", false, "with --resume, go on although this binary is not the build that recorded the comparison")
	f.BoolVar(&fl.reportOnly, "report-only", false, "run nothing: write the table from the results in --out")
	f.StringVar(&fl.measure, "time", "cpu", "time measure: cpu or wall")
	f.BoolVar(&fl.own, "own", false, "outside programs' own time, their measured start-up taken out (default: the whole time, start-up included)")
	f.BoolVar(&fl.noTitles, "no-titles", false, "no question above each figure: it heads the figure's caption in the document instead")
	f.StringVar(&fl.plots, "plots", "svg", "plot formats, comma-separated: "+strings.Join(figure.PlotFormatNames(), ", ")+" (empty: none)")
	f.StringVar(&fl.plotWidth, "plot-width", "page", "print width the figures are made for: page (7 in) or column (3.5 in)")
	f.StringVar(&fl.doc, "doc", "", "write the Markdown document to this file instead of OUT/comparison.md, linking the plots in OUT")
	f.BoolVar(&fl.check, "check", false, "with --report-only: write nothing, fail if the files on disk differ from what the results give")
	f.BoolVar(&fl.force, "force", false, "replace documents and plots that sudokubench did not write")
	addSkipInvalidFlag(cmd, &fl.skipInvalid)
	addDefsFlag(cmd, &fl.defs)
	return cmd
}

func runComparison(cmd *cobra.Command, fl *comparisonFlags) error {
	measure, err := report.ParseMeasure(fl.measure, map[bool]string{false: "total", true: "own"}[fl.own])
	if err != nil {
		return usageError(err)
	}
	plotFormats, err := figure.ParsePlotFormats(fl.plots)
	if err != nil {
		return usageError(err)
	}
	plotWidth, err := figure.ParsePrintWidth(fl.plotWidth)
	if err != nil {
		return usageError(err)
	}
	if (fl.reportOnly || fl.check || fl.resume) && fl.out == "" {
		return usageError(errors.New("--report-only, --check and --resume need --out DIR: the comparison's results"))
	}
	if fl.check && !fl.reportOnly {
		return usageError(errors.New("--check compares documents with the results: use it with --report-only"))
	}
	reg, err := solverRegistry(fl.defs)
	if err != nil {
		return err
	}
	files := reproduce.Files{Dir: fl.out, Doc: fl.doc, Check: fl.check, Force: fl.force, PlotWidth: plotWidth, NoTitles: fl.noTitles}
	if !fl.reportOnly {
		if err := checkComparisonFiles(files, plotFormats); err != nil {
			return usageError(err)
		}
		if fl.out, err = benchComparison(cmd, fl, reg); err != nil {
			return err
		}
	}
	entries, err := reproduce.Recorded(fl.out, reg)
	if err != nil {
		return err
	}
	c, err := reproduce.Load(fl.out, entries, measure)
	if err != nil {
		return err
	}
	for _, w := range c.Report.Warnings {
		warn(cmd.ErrOrStderr(), w)
	}
	if err := c.WriteTables(cmd.OutOrStdout(), table.Text{}); err != nil {
		return err
	}
	files.Dir = fl.out
	written, err := c.WriteFiles(files, plotFormats)
	verb := map[bool]string{false: "wrote", true: "checked"}[fl.check]
	for _, f := range written {
		fmt.Fprintln(cmd.OutOrStdout(), verb, f)
	}
	if !fl.reportOnly {
		return err // after the runs: something was done
	}
	return inputErrors(err)
}

// checkComparisonFiles refuses, before the comparison runs, documents and
// plots that could not be written after it: in a new directory only
// --doc can be in the way.
func checkComparisonFiles(files reproduce.Files, plotFormats []string) error {
	switch {
	case files.Dir != "":
		return files.CheckWritable(plotFormats)
	case files.Doc != "":
		return report.CheckFiles([]string{files.Doc}, files.Force)
	}
	return nil
}

// benchComparison runs what the comparison in fl.out lacks (all of it in
// a new directory when fl.out is empty) and returns its directory.
func benchComparison(cmd *cobra.Command, fl *comparisonFlags, reg *solvers.Registry) (out string, err error) {
	cfg, err := comparisonConfig(cmd, fl, reg)
	if err == nil {
		err = cfg.Check()
	}
	if err != nil {
		return "", usageError(err)
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := reproduce.Bench(ctx, cfg)
	if err != nil {
		return "", inputErrors(err)
	}
	for _, w := range sum.Warnings {
		warn(cmd.ErrOrStderr(), w)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%d of %d runs recorded in %s (%d by this call)\n\n", sum.Skipped+sum.Done, sum.Planned, sum.Out, sum.Done)
	if sum.Interrupted {
		hint := shellCommand(resumeArgs(cmd, sum.Out, fl.defs, "plots", "plot-width", "time", "doc", "force"))
		return "", &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted; finish with: %s", hint)}
	}
	return sum.Out, nil
}

// comparisonConfig builds the run from the flags; on --resume the
// recorded plan stands for the flags not given.
func comparisonConfig(cmd *cobra.Command, fl *comparisonFlags, reg *solvers.Registry) (reproduce.Config, error) {
	launch, err := workerLauncher(fl.defs)
	if err != nil {
		return reproduce.Config{}, err
	}
	if fl.resume {
		if err := recordedComparisonFlags(cmd, fl); err != nil {
			return reproduce.Config{}, err
		}
	}
	mode, err := solvers.ParseMode(fl.mode)
	if err != nil {
		return reproduce.Config{}, err
	}
	mem, err := units.ParseBytes(fl.mem)
	if err != nil {
		return reproduce.Config{}, err
	}
	entries, err := reproduce.Select(reg, fl.solvers)
	if err != nil {
		return reproduce.Config{}, err
	}
	return reproduce.Config{
		Entries: entries, PerLevel: fl.limit, Seed: fl.seed, Mode: mode, Timeout: fl.timeout, MemBytes: mem,
		Out: fl.out, Resume: fl.resume, AllowOtherBuild: fl.allowOtherBuild, SkipInvalid: fl.skipInvalid,
		CorporaDir: cmd.Flag("corpora").Value.String(), Registry: reg, Launch: launch,
		Oracle: bitboard.Oracle{}, CrossCheck: dlx.Oracle{},
		Progress: progress.New(cmd.ErrOrStderr(), "reproduce"),
	}, nil
}

// recordedComparisonFlags sets the plan's flags not given from the
// manifest of the comparison being resumed, if it has one.
func recordedComparisonFlags(cmd *cobra.Command, fl *comparisonFlags) error {
	m, err := record.ReadManifest(filepath.Join(fl.out, record.ManifestFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	given := cmd.Flags().Changed
	p := m.Plan
	if !given("limit") {
		fl.limit = p.Sample
	}
	if !given("seed") {
		fl.seed = p.Seed
	}
	if !given("mode") {
		fl.mode = p.Mode
	}
	if !given("timeout") {
		fl.timeout = time.Duration(p.TimeoutNS)
	}
	if !given("mem") {
		fl.mem = fmt.Sprint(p.MemBytes)
	}
	if !given("solvers") {
		fl.solvers = strings.Join(p.Solvers, ",")
	}
	return nil
}
