package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/certify"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

func newCertifyCmd() *cobra.Command {
	var cfg certify.Config
	var solver string
	var defs []string
	cmd := &cobra.Command{
		Use:   "certify --corpus SPEC",
		Short: "Certify a corpus's puzzles: a verified solution and a checked DRAT proof that there is no other",
		Long: `Certify proves, puzzle by puzzle, what a corpus claims: for a puzzle with one
solution, the solution (verified against the rules and the givens) and a
DRAT proof that there is no other, written by a SAT pipeline (CaDiCaL) for
the formula with that solution blocked and checked by the suite's own
checker; for a puzzle without solution, a checked proof of that; for one
with several, two different verified solutions. The formula a proof must
refute is built from the puzzle and the solution, never taken from the
solver.

It writes one certificate per puzzle, in corpus order, to
OUT/certificates.jsonl (id, puzzle SHA-256, solution, verdict, the proof's
SHA-256, size and lemmas, solve and check times) and a summary to
OUT/certify.json, never a run's results.jsonl or manifest.json. Puzzles are
certified side by side (--workers, one per CPU by default). Ctrl-C stops
cleanly; --resume goes on where it stopped. One process writes a
directory at a time.

  sudokubench certify --corpus 17-clue --limit 1000 --out results/certify-17-clue
  nice -n 19 sudokubench certify --corpus 17-clue --out results/certify-17-clue --resume

Exit status: 0 when every puzzle is certified, 1 when some is not (its
certificate says why), 130 when interrupted.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			reg, err := solverRegistry(defs)
			if err != nil {
				return err
			}
			in, err := reg.Lookup(solver)
			if err != nil {
				return usageError(err)
			}
			if in.Proofs == nil {
				return usageError(fmt.Errorf("--solver %s writes no DRAT proofs; certify with a pipeline that does (sat/cadical/*, see sudokubench solvers)", solver))
			}
			if _, err := corpora.Lookup(cfg.Corpus); err != nil {
				return usageError(err)
			}
			if err := notNegative("limit", cfg.Limit, "all"); err != nil {
				return err
			}
			if cfg.Workers < 1 {
				return usageError(fmt.Errorf("--workers %d: need at least 1", cfg.Workers))
			}
			cfg.Solver, cfg.Oracle = in, dlx.Oracle{}
			cfg.CorporaDir = cmd.Flag("corpora").Value.String()
			cfg.Command = "sudokubench " + strings.Join(os.Args[1:], " ")
			return runCertify(cmd, cfg, defs)
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Corpus, "corpus", "", "the corpus to certify: a shipped name, 17-clue+k, or a puzzle file by path")
	f.IntVar(&cfg.Limit, "limit", 0, "certify only the corpus's first N puzzles (0: all)")
	f.StringVar(&cfg.Out, "out", "", "directory for the certificates (default: a new results/certify-<timestamp>)")
	f.BoolVar(&cfg.Resume, "resume", false, "go on with the certificates already in --out")
	f.StringVar(&solver, "solver", "sat/cadical/extended", `the pipeline that writes the proofs: sat/cadical/*, or one a --defs file defines with proof = "drat"`)
	f.IntVar(&cfg.Workers, "workers", runtime.NumCPU(), "puzzles certified side by side")
	f.DurationVar(&cfg.Timeout, "timeout", certify.DefaultTimeout, "the pipeline's limit per puzzle")
	f.BoolVar(&cfg.KeepProofs, "keep-proofs", false, "keep every checked proof in OUT/proofs")
	addSkipInvalidFlag(cmd, &cfg.SkipInvalid)
	addDefsFlag(cmd, &defs)
	_ = cmd.MarkFlagRequired("corpus")
	return cmd
}

func runCertify(cmd *cobra.Command, cfg certify.Config, defs []string) error {
	stderr := cmd.ErrOrStderr()
	if cfg.Out == "" {
		if cfg.Resume {
			return usageError(fmt.Errorf("--resume needs --out DIR: the certification to finish"))
		}
		dir, err := store.NewResultDir(harness.DefaultResultsDir, "certify", time.Now())
		if err != nil {
			return err
		}
		cfg.Out = dir
		// Removed, being empty, when the certification is refused.
		defer func() { _ = os.Remove(dir) }()
	}
	display := progress.New(stderr, "certify")
	cfg.Warn = func(w string) { warn(display, w) }
	cfg.Progress = display
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := certify.Run(ctx, cfg)
	if err != nil {
		return inputErrors(err)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s\ncertificates in %s (%d written by this call)\n", res.Summary, cfg.Out, res.Written)
	switch {
	case res.Interrupted:
		hint := shellCommand(resumeArgs(cmd, cfg.Out, defs, "corpus", "solver", "limit", "timeout", "keep-proofs"))
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted; finish with: %s", hint)}
	case res.Summary.NotCertified > 0:
		return &exitError{code: 1, err: fmt.Errorf("%d of %d puzzles not certified; their certificates say why", res.Summary.NotCertified, res.Summary.Puzzles)}
	}
	return nil
}
