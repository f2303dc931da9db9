package main

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

func newCompareCmd() *cobra.Command {
	var format, measure string
	var wide, own bool
	var pairs []string
	cmd := &cobra.Command{
		Use:   "compare A B | compare A1 A2 ... -- B1 B2 ... | compare RUN --pair X,Y",
		Short: "Compare result directories: B against A, judged across runs",
		Long: `Compare sets side B against side A, each one or more runs (result
directories) of a benchmark, per solver and corpus: the ratio of A's
geometric-mean time over B's on the puzzles solved in every run of both
sides, puzzles B solved faster and slower, and puzzles whose status changed.
A deterministic solver's repetitions fold into one observation per puzzle.

Two runs of one build on one machine differ by several percent: the machine
drifts. So significance is judged across runs: with two runs or more a
side, each run's geometric mean is one observation, and Welch's t test on
their logarithms (each side its own variance, Welch–Satterthwaite degrees
of freedom) gives the interval and p. A difference is called only when
that interval excludes 1.

  sudokubench compare base1 base2 base3 -- new1 new2 new3

With one run on a side (compare A B) the interval is a bootstrap over
puzzles, which does not cover that drift: it is shown, and no significance
is claimed. Each run counts once: a directory given twice (by any path),
or two directories holding the same runs (a copy, a merge beside its
pieces), are refused. Runs made while the machine was busy are warned
about.

--pair X,Y sets two different pipelines against each other puzzle by
puzzle (repeatable): in one run (compare RUN --pair X,Y), or across runs,
X from side A and Y from side B (compare A B --pair X,Y). On the puzzles
both solved, in the same mode, it gives the geometric mean of X's time
over Y's with a 95% t interval, Wilcoxon's signed-rank test on the log
ratios, Y faster, slower and ties, and who solved which. It fails when
the two solved no puzzle in common.

--own takes the outside programs' measured process start-up out of their
times (never below zero), so that an outside engine's own cost stands
beside an in-process one's: own time, as report --own gives it. Records
written before the start-up was measured by the CPU clock
(startup_cpu_ns) hold no own time, and --own is refused for them, naming
the pipelines.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			part := "total"
			if own {
				part = "own"
			}
			m, err := report.ParseMeasure(measure, part)
			if err != nil {
				return usageError(err)
			}
			tw, err := table.WriterFor(format)
			if err != nil {
				return usageError(err)
			}
			if txt, ok := tw.(table.Text); ok && !wide {
				txt.Width = terminalWidth(cmd.OutOrStdout())
				tw = txt
			}
			if len(pairs) > 0 {
				return comparePairs(cmd, args, pairs, m, tw)
			}
			if len(args) < 2 {
				return usageError(errors.New("compare needs two sides, compare A B or compare A1 A2 -- B1 B2, or one run with --pair X,Y"))
			}
			dirsA, dirsB, err := compareSides(args, cmd.ArgsLenAtDash())
			if err != nil {
				return usageError(err)
			}
			collectForRuns(plannedRuns(slices.Concat(dirsA, dirsB)))
			a, b, wl, err := report.LoadSides(dirsA, dirsB)
			if err == nil {
				collectForRuns(runsIn(a, b))
				err = checkOwn(m, nil, a, b)
			}
			if err != nil {
				return usageError(err)
			}
			cs, wc := report.Compare(a, b, report.CompareConfig{Measure: m})
			for _, w := range append(wl, wc...) {
				warn(cmd.ErrOrStderr(), w)
			}
			if len(cs) == 0 {
				return usageError(fmt.Errorf("nothing to compare: A (%s) and B (%s) share no puzzle that one solver ran in one mode on both sides",
					strings.Join(dirsA, " "), strings.Join(dirsB, " ")))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "A = %s\nB = %s\n\n", strings.Join(dirsA, " "), strings.Join(dirsB, " "))
			return tw.WriteTable(cmd.OutOrStdout(), report.CompareTable(cs, m, 0))
		},
	}
	addFormatFlag(cmd, &format)
	cmd.Flags().StringVar(&measure, "time", "cpu", "time measure: cpu or wall")
	cmd.Flags().BoolVar(&own, "own", false, "own time, as report --own: outside programs' measured start-up taken out (refused for records without it)")
	cmd.Flags().StringArrayVar(&pairs, "pair", nil, "two pipelines to set against each other, X,Y: X from side A, Y from side B, or both from one run (repeatable)")
	cmd.Flags().BoolVar(&wide, "wide", false, "every column, whatever the terminal's width")
	return cmd
}

// checkOwn refuses own time where the records of the pipelines compared
// (nil: every pipeline) hold none, as report --own does
// (report.CheckOwnTime).
// runsIn is the number of runs the sides hold.
func runsIn(sides ...[]*report.Runs) int {
	n := 0
	for _, side := range sides {
		for _, runs := range side {
			n += runs.Len()
		}
	}
	return n
}

func checkOwn(m report.Measure, pipelines []string, sides ...[]*report.Runs) error {
	if !m.Own() {
		return nil
	}
	runs := report.ConcatRuns(slices.Concat(sides...)...)
	if pipelines != nil {
		runs = runs.Filter(func(r *record.Record) bool { return slices.Contains(pipelines, r.Solver) })
	}
	return report.CheckOwnTime(runs, runsOutside())
}

// compareSides splits the arguments at "--" into the sides' directories;
// without "--", they must be exactly A and B.
func compareSides(args []string, dash int) (a, b []string, err error) {
	switch {
	case dash < 0 && len(args) == 2:
		return args[:1], args[1:], nil
	case dash < 0:
		return nil, nil, errors.New("several runs a side need \"--\" between them: compare A1 A2 A3 -- B1 B2 B3")
	case dash == 0 || dash == len(args):
		return nil, nil, errors.New("each side needs at least one result directory: compare A1 A2 -- B1 B2")
	}
	return args[:dash], args[dash:], nil
}

// comparePairs sets each pair's second pipeline against its first, in one
// run (one directory) or across runs (X from side A, Y from side B). It
// fails, after the tables, when a pair solved no puzzle in common.
func comparePairs(cmd *cobra.Command, args, pairArgs []string, m report.Measure, tw table.Writer) error {
	var ps []report.Pair
	var pipelines []string
	for _, s := range pairArgs {
		p, err := report.ParsePair(s)
		if err != nil {
			return usageError(err)
		}
		ps, pipelines = append(ps, p), append(pipelines, p.A, p.B)
	}
	dirsA, dirsB := args, []string(nil)
	if len(args) > 1 || cmd.ArgsLenAtDash() >= 0 {
		var err error
		if dirsA, dirsB, err = compareSides(args, cmd.ArgsLenAtDash()); err != nil {
			return usageError(err)
		}
	}
	collectForRuns(plannedRuns(slices.Concat(dirsA, dirsB)))
	a, b, warnings, err := report.LoadSides(dirsA, dirsB)
	if err == nil {
		collectForRuns(runsIn(a, b))
		err = checkOwn(m, pipelines, a, b)
	}
	if err != nil {
		return usageError(err)
	}
	for _, w := range warnings {
		warn(cmd.ErrOrStderr(), w)
	}
	sideB := dirsB
	if dirsB == nil {
		b, sideB = nil, dirsA // one run: both pipelines from it
	}
	var failed error
	for i, p := range ps {
		cs, ws, err := report.ComparePair(a, b, p, report.CompareConfig{Measure: m})
		if err != nil {
			return usageError(err)
		}
		for _, w := range ws {
			warn(cmd.ErrOrStderr(), w)
		}
		if i > 0 {
			fmt.Fprintln(cmd.OutOrStdout())
		}
		fmt.Fprintf(cmd.OutOrStdout(), "A = %s in %s\nB = %s in %s\n\n", p.A, strings.Join(dirsA, " "), p.B, strings.Join(sideB, " "))
		if err := tw.WriteTable(cmd.OutOrStdout(), report.PairTable(cs, p, m, 0, dirsB != nil)); err != nil {
			return err
		}
		failed = cmp.Or(failed, report.CheckSolvedByBoth(cs))
	}
	return failed
}
