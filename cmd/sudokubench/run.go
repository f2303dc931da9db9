package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/internal/units"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

// runFlags are the flags of `run`.
type runFlags struct {
	corpus, hints, solvers, mode, mem, out, shard string
	limit, reps, forms                            int
	seed                                          int64
	sample, resume, allowOtherBuild, certify      bool
	skipInvalid                                   bool
	timeout                                       time.Duration
	defs                                          []string
}

func newRunCmd() *cobra.Command {
	var fl runFlags
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run a benchmark: solvers × puzzles, each run isolated, limited and verified",
		Long: `Run executes every selected solver on every selected puzzle, each run in a
worker child process under a hard wall-clock deadline and a resident-memory
limit, verifies every answer, and appends one JSON line per run to
OUT/results.jsonl beside OUT/manifest.json. The run order is shuffled with
--seed. Without flags it is the default benchmark: a fixed-seed sample of
50 puzzles from each shipped corpus, every pure-Go solver, unique mode.

  sudokubench run
  sudokubench run --corpus 17-clue,top1465 --hints 17-30 --limit 200 \
      --solvers exactcover/dlx --timeout 10s --mem 2GiB --mode unique \
      --reps 3 --seed 1 --out results/my-run
  sudokubench run --out results/my-run --resume   # finish an interrupted run
  sudokubench run ... --shard 2/8                 # one piece of a job array
  sudokubench run --solvers sat/cadical/extended --certify  # DRAT-checked verdicts
  sudokubench run --corpus 17-clue --limit 20 --forms 4  # 4 equivalent forms each

Ctrl-C stops cleanly: finished runs are kept and --resume does the rest.
--defs FILE adds the pipelines of a solver definition file (any program, no
Go: see docs/solver-definitions.md); a resumed benchmark needs the same files, unchanged.
One process writes a result directory at a time: a second run or merge on
it is refused, naming the first. A benchmark is resumed only by the build
that recorded it, unless --allow-other-build. --corpus takes shipped
corpora, 17-clue+k, and puzzle files by their path; a file whose name holds
a comma is one corpus (./ before it where it starts with a shipped name).
It ends with a summary table, one row per solver over every puzzle run,
at any size: it streams the records and holds about 85 bytes a run.
Statuses: solved, unsat, multiple, gave-up, timeout, memout, crash, wrong,
error. Linux only.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runBenchmark(cmd, &fl) },
	}
	f := cmd.Flags()
	f.StringVar(&fl.corpus, "corpus", strings.Join(corpora.Names(), ","), "corpora to draw puzzles from, comma-separated: shipped names, 17-clue+k, or puzzle files by path (a file whose name holds a comma is taken whole)")
	f.StringVar(&fl.hints, "hints", "", `only puzzles with this many hints: "17-30", "22", "25-" (default any)`)
	f.IntVar(&fl.limit, "limit", harness.DefaultLimit, "puzzles per corpus (0: all)")
	f.BoolVar(&fl.sample, "sample", true, "take the --limit puzzles as a seeded random sample (false: the first ones in the file)")
	f.StringVar(&fl.solvers, "solvers", "pure", `solvers: names, prefixes ("sat/*"), "pure" or "all"`)
	f.DurationVar(&fl.timeout, "timeout", harness.DefaultTimeout, "wall-clock limit per run")
	f.StringVar(&fl.mem, "mem", harness.DefaultMem, "resident memory limit per run, e.g. 2GiB, 512MiB (0: none)")
	f.StringVar(&fl.mode, "mode", "unique", "first (any solution) or unique (and prove no second)")
	f.IntVar(&fl.reps, "reps", 1, "repetitions of each run")
	f.IntVar(&fl.forms, "forms", 0, "also run each puzzle under this many seeded random symmetry transforms (equivalent forms); the report adds a robustness table")
	f.Int64Var(&fl.seed, "seed", harness.DefaultSeed, "seed of the sample, the run order and stochastic solvers")
	f.StringVar(&fl.out, "out", "", "result directory (default: a new results/run-<timestamp>[-N])")
	f.BoolVar(&fl.resume, "resume", false, "finish the benchmark in --out, skipping runs already recorded")
	f.BoolVar(&fl.allowOtherBuild, "allow-other-build", false, "with --resume, go on although this binary is not the build that recorded the benchmark")
	f.StringVar(&fl.shard, "shard", "", "run only piece i/n of the plan, e.g. 2/8 (job arrays)")
	f.BoolVar(&fl.certify, "certify", false, "have pipelines that write DRAT proofs (sat/cadical/*) prove each unsat or unique verdict, and check the proofs; a proof that fails makes the run wrong")
	addSkipInvalidFlag(cmd, &fl.skipInvalid)
	addDefsFlag(cmd, &fl.defs)
	return cmd
}

func runBenchmark(cmd *cobra.Command, fl *runFlags) error {
	cfg, err := runConfig(cmd, fl)
	if err == nil {
		err = checkRunConfig(cfg)
	}
	if err != nil {
		return usageError(err)
	}
	display := progress.New(cmd.ErrOrStderr(), "run")
	cfg.Progress = display
	cfg.Warn = func(w string) { warn(display, w) }
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := harness.Bench(ctx, cfg)
	if err != nil {
		return inputErrors(err)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "\n%d of %d runs recorded in %s (%d by this call)\n", sum.Skipped+sum.Done, sum.Planned, sum.Out, sum.Done)
	if sum.Interrupted {
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted; finish with: %s", shellCommand(resumeArgs(cmd, sum.Out, fl.defs)))}
	}
	return printRunSummary(cmd.OutOrStdout(), cmd.ErrOrStderr(), sum.Out)
}

// runConfig builds the benchmark from the flags, and on --resume from the
// manifest for the plan's flags not given.
func runConfig(cmd *cobra.Command, fl *runFlags) (harness.Config, error) {
	reg, err := solverRegistry(fl.defs)
	if err != nil {
		return harness.Config{}, err
	}
	launch, err := workerLauncher(fl.defs)
	if err != nil {
		return harness.Config{}, err
	}
	cfg := harness.Config{
		Out: fl.out, Resume: fl.resume, AllowOtherBuild: fl.allowOtherBuild, SkipInvalid: fl.skipInvalid,
		CorporaDir: cmd.Flag("corpora").Value.String(),
		Registry:   reg, Launch: launch, Oracle: bitboard.Oracle{}, CrossCheck: dlx.Oracle{},
	}
	recorded, err := recordedManifest(fl)
	if err != nil {
		return cfg, err
	}
	given := cmd.Flags().Changed
	if recorded != nil {
		if err := missingDefinitions(recorded, reg); err != nil {
			return cfg, fmt.Errorf("cannot resume %s: %w", fl.out, err)
		}
		if err := cfg.ApplyPlan(recorded.Plan); err != nil {
			return cfg, err
		}
		if cfg.Shard, err = plan.ParseShard(recorded.Shard); err != nil {
			return cfg, fmt.Errorf("%s: %w", filepath.Join(fl.out, record.ManifestFile), err)
		}
	} else {
		given = func(string) bool { return true }
	}
	return cfg, applyFlags(&cfg, fl, given)
}

// checkRunConfig refuses, before anything is written, what the flags ask
// that cannot be: a limit out of bounds, a solver selection or a corpus
// that names nothing.
func checkRunConfig(cfg harness.Config) error {
	if err := cfg.Check(); err != nil {
		return err
	}
	if _, err := cfg.Registry.Select(cfg.Solvers); err != nil {
		return err
	}
	for _, name := range cfg.Corpora {
		if _, err := corpora.Lookup(name); err != nil {
			return err
		}
	}
	return nil
}

// recordedManifest returns the manifest to resume, or nil when the run
// starts afresh.
func recordedManifest(fl *runFlags) (*record.Manifest, error) {
	if !fl.resume {
		return nil, nil
	}
	if fl.out == "" {
		return nil, errors.New("--resume needs --out DIR: the benchmark to finish")
	}
	m, err := record.ReadManifest(filepath.Join(fl.out, record.ManifestFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return m, err
}

// applyFlags sets the plan's fields from the flags for which given is true,
// and the shard whenever --shard is given.
func applyFlags(cfg *harness.Config, fl *runFlags, given func(string) bool) error {
	var err error
	if given("corpus") {
		if cfg.Corpora, err = corpora.SplitList(fl.corpus); err != nil {
			return err
		}
	}
	if given("hints") {
		if cfg.Hints, err = corpora.ParseHintRange(fl.hints); err != nil {
			return err
		}
	}
	if given("limit") || given("sample") {
		cfg.Limit, cfg.Sample = fl.limit, 0
		if fl.sample {
			cfg.Limit, cfg.Sample = 0, fl.limit
		}
	}
	if given("solvers") {
		cfg.Solvers = fl.solvers
	}
	if given("mode") {
		if cfg.Mode, err = solvers.ParseMode(fl.mode); err != nil {
			return err
		}
	}
	if given("reps") {
		cfg.Reps = fl.reps
	}
	if given("forms") {
		cfg.Forms = fl.forms
	}
	if given("seed") {
		cfg.Seed = fl.seed
	}
	if given("timeout") {
		cfg.Timeout = fl.timeout
	}
	if given("mem") {
		if cfg.MemBytes, err = units.ParseBytes(fl.mem); err != nil {
			return err
		}
	}
	if given("certify") {
		cfg.Certify = fl.certify
	}
	if given("shard") {
		cfg.Shard, err = plan.ParseShard(fl.shard)
	}
	return err
}

// summaryGCPercent is the collector's GOGC while `run` makes its summary
// table: the tally's rows are most of the heap, free of pointers and so
// cheap to collect often, and 10 took the parent's peak at 10⁶ runs
// from 172 MiB (at reportGCPercent) to 132 MiB for the same CPU time
// (BENCHMARKS.md).
const summaryGCPercent = 10

// printRunSummary prints one row per solver over every puzzle run of dir,
// compact and as wide as the terminal: the short view; `report` gives the
// tables by hint count and corpus. The table is the report's by "all",
// made from the records streamed (report.Tally), which holds about 85
// bytes a run: a benchmark of any size ends with it.
func printRunSummary(stdout, stderr io.Writer, dir string) error {
	collectSooner(summaryGCPercent)
	tally, warnings, err := report.NewTally(dir, report.Config{Width: terminalWidth(stdout), Outside: runsOutside()})
	if err != nil {
		return err
	}
	for _, w := range warnings {
		warn(stderr, w)
	}
	if err := tally.WriteText(stdout); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nby hint count and corpus: sudokubench report %s\n(--wide: every column; --format md|csv|latex|html; --plots svg,pdf --out DIR)\n", dir)
	return nil
}
